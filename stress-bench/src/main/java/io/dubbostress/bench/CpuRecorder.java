package io.dubbostress.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples the CPU time of a few processes every {@value #INTERVAL_MS} ms (from {@code /proc}, see {@link ProcStat}),
 * so the CPU a process used over any window of wall-clock time can be read afterwards, interpolated between the
 * samples either side of the window's ends.
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

    /** One process's samples: wall-clock ms, CPU ms and its thread count, in time order. */
    private static final class Series {
        final long pid;
        final List<long[]> points = new ArrayList<>();

        Series(long pid) {
            this.pid = pid;
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
        Series s = new Series(pid);
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
            s.points.add(new long[] {System.currentTimeMillis(), cpu, threads});
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
        double from = at(s.points, fromEpochMs);
        double to = at(s.points, toEpochMs);
        return Double.isNaN(from) || Double.isNaN(to) ? Double.NaN : Math.max(0, to - from);
    }

    /** The CPU time at {@code t}, linear between the samples either side. */
    private static double at(List<long[]> points, long t) {
        for (int i = 1; i < points.size(); i++) {
            long[] a = points.get(i - 1);
            long[] b = points.get(i);
            if (a[0] <= t && t <= b[0]) {
                return b[0] == a[0] ? b[1] : a[1] + (double) (b[1] - a[1]) * (t - a[0]) / (b[0] - a[0]);
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
