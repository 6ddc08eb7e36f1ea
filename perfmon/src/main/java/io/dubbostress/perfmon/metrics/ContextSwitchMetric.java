package io.dubbostress.perfmon.metrics;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.protocol.MetricSpec;

/**
 * {@code cpu:cswitch} (ours; the classic agent has no context-switch metric): the machine's context switches since the
 * previous reading (Linux: {@code /proc/stat}'s {@code ctxt}). Per interval, as the classic's other changes are.
 */
final class ContextSwitchMetric extends NumberMetric {

    static final String KIND = "cswitch";

    private final Host host;
    private long previous;

    ContextSwitchMetric(Host host, MetricSpec spec) {
        super(spec.text());
        this.host = host;
        this.previous = host.contextSwitches();
    }

    @Override
    double value() {
        long now = host.contextSwitches();
        long before = previous;
        previous = now;
        if (now < 0 || before < 0) {
            throw new MetricUnavailableException("this host does not count context switches");
        }
        return Math.max(0, now - before);
    }

    @Override
    public boolean measuresChange() {
        return true;
    }
}
