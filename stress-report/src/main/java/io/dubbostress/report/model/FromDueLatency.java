package io.dubbostress.report.model;

import io.dubbostress.report.jtl.JtlRow;
import org.HdrHistogram.Histogram;

/**
 * A rate-driven scenario's latency measured from each call's due time (the Target Rate Schedule's {@code due_us}):
 * what a client arriving on schedule waits, so a server stall counts for every call that should have been sent
 * during it (coordinated omission corrected). Beside it, the start lag: how late calls started after their due time.
 * Fed the steady rows that carry a due time; microseconds throughout.
 *
 * <p>From-due time of a row: its {@code response_us} (our sampler, nanosecond clock), else the row's end on JMeter's
 * millisecond clock minus {@code due_us} (JMeter's own samplers: {@link #resolution()} says {@code ms}).
 *
 * <pre>{@code
 * FromDueLatency paced = new FromDueLatency();
 * paced.accept(row, row.sampleCount());     // rows with row.dueUs() >= 0
 * long p999 = paced.percentile(99.9);       // microseconds
 * }</pre>
 */
public final class FromDueLatency {

    /** A call that started more than this after its due time is a late start. */
    public static final long LATE_US = 1000;

    private final Histogram fromDue = new Histogram(ScenarioStats.HIGHEST_MICROS, 3);
    private long samples;
    private long exactRows;
    private long clockRows;
    private long lateStarts;
    private long maxLagUs;
    private long maxUs;
    private long sumUs;
    private long firstDueUs = Long.MAX_VALUE;
    private long lastDueUs = Long.MIN_VALUE;
    /** The start's lag in the steady state; null when the steady start is not known. */
    private final StartupLag startupLag;

    /** Latencies from the due time without looking for the start's lag. */
    public FromDueLatency() {
        this.startupLag = null;
    }

    /** As {@link #FromDueLatency()}, and whether the start's lag reaches past {@code steadyStartMs} ({@link #startupLag}). */
    public FromDueLatency(long steadyStartMs) {
        this.startupLag = new StartupLag(steadyStartMs);
    }

    /**
     * A row's response time from its due time in microseconds, as {@link #percentile} counts it: {@code response_us},
     * else the row's end on JMeter's millisecond clock minus {@code due_us}; {@link JtlRow#NO_MICROS} for a row
     * without a due time.
     */
    public static long fromDueMicros(JtlRow row) {
        long due = row.dueUs();
        if (due < 0) {
            return JtlRow.NO_MICROS;
        }
        long us = row.responseUs() >= 0 ? row.responseUs()
                : Math.max(0, (row.timeStampMs() + row.elapsedMs()) * 1000 - due);
        return Math.min(us, ScenarioStats.HIGHEST_MICROS);
    }

    void accept(JtlRow row, int count) {
        long due = row.dueUs();
        long us = row.responseUs();
        if (us >= 0) {
            exactRows += count;
        } else {
            us = Math.max(0, (row.timeStampMs() + row.elapsedMs()) * 1000 - due);
            clockRows += count;
        }
        long lag = row.lagUs() >= 0 ? row.lagUs() : Math.max(0, row.timeStampMs() * 1000 - due);
        us = Math.min(us, ScenarioStats.HIGHEST_MICROS);
        fromDue.recordValueWithCount(us, count);
        samples += count;
        sumUs += us * count;
        maxUs = Math.max(maxUs, us);
        if (lag > LATE_US) {
            lateStarts += count;
        }
        maxLagUs = Math.max(maxLagUs, lag);
        firstDueUs = Math.min(firstDueUs, due);
        lastDueUs = Math.max(lastDueUs, due);
        if (startupLag != null) {
            startupLag.accept(due, lag, count);
        }
    }

    /**
     * The start's lag in these steady figures ({@link StartupLag}), or null when there is none (or the steady start
     * was not given). {@code warmupMs}: the warm-up they had.
     */
    public StartupLag.Finding startupLag(long warmupMs) {
        return startupLag == null ? null : startupLag.finding(warmupMs);
    }

    public long samples() {
        return samples;
    }

    /** Nearest-rank percentile of the time from the due time to the end, microseconds (HdrHistogram, 3 digits). */
    public long percentile(double percentile) {
        return samples == 0 ? 0 : Math.min(fromDue.getValueAtPercentile(percentile), maxUs);
    }

    /** The exact maximum, microseconds. */
    public long max() {
        return maxUs;
    }

    /** The exact mean, microseconds. */
    public double mean() {
        return samples == 0 ? Double.NaN : (double) sumUs / samples;
    }

    /** Calls that started more than {@link #LATE_US} after their due time. */
    public long lateStarts() {
        return lateStarts;
    }

    /** The largest start lag, microseconds. */
    public long maxLagUs() {
        return maxLagUs;
    }

    /**
     * The rate the schedule asked for over these calls: calls per second between the first and the last due time
     * (NaN with fewer than two).
     */
    public double targetRate() {
        return samples < 2 || lastDueUs <= firstDueUs ? Double.NaN : (samples - 1) / ((lastDueUs - firstDueUs) / 1e6);
    }

    /** {@code us} when every row had our sampler's response_us, {@code ms} when none had, else {@code mixed}. */
    public String resolution() {
        if (clockRows == 0) {
            return "us";
        }
        return exactRows == 0 ? "ms" : "mixed";
    }
}
