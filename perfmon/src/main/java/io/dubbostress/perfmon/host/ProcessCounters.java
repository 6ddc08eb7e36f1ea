package io.dubbostress.perfmon.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * One process's counters: its CPU time, threads, open file descriptors and context switches. On Linux read from
 * {@code /proc/<pid>} ({@link #readLinux}): its CPU time ({@code stat}'s utime and stime, in clock
 * ticks of 10 ms: USER_HZ is 100 on every architecture Linux runs Java on), its threads ({@code stat}'s num_threads),
 * its open file descriptors (the entries of {@code fd/}, less perf_events' own: a profiler sampling through
 * perf_events, async-profiler's {@code --profile-kernel}, holds one {@code anon_inode:[perf_event]} per thread while it
 * samples, which are the profiler's, not the application's files) and, when asked, its context switches: voluntary and
 * involuntary, summed over its threads ({@code task/<tid>/status}; the process's own {@code status} counts its main
 * thread only). Threads that have exited take their switches with them, so the sum can step down when threads end.
 *
 * <pre>{@code
 * ProcessCounters c = ProcessCounters.readLinux(Paths.get("/proc"), pid, true);
 * long cpuMillis = c.cpuMillis();
 * }</pre>
 */
public final class ProcessCounters {

    /** USER_HZ: the clock ticks of {@code /proc/<pid>/stat}'s times. */
    public static final int TICKS_PER_SECOND = 100;

    private final long userTicks;
    private final long systemTicks;
    private final int threads;
    private final int fds;
    private final long contextSwitches;

    ProcessCounters(long userTicks, long systemTicks, int threads, int fds, long contextSwitches) {
        this.userTicks = userTicks;
        this.systemTicks = systemTicks;
        this.threads = threads;
        this.fds = fds;
        this.contextSwitches = contextSwitches;
    }

    /**
     * Reads process {@code pid} under {@code proc} (normally {@code /proc}); {@code switches}: also sum the context
     * switches of its threads (a file per thread).
     *
     * @throws IOException when the process does not exist (any more) or its files cannot be read
     */
    public static ProcessCounters readLinux(Path proc, long pid, boolean switches) throws IOException {
        Path dir = proc.resolve(Long.toString(pid));
        String stat;
        try {
            stat = new String(Files.readAllBytes(dir.resolve("stat")), StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new IOException("no process " + pid, e);
        }
        // "pid (comm) state ppid ...": the command may hold spaces and parentheses, so fields count from the last ')'
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IOException(dir.resolve("stat") + " is not in the kernel's format");
        }
        String[] f = stat.substring(close + 1).trim().split("\\s+");
        if (f.length < 18) {
            throw new IOException(dir.resolve("stat") + " has " + f.length + " fields after the command");
        }
        long user;
        long system;
        int threads;
        try {
            user = Long.parseLong(f[11]);     // field 14, utime
            system = Long.parseLong(f[12]);   // field 15, stime
            threads = Integer.parseInt(f[17]); // field 20, num_threads
        } catch (NumberFormatException e) {
            throw new IOException(dir.resolve("stat") + ": " + e.getMessage(), e);
        }
        int fds = count(dir.resolve("fd"));
        long cs = switches ? contextSwitches(dir.resolve("task")) : -1;
        return new ProcessCounters(user, system, threads, fds, cs);
    }

    /** What a perf_events descriptor's link in {@code fd/} reads. */
    static final String PERF_EVENT = "anon_inode:[perf_event]";

    /** The descriptors in {@code fd/}, perf_events' own left out; -1 when they cannot be listed. */
    static int count(Path dir) {
        int n = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path fd : entries) {
                if (!isPerfEvent(fd)) {
                    n++;
                }
            }
        } catch (IOException | SecurityException e) {
            return -1; // another user's process: its fds are not ours to list
        }
        return n;
    }

    private static boolean isPerfEvent(Path fd) {
        try {
            return PERF_EVENT.equals(Files.readSymbolicLink(fd).toString());
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false; // closed since it was listed, or not a link: counted as the listing saw it
        }
    }

    private static long contextSwitches(Path tasks) throws IOException {
        long sum = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(tasks)) {
            for (Path task : entries) {
                byte[] status;
                try {
                    status = Files.readAllBytes(task.resolve("status"));
                } catch (NoSuchFileException e) {
                    continue; // the thread ended meanwhile
                }
                sum += switchesOf(new String(status, StandardCharsets.US_ASCII));
            }
        }
        return sum;
    }

    /** {@code voluntary_ctxt_switches} + {@code nonvoluntary_ctxt_switches} of one status file. */
    static long switchesOf(String status) {
        long sum = 0;
        for (String line : status.split("\n")) {
            if (line.startsWith("voluntary_ctxt_switches:") || line.startsWith("nonvoluntary_ctxt_switches:")) {
                try {
                    sum += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                } catch (NumberFormatException e) {
                    // not a number: not counted
                }
            }
        }
        return sum;
    }

    /** CPU time, user and system, in ms. */
    public long cpuMillis() {
        return (userTicks + systemTicks) * 1000 / TICKS_PER_SECOND;
    }

    public long userTicks() {
        return userTicks;
    }

    public long systemTicks() {
        return systemTicks;
    }

    public int threads() {
        return threads;
    }

    /**
     * Open file descriptors, perf_events' own left out (a profiler's, one per thread while it samples through them);
     * -1 when they cannot be listed (another user's process).
     */
    public int fds() {
        return fds;
    }

    /** Voluntary and involuntary context switches of its live threads; -1 when not asked for. */
    public long contextSwitches() {
        return contextSwitches;
    }

    /** Context switches of the whole machine since boot: {@code /proc/stat}'s {@code ctxt} line. */
    public static long hostContextSwitches(Path proc) throws IOException {
        for (String line : Files.readAllLines(proc.resolve("stat"), StandardCharsets.US_ASCII)) {
            if (line.startsWith("ctxt ")) {
                try {
                    return Long.parseLong(line.substring(5).trim());
                } catch (NumberFormatException e) {
                    throw new IOException(proc.resolve("stat") + ": ctxt '" + line + "' is not a number", e);
                }
            }
        }
        throw new IOException(proc.resolve("stat") + " has no ctxt line");
    }
}
