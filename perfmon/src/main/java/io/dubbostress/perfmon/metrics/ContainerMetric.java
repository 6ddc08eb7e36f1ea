package io.dubbostress.perfmon.metrics;

import io.dubbostress.perfmon.host.Cgroup;
import io.dubbostress.perfmon.host.CgroupStat;
import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * {@code container[:kind][:unit=...]} (ours; the classic has none): the agent's Linux control group, which in a
 * container is the container. CPU: {@code cpulimit} (CPUs it may use: its quota, or its cpuset; the host's CPUs when
 * unlimited), {@code cpuused} (CPUs it used since the previous reading), {@code cpuperc} (the default: cpuused as a %
 * of cpulimit), {@code throttled} (periods it was held back by its quota since the previous reading). Memory:
 * {@code memlimit} (its memory.max; the host's memory when unlimited), {@code memused} (in use, reclaimable file
 * cache left out, as {@code docker stats}), bytes or {@code unit=}; {@code memperc} (memused as a % of memlimit).
 * cgroup v2 and v1 both; refused where there is no control group (not Linux).
 */
final class ContainerMetric extends NumberMetric {

    static final String[] KINDS = {"cpulimit", "cpuused", "cpuperc", "throttled", "memlimit", "memused", "memperc"};

    private final Host host;
    private final Cgroup cgroup;
    private final String kind;
    private final double divisor;
    private CgroupStat previous;

    ContainerMetric(Host host, MetricSpec spec) {
        super(spec.text());
        this.host = host;
        this.cgroup = host.cgroup();
        this.kind = Kinds.of(spec, "cpuperc", KINDS);
        this.divisor = Units.divisor(spec);
        if (cgroup == null) {
            throw new ProtocolException("container: this host has no Linux control group to read (cgroup v1 or v2)");
        }
        this.previous = cgroup.read();
    }

    @Override
    double value() {
        CgroupStat now = cgroup.read();
        CgroupStat before = previous;
        switch (kind) {
            case "cpulimit":
                return cpuLimit(now);
            case "cpuused":
            case "cpuperc": {
                previous = now;
                if (now.cpuUsageNanos() < 0 || before.cpuUsageNanos() < 0) {
                    throw new MetricUnavailableException("the control group does not report its CPU usage");
                }
                long wall = now.readAtNanos() - before.readAtNanos();
                double used = wall <= 0 ? 0 : Math.max(0, now.cpuUsageNanos() - before.cpuUsageNanos()) / (double) wall;
                return "cpuused".equals(kind) ? used : 100 * used / cpuLimit(now);
            }
            case "throttled":
                previous = now;
                if (now.throttledPeriods() < 0) {
                    throw new MetricUnavailableException("the control group does not report throttling");
                }
                return Math.max(0, now.throttledPeriods() - Math.max(0, before.throttledPeriods()));
            case "memlimit":
                return memoryLimit(now) / divisor;
            case "memused":
                return memoryUsed(now) / divisor;
            case "memperc":
                return 100.0 * memoryUsed(now) / memoryLimit(now);
            default:
                throw new IllegalStateException(kind);
        }
    }

    private double cpuLimit(CgroupStat stat) {
        return stat.cpuLimitCores() > 0 ? stat.cpuLimitCores() : host.logicalCpus();
    }

    private double memoryLimit(CgroupStat stat) {
        return stat.memoryLimitBytes() > 0 ? stat.memoryLimitBytes() : host.memory().total();
    }

    private static double memoryUsed(CgroupStat stat) {
        if (stat.memoryUsageBytes() < 0) {
            throw new MetricUnavailableException("the control group does not report its memory usage");
        }
        return stat.memoryUsageBytes();
    }

    @Override
    public boolean measuresChange() {
        return "cpuused".equals(kind) || "cpuperc".equals(kind) || "throttled".equals(kind);
    }
}
