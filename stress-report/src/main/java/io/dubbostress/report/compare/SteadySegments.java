package io.dubbostress.report.compare;

import io.dubbostress.report.model.FromDueLatency;
import io.dubbostress.report.model.LatencyUnit;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.jtl.JtlRow;

import org.HdrHistogram.Histogram;

/**
 * One trial's steady-state samples, cut into consecutive time segments by their start: per segment a latency
 * HdrHistogram (3 significant digits, in the scenario's unit, exactly as the report records it), the latency from the
 * due time (microseconds, rows that have one), the samples, the failures and the latency sum. The block bootstrap
 * resamples runs of these segments, so whatever drifts or clusters in time stays together.
 *
 * <p>The steady window is the report's: samples that start at or after {@code steadyStartMs}; TPS is counted over
 * {@code steadySeconds} (the report's divisor). The window is cut into {@link #TARGET_SEGMENTS} segments of at least
 * {@link #MIN_SEGMENT_MS}; a sample starting after the window's end (its last sample's end) counts in the last.
 *
 * <pre>{@code
 * SteadySegments segments = new SteadySegments(stats.steadyStartMs(), stats.steadySeconds(), stats.unit());
 * while (reader.next()) {
 *     segments.accept(reader.row());      // warm-up rows are skipped
 * }
 * }</pre>
 */
public final class SteadySegments {

    /** How many segments a window is cut into (fewer when it is shorter than this many {@link #MIN_SEGMENT_MS}). */
    public static final int TARGET_SEGMENTS = 200;
    /** The shortest segment. */
    public static final long MIN_SEGMENT_MS = 10;

    private final long steadyStartMs;
    private final double steadySeconds;
    private final LatencyUnit unit;
    private final long segmentMs;
    private final Histogram[] latency;
    private final Histogram[] fromDue;
    private final long[] samples;
    private final long[] errors;
    private final long[] latencySumUs;
    private long total;
    private long totalErrors;
    private long paced;
    private long maxUs;
    private long maxFromDueUs;

    public SteadySegments(long steadyStartMs, double steadySeconds, LatencyUnit unit) {
        if (!(steadySeconds > 0)) {
            throw new IllegalArgumentException("a steady window of " + steadySeconds + " s");
        }
        this.steadyStartMs = steadyStartMs;
        this.steadySeconds = steadySeconds;
        this.unit = unit;
        long spanMs = Math.max(1, Math.round(steadySeconds * 1000));
        int count = (int) Math.max(1, Math.min(TARGET_SEGMENTS, spanMs / MIN_SEGMENT_MS));
        this.segmentMs = Math.max(1, (spanMs + count - 1) / count);
        this.latency = new Histogram[count];
        this.fromDue = new Histogram[count];
        this.samples = new long[count];
        this.errors = new long[count];
        this.latencySumUs = new long[count];
    }

    /** A JTL row; rows starting before the steady start (the warm-up) are skipped, as in every report figure. */
    public void accept(JtlRow row) {
        if (row.timeStampMs() < steadyStartMs) {
            return;
        }
        add(row.timeStampMs(), ScenarioStats.latencyMicros(row), row.sampleCount(), row.errorCount(),
                FromDueLatency.fromDueMicros(row));
    }

    /**
     * One row: its start (epoch ms), its latency in microseconds (a millisecond scenario's whole milliseconds x 1000),
     * the samples it stands for and how many failed, its latency from the due time in microseconds (negative: none).
     */
    public void add(long startMs, long latencyUs, int count, int failed, long fromDueUs) {
        int segment = (int) Math.min(latency.length - 1, Math.max(0, (startMs - steadyStartMs) / segmentMs));
        if (latency[segment] == null) {
            latency[segment] = new Histogram(3);
        }
        latency[segment].recordValueWithCount(unit == LatencyUnit.MICROSECONDS ? latencyUs : latencyUs / 1000, count);
        samples[segment] += count;
        errors[segment] += failed;
        latencySumUs[segment] += latencyUs * count;
        total += count;
        totalErrors += failed;
        maxUs = Math.max(maxUs, latencyUs);
        if (fromDueUs >= 0) {
            if (fromDue[segment] == null) {
                fromDue[segment] = new Histogram(3);
            }
            fromDue[segment].recordValueWithCount(fromDueUs, count);
            paced += count;
            maxFromDueUs = Math.max(maxFromDueUs, fromDueUs);
        }
    }

    public int segments() {
        return latency.length;
    }

    public long segmentMs() {
        return segmentMs;
    }

    public double steadySeconds() {
        return steadySeconds;
    }

    public LatencyUnit unit() {
        return unit;
    }

    public long samples() {
        return total;
    }

    public long errors() {
        return totalErrors;
    }

    /** Samples with a latency from the due time. */
    public long pacedSamples() {
        return paced;
    }

    long samples(int segment) {
        return samples[segment];
    }

    long errors(int segment) {
        return errors[segment];
    }

    long latencySumUs(int segment) {
        return latencySumUs[segment];
    }

    /** The exact largest latency, microseconds. */
    long maxUs() {
        return maxUs;
    }

    long maxFromDueUs() {
        return maxFromDueUs;
    }

    /** Per segment, the latency histogram in {@link #unit()} (null for an empty segment). */
    Histogram[] latencyHistograms() {
        return latency;
    }

    /** Per segment, the histogram from the due time in microseconds (null where no row had a due time). */
    Histogram[] fromDueHistograms() {
        return fromDue;
    }
}
