package io.dubbostress.cli.report;

import io.dubbostress.cli.report.jtl.JtlRow;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything the report says about one scenario's samples, accumulated row by row with constant memory: an
 * HdrHistogram of latencies (three significant digits) in the scenario's unit, exact count, sum, min and max, error
 * messages, bytes, and a {@link Timeline}. Samples that start before {@code steadyStartMs} are warm-up: they appear in
 * the time line only, and are counted in {@link #warmupSamples()}.
 *
 * <pre>{@code
 * ScenarioStats stats = new ScenarioStats("direct-1k", LatencyUnit.MICROSECONDS, steadyStartMs,
 *         new Timeline(startMs, spanMs, ScenarioStats.highestValue(LatencyUnit.MICROSECONDS)));
 * while (reader.next()) {
 *     stats.accept(reader.row());
 * }
 * long p99 = stats.percentile(99);
 * }</pre>
 */
public final class ScenarioStats {

    /** One hour, in microseconds: a longer sample is recorded as one hour (and counted in {@link #clamped()}). */
    static final long HIGHEST_MICROS = 3_600_000_000L;
    private static final int MAX_LABELS = 50;

    private final String name;
    private final LatencyUnit unit;
    private final long steadyStartMs;
    private final long highest;
    private final Histogram histogram;
    private final Timeline timeline;
    private final ErrorMessages errorMessages = new ErrorMessages();
    private final Set<String> labels = new LinkedHashSet<>();
    private String lastLabel;

    private long samples;
    private long warmupSamples;
    private long errors;
    private long withoutMicros;
    private long clamped;
    private long latencySum;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long receivedBytes;
    private long sentBytes;
    private long firstSteadyStartMs = Long.MAX_VALUE;
    private long lastSteadyEndMs = Long.MIN_VALUE;
    private long firstStartMs = Long.MAX_VALUE;
    private long lastEndMs = Long.MIN_VALUE;

    public ScenarioStats(String name, LatencyUnit unit, long steadyStartMs, Timeline timeline) {
        this.name = name;
        this.unit = unit;
        this.steadyStartMs = steadyStartMs;
        this.highest = highestValue(unit);
        this.histogram = new Histogram(highest, 3);
        this.timeline = timeline;
    }

    /** The largest latency recorded in {@code unit}: one hour. */
    public static long highestValue(LatencyUnit unit) {
        return HIGHEST_MICROS / unit.micros();
    }

    public void accept(JtlRow row) {
        String label = row.label();
        if (label != lastLabel) {
            lastLabel = label;
            if (labels.size() < MAX_LABELS) {
                labels.add(label);
            }
        }
        long value;
        if (unit == LatencyUnit.MICROSECONDS) {
            value = row.elapsedUs();
            if (value < 0) {
                value = row.elapsedMs() * 1000;
                withoutMicros += row.sampleCount();
            }
        } else {
            value = row.elapsedMs();
        }
        if (value > highest) {
            value = highest;
            clamped += row.sampleCount();
        }
        long start = row.timeStampMs();
        long end = start + row.elapsedMs();
        int count = row.sampleCount();
        int failed = row.errorCount();
        timeline.add(start, value, count, failed);
        firstStartMs = Math.min(firstStartMs, start);
        lastEndMs = Math.max(lastEndMs, end);
        if (start < steadyStartMs) {
            warmupSamples += count;
            return;
        }
        samples += count;
        histogram.recordValueWithCount(value, count);
        latencySum += value * count;
        if (value < min) {
            min = value;
        }
        if (value > max) {
            max = value;
        }
        receivedBytes += row.bytes();
        sentBytes += row.sentBytes();
        if (start < firstSteadyStartMs) {
            firstSteadyStartMs = start;
        }
        if (end > lastSteadyEndMs) {
            lastSteadyEndMs = end;
        }
        if (failed > 0) {
            errors += failed;
            errorMessages.add(row.responseCode(), row.errorText(), failed);
        }
    }

    public String name() {
        return name;
    }

    public LatencyUnit unit() {
        return unit;
    }

    /**
     * {@code us} when every steady sample had a microsecond value, {@code ms} when the file has none, {@code mixed}
     * when a microsecond file had rows without one (those count as their {@code elapsed} ms x 1000).
     */
    public String resolution() {
        if (unit == LatencyUnit.MILLISECONDS) {
            return "ms";
        }
        return withoutMicros == 0 ? "us" : withoutMicros >= samples + warmupSamples ? "ms" : "mixed";
    }

    /** Samples (warm-up and steady state) that had no microsecond value in a microsecond file. */
    public long samplesWithoutMicros() {
        return withoutMicros;
    }

    public long samples() {
        return samples;
    }

    public long warmupSamples() {
        return warmupSamples;
    }

    /** Samples longer than one hour, recorded as one hour. */
    public long clamped() {
        return clamped;
    }

    public long errors() {
        return errors;
    }

    public double errorPercent() {
        return samples == 0 ? 0 : errors * 100.0 / samples;
    }

    public List<ErrorMessages.Count> topErrors(int n) {
        return errorMessages.top(n);
    }

    public List<String> labels() {
        return Collections.unmodifiableList(new ArrayList<>(labels));
    }

    /** Where the steady state starts: samples starting earlier are warm-up. */
    public long steadyStartMs() {
        return steadyStartMs;
    }

    /** The steady state's duration: from the warm-up's end (or the first steady sample) to the last sample's end. */
    public double steadySeconds() {
        if (samples == 0) {
            return 0;
        }
        long from = Math.min(Math.max(steadyStartMs, firstStartMs), firstSteadyStartMs);
        return Math.max(1, lastSteadyEndMs - from) / 1000.0;
    }

    /** Steady-state samples per second. */
    public double tps() {
        return samples == 0 ? 0 : samples / steadySeconds();
    }

    public double receivedBytesPerSecond() {
        return samples == 0 ? 0 : receivedBytes / steadySeconds();
    }

    public double sentBytesPerSecond() {
        return samples == 0 ? 0 : sentBytes / steadySeconds();
    }

    /** First sample start and last sample end, warm-up included (epoch ms), or Long.MAX/MIN_VALUE before any. */
    public long firstStartMs() {
        return firstStartMs;
    }

    public long lastEndMs() {
        return lastEndMs;
    }

    /** The exact mean of the steady samples, in {@link #unit()}. */
    public double mean() {
        return samples == 0 ? Double.NaN : (double) latencySum / samples;
    }

    public long min() {
        return samples == 0 ? 0 : min;
    }

    /** The exact maximum, in {@link #unit()}. */
    public long max() {
        return samples == 0 ? 0 : max;
    }

    /**
     * The nearest-rank percentile (the value at rank ceil(p/100 x n)), as HdrHistogram reports it: exact below 2048
     * units, otherwise the top of its bucket, at most 0.1 % above the exact value, never above {@link #max()}.
     */
    public long percentile(double percentile) {
        return samples == 0 ? 0 : Math.min(histogram.getValueAtPercentile(percentile), max);
    }

    public Timeline timeline() {
        return timeline;
    }

    /** A copy of the latency histogram (for merging or further analysis). */
    public Histogram histogram() {
        return histogram.copy();
    }
}
