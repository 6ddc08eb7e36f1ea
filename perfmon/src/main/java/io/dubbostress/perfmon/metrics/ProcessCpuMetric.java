package io.dubbostress.perfmon.metrics;

import io.dubbostress.perfmon.host.ProcessStat;
import io.dubbostress.perfmon.protocol.MetricSpec;

/**
 * {@code cpu:pid=N|name=NAME[:kind]}: one process's CPU. {@code percent} (the default): CPU time over wall time since
 * the previous reading, in % of one CPU (a process busy on two CPUs shows 200, as with SIGAR); {@code total},
 * {@code user}, {@code system}: milliseconds of CPU time since the previous reading.
 */
final class ProcessCpuMetric extends NumberMetric {

    static final String[] KINDS = {"percent", "total", "system", "user"};

    private final ProcessRef process;
    private final String kind;
    private ProcessStat previous;

    ProcessCpuMetric(ProcessRef process, MetricSpec spec) {
        super(spec.text());
        this.process = process;
        this.kind = Kinds.of(spec, "percent", KINDS);
        this.previous = process.read();
    }

    @Override
    double value() {
        ProcessStat now = process.read();
        ProcessStat before = previous;
        previous = now;
        if (now.pid() != before.pid()) {
            return 0; // found again after a restart: a new window starts
        }
        switch (kind) {
            case "percent":
                long wallNanos = now.readAtNanos() - before.readAtNanos();
                return wallNanos <= 0 ? 0 : 100.0 * Math.max(0, now.totalMillis() - before.totalMillis()) * 1e6 / wallNanos;
            case "total":
                return Math.max(0, now.totalMillis() - before.totalMillis());
            case "user":
                return Math.max(0, now.userMillis() - before.userMillis());
            case "system":
                return Math.max(0, now.kernelMillis() - before.kernelMillis());
            default:
                throw new IllegalStateException(kind);
        }
    }

    @Override
    public boolean measuresChange() {
        return true;
    }
}
