package io.dubbostress.cli.live;

import org.HdrHistogram.AbstractHistogram;

/**
 * Latency figures the live page shows, in microseconds: p50 and p99 as HdrHistogram gives them (three significant
 * digits: the highest value equivalent to the one at that rank, nearest rank; never above the maximum), the exact
 * maximum, and how many calls they rest on. A figure with no call under it is -1.
 *
 * <pre>{@code
 * Latency l = Latency.of(histogram, exactMaxUs);   // l.p99() within 1/1000 of the 99th percentile's value
 * }</pre>
 */
public record Latency(long count, long p50, long p99, long max) {

    public static final Latency NONE = new Latency(0, -1, -1, -1);

    /** The figures of {@code histogram}, its exact largest value {@code maxUs} (the histogram's is rounded up). */
    public static Latency of(AbstractHistogram histogram, long maxUs) {
        long n = histogram.getTotalCount();
        if (n == 0) {
            return NONE;
        }
        long max = maxUs >= 0 ? maxUs : histogram.getMaxValue();
        // the histogram rounds a value up to its bucket's top, which can pass the largest value itself
        return new Latency(n, Math.min(max, histogram.getValueAtPercentile(50)),
                Math.min(max, histogram.getValueAtPercentile(99)), max);
    }
}
