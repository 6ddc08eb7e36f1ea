package io.dubbostress.bench;

import io.dubbostress.cli.process.ManagedProcess;
import io.dubbostress.cli.process.ProcessFailedException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs a command to its end and measures its JVM from outside: wall time, CPU time (user + system) and peak resident
 * set ({@code VmHWM}), read from {@code /proc} every {@value #POLL_MS} ms while it runs (the last reading before it
 * exits is kept: VmHWM only grows, CPU time only grows).
 */
final class ChildMeasurement {

    static final long POLL_MS = 20;

    final int exitCode;
    final double wallSeconds;
    final double cpuSeconds;
    final long peakRssKb;
    final Path log;

    private ChildMeasurement(int exitCode, double wallSeconds, double cpuSeconds, long peakRssKb, Path log) {
        this.exitCode = exitCode;
        this.wallSeconds = wallSeconds;
        this.cpuSeconds = cpuSeconds;
        this.peakRssKb = peakRssKb;
        this.log = log;
    }

    static ChildMeasurement run(String name, List<String> command, Path log, Duration timeout) {
        long start = System.nanoTime();
        ManagedProcess process = ManagedProcess.start(name, command, Map.of(), log);
        long pid = BenchProcesses.javaPid(process.pid());
        long deadline = start + timeout.toNanos();
        long cpuMs = 0;
        long peakKb = 0;
        try {
            while (process.isAlive()) {
                long c = ProcStat.cpuMillis(pid);
                long h = ProcStat.peakRssKb(pid);
                cpuMs = Math.max(cpuMs, c);
                peakKb = Math.max(peakKb, h);
                if (System.nanoTime() > deadline) {
                    throw new ProcessFailedException(name + " did not end within " + timeout.getSeconds() + " s; its "
                            + "output (" + log + ") ends with:\n" + process.logTail(15));
                }
                process.waitFor(Duration.ofMillis(POLL_MS));
            }
        } finally {
            process.stop(Duration.ofSeconds(5));
        }
        double wall = (System.nanoTime() - start) / 1e9;
        return new ChildMeasurement(process.exitValue(), wall, cpuMs / 1000.0, peakKb, log);
    }
}
