package io.dubbostress.perfmon.metrics;

import java.util.List;

import io.dubbostress.perfmon.host.CpuTicks;
import io.dubbostress.perfmon.host.CpuTicks.State;
import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * {@code cpu[:core=N][:kind]}: the percentage (0-100) of CPU time since the previous reading, all CPUs or one.
 * Kinds as the classic: {@code combined} (the default; user + system + nice + iowait, as SIGAR sums it), {@code user},
 * {@code system}, {@code nice}, {@code iowait}, {@code irq}, {@code softirq}, {@code stolen}, {@code idle}.
 */
final class CpuMetric extends NumberMetric {

    static final String[] KINDS = {"combined", "idle", "irq", "nice", "softirq", "stolen", "system", "user", "iowait"};

    private final Host host;
    private final int core;
    private final State[] states;
    private CpuTicks previous;
    private double last = Double.NaN;

    CpuMetric(Host host, MetricSpec spec) {
        super(spec.text());
        this.host = host;
        this.states = statesOf(Kinds.of(spec, "combined", KINDS));
        String coreText = spec.option("core");
        if (coreText == null) {
            this.core = -1;
        } else {
            int cores = host.logicalCpus();
            int parsed;
            try {
                parsed = Integer.parseInt(coreText.trim());
            } catch (NumberFormatException e) {
                parsed = -1;
            }
            if (parsed < 0 || parsed >= cores) {
                throw new ProtocolException("cpu: core '" + ErrorReply.excerpt(coreText) + "' is not a CPU of this host (0 to "
                        + (cores - 1) + ")");
            }
            this.core = parsed;
        }
        this.previous = ticks();
    }

    private static State[] statesOf(String kind) {
        switch (kind) {
            case "combined": return new State[] {State.USER, State.SYSTEM, State.NICE, State.IOWAIT};
            case "idle": return new State[] {State.IDLE};
            case "irq": return new State[] {State.IRQ};
            case "nice": return new State[] {State.NICE};
            case "softirq": return new State[] {State.SOFTIRQ};
            case "stolen": return new State[] {State.STEAL};
            case "system": return new State[] {State.SYSTEM};
            case "user": return new State[] {State.USER};
            case "iowait": return new State[] {State.IOWAIT};
            default: throw new IllegalArgumentException(kind);
        }
    }

    private CpuTicks ticks() {
        if (core < 0) {
            return host.cpuTicks();
        }
        List<CpuTicks> cores = host.coreTicks();
        if (core >= cores.size() || cores.get(core) == null) {
            throw new MetricUnavailableException("CPU " + core + " went offline");
        }
        return cores.get(core);
    }

    @Override
    double value() {
        CpuTicks now = ticks();
        double share = now.share(previous, states);
        if (!Double.isNaN(share)) {
            previous = now;
            last = 100 * share;
        }
        return last; // no tick passed since the previous reading (read twice within the cache): same value
    }

    @Override
    public boolean measuresChange() {
        return true;
    }
}
