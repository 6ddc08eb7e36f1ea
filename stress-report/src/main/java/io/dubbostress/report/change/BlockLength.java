package io.dubbostress.report.change;

/**
 * How many consecutive segments the circular block bootstrap draws together: the automatic rule of Politis and White
 * (2004, "Automatic block-length selection for the dependent bootstrap", Econometric Reviews 23(1)) with the
 * correction of Patton, Politis and White (2009), for the circular bootstrap. From the series' autocorrelations it
 * finds the lag beyond which they are indistinguishable from zero ({@code |rho| < 2 sqrt(log10(n) / n)} for
 * {@code K_n = max(5, sqrt(log10 n))} lags in a row), estimates the long-run variance and its derivative with a flat-top
 * lag window up to twice that lag, and returns {@code b = (2 G^2 / D)^(1/3) n^(1/3)} with {@code D = 4/3 g(0)^2},
 * rounded up and kept within {@code [1, min(3 sqrt(n), n / 3)]}. That length is optimal for the variance's mean
 * squared error, not for an interval's coverage: the bootstrap's variance falls short by about {@code reach / b}
 * ({@code reach = |G| / g}, how far the correlation carries), so blocks are also made at least {@link #REACH_FACTOR}
 * reaches long (at most a quarter of the series). An uncorrelated series gets 1; a series that wanders slowly gets
 * long blocks, and few of them.
 *
 * <pre>{@code
 * int segmentsPerBlock = BlockLength.of(perSegmentCounts);
 * }</pre>
 */
public final class BlockLength {

    /** Blocks are at least this many times the autocorrelation's reach. */
    static final double REACH_FACTOR = 10;

    /**
     * The chosen length, in segments, and the series' autocorrelation reach {@code |G| / g} (in segments: how far the
     * correlation carries), from which the bootstrap's shortfall is corrected ({@link TrialFigures#varianceFactor()}).
     */
    public record Choice(int length, double reach) {
    }

    private BlockLength() {
    }

    /** The block length for {@code series} (one value per segment, in time order); 1 for fewer than 8 values. */
    public static int of(double[] series) {
        return choose(series).length();
    }

    /** The block length for {@code series} and its autocorrelation reach. */
    public static Choice choose(double[] series) {
        int n = series.length;
        if (n < 8) {
            return new Choice(1, 0);
        }
        double mean = 0;
        for (double x : series) {
            mean += x;
        }
        mean /= n;
        int kn = Math.max(5, (int) Math.ceil(Math.sqrt(Math.log10(n))));
        int maxLag = Math.min(n - 1, (int) Math.ceil(Math.sqrt(n)) + kn);
        double[] autocovariance = new double[maxLag + 1];
        for (int k = 0; k <= maxLag; k++) {
            double sum = 0;
            for (int t = 0; t + k < n; t++) {
                sum += (series[t] - mean) * (series[t + k] - mean);
            }
            autocovariance[k] = sum / n;
        }
        double cap = Math.max(1, Math.ceil(Math.min(3 * Math.sqrt(n), n / 3.0)));
        if (!(autocovariance[0] > 0)) {
            return new Choice(1, 0); // a constant series: nothing to keep together
        }
        double threshold = 2 * Math.sqrt(Math.log10(n) / n);
        int firstQuiet = -1;
        for (int m = 0; m + kn <= maxLag && firstQuiet < 0; m++) {
            boolean quiet = true;
            for (int j = 1; j <= kn && quiet; j++) {
                quiet = Math.abs(autocovariance[m + j] / autocovariance[0]) < threshold;
            }
            if (quiet) {
                firstQuiet = m;
            }
        }
        int window = firstQuiet < 0 ? maxLag : Math.min(maxLag, 2 * Math.max(firstQuiet, 1));
        double g = autocovariance[0];
        double bigG = 0;
        for (int k = 1; k <= window; k++) {
            double weight = flatTop((double) k / window);
            g += 2 * weight * autocovariance[k];
            bigG += 2 * weight * k * autocovariance[k];
        }
        double d = 4.0 / 3.0 * g * g;
        if (!(d > 0) || bigG == 0) {
            return new Choice(1, 0);
        }
        double b = Math.cbrt(2 * bigG * bigG / d) * Math.cbrt(n);
        int optimal = (int) Math.max(1, Math.min(cap, Math.ceil(b)));
        // the bootstrap's variance falls short by about reach / b: blocks several reaches long keep that small
        double reach = Math.abs(bigG) / g;
        int covering = (int) Math.min(n / 4, Math.ceil(REACH_FACTOR * reach));
        return new Choice(Math.max(optimal, Math.max(1, covering)), reach);
    }

    /** The flat-top lag window: 1 up to half the window, then down to 0 at its end. */
    private static double flatTop(double t) {
        double a = Math.abs(t);
        return a <= 0.5 ? 1 : a <= 1 ? 2 * (1 - a) : 0;
    }
}
