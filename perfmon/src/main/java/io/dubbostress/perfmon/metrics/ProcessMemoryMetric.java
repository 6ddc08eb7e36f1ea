package io.dubbostress.perfmon.metrics;

import io.dubbostress.perfmon.host.ProcessStat;
import io.dubbostress.perfmon.protocol.MetricSpec;

/**
 * {@code memory:pid=N|name=NAME[:kind][:unit=...]}: one process's memory. {@code resident} (the default),
 * {@code virtual}, {@code shared} in bytes (or {@code unit=}; shared is known on Linux only); {@code pagefaults},
 * {@code minorfaults}, {@code majorfaults}: faults since the previous reading.
 */
final class ProcessMemoryMetric extends NumberMetric {

    static final String[] KINDS = {"virtual", "shared", "pagefaults", "majorfaults", "minorfaults", "resident"};

    private final ProcessRef process;
    private final String kind;
    private final double divisor;
    private ProcessStat previous;

    ProcessMemoryMetric(ProcessRef process, MetricSpec spec) {
        super(spec.text());
        this.process = process;
        this.kind = Kinds.of(spec, "resident", KINDS);
        this.divisor = Units.divisor(spec);
        this.previous = process.read();
    }

    @Override
    double value() {
        ProcessStat now = process.read();
        ProcessStat before = previous;
        previous = now;
        boolean restarted = now.pid() != before.pid();
        switch (kind) {
            case "resident":
                return now.residentBytes() / divisor;
            case "virtual":
                return now.virtualBytes() / divisor;
            case "shared":
                if (now.sharedBytes() < 0) {
                    throw new MetricUnavailableException("this OS does not report a process's shared memory");
                }
                return now.sharedBytes() / divisor;
            case "pagefaults":
                return restarted ? 0 : Math.max(0, now.minorFaults() + now.majorFaults()
                        - before.minorFaults() - before.majorFaults());
            case "minorfaults":
                return restarted ? 0 : Math.max(0, now.minorFaults() - before.minorFaults());
            case "majorfaults":
                return restarted ? 0 : Math.max(0, now.majorFaults() - before.majorFaults());
            default:
                throw new IllegalStateException(kind);
        }
    }

    @Override
    public boolean measuresChange() {
        return kind.endsWith("faults");
    }
}
