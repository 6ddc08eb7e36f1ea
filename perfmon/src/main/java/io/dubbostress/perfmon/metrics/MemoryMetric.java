package io.dubbostress.perfmon.metrics;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.host.MemoryStat;
import io.dubbostress.perfmon.protocol.MetricSpec;

/**
 * {@code memory[:kind][:unit=...]}: physical memory. {@code usedperc} (the default) and {@code freeperc} in %;
 * {@code used}, {@code free} (counting cache as used, as SIGAR's used/free), {@code actualused}, {@code actualfree}
 * (cache counted as free: the OS's "available"), {@code total} in bytes (or {@code unit=}); {@code ram} in MiB rounded
 * up to a multiple of 8, as SIGAR reports it. {@code usedperc} is actualused / total, as SIGAR computes it.
 */
final class MemoryMetric extends NumberMetric {

    static final String[] KINDS = {"actualfree", "actualused", "free", "freeperc", "ram", "total", "used", "usedperc"};

    private final Host host;
    private final String kind;
    private final double divisor;

    MemoryMetric(Host host, MetricSpec spec) {
        super(spec.text());
        this.host = host;
        this.kind = Kinds.of(spec, "usedperc", KINDS);
        this.divisor = Units.divisor(spec);
    }

    @Override
    double value() {
        MemoryStat memory = host.memory();
        long total = memory.total();
        switch (kind) {
            case "actualfree":
                return memory.available() / divisor;
            case "actualused":
                return (total - memory.available()) / divisor;
            case "free":
                return memory.free() / divisor;
            case "used":
                return (total - memory.free()) / divisor;
            case "total":
                return total / divisor;
            case "usedperc":
                return 100.0 * (total - memory.available()) / total;
            case "freeperc":
                return 100.0 * memory.available() / total;
            case "ram":
                long mib = total / (1024 * 1024);
                return mib % 8 == 0 ? mib : mib + (8 - mib % 8);
            default:
                throw new IllegalStateException(kind);
        }
    }
}
