package io.dubbostress.report.change;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.Arrays;

/**
 * The latency histograms of a trial's segments laid on one scale, so a percentile of any mix of segments (a bootstrap
 * resample: each segment taken {@code m} times) is found without merging histograms: the distinct HdrHistogram
 * buckets the trial recorded, and per segment how many of its values are at or below each. A nearest-rank percentile
 * of the mix is then a binary search over the buckets, each step a sum over the segments taken.
 *
 * <p>The whole trial's percentile ({@link #percentile(double)}) is the report's own: HdrHistogram's value of the merged
 * histogram, never above the exact maximum.
 */
final class SegmentBins {

    private final long[] values;
    private final int[][] atOrBelow;
    private final Histogram all;
    private final long unitMicros;
    /** The exact maximum in the histograms' unit (whole units, as the report caps its percentiles). */
    private final long cap;

    private SegmentBins(long[] values, int[][] atOrBelow, Histogram all, long unitMicros, long cap) {
        this.values = values;
        this.atOrBelow = atOrBelow;
        this.all = all;
        this.unitMicros = unitMicros;
        this.cap = cap;
    }

    /** {@code segments} in a unit of {@code unitMicros} microseconds (1 or 1000), null for an empty segment. */
    static SegmentBins of(Histogram[] segments, long unitMicros, long maxUs) {
        Histogram all = new Histogram(3);
        long[] distinct = new long[64];
        int n = 0;
        for (Histogram segment : segments) {
            if (segment == null) {
                continue;
            }
            all.add(segment);
        }
        for (HistogramIterationValue v : all.recordedValues()) {
            if (n == distinct.length) {
                distinct = Arrays.copyOf(distinct, n * 2);
            }
            distinct[n++] = v.getValueIteratedTo();
        }
        long[] values = Arrays.copyOf(distinct, n);
        int[][] atOrBelow = new int[segments.length][];
        for (int s = 0; s < segments.length; s++) {
            if (segments[s] == null) {
                continue;
            }
            int[] cumulative = new int[n];
            for (HistogramIterationValue v : segments[s].recordedValues()) {
                int at = Arrays.binarySearch(values, v.getValueIteratedTo());
                cumulative[at] += (int) v.getCountAtValueIteratedTo();
            }
            for (int k = 1; k < n; k++) {
                cumulative[k] += cumulative[k - 1];
            }
            atOrBelow[s] = cumulative;
        }
        return new SegmentBins(values, atOrBelow, all, unitMicros, maxUs / unitMicros);
    }

    boolean isEmpty() {
        return values.length == 0;
    }

    /** The nearest-rank percentile of the whole trial, microseconds: the report's figure. NaN when empty. */
    double percentile(double percentile) {
        if (all.getTotalCount() == 0) {
            return Double.NaN;
        }
        return Math.min(all.getValueAtPercentile(percentile), cap) * (double) unitMicros;
    }

    /** How many values of segment {@code s} are at or below {@code micros}. */
    long atOrBelow(int s, double micros) {
        int[] cumulative = atOrBelow[s];
        if (cumulative == null) {
            return 0;
        }
        int k = upperIndex(micros / unitMicros);
        return k < 0 ? 0 : cumulative[k];
    }

    /** The last bucket whose value is at or below {@code value}, -1 when none is. */
    private int upperIndex(double value) {
        int lo = 0;
        int hi = values.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (values[mid] <= value) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /**
     * The nearest-rank percentile (rank ceil(p/100 x n), at least 1) of the mix of segments {@code taken[0..count)},
     * each {@code times[i]} times, whose sample count is {@code total}; microseconds. NaN when the mix is empty.
     */
    double percentile(double percentile, int[] taken, int[] times, int count, long total) {
        if (total <= 0 || values.length == 0) {
            return Double.NaN;
        }
        long rank = Math.max(1, (long) Math.ceil(percentile / 100 * total));
        int lo = 0;
        int hi = values.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            long below = 0;
            for (int i = 0; i < count; i++) {
                int[] cumulative = atOrBelow[taken[i]];
                if (cumulative != null) {
                    below += (long) times[i] * cumulative[mid];
                }
            }
            if (below >= rank) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return Math.min(values[lo], cap) * (double) unitMicros;
    }
}
