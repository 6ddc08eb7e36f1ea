package io.dubbostress.cli.run;

import io.dubbostress.cli.options.Scenario;
import io.dubbostress.perfmon.host.Cgroup;
import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Whether this machine can hold a run's JMeter threads, checked before anything starts: a thread count the OS cannot
 * give (every JMeter thread is a kernel task with a pid) or JMeter's heap cannot hold is refused with one line
 * (exit 2); one that takes most of what is left is warned about. The rule and the measured costs are in docs/RUN.md.
 *
 * <p>The OS limits read (Linux; elsewhere only the memory rules apply), each with what is in use now:
 * {@code /proc/sys/kernel/threads-max} and {@code /proc/sys/kernel/pid_max} (tasks on the whole machine, from
 * {@code /proc/loadavg}), the cgroup's {@code pids.max} (v2 {@code /sys/fs/cgroup/<path>/pids.max}, v1
 * {@code /sys/fs/cgroup/pids/<path>/pids.max}, the path and each parent up to the root, with {@code pids.current}),
 * and {@code Max processes} of {@code /proc/self/limits} (RLIMIT_NPROC: the user's tasks; not enforced for root).
 *
 * <pre>
 * for (String warning : ThreadBudget.onThisMachine().check(settings)) err.println("stress run: warning: " + warning);
 * </pre>
 */
final class ThreadBudget {

    /** JMeter's own threads besides the plan's (measured: 26 with the direct plan, 5.6.3, Java 17). */
    static final int JMETER_OWN_THREADS = 40;
    /** Provider, consumer and agent started by the run, under load (measured: 223 + 286 + 25), with room. */
    static final int SERVICE_THREADS = 600;
    /** JMeter heap one plan thread keeps (measured: about 37 KiB direct, 65 KiB hop, 1 KiB payloads), with room. */
    static final long HEAP_PER_THREAD = 96L * 1024;
    /** Heap one direct thread holds per payload byte: its request and the answer being read (measured: about 2.5
     *  with 100 KiB payloads), with room. */
    static final int HEAP_PAYLOAD_COPIES = 3;
    /** JMeter's heap before the plan's threads (measured: about 30 MiB live after a full GC), with room. */
    static final long HEAP_BASE = 128L * 1024 * 1024;
    /** Memory outside the heap one thread takes: its stack's touched pages and the JVM's thread structures
     *  (measured: RSS grew about 160 KiB a thread, heap included), with room. */
    static final long NATIVE_PER_THREAD = 192L * 1024;

    private static final Pattern MAX_PROCESSES = Pattern.compile("^Max processes\\s+(\\S+)\\s+(\\S+)", Pattern.MULTILINE);
    private static final Pattern UID = Pattern.compile("^Uid:\\s+(\\d+)", Pattern.MULTILINE);
    private static final Pattern THREADS = Pattern.compile("^Threads:\\s+(\\d+)", Pattern.MULTILINE);
    private static final Pattern MEM_AVAILABLE = Pattern.compile("^MemAvailable:\\s+(\\d+) kB", Pattern.MULTILINE);

    private final Path root;

    /** Reads the limits under {@code root} ("/" on the machine; a copy of the files in a test). */
    ThreadBudget(Path root) {
        this.root = root;
    }

    static ThreadBudget onThisMachine() {
        return new ThreadBudget(Path.of("/"));
    }

    /** One OS limit on tasks (threads), and how many are in use now under it. */
    record Limit(String what, long max, long inUse) {
        long free() {
            return Math.max(0, max - inUse);
        }
    }

    /**
     * Checks {@code settings}: a {@link UserError} (exit 2) when the threads cannot be had, else the warnings (none
     * when all is well). With {@code --remote} the plan's threads run on the servers, and nothing is checked here.
     */
    List<String> check(RunSettings settings) {
        List<String> warnings = new ArrayList<>();
        if (!settings.remote().hosts().isEmpty()) {
            return warnings;
        }
        int threads = settings.harness().threads();
        boolean servicesHere = settings.services().provider() == null
                || settings.needsConsumer() && settings.services().consumerUrl() == null || settings.services().agent() == null;
        long needed = (long) threads + JMETER_OWN_THREADS + (servicesHere ? SERVICE_THREADS : 0);
        Limit tightest = null;
        for (Limit limit : limits()) {
            if (tightest == null || limit.free() < tightest.free()) {
                tightest = limit;
            }
        }
        if (tightest != null) {
            long fits = tightest.free() - (needed - threads);
            if (needed > tightest.free()) {
                throw new UserError(String.format(Locale.ROOT, "Invalid value for option '--threads': %,d threads"
                        + " cannot run on this machine: the run needs about %,d tasks (threads) and %s leaves %,d"
                        + " (%,d, %,d in use); at most about %,d JMeter threads fit", threads, needed, tightest.what,
                        tightest.free(), tightest.max, tightest.inUse, Math.max(0, fits)));
            }
            if (needed > tightest.free() / 2) {
                warnings.add(String.format(Locale.ROOT, "--threads %,d takes more than half of the tasks (threads)"
                        + " %s leaves (%,d of %,d free): the machine may refuse new processes while the run goes on",
                        threads, tightest.what, tightest.free(), tightest.max));
            }
        }
        checkHeap(settings, warnings);
        checkMemory(threads, warnings);
        return warnings;
    }

    /** The plan's threads against JMeter's -Xmx (its JVM's default, a quarter of the memory, when not given). */
    private void checkHeap(RunSettings settings, List<String> warnings) {
        // a hop's JMeter sends a small GET and reads a small answer: only direct scenarios carry the payload
        int payload = settings.load().scenarios().stream().filter(s -> s.kind() == Scenario.Kind.DIRECT)
                .mapToInt(Scenario::payloadBytes).max().orElse(0);
        long perThread = HEAP_PER_THREAD + (long) HEAP_PAYLOAD_COPIES * payload;
        long needed = HEAP_BASE + settings.harness().threads() * perThread;
        long heap = maxHeap(settings.jmeter().jvmArgs());
        String heapSaid = heap == memoryBytes() / 4 ? "JMeter's default heap (a quarter of the memory, " + mib(heap)
                + " MiB)" : "JMeter's heap of " + mib(heap) + " MiB (--jmeter-jvm-args)";
        if (heap <= 0) {
            return;
        }
        if (needed > heap) {
            throw new UserError(String.format(Locale.ROOT, "Invalid value for option '--threads': %,d threads need"
                    + " about %,d MiB of heap (%,d KiB a thread%s), more than %s; raise -Xmx in --jmeter-jvm-args"
                    + " or lower --threads", settings.harness().threads(), mib(needed), perThread / 1024,
                    payload > 0 ? " with " + payload + "-byte payloads" : "", heapSaid));
        }
        if (needed > heap / 2) {
            warnings.add(String.format(Locale.ROOT, "--threads %,d needs about %,d MiB of %s: more than half,"
                    + " so JMeter's garbage collection may weigh on the figures", settings.harness().threads(), mib(needed),
                    heapSaid));
        }
    }

    /** The threads' stacks and structures outside the heap against the memory available now. */
    private void checkMemory(int threads, List<String> warnings) {
        long available = memAvailable();
        if (available <= 0) {
            return;
        }
        long needed = threads * NATIVE_PER_THREAD;
        if (needed > available) {
            throw new UserError(String.format(Locale.ROOT, "Invalid value for option '--threads': %,d threads need"
                    + " about %,d MiB of memory outside JMeter's heap (%,d KiB a thread: stacks), and this machine"
                    + " has %,d MiB available (/proc/meminfo)", threads, mib(needed), NATIVE_PER_THREAD / 1024,
                    mib(available)));
        }
        if (needed > available / 2) {
            warnings.add(String.format(Locale.ROOT, "--threads %,d need about %,d MiB of memory for their stacks,"
                    + " more than half of the %,d MiB available", threads, mib(needed), mib(available)));
        }
    }

    /** Every limit on tasks that can be read here. */
    List<Limit> limits() {
        List<Limit> limits = new ArrayList<>();
        long tasks = tasksInUse();
        long threadsMax = number(read("proc/sys/kernel/threads-max"));
        if (threadsMax > 0 && tasks >= 0) {
            limits.add(new Limit("the kernel's threads-max (/proc/sys/kernel/threads-max)", threadsMax, tasks));
        }
        long pidMax = number(read("proc/sys/kernel/pid_max"));
        if (pidMax > 0 && tasks >= 0) {
            limits.add(new Limit("the kernel's pid_max (/proc/sys/kernel/pid_max)", pidMax, tasks));
        }
        limits.addAll(cgroupLimits());
        Limit nproc = processLimit();
        if (nproc != null) {
            limits.add(nproc);
        }
        return limits;
    }

    /** Tasks on the machine now: the total of /proc/loadavg's "running/total". */
    private long tasksInUse() {
        String loadavg = read("proc/loadavg");
        Matcher m = Pattern.compile("\\s\\d+/(\\d+)\\s").matcher(loadavg == null ? "" : loadavg);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    /**
     * pids.max of this process's cgroup and its parents, v2 and v1, as perfmon's {@link Cgroup} (the project's one
     * reader of the control group) finds them.
     */
    private List<Limit> cgroupLimits() {
        List<Limit> limits = new ArrayList<>();
        Cgroup cgroup = Cgroup.detect(root.resolve("proc/self/cgroup"), root.resolve("sys/fs/cgroup"));
        if (cgroup == null) {
            return limits;
        }
        for (Cgroup.PidsLimit limit : cgroup.pidsLimits()) {
            limits.add(new Limit("the cgroup's pids.max (" + limit.maxFile() + ")", limit.max(), limit.current()));
        }
        return limits;
    }

    /** RLIMIT_NPROC ("Max processes") against this user's tasks; none for root, which it does not bind. */
    private Limit processLimit() {
        String limits = read("proc/self/limits");
        String status = read("proc/self/status");
        if (limits == null || status == null) {
            return null;
        }
        Matcher max = MAX_PROCESSES.matcher(limits);
        Matcher uid = UID.matcher(status);
        if (!max.find() || !uid.find() || max.group(1).equals("unlimited") || uid.group(1).equals("0")) {
            return null;
        }
        long soft = number(max.group(1));
        String me = uid.group(1);
        long mine = 0;
        try (Stream<Path> procs = Files.list(root.resolve("proc"))) {
            for (Path proc : (Iterable<Path>) procs::iterator) {
                if (!proc.getFileName().toString().matches("\\d+")) {
                    continue;
                }
                String s = readAt(proc.resolve("status"));
                Matcher u = s == null ? null : UID.matcher(s);
                Matcher t = s == null ? null : THREADS.matcher(s);
                if (u != null && u.find() && u.group(1).equals(me) && t.find()) {
                    mine += Long.parseLong(t.group(1));
                }
            }
        } catch (IOException e) {
            return null;
        }
        return new Limit("the user's process limit ('Max processes' in /proc/self/limits, uid " + me + ")", soft,
                mine);
    }

    /** -Xmx / -XX:MaxHeapSize= in {@code jvmArgs} (the last wins, as in the JVM), else a quarter of the memory. */
    long maxHeap(String jvmArgs) {
        long heap = -1;
        for (String arg : jvmArgs.trim().split("\\s+")) {
            String value = arg.startsWith("-Xmx") ? arg.substring(4)
                    : arg.startsWith("-XX:MaxHeapSize=") ? arg.substring(16) : null;
            if (value != null) {
                long parsed = size(value);
                if (parsed > 0) {
                    heap = parsed;
                }
            }
        }
        return heap > 0 ? heap : memoryBytes() / 4;
    }

    /** A JVM size: 512m, 1g, 1048576, 64k. */
    static long size(String value) {
        Matcher m = Pattern.compile("(?i)(\\d+)([kmgt]?)").matcher(value.trim());
        if (!m.matches()) {
            return -1;
        }
        long n = Long.parseLong(m.group(1));
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k": return n << 10;
            case "m": return n << 20;
            case "g": return n << 30;
            case "t": return n << 40;
            default: return n;
        }
    }

    private long memoryBytes() {
        String meminfo = read("proc/meminfo");
        Matcher m = Pattern.compile("^MemTotal:\\s+(\\d+) kB", Pattern.MULTILINE).matcher(meminfo == null ? "" : meminfo);
        return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
    }

    private long memAvailable() {
        String meminfo = read("proc/meminfo");
        Matcher m = MEM_AVAILABLE.matcher(meminfo == null ? "" : meminfo);
        return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
    }

    private String read(String relative) {
        return readAt(root.resolve(relative));
    }

    /** The file's text; read as a stream, as /proc files report a size of 0 (Files.readAllBytes read 1 byte here). */
    private static String readAt(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (java.io.InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** A number in a /proc or /sys file; -1 when absent or not a number ("max"). */
    private static long number(String text) {
        if (text == null) {
            return -1;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static long mib(long bytes) {
        return bytes / (1024 * 1024);
    }
}
