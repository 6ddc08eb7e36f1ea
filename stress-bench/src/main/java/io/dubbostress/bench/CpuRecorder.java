package io.dubbostress.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Samples the CPU time of a few processes every {@value #INTERVAL_MS} ms (from {@code /proc}, see {@link ProcStat}),
 * so the CPU a process used over any window of wall-clock time can be read afterwards, interpolated between the
 * samples either side of the window's ends. For a JVM watched with {@link #watchJvm} it also sums the CPU time of the
 * JIT compiler's threads ({@code C1/C2 CompilerThread*}), so a run can say how much of its CPU went to compiling
 * rather than to calls (a JVM still warming up).
 *
 * <pre>{@code
 * try (CpuRecorder cpu = CpuRecorder.start()) {
 *     cpu.watch("load", jmeterPid);
 *     ... run ...
 *     double ms = cpu.cpuMillis("load", windowStartEpochMs, windowEndEpochMs);
 * }
 * }</pre>
 */
final class CpuRecorder implements AutoCloseable {

    static final long INTERVAL_MS = 100;
    /**
     * How often a JVM's every thread is read ({@link #threadGroupCpuMillis}): one {@code stat} file per thread (about
     * 230 for JMeter with 200 calling threads), so not every {@value #INTERVAL_MS} ms.
     */
    static final long THREADS_INTERVAL_MS = 1000;
    /** HotSpot's C1 and C2 compiler threads ({@code C1 CompilerThread0} is {@code C1 CompilerThre} in /proc). */
    static final String JIT_GROUP = "C# CompilerThre";
    /** The name of the whole machine's series ({@link #watchMachine()}). */
    static final String MACHINE = "machine";
    private static final long MACHINE_PID = -1;

    /** One process's samples: wall-clock ms, CPU ms, its thread count and its JIT threads' CPU ms, in time order. */
    private static final class Series {
        final long pid;
        final boolean jvm;
        final List<long[]> points = new ArrayList<>();
        /** Thread id -> its group ({@link #group}: read once per thread). */
        final Map<Long, String> threadGroup = new HashMap<>();
        /**
         * Thread id -> its CPU ms when last read (kept after the thread ends, up to that read: HotSpot stops idle
         * compiler threads); the compiler threads' every {@value #INTERVAL_MS} ms, the others' with the groups.
         */
        final Map<Long, Long> threadCpu = new HashMap<>();
        /** Every {@value #THREADS_INTERVAL_MS} ms: wall-clock ms, and CPU ms so far by thread group. */
        final List<Map.Entry<Long, Map<String, Long>>> groupPoints = new ArrayList<>();

        Series(long pid, boolean jvm) {
            this.pid = pid;
            this.jvm = jvm;
        }

        /** The CPU ms every compiler thread of the JVM has used so far, ended ones included (up to their last read). */
        long jitMillis() {
            for (long tid : ProcStat.threadIds(pid)) {
                if (JIT_GROUP.equals(groupOf(tid))) {
                    long ms = ProcStat.threadCpuMillis(pid, tid);
                    if (ms >= 0) {
                        threadCpu.merge(tid, ms, Math::max);
                    }
                }
            }
            long sum = 0;
            for (Map.Entry<Long, Long> t : threadCpu.entrySet()) {
                if (JIT_GROUP.equals(threadGroup.get(t.getKey()))) {
                    sum += t.getValue();
                }
            }
            return sum;
        }

        /** Thread {@code tid}'s group ({@link #group}; its name is read once), or null when it ended unread. */
        String groupOf(long tid) {
            String group = threadGroup.get(tid);
            if (group == null) {
                String name = ProcStat.threadName(pid, tid);
                if (name != null) {
                    group = group(name);
                    threadGroup.put(tid, group);
                }
            }
            return group;
        }

        /** Reads every thread's CPU time now and adds the sums by group to {@link #groupPoints}. */
        void sampleGroups(long now) {
            for (long tid : ProcStat.threadIds(pid)) {
                if (groupOf(tid) == null) {
                    continue;
                }
                long ms = ProcStat.threadCpuMillis(pid, tid);
                if (ms >= 0) {
                    threadCpu.merge(tid, ms, Math::max);
                }
            }
            Map<String, Long> sums = new HashMap<>();
            threadCpu.forEach((tid, ms) -> sums.merge(threadGroup.get(tid), ms, Long::sum));
            groupPoints.add(Map.entry(now, sums));
        }
    }

    /**
     * A thread's group: its name ({@code /proc}'s, at most 15 characters) with each run of digits as {@code #}, so
     * that JMeter's 200 {@code Thread Group 1-N}, Netty's {@code NettyClientWorker-1-N} or G1's {@code GC Thread#N}
     * are one group each.
     */
    static String group(String threadName) {
        return threadName.replaceAll("[0-9]+", "#");
    }

    private final Map<String, Series> series = new LinkedHashMap<>();
    private final Thread thread;
    private volatile boolean running = true;

    private CpuRecorder() {
        thread = new Thread(this::loop, "bench-cpu-recorder");
        thread.setDaemon(true);
    }

    static CpuRecorder start() {
        CpuRecorder recorder = new CpuRecorder();
        recorder.thread.start();
        return recorder;
    }

    /** Starts sampling {@code pid} under {@code name} (replacing an earlier process of that name). */
    synchronized void watch(String name, long pid) {
        Series s = new Series(pid, false);
        series.put(name, s);
        sample(s);
    }

    /** The same for a JVM, whose JIT compiler threads' CPU is sampled too ({@link #jitCpuMillis}). */
    synchronized void watchJvm(String name, long pid) {
        Series s = new Series(pid, true);
        series.put(name, s);
        sample(s);
    }

    private void loop() {
        while (running) {
            synchronized (this) {
                for (Series s : series.values()) {
                    sample(s);
                }
            }
            try {
                Thread.sleep(INTERVAL_MS); // the sampling period
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Also samples the whole machine's busy CPU time under {@link #MACHINE}. */
    synchronized void watchMachine() {
        watch(MACHINE, MACHINE_PID);
    }

    private static void sample(Series s) {
        long cpu = s.pid == MACHINE_PID ? ProcStat.machineBusyMillis() : ProcStat.cpuMillis(s.pid);
        if (cpu >= 0) {
            long threads = s.pid == MACHINE_PID ? -1 : ProcStat.threads(s.pid);
            long jit = s.jvm ? s.jitMillis() : -1;
            long now = System.currentTimeMillis();
            s.points.add(new long[] {now, cpu, threads, jit});
            if (s.jvm && (s.groupPoints.isEmpty()
                    || now - s.groupPoints.get(s.groupPoints.size() - 1).getKey() >= THREADS_INTERVAL_MS)) {
                s.sampleGroups(now);
            }
        }
    }

    /** The most threads {@code name} had in the samples between two wall-clock instants, or -1. */
    synchronized long maxThreads(String name, long fromEpochMs, long toEpochMs) {
        Series s = series.get(name);
        long max = -1;
        if (s != null) {
            for (long[] p : s.points) {
                if (p[0] >= fromEpochMs && p[0] <= toEpochMs) {
                    max = Math.max(max, p[2]);
                }
            }
        }
        return max;
    }

    /**
     * CPU milliseconds {@code name} used between two wall-clock instants, or NaN when the samples do not cover the
     * window.
     */
    synchronized double cpuMillis(String name, long fromEpochMs, long toEpochMs) {
        Series s = series.get(name);
        if (s == null) {
            return Double.NaN;
        }
        sample(s);
        return between(s, 1, fromEpochMs, toEpochMs);
    }

    /**
     * CPU milliseconds the JIT compiler threads of {@code name} (watched with {@link #watchJvm}) used between two
     * wall-clock instants, or NaN.
     */
    synchronized double jitCpuMillis(String name, long fromEpochMs, long toEpochMs) {
        Series s = series.get(name);
        if (s == null || !s.jvm) {
            return Double.NaN;
        }
        sample(s);
        return between(s, 3, fromEpochMs, toEpochMs);
    }

    /**
     * CPU milliseconds each thread group ({@link #group}) of {@code name} (watched with {@link #watchJvm}) used
     * between two wall-clock instants, largest first, read every {@value #THREADS_INTERVAL_MS} ms and linear between
     * the reads either side of each end; empty when the reads do not cover the window. A thread born in the window
     * counts whole (what it used before its first read falls between that read and the one before); one that ended in
     * it, up to its last read (what it used after that, at most {@value #THREADS_INTERVAL_MS} ms of its time, is lost).
     */
    synchronized Map<String, Double> threadGroupCpuMillis(String name, long fromEpochMs, long toEpochMs) {
        Series s = series.get(name);
        Map<String, Double> used = new LinkedHashMap<>();
        if (s == null || !s.jvm) {
            return used;
        }
        if (s.points.isEmpty() || s.groupPoints.isEmpty()
                || s.groupPoints.get(s.groupPoints.size() - 1).getKey() < toEpochMs) {
            s.sampleGroups(System.currentTimeMillis());
        }
        Set<String> groups = new TreeSet<>();
        s.groupPoints.forEach(p -> groups.addAll(p.getValue().keySet()));
        for (String group : groups) {
            List<long[]> points = new ArrayList<>(s.groupPoints.size());
            for (Map.Entry<Long, Map<String, Long>> p : s.groupPoints) {
                points.add(new long[] {p.getKey(), p.getValue().getOrDefault(group, 0L)});
            }
            double from = at(points, 1, fromEpochMs);
            double to = at(points, 1, toEpochMs);
            if (Double.isNaN(from) || Double.isNaN(to)) {
                return new LinkedHashMap<>();
            }
            used.put(group, Math.max(0, to - from));
        }
        List<Map.Entry<String, Double>> largestFirst = new ArrayList<>(used.entrySet());
        largestFirst.sort(Map.Entry.<String, Double>comparingByValue().reversed());
        used.clear();
        largestFirst.forEach(e -> used.put(e.getKey(), e.getValue()));
        return used;
    }

    private static double between(Series s, int field, long fromEpochMs, long toEpochMs) {
        double from = at(s.points, field, fromEpochMs);
        double to = at(s.points, field, toEpochMs);
        return Double.isNaN(from) || Double.isNaN(to) ? Double.NaN : Math.max(0, to - from);
    }

    /** The value of {@code field} (CPU time) at {@code t}, linear between the samples either side. */
    private static double at(List<long[]> points, int field, long t) {
        for (int i = 1; i < points.size(); i++) {
            long[] a = points.get(i - 1);
            long[] b = points.get(i);
            if (a[0] <= t && t <= b[0]) {
                return b[0] == a[0] ? b[field]
                        : a[field] + (double) (b[field] - a[field]) * (t - a[0]) / (b[0] - a[0]);
            }
        }
        return Double.NaN;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
