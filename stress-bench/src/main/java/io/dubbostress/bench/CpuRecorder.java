package io.dubbostress.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    /** The name of the whole machine's series ({@link #watchMachine()}). */
    static final String MACHINE = "machine";
    private static final long MACHINE_PID = -1;

    /** One process's samples: wall-clock ms, CPU ms, its thread count and its JIT threads' CPU ms, in time order. */
    private static final class Series {
        final long pid;
        final boolean jvm;
        final List<long[]> points = new ArrayList<>();
        /** Thread id -> whether it is a JIT compiler thread (names are read once per thread). */
        final Map<Long, Boolean> compilerThread = new HashMap<>();
        /** Compiler thread id -> its CPU ms when last read (kept after the thread ends: HotSpot stops idle ones). */
        final Map<Long, Long> compilerCpu = new HashMap<>();

        Series(long pid, boolean jvm) {
            this.pid = pid;
            this.jvm = jvm;
        }

        /** The CPU ms every compiler thread of the JVM has used so far, ended ones included (up to their last read). */
        long jitMillis() {
            for (long tid : ProcStat.threadIds(pid)) {
                Boolean compiler = compilerThread.get(tid);
                if (compiler == null) {
                    String name = ProcStat.threadName(pid, tid);
                    if (name == null) {
                        continue;
                    }
                    compiler = name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
                    compilerThread.put(tid, compiler);
                }
                if (compiler) {
                    long ms = ProcStat.threadCpuMillis(pid, tid);
                    if (ms >= 0) {
                        compilerCpu.merge(tid, ms, Math::max);
                    }
                }
            }
            long sum = 0;
            for (long ms : compilerCpu.values()) {
                sum += ms;
            }
            return sum;
        }
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
            s.points.add(new long[] {System.currentTimeMillis(), cpu, threads, jit});
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
