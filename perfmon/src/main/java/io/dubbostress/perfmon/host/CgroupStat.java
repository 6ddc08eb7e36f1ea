package io.dubbostress.perfmon.host;

/**
 * The agent's control group at one moment: its limits (the tightest of it and its ancestors) and its usage.
 * Limits that are not set are -1.
 */
public final class CgroupStat {

    private final double cpuLimitCores;
    private final long cpuUsageNanos;
    private final long throttledPeriods;
    private final long memoryLimitBytes;
    private final long memoryUsageBytes;
    private final long readAtNanos;

    public CgroupStat(double cpuLimitCores, long cpuUsageNanos, long throttledPeriods, long memoryLimitBytes,
            long memoryUsageBytes, long readAtNanos) {
        this.cpuLimitCores = cpuLimitCores;
        this.cpuUsageNanos = cpuUsageNanos;
        this.throttledPeriods = throttledPeriods;
        this.memoryLimitBytes = memoryLimitBytes;
        this.memoryUsageBytes = memoryUsageBytes;
        this.readAtNanos = readAtNanos;
    }

    /** CPUs the group may use (quota / period, or its cpuset's size); -1 when unlimited. */
    public double cpuLimitCores() {
        return cpuLimitCores;
    }

    /** Cumulative CPU time of the group's processes, nanoseconds; -1 when unknown. */
    public long cpuUsageNanos() {
        return cpuUsageNanos;
    }

    /** Cumulative count of periods in which the group hit its quota; -1 when unknown. */
    public long throttledPeriods() {
        return throttledPeriods;
    }

    /** Bytes; -1 when unlimited. */
    public long memoryLimitBytes() {
        return memoryLimitBytes;
    }

    /** Bytes in use, reclaimable file cache (inactive_file) excluded, as {@code docker stats} counts; -1 when unknown. */
    public long memoryUsageBytes() {
        return memoryUsageBytes;
    }

    public long readAtNanos() {
        return readAtNanos;
    }
}
