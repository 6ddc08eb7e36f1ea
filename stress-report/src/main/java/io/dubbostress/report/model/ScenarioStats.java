package io.dubbostress.report.model;

import io.dubbostress.report.jtl.JtlRow;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything the report says about one scenario's samples, accumulated row by row with constant memory: HdrHistograms
 * of latencies (three significant digits), exact count, sum, min and max, error messages, bytes, and a
 * {@link Timeline}. Rows with our sampler's {@code elapsed_us} value are recorded in microseconds, rows without it in
 * JMeter's milliseconds, each in its own histogram; the scenario's {@link #unit()} is microseconds when any row had
 * them (millisecond rows then count as ms x 1000, and {@link #resolution()} says {@code mixed}), milliseconds
 * otherwise -- so a millisecond scenario's percentiles are exact. Samples that start before {@code steadyStartMs} are
 * warm-up: they appear in the time line only, and are counted in {@link #warmupSamples()}.
 *
 * <pre>{@code
 * ScenarioStats stats = new ScenarioStats("direct-1k", steadyStartMs, new Timeline(startMs, spanMs));
 * while (reader.next()) {
 *     stats.accept(reader.row());
 * }
 * long p99 = stats.percentile(99); // in stats.unit()
 * }</pre>
 */
public final class ScenarioStats {

    /** One hour, in microseconds: a longer sample is recorded as one hour (and counted in {@link #clamped()}). */
    public static final long HIGHEST_MICROS = 3_600_000_000L;
    private static final long HIGHEST_MILLIS = HIGHEST_MICROS / 1000;
    private static final int MAX_LABELS = 50;

    private final String name;
    private long steadyStartMs;
    private final Histogram micros = new Histogram(HIGHEST_MICROS, 3);
    private final Histogram millis = new Histogram(HIGHEST_MILLIS, 3);
    private Histogram merged;
    private final Timeline timeline;
    private final ErrorMessages errorMessages = new ErrorMessages();
    /** Failures that fell in the warm-up: never in the figures, but counted and said (docs/REPORT.md). */
    private final ErrorMessages warmupErrorMessages = new ErrorMessages();
    private final PacedFailures pacedFailures = new PacedFailures();
    private final Set<String> labels = new LinkedHashSet<>();
    /** The steady rows' latency from their due time, when they have one (a rate-driven scenario); else null. */
    private FromDueLatency fromDue;
    private String lastLabel;

    private long samples;
    private long warmupSamples;
    private long warmupErrors;
    private long errors;
    private long microRows;
    private long milliRows;
    private long clamped;
    private long latencySumUs;
    private long minUs = Long.MAX_VALUE;
    private long maxUs = Long.MIN_VALUE;
    private long receivedBytes;
    private long sentBytes;
    private long firstSteadyStartMs = Long.MAX_VALUE;
    private long lastSteadyEndMs = Long.MIN_VALUE;
    private long lastWarmupStartMs = Long.MIN_VALUE;
    private long firstStartMs = Long.MAX_VALUE;
    private long lastEndMs = Long.MIN_VALUE;

    /** {@code timeline} records microseconds (up to {@link #HIGHEST_MICROS}). */
    public ScenarioStats(String name, long steadyStartMs, Timeline timeline) {
        this.name = name;
        this.steadyStartMs = steadyStartMs;
        this.timeline = timeline;
    }

    /**
     * A row's latency in microseconds as every figure counts it: {@code elapsed_us} when the row has it, else JMeter's
     * {@code elapsed} x 1000; at most {@link #HIGHEST_MICROS}.
     */
    public static long latencyMicros(JtlRow row) {
        long us = row.elapsedUs() >= 0 ? row.elapsedUs() : row.elapsedMs() * 1000;
        return Math.min(us, HIGHEST_MICROS);
    }

    public void accept(JtlRow row) {
        String label = row.label();
        if (label != lastLabel) {
            lastLabel = label;
            if (labels.size() < MAX_LABELS) {
                labels.add(label);
            }
        }
        int count = row.sampleCount();
        long us = row.elapsedUs();
        boolean hasMicros = us >= 0;
        if (!hasMicros) {
            us = row.elapsedMs() * 1000;
        }
        if (us > HIGHEST_MICROS) {
            us = HIGHEST_MICROS;
            clamped += count;
        }
        long start = row.timeStampMs();
        long end = start + row.elapsedMs();
        int failed = row.errorCount();
        timeline.add(start, us, count, failed);
        firstStartMs = Math.min(firstStartMs, start);
        lastEndMs = Math.max(lastEndMs, end);
        if (failed > 0 && hasMicros) {
            pacedFailures.add(row, failed);
        }
        if (start < steadyStartMs) {
            warmupSamples += count;
            if (start > lastWarmupStartMs) {
                lastWarmupStartMs = start;
            }
            if (failed > 0) {
                warmupErrors += failed;
                warmupErrorMessages.add(row.responseCode(), row.errorText(), failed);
            }
            return;
        }
        samples += count;
        if (hasMicros) {
            micros.recordValueWithCount(us, count);
            microRows += count;
        } else {
            millis.recordValueWithCount(us / 1000, count);
            milliRows += count;
        }
        merged = null;
        if (row.dueUs() >= 0) {
            if (fromDue == null) {
                fromDue = new FromDueLatency(steadyStartMs);
            }
            fromDue.accept(row, count);
        }
        latencySumUs += us * count;
        if (us < minUs) {
            minUs = us;
        }
        if (us > maxUs) {
            maxUs = us;
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

    /**
     * Whether these figures are the ones a pass with {@code exactSteadyStartMs} in place of the guessed steady start
     * would have made: every warm-up row started before it and every steady row at or after it. When so, the steady
     * start becomes the exact one (the steady duration counts from it) and true is returned; else nothing changes.
     */
    public boolean confirmSteadyStart(long exactSteadyStartMs) {
        boolean holds = lastWarmupStartMs < exactSteadyStartMs
                && (samples == 0 || firstSteadyStartMs >= exactSteadyStartMs);
        if (holds) {
            steadyStartMs = exactSteadyStartMs;
        }
        return holds;
    }

    /** Microseconds when any steady sample had them, else milliseconds. */
    public LatencyUnit unit() {
        return microRows > 0 ? LatencyUnit.MICROSECONDS : LatencyUnit.MILLISECONDS;
    }

    /**
     * {@code us} when every steady sample had a microsecond value, {@code ms} when none had, {@code mixed} when some
     * had not (those count as their {@code elapsed} ms x 1000).
     */
    public String resolution() {
        if (microRows == 0) {
            return "ms";
        }
        return milliRows == 0 ? "us" : "mixed";
    }

    /** Steady samples that had no microsecond value in a scenario that otherwise has them. */
    public long samplesWithoutMicros() {
        return microRows > 0 ? milliRows : 0;
    }

    public long samples() {
        return samples;
    }

    public long warmupSamples() {
        return warmupSamples;
    }

    /** Failed samples in the warm-up: left out of every figure, but never hidden (the report says how many). */
    public long warmupErrors() {
        return warmupErrors;
    }

    /** The most frequent messages of the warm-up's failures. */
    public List<ErrorMessages.Count> topWarmupErrors(int n) {
        return warmupErrorMessages.top(n);
    }

    /**
     * Failures of our sampler (warm-up included) with a code it pauses after, as they repeat without a call reaching
     * the provider ({@link PacedFailures}).
     */
    public PacedFailures pacedFailures() {
        return pacedFailures;
    }

    /**
     * Whether the steady state has any sample: the figures over it are measured. When not, every figure over the
     * steady state (rates, error share, latencies) is {@code NaN}, which the report prints as {@code -} and writes
     * as {@code null} ({@link ScenarioOutcome} says why).
     */
    public boolean measured() {
        return samples > 0;
    }

    /** Samples longer than one hour, recorded as one hour. */
    public long clamped() {
        return clamped;
    }

    public long errors() {
        return errors;
    }

    /** Failed steady samples, in percent of the steady samples; NaN when there is none. */
    public double errorPercent() {
        return samples == 0 ? Double.NaN : errors * 100.0 / samples;
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

    /**
     * The steady state's duration: from the warm-up's end (or the first steady sample) to the last sample's end; NaN
     * without a steady sample.
     */
    public double steadySeconds() {
        if (samples == 0) {
            return Double.NaN;
        }
        long from = Math.min(Math.max(steadyStartMs, firstStartMs), firstSteadyStartMs);
        return Math.max(1, lastSteadyEndMs - from) / 1000.0;
    }

    /** Steady-state samples per second; NaN without a steady sample. */
    public double tps() {
        return samples == 0 ? Double.NaN : samples / steadySeconds();
    }

    public double receivedBytesPerSecond() {
        return samples == 0 ? Double.NaN : receivedBytes / steadySeconds();
    }

    public double sentBytesPerSecond() {
        return samples == 0 ? Double.NaN : sentBytes / steadySeconds();
    }

    /**
     * The steady samples that carry a due time, per second of the steady state: a rate-driven scenario's achieved
     * rate over the same calls its target rate is computed from; NaN without such samples.
     */
    public double pacedTps() {
        return fromDue == null || samples == 0 ? Double.NaN : fromDue.samples() / steadySeconds();
    }

    /** Steady samples without a due time in a scenario that has some with one (mixed paced and unpaced rows). */
    public long unpacedSamples() {
        return fromDue == null ? 0 : samples - fromDue.samples();
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
        return samples == 0 ? Double.NaN : (double) latencySumUs / samples / unit().micros();
    }

    /** The exact minimum, in {@link #unit()} (whole units); NaN without a steady sample. */
    public double min() {
        return samples == 0 ? Double.NaN : minUs / unit().micros();
    }

    /** The exact maximum, in {@link #unit()} (whole units); NaN without a steady sample. */
    public double max() {
        return samples == 0 ? Double.NaN : maxUs / unit().micros();
    }

    /**
     * The nearest-rank percentile (the value at rank ceil(p/100 x n)), as HdrHistogram reports it: exact below 2048
     * units, otherwise the top of its bucket, at most 0.1 % above the exact value; never above {@link #max()}. Whole
     * units; NaN without a steady sample. With fewer than {@link Percentiles#minimumSamples} samples it is the
     * maximum.
     */
    public double percentile(double percentile) {
        return samples == 0 ? Double.NaN
                : Math.min(histogram().getValueAtPercentile(percentile), maxUs / unit().micros());
    }

    /**
     * For a rate-driven scenario (rows with a Target Rate Schedule's due time): the latency from the due time, the
     * start lags and the target rate; null for a closed-model scenario.
     */
    public FromDueLatency fromDue() {
        return fromDue;
    }

    public Timeline timeline() {
        return timeline;
    }

    /** The latency histogram in {@link #unit()} (millisecond rows scaled when the scenario is in microseconds). */
    Histogram histogram() {
        if (microRows == 0) {
            return millis;
        }
        if (milliRows == 0) {
            return micros;
        }
        if (merged == null) {
            Histogram all = micros.copy();
            for (org.HdrHistogram.HistogramIterationValue v : millis.recordedValues()) {
                all.recordValueWithCount(Math.min(HIGHEST_MICROS, v.getValueIteratedTo() * 1000),
                        v.getCountAtValueIteratedTo());
            }
            merged = all;
        }
        return merged;
    }
}
