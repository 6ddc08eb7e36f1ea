package io.dubbostress.report.model;

import org.HdrHistogram.IntCountsHistogram;

/**
 * Samples, errors and latency per time bucket, for the "over time" charts. At most {@value #MAX_BUCKETS} (+1) buckets
 * whatever the run's length (the width is chosen from the expected span: 100 ms for a 10-second test, 1 s for a
 * 10-minute one), each with a coarse latency histogram in microseconds (one significant digit, about 6 %: enough to
 * draw a p99 line); memory is constant in the number of rows. Samples outside the expected span land in the first or
 * last bucket.
 */
public final class Timeline {

    static final int MAX_BUCKETS = 600;
    private static final long[] NICE_WIDTHS_MS = {
        100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000,
        3_600_000};

    private final long originMs;
    private final long bucketMs;
    private static final long HIGHEST_MICROS = ScenarioStats.HIGHEST_MICROS;
    private final long[] samples;
    private final long[] errors;
    private final double[] latencySum;
    private final IntCountsHistogram[] latency;
    private int usedBuckets;
    private long lastTimeMs = Long.MIN_VALUE;

    /** A time line from {@code originMs} covering {@code spanMs}. */
    public Timeline(long originMs, long spanMs) {
        this.originMs = originMs;
        this.bucketMs = widthFor(spanMs);
        int buckets = (int) Math.max(1, Math.min(MAX_BUCKETS + 1, spanMs / bucketMs + 1));
        this.samples = new long[buckets];
        this.errors = new long[buckets];
        this.latencySum = new double[buckets];
        this.latency = new IntCountsHistogram[buckets];
    }

    /** Whether {@code new Timeline(originMs, spanMs)} would put every sample in the same bucket as this one. */
    public boolean sameShape(long originMs, long spanMs) {
        return originMs == this.originMs && widthFor(spanMs) == bucketMs
                && (int) Math.max(1, Math.min(MAX_BUCKETS + 1, spanMs / bucketMs + 1)) == samples.length;
    }

    static long widthFor(long spanMs) {
        for (long width : NICE_WIDTHS_MS) {
            if (spanMs / width <= MAX_BUCKETS) {
                return width;
            }
        }
        return Math.max(1, spanMs / MAX_BUCKETS + 1);
    }

    /** A row: when it started, its latency in microseconds, how many samples and failures it stands for. */
    public void add(long timeMs, long latencyUs, int count, int failed) {
        long index = (timeMs - originMs) / bucketMs;
        int i = index < 0 ? 0 : index >= samples.length ? samples.length - 1 : (int) index;
        samples[i] += count;
        errors[i] += failed;
        latencySum[i] += (double) latencyUs * count;
        IntCountsHistogram histogram = latency[i];
        if (histogram == null) {
            histogram = new IntCountsHistogram(1, HIGHEST_MICROS, 1);
            latency[i] = histogram;
        }
        histogram.recordValueWithCount(Math.min(latencyUs, HIGHEST_MICROS), count);
        if (i + 1 > usedBuckets) {
            usedBuckets = i + 1;
        }
        if (timeMs > lastTimeMs) {
            lastTimeMs = timeMs;
        }
    }

    public long originMs() {
        return originMs;
    }

    public long bucketMs() {
        return bucketMs;
    }

    /**
     * Buckets up to the last one that saw a sample, without that last one when the samples stopped in its first half
     * (a partial bucket would show a false drop in throughput).
     */
    public int buckets() {
        if (usedBuckets > 1 && usedBuckets < samples.length) {
            long lastBucketStart = originMs + (usedBuckets - 1) * bucketMs;
            if (lastTimeMs - lastBucketStart < bucketMs / 2) {
                return usedBuckets - 1;
            }
        }
        return usedBuckets;
    }

    public long samples(int bucket) {
        return samples[bucket];
    }

    public long errors(int bucket) {
        return errors[bucket];
    }

    /** Samples per second in a bucket; the last one is counted over the part its samples cover. */
    public double tps(int bucket) {
        long width = bucketMs;
        if (bucket == usedBuckets - 1) {
            long covered = lastTimeMs - (originMs + bucket * bucketMs) + 1;
            width = Math.max(1, Math.min(bucketMs, covered));
        }
        return samples[bucket] * 1000.0 / width;
    }

    /** Mean latency of a bucket in microseconds, NaN when it has no sample. */
    public double mean(int bucket) {
        return samples[bucket] == 0 ? Double.NaN : latencySum[bucket] / samples[bucket];
    }

    /** A percentile of a bucket in microseconds (coarse), NaN when it has no sample. */
    public double percentile(int bucket, double percentile) {
        IntCountsHistogram histogram = latency[bucket];
        return histogram == null || histogram.getTotalCount() == 0 ? Double.NaN
                : histogram.getValueAtPercentile(percentile);
    }
}
