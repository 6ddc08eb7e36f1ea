package io.dubbostress.report.compare;

import io.dubbostress.report.model.LatencyUnit;
import io.dubbostress.report.model.Percentiles;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One trial's figures and how much they move when its time is resampled: the point value of each {@link Figure} (the
 * report's own figures over the steady state) and {@code resamples} circular block bootstrap replicates of it. A
 * replicate draws runs of {@link #blockLength()} consecutive segments at random starts (wrapping around) until the
 * trial's length is filled, and computes every figure on that mix: latency percentiles by nearest rank over the
 * segments' histograms, the mean, TPS (samples over the steady seconds) and the error share. The block length is the
 * longest {@link BlockLength} finds for the figures' per-segment series (a percentile's: the segment's values at or
 * below it minus p x its samples; TPS's: its samples; the errors': its failures minus the error share x its samples).
 *
 * <p>A percentile is compared only when the trial has at least ten samples above it ({@code 10 x 100 / (100 - p)}:
 * p99 1,000, p99.9 10,000): with fewer, the bootstrap of a near-maximum says little; {@link #unsure} says why.
 *
 * <pre>{@code
 * TrialFigures trial = TrialFigures.of(segments, 1000, new SplittableRandom(seed));
 * double p99 = trial.point(Figure.P99);            // µs
 * double[] spread = trial.replicates(Figure.P99);  // 1000 resampled p99s
 * }</pre>
 */
public final class TrialFigures {

    /** How many times the estimated reach counts in the bootstrap's shortfall ({@link #varianceFactor()}). */
    static final double SHORTFALL_MARGIN = 3;

    /** Samples a percentile needs above it to be compared. */
    static final int SAMPLES_ABOVE = 10;

    private final long samples;
    private final long segmentMs;
    private final int segments;
    private final int blockLength;
    private final Map<Figure, Double> points = new EnumMap<>(Figure.class);
    private final Map<Figure, double[]> replicates = new EnumMap<>(Figure.class);
    private final Map<Figure, String> unsure = new EnumMap<>(Figure.class);
    private final long errors;
    private final LatencyUnit unit;
    private final double reach;
    private double steadySeconds;

    private TrialFigures(long samples, long errors, int segments, long segmentMs, int blockLength, double reach,
                         LatencyUnit unit) {
        this.segmentMs = segmentMs;
        this.reach = reach;
        this.samples = samples;
        this.errors = errors;
        this.segments = segments;
        this.blockLength = blockLength;
        this.unit = unit;
    }

    /** The figures of {@code trial} with {@code resamples} replicates drawn from {@code random}. */
    public static TrialFigures of(SteadySegments trial, int resamples, SplittableRandom random) {
        int m = trial.segments();
        SegmentBins latency = SegmentBins.of(trial.latencyHistograms(), trial.unit().micros(), trial.maxUs());
        SegmentBins fromDue = trial.pacedSamples() == 0 ? null
                : SegmentBins.of(trial.fromDueHistograms(), 1, trial.maxFromDueUs());
        long[] n = new long[m];
        long[] failed = new long[m];
        long[] sum = new long[m];
        for (int s = 0; s < m; s++) {
            n[s] = trial.samples(s);
            failed[s] = trial.errors(s);
            sum[s] = trial.latencySumUs(s);
        }
        long total = trial.samples();
        double seconds = trial.steadySeconds();
        Map<Figure, Double> points = new EnumMap<>(Figure.class);
        if (total > 0) {
            double mean = 0;
            for (long x : sum) {
                mean += x;
            }
            points.put(Figure.MEAN, mean / total);
            points.put(Figure.TPS, total / seconds);
            points.put(Figure.ERRORS, trial.errors() * 100.0 / total);
            for (Figure f : Figure.values()) {
                if (f.isPercentile() && !f.fromDue()) {
                    points.put(f, latency.percentile(f.percentile()));
                } else if (f.isPercentile() && fromDue != null) {
                    points.put(f, fromDue.percentile(f.percentile()));
                }
            }
        }
        // the block length: the longest any figure's per-segment series asks for
        BlockLength.Choice countsChoice = BlockLength.choose(toDouble(n));
        int block = countsChoice.length();
        double reach = countsChoice.reach();
        if (total > 0) {
            double share = trial.errors() / (double) total;
            double[] errorSeries = new double[m];
            double[] meanSeries = new double[m];
            for (int s = 0; s < m; s++) {
                errorSeries[s] = failed[s] - share * n[s];
                meanSeries[s] = sum[s] - points.get(Figure.MEAN) * n[s];
            }
            for (double[] series : new double[][] {errorSeries, meanSeries}) {
                BlockLength.Choice choice = BlockLength.choose(series);
                block = Math.max(block, choice.length());
                reach = Math.max(reach, choice.reach());
            }
            for (Figure f : points.keySet()) {
                if (!f.isPercentile()) {
                    continue;
                }
                SegmentBins bins = f.fromDue() ? fromDue : latency;
                double[] series = new double[m];
                double q = f.percentile() / 100;
                for (int s = 0; s < m; s++) {
                    series[s] = bins.atOrBelow(s, points.get(f)) - q * (f.fromDue() ? pacedIn(trial, s) : n[s]);
                }
                BlockLength.Choice choice = BlockLength.choose(series);
                block = Math.max(block, choice.length());
                reach = Math.max(reach, choice.reach());
            }
        }
        TrialFigures figures = new TrialFigures(total, trial.errors(), m, trial.segmentMs(), block, reach,
                trial.unit());
        figures.steadySeconds = seconds;
        figures.points.putAll(points);
        for (Figure f : points.keySet()) {
            long have = f.fromDue() ? trial.pacedSamples() : total;
            if (f.isPercentile() && have < SAMPLES_ABOVE * Percentiles.minimumSamples(f.percentile())) {
                figures.unsure.put(f, String.format(Locale.ROOT, "%,d samples: %s needs %,d (ten above it)",
                        have, f.title(), SAMPLES_ABOVE * Percentiles.minimumSamples(f.percentile())));
            }
            figures.replicates.put(f, new double[resamples]);
        }
        if (total == 0) {
            return figures;
        }
        long[] paced = new long[m];
        for (int s = 0; s < m; s++) {
            paced[s] = pacedIn(trial, s);
        }
        int[] times = new int[m];
        int[] taken = new int[m];
        int[] takenTimes = new int[m];
        for (int r = 0; r < resamples; r++) {
            CircularBlocks.draw(random, m, block, times);
            int count = 0;
            long resampled = 0;
            long resampledErrors = 0;
            long resampledSum = 0;
            long resampledPaced = 0;
            for (int s = 0; s < m; s++) {
                if (times[s] > 0) {
                    taken[count] = s;
                    takenTimes[count++] = times[s];
                    resampled += times[s] * n[s];
                    resampledErrors += times[s] * failed[s];
                    resampledSum += times[s] * sum[s];
                    resampledPaced += times[s] * paced[s];
                }
            }
            for (Map.Entry<Figure, double[]> e : figures.replicates.entrySet()) {
                Figure f = e.getKey();
                double value;
                switch (f) {
                    case MEAN:
                        value = resampled == 0 ? Double.NaN : (double) resampledSum / resampled;
                        break;
                    case TPS:
                        value = resampled == 0 ? Double.NaN : resampled / seconds; // a resample of empty segments
                        break;
                    case ERRORS:
                        value = resampled == 0 ? Double.NaN : resampledErrors * 100.0 / resampled;
                        break;
                    default:
                        value = f.fromDue()
                                ? fromDue.percentile(f.percentile(), taken, takenTimes, count, resampledPaced)
                                : latency.percentile(f.percentile(), taken, takenTimes, count, resampled);
                }
                e.getValue()[r] = value;
            }
        }
        return figures;
    }

    private static long pacedIn(SteadySegments trial, int segment) {
        org.HdrHistogram.Histogram h = trial.fromDueHistograms()[segment];
        return h == null ? 0 : h.getTotalCount();
    }

    private static double[] toDouble(long[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }

    /** The figures this trial has (a from-due figure only when it was rate-driven; none without a sample). */
    public Set<Figure> figures() {
        return points.keySet();
    }

    /** The trial's value: microseconds for latencies, calls per second, percent; NaN when it has none. */
    public double point(Figure figure) {
        Double value = points.get(figure);
        return value == null ? Double.NaN : value;
    }

    /** The bootstrap replicates of the figure (NaN where a resample had no sample); empty when it has none. */
    public double[] replicates(Figure figure) {
        double[] r = replicates.get(figure);
        return r == null ? new double[0] : r;
    }

    /** Why the figure cannot be compared for this trial (too few samples), or null. */
    public String unsure(Figure figure) {
        return unsure.get(figure);
    }

    public long samples() {
        return samples;
    }

    public long errors() {
        return errors;
    }

    /** The steady window TPS is counted over, seconds. */
    public double steadySeconds() {
        return steadySeconds;
    }

    public int segments() {
        return segments;
    }

    public long segmentMs() {
        return segmentMs;
    }

    /** Segments per bootstrap block. */
    public int blockLength() {
        return blockLength;
    }

    /** Whole blocks in the trial: the independent pieces its noise is estimated from. */
    public int blocks() {
        return Math.max(1, segments / blockLength);
    }

    /**
     * What the bootstrap's variance is multiplied by: it falls short of the true one by about {@code L / M} (a mean
     * taken over {@code M / L} blocks, centred on their own mean) and by about {@code reach / L} (correlation across
     * block ends; the reach is estimated from the same short series and comes out short, so it is counted
     * {@link #SHORTFALL_MARGIN} times), so it is divided by {@code (1 - L / M) (1 - min(1/2, 3 reach / L))}: at most
     * four times larger, about 1.3 times for blocks ten reaches long. The A/A test (AaCalibrationTest) holds the
     * false changes under 5 % with it; without the margin they were 5-9 % for wandering latencies.
     */
    public double varianceFactor() {
        double blocksShare = Math.min(0.5, (double) blockLength / segments);
        return 1 / ((1 - blocksShare) * (1 - Math.min(0.5, SHORTFALL_MARGIN * reach / blockLength)));
    }

    public LatencyUnit unit() {
        return unit;
    }

    /** Figures of {@code trials} that every one of them has. */
    static Set<Figure> common(List<TrialFigures> trials) {
        Set<Figure> common = EnumSet.allOf(Figure.class);
        for (TrialFigures t : trials) {
            common.retainAll(t.figures());
        }
        return common;
    }
}
