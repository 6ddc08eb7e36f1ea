package io.dubbostress.report.compare;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * NEW against BASE for one figure, from each side's trials ({@link TrialFigures}): the interval and the verdict.
 *
 * <p>Latencies and TPS are compared on a log scale (so the change is a ratio, NEW / BASE - 1), the error share on its
 * own scale (percentage points). Per side, with {@code k} trials of values {@code y_t} (logs) whose block bootstrap
 * variances are {@code v_t}:
 * <ul>
 * <li>one trial: the side's value is {@code y_1}, its variance {@code v_1}, with {@code blocks - 1} degrees of freedom
 *     (the trial's whole bootstrap blocks: the independent pieces the variance is estimated from). Run-to-run noise is
 *     not in it;</li>
 * <li>{@code k >= 2} trials: the mean of {@code y_t}, with variance {@code max(s^2, mean v_t) / k}: the trials' own
 *     spread {@code s^2} measures run-to-run noise (with {@code k - 1} degrees of freedom), and is never taken below
 *     what the noise within the trials alone implies (then with their blocks' degrees of freedom).</li>
 * </ul>
 * The change {@code d = mean_NEW - mean_BASE} has standard error {@code se = sqrt(V_NEW + V_BASE)}; the interval is
 * {@code d +- t(df, (1 + c) / 2) x se} with Welch-Satterthwaite's {@code df}; the verdict is a change when the interval
 * leaves out zero. The minimum detectable effect is {@code (t(df, (1 + c) / 2) + t(df, 0.8)) x se}: a true change that
 * large is detected four times in five. An error share's trial variance is at least that of independent samples with
 * one more failure and one more success ({@code p = (e + 1) / (n + 2)}), and the interval is centred on the
 * difference of these adjusted shares (Agresti and Caffo, 2000: the plain difference of rare counts covers too
 * little), so two runs without errors still say how small a rise they could see; the change and the difference
 * shown are NEW - BASE as measured (the adjustment lives in the interval only). No trial's figure is taken as surer
 * than one step of its resolution ({@link #resolution}: one call for TPS, one histogram bucket or JTL unit for a
 * percentile).
 *
 * <p>Where the data could not have told a change, the verdict is {@code not detectable (why)}, never "no change":
 * a mean or TPS from fewer than {@link #MIN_SAMPLES} steady samples in a trial, or a TPS over a steady window under
 * {@link #MIN_STEADY_SECONDS} (too few samples, steady window too short: as a percentile needs ten samples above
 * it), and an interval holding zero whose smallest detectable change is a doubling or more (for the error share ten
 * points or more): {@code too few trials} when a side's variance is its trials' own spread (two trials a side, a 4x
 * slowdown, an interval of [-80 %, +1,500 %]), {@code resolution too coarse} when a trial is known only to one step
 * of what it is computed from (whole milliseconds), else {@code too noisy}. A gate on such a figure cannot pass.
 *
 * <pre>{@code
 * FigureChange p99 = ChangeEstimator.estimate(Figure.P99, baseTrials, newTrials, 0.95);
 * p99.verdict();   // "slower", "faster", "no change" or "not measured"
 * }</pre>
 */
final class ChangeEstimator {

    /** The power the minimum detectable effect is stated at. */
    static final double POWER = 0.8;

    private ChangeEstimator() {
    }

    static FigureChange estimate(Figure f, List<TrialFigures> base, List<TrialFigures> news, double confidence) {
        List<Double> baseValues = points(base, f);
        List<Double> newValues = points(news, f);
        String unit = f.kind() == Figure.Kind.LATENCY ? "us" : f.kind() == Figure.Kind.THROUGHPUT ? "/s" : "%";
        String changeUnit = f.relative() ? "%" : "pp";
        String missing = missing(f, base, "BASE");
        if (missing == null) {
            missing = missing(f, news, "NEW");
        }
        if (missing != null) {
            return new FigureChange(f.key(), f.title(), unit, finite(combined(baseValues, f.relative())),
                    finite(combined(newValues, f.relative())), nullable(baseValues), nullable(newValues), null,
                    changeUnit, null, null, null, null, null, null, FigureChange.NOT_MEASURED, false, null, null,
                    missing);
        }
        String method = method(base.size(), news.size());
        Shortfall floor = floor(f, base, "BASE");
        if (floor == null) {
            floor = floor(f, news, "NEW");
        }
        if (floor != null) {
            // the values are shown, and what they differ by; no interval, no verdict: too little to tell
            Double b = combined(baseValues, f.relative());
            Double n = combined(newValues, f.relative());
            Double change = f.relative() ? (b > 0 ? 100 * (n / b - 1) : null) : n - b;
            return new FigureChange(f.key(), f.title(), unit, b, n, baseValues, newValues, finite(change),
                    changeUnit, null, null, null, n - b, null, null, FigureChange.notDetectable(floor.cause()), false,
                    method, null, floor.reason());
        }
        boolean log = f.relative() && positive(base, f) && positive(news, f);
        Side b = side(base, f, log);
        Side n = side(news, f, log);
        Interval interval = Interval.of(b, n, confidence);
        Side rawBase = log ? side(base, f, false) : b;
        Side rawNew = log ? side(news, f, false) : n;
        Interval raw = log ? Interval.of(rawBase, rawNew, confidence) : interval;
        // an interval of width 0 (identical, deterministic figures) holds a change only beyond rounding
        boolean exact = Math.abs(interval.estimate) <= 1e-9 * Math.max(1, Math.abs(b.mean()));
        boolean up = !exact && interval.low > 0;
        boolean down = !exact && interval.high < 0;
        String verdict = up || down ? f.verdictWord(up) : FigureChange.NO_CHANGE;
        boolean worse = (up || down) && f.worse(up ? 1 : -1);
        Double change;
        Double low;
        Double high;
        Double mde;
        Double difference = raw.estimate;
        String reason = null;
        if (log) {
            change = percent(interval.estimate);
            low = percent(interval.low);
            high = percent(interval.high);
            mde = percent(interval.mde);
        } else if (f.relative()) {
            // a zero on one side (a millisecond JTL's 0 ms): the ratio is undefined, the difference decides
            change = rawBase.mean > 0 ? 100 * (rawNew.mean - rawBase.mean) / rawBase.mean : null;
            low = null;
            high = null;
            mde = null;
            reason = "a value of 0: the change is judged on the difference, not the ratio";
        } else {
            // the error share: the change is NEW - BASE as measured; the Agresti-Caffo adjustment (one more failure
            // and one more success per trial) moves the interval only
            change = combined(newValues, false) - combined(baseValues, false);
            difference = change;
            low = interval.low;
            high = interval.high;
            mde = interval.mde;
        }
        if (FigureChange.NO_CHANGE.equals(verdict) && blind(f, log, interval.mde)) {
            // "no change" would read as "the same": the data could not have told even a large change
            boolean trials = b.fromSpread() || n.fromSpread();
            boolean coarse = !trials && (b.atResolution() || n.atResolution());
            verdict = FigureChange.notDetectable(trials ? "too few trials" : coarse ? "resolution too coarse"
                    : "too noisy");
            reason = String.format(Locale.ROOT, "the smallest detectable change is %s: this comparison could not "
                    + "tell %s; %s", f.relative() ? String.format(Locale.ROOT, "%+,.0f %%", mde)
                    : String.format(Locale.ROOT, "%.1f pp", mde), blindness(f),
                    trials ? String.format(Locale.ROOT, "BASE %d and NEW %d trial(s) differ among themselves so "
                            + "much that their spread, with few degrees of freedom (%.1f), makes the interval wide: "
                            + "more trials (stress run --repeat 5) or several runs a side narrow it", base.size(),
                            news.size(), interval.df)
                            : coarse ? "the figure is known to one step of what it is computed from (a JTL in whole "
                                    + "milliseconds, a few calls): microsecond JTLs (elapsed_us) or more calls narrow it"
                            : "longer runs or more trials (stress run --repeat) narrow it");
        }
        return new FigureChange(f.key(), f.title(), unit, combined(baseValues, f.relative()),
                combined(newValues, f.relative()), baseValues, newValues, change, changeUnit, low, high, mde,
                difference, raw.low, raw.high, verdict, worse, method,
                Double.isInfinite(interval.df) ? null : round(interval.df), reason);
    }

    /** Samples each trial needs for its mean or TPS to be compared: p50's floor (ten on either side of it). */
    static final int MIN_SAMPLES = 20;
    /** The shortest steady window a trial's TPS is compared over. */
    static final double MIN_STEADY_SECONDS = 1.0;
    /** The smallest detectable change above which "no change" says nothing: a doubling (or a halving) of a ratio. */
    static final double BLIND_RATIO = Math.log(2);
    /** Likewise for the error share: ten more failures in a hundred calls. */
    static final double BLIND_POINTS = 10;

    /** Why a figure's change cannot be told at all: its short cause and the numbers. */
    record Shortfall(String cause, String reason) {
    }

    /**
     * A trial too small for its mean or TPS to be compared (as a percentile needs ten samples above it): fewer than
     * {@link #MIN_SAMPLES} steady samples, or for TPS a steady window under {@link #MIN_STEADY_SECONDS} (a few calls
     * after a slow connect made a TPS of thousands "faster +22,000 %"). Null when every trial has enough.
     */
    private static Shortfall floor(Figure f, List<TrialFigures> trials, String side) {
        if (f != Figure.MEAN && f != Figure.TPS) {
            return null;
        }
        for (int i = 0; i < trials.size(); i++) {
            TrialFigures t = trials.get(i);
            String which = side + (trials.size() > 1 ? " trial " + (i + 1) : "");
            if (t.samples() < MIN_SAMPLES) {
                return new Shortfall("too few samples", String.format(Locale.ROOT, "%s has %,d steady sample(s): "
                        + "the %s needs %d in every trial", which, t.samples(), f.title(), MIN_SAMPLES));
            }
            if (f == Figure.TPS && t.steadySeconds() < MIN_STEADY_SECONDS) {
                return new Shortfall("steady window too short", String.format(Locale.ROOT, "%s's steady window is "
                        + "%.3f s: TPS needs %.0f s in every trial", which, t.steadySeconds(), MIN_STEADY_SECONDS));
            }
        }
        return null;
    }

    /** Whether the smallest detectable change (on the comparison's scale) is so large that no change says nothing. */
    private static boolean blind(Figure f, boolean log, double mde) {
        if (log) {
            return mde >= BLIND_RATIO;
        }
        return f == Figure.ERRORS && mde >= BLIND_POINTS;
    }

    private static String blindness(Figure f) {
        return switch (f.kind()) {
            case THROUGHPUT -> "a halving of TPS";
            case ERROR_RATE -> "ten more failures in a hundred calls";
            default -> "a doubling of the " + f.title();
        };
    }

    private static String method(int base, int news) {
        String method = base == 1 && news == 1
                ? "block bootstrap within each trial (one trial per side: run-to-run noise not measured)"
                : String.format(Locale.ROOT, "between trials (BASE %d, NEW %d), at least the noise within them",
                        base, news);
        if (base == 1 ^ news == 1) {
            method += base == 1 ? "; BASE has one trial: its run-to-run noise not measured"
                    : "; NEW has one trial: its run-to-run noise not measured";
        }
        return method;
    }

    /** Why a side cannot give the figure, or null. */
    private static String missing(Figure f, List<TrialFigures> trials, String side) {
        for (int i = 0; i < trials.size(); i++) {
            TrialFigures t = trials.get(i);
            String which = side + (trials.size() > 1 ? " trial " + (i + 1) : "");
            if (Double.isNaN(t.point(f))) {
                return which + " has no " + f.title() + (f.fromDue() ? " (not rate-driven)" : " (no steady sample)");
            }
            if (t.unsure(f) != null) {
                return which + ": " + t.unsure(f);
            }
        }
        return null;
    }

    private static boolean positive(List<TrialFigures> trials, Figure f) {
        for (TrialFigures t : trials) {
            if (!(t.point(f) > 0)) {
                return false;
            }
            for (double r : t.replicates(f)) {
                if (r <= 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * A side on the comparison's scale: its value, the variance of that value, its degrees of freedom, whether that
     * variance is its trials' own spread (run-to-run noise, {@code k - 1} degrees of freedom), and whether it is a
     * trial's resolution ({@link #resolution}) rather than its noise.
     */
    record Side(double mean, double variance, double df, boolean fromSpread, boolean atResolution) {
    }

    static Side side(List<TrialFigures> trials, Figure f, boolean log) {
        int k = trials.size();
        double[] y = new double[k];
        double within = 0;
        double blocksDf = 0;
        boolean atResolution = false;
        for (int t = 0; t < k; t++) {
            TrialFigures trial = trials.get(t);
            // the error share: Agresti and Caffo's adjustment, one more failure and one more success per trial
            y[t] = f == Figure.ERRORS ? 100 * (trial.errors() + 1.0) / (trial.samples() + 2.0)
                    : log ? Math.log(trial.point(f)) : trial.point(f);
            double floor = resolution(f, trial, log);
            double noise = variance(trial.replicates(f), log) * trial.varianceFactor();
            atResolution |= floor * floor > noise;
            double v = Math.max(noise, floor * floor);
            if (f == Figure.ERRORS) {
                double p = (trial.errors() + 1.0) / (trial.samples() + 2.0);
                v = Math.max(v, 1e4 * p * (1 - p) / Math.max(1, trial.samples()));
            }
            within += v;
            blocksDf += Math.max(1, trial.blocks() - 1);
        }
        within /= k;
        double mean = mean(y);
        if (k == 1) {
            return new Side(mean, within, blocksDf, false, atResolution);
        }
        double spread = 0;
        for (double v : y) {
            spread += (v - mean) * (v - mean);
        }
        spread /= k - 1;
        return spread > within ? new Side(mean, spread / k, k - 1, true, false)
                : new Side(mean, within / k, blocksDf, false, atResolution);
    }

    /**
     * The least a trial's figure is uncertain by, as a standard deviation on the comparison's scale: one step of what
     * it is computed from. TPS: one call more or fewer in the steady window (either end may cut a call in or out); a
     * percentile: one step of its value's resolution, the JTL's unit or HdrHistogram's bucket (about 1/1024 of the
     * value at three significant digits), whichever is coarser; the mean: its samples' rounding to the JTL's unit
     * ({@code unit / sqrt(12 n)}). Without it a figure whose resamples all agree (a paced run's TPS, a millisecond
     * JTL's p50) has an interval of width 0, and a difference of one call or one step would be called a change.
     */
    static double resolution(Figure f, TrialFigures trial, boolean log) {
        double value = trial.point(f);
        double unit = f.fromDue() ? 1 : trial.unit().micros();
        double step = switch (f.kind()) {
            case THROUGHPUT -> value / Math.max(1, trial.samples());
            case LATENCY -> f.isPercentile() ? Math.max(unit, value / 1024)
                    : unit / Math.sqrt(12.0 * Math.max(1, trial.samples()));
            case ERROR_RATE -> 0;
        };
        return log ? step / value : step;
    }

    /** The change between two sides with its interval and minimum detectable effect, on their scale. */
    record Interval(double estimate, double low, double high, double mde, double df) {

        static Interval of(Side base, Side news, double confidence) {
            double d = news.mean - base.mean;
            double v = news.variance + base.variance;
            double se = Math.sqrt(v);
            double df = v == 0 ? Double.POSITIVE_INFINITY
                    : v * v / (news.variance * news.variance / news.df + base.variance * base.variance / base.df);
            double t = quantile(df, (1 + confidence) / 2);
            double power = quantile(df, POWER);
            return new Interval(d, d - t * se, d + t * se, (t + power) * se, df);
        }
    }

    /** Student's t quantile; the normal one beyond a million degrees of freedom. */
    static double quantile(double df, double p) {
        if (Double.isNaN(df) || df > 1e6) {
            return new NormalDistribution(null, 0, 1)
                    .inverseCumulativeProbability(p);
        }
        return new TDistribution(null, Math.max(df, 0.5)).inverseCumulativeProbability(p);
    }

    /** The sample variance of the finite replicates (of their logs on a log scale); 0 with fewer than two. */
    static double variance(double[] replicates, boolean log) {
        double sum = 0;
        double sumSq = 0;
        int n = 0;
        for (double r : replicates) {
            if (Double.isNaN(r)) {
                continue;
            }
            double x = log ? Math.log(r) : r;
            sum += x;
            sumSq += x * x;
            n++;
        }
        if (n < 2) {
            return 0;
        }
        double mean = sum / n;
        return Math.max(0, (sumSq - n * mean * mean) / (n - 1));
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static List<Double> points(List<TrialFigures> trials, Figure f) {
        List<Double> values = new ArrayList<>();
        for (TrialFigures t : trials) {
            values.add(t.point(f));
        }
        return values;
    }

    /** One value for a side: its only trial's, else the geometric mean (ratio figures) or the mean. */
    static Double combined(List<Double> values, boolean geometric) {
        if (values.isEmpty() || values.stream().anyMatch(v -> Double.isNaN(v))) {
            return null;
        }
        if (values.size() == 1) {
            return values.get(0);
        }
        if (geometric && values.stream().allMatch(v -> v > 0)) {
            return Math.exp(values.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
        }
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static List<Double> nullable(List<Double> values) {
        List<Double> out = new ArrayList<>();
        values.forEach(v -> out.add(finite(v)));
        return out;
    }

    private static Double finite(Double v) {
        return v == null || v.isNaN() || v.isInfinite() ? null : v;
    }

    private static double percent(double logRatio) {
        return 100 * Math.expm1(logRatio);
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
