package io.dubbostress.report.model;

import io.dubbostress.report.Format;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * How many samples a percentile needs to be more than their maximum. A nearest-rank percentile p of n samples is the
 * value at rank ceil(p/100 x n); it is below the largest value only when that rank is below n, which takes at least
 * {@code 100 / (100 - p)} samples: p99 needs 100, p99.9 1,000, p99.99 10,000, p99.999 100,000. With fewer, "the p99.9"
 * is the maximum of those samples, and the report and the SLO say so instead of presenting it as a percentile. The
 * one rule for the report's tables, the target-rate table and {@code --slo}.
 *
 * <pre>{@code
 * Percentiles.minimumSamples(99.9);            // 1000
 * Percentiles.isMaximum(99.999, 150);          // true: p99.999 of 150 calls is their maximum
 * }</pre>
 */
public final class Percentiles {

    private Percentiles() {
    }

    /** The fewest samples for which the nearest-rank {@code percentile} (0 < p < 100) is not their maximum. */
    public static long minimumSamples(double percentile) {
        if (!(percentile > 0 && percentile < 100)) {
            throw new IllegalArgumentException("a percentile between 0 and 100, not " + percentile);
        }
        // exact in decimal: 100 / (100 - 99.9) is 1000, which binary doubles make 1000.0000000000001
        BigDecimal p = new BigDecimal(Double.toString(percentile));
        BigDecimal rest = BigDecimal.valueOf(100).subtract(p);
        return BigDecimal.valueOf(100).divide(rest, 0, RoundingMode.CEILING).longValueExact();
    }

    /** Whether the nearest-rank {@code percentile} of {@code samples} samples is their maximum. */
    public static boolean isMaximum(double percentile, long samples) {
        return samples > 0 && samples < minimumSamples(percentile);
    }

    /** {@code p99.9}: the percentile as people write it. */
    public static String name(double percentile) {
        return Format.percentileTitle(percentile);
    }
}
