package io.dubbostress.cli.options;

import io.dubbostress.report.model.FromDueLatency;
import io.dubbostress.report.model.Percentiles;
import io.dubbostress.report.model.ScenarioOutcome;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.cli.UserError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A service level objective for {@code stress run --find-max-rate}: limits on percentiles of the response time from
 * each call's due time (coordinated omission corrected) and an error budget, e.g. {@code p99=20ms},
 * {@code p50=2ms,p99=20ms,p99.9=100ms,errors=0.1%}. Units us, ms, s; the error budget defaults to
 * {@value #DEFAULT_ERROR_BUDGET_PERCENT} %.
 *
 * <p>Refused, with the part named: a key given twice ({@code p999} and {@code p99.9} are one key), a limit of 0 (no
 * call takes no time: it could never hold) or above one hour (longer calls are recorded as one hour), an error
 * budget below 0 or above 100 %. A trial holds only when it was measured ({@link ScenarioOutcome}: a trial whose
 * every call failed, or that has no steady call, never holds, whatever the budget), every percentile is within its
 * limit, and it had enough calls for each percentile to be more than their maximum ({@link Percentiles}: p99.9 needs
 * 1,000); {@link #checkTrial} refuses up front a search whose first trial cannot make that many.
 *
 * <pre>{@code
 * Slo slo = Slo.parse("p50=2ms,p99=20ms,errors=0.5%");
 * List<String> broken = slo.broken(trialResult);   // empty: the trial held
 * }</pre>
 */
public final class Slo {

    public static final double DEFAULT_ERROR_BUDGET_PERCENT = 1.0;
    /** The longest limit: the report records longer calls as one hour. */
    static final long MAX_LIMIT_MICROS = ScenarioStats.HIGHEST_MICROS;

    private static final Pattern LIMIT = Pattern.compile("p(\\d{1,4}(?:\\.\\d+)?)=(\\d+(?:\\.\\d+)?)(us|ms|s)");
    private static final Pattern ERRORS = Pattern.compile("errors=(-?\\d+(?:\\.\\d+)?)%");
    private static final String EXAMPLE = "e.g. p99=20ms or p50=2ms,p99=20ms,errors=1%";

    /** One percentile limit. */
    public record Limit(double percentile, long micros, String text) {
    }

    private final List<Limit> limits;
    private final double errorBudgetPercent;
    private final String text;

    private Slo(List<Limit> limits, double errorBudgetPercent, String text) {
        this.limits = limits;
        this.errorBudgetPercent = errorBudgetPercent;
        this.text = text;
    }

    public static Slo parse(String value) {
        String t = value == null ? "" : value.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        Map<Double, Limit> limits = new LinkedHashMap<>();
        Double budget = null;
        for (String part : t.split(",", -1)) {
            Matcher limit = LIMIT.matcher(part);
            Matcher errors = ERRORS.matcher(part);
            if (limit.matches()) {
                String p = limit.group(1);
                // p999 is p99.9 and p9999 p99.99, as report.json names them
                double percentile = p.length() > 2 && p.startsWith("99") && !p.contains(".")
                        ? Double.parseDouble("99." + p.substring(2)) : Double.parseDouble(p);
                if (!(percentile > 0 && percentile < 100)) {
                    throw refused(value, part, "its percentile must be between 0 and 100");
                }
                double n = Double.parseDouble(limit.group(2));
                double micros = n * switch (limit.group(3)) {
                    case "us" -> 1;
                    case "ms" -> 1000;
                    default -> 1_000_000;
                };
                if (micros < 1) {
                    throw refused(value, part, "a limit below 1 us can never hold (every call takes time)");
                }
                if (micros > MAX_LIMIT_MICROS) {
                    throw refused(value, part, "a limit above 1 h cannot be checked (calls longer than an hour are"
                            + " recorded as one hour)");
                }
                Limit previous = limits.put(percentile, new Limit(percentile, Math.round(micros), part));
                if (previous != null) {
                    throw refused(value, null, Percentiles.name(percentile) + " is given twice ('"
                            + previous.text() + "' and '" + part + "'): give each percentile once");
                }
            } else if (errors.matches()) {
                if (budget != null) {
                    throw refused(value, null, "the error budget is given twice: give errors=N% once");
                }
                budget = Double.parseDouble(errors.group(1));
                if (budget < 0 || budget > 100) {
                    throw refused(value, part, "the error budget must be between 0 and 100 %");
                }
            } else if (part.startsWith("errors=")) {
                throw refused(value, part, "not an error budget: give a share of the calls in percent, e.g."
                        + " errors=0.5%");
            } else {
                throw new TypeConversionException("'" + value + "' is not an SLO: use percentiles of the response "
                        + "time with a unit, and an optional error budget, " + EXAMPLE);
            }
        }
        if (limits.isEmpty()) {
            throw new TypeConversionException("'" + value + "': give at least one percentile limit, e.g. p99=20ms");
        }
        return new Slo(Collections.unmodifiableList(new ArrayList<>(limits.values())),
                budget == null ? DEFAULT_ERROR_BUDGET_PERCENT : budget, t);
    }

    /** {@code 'p50=1ms,p99=0ms': p99=0ms: why}, the part named when the value has others; null: the whole. */
    private static TypeConversionException refused(String value, String part, String why) {
        String where = part == null || part.equals(value.trim().toLowerCase(Locale.ROOT).replace(" ", "")) ? ""
                : part + ": ";
        return new TypeConversionException("'" + value + "': " + where + why);
    }

    public List<Limit> limits() {
        return limits;
    }

    public double errorBudgetPercent() {
        return errorBudgetPercent;
    }

    /** The calls a trial needs so that every percentile of the SLO is more than their maximum. */
    public long minimumCalls() {
        long most = 0;
        for (Limit limit : limits) {
            most = Math.max(most, Percentiles.minimumSamples(limit.percentile()));
        }
        return most;
    }

    /**
     * Refuses, before anything starts, a search whose first trial (at {@code rate} calls/s for {@code steady}, the
     * duration less the warm-up) cannot make the calls the SLO's highest percentile needs: such a trial can never
     * hold, and the search would only go down.
     */
    public void checkTrial(double rate, Duration steady) {
        double calls = rate * steady.toMillis() / 1000.0;
        long needed = minimumCalls();
        if (calls < needed) {
            Limit highest = limits.stream().max((a, b) -> Double.compare(a.percentile(), b.percentile())).get();
            throw new UserError(String.format(Locale.ROOT, "Invalid value for option '--slo': %s needs at least %,d"
                    + " calls per trial to be more than their maximum; the first trial makes about %,.0f (%s calls/s"
                    + " over %s s of steady state): raise --duration or --rate, or judge a lower percentile",
                    Percentiles.name(highest.percentile()), needed, calls, RateSchedule.rateText(rate),
                    RateSchedule.rateText(steady.toMillis() / 1000.0)));
        }
    }

    /**
     * What of the SLO a trial broke (empty: it held): a trial that failed ({@link ScenarioOutcome}: no steady call,
     * or every call failed), else as {@link #broken(FromDueLatency, double)}.
     */
    public List<String> broken(ScenarioResult trial) {
        ScenarioOutcome outcome = trial.outcome();
        if (outcome.failed()) {
            return List.of("failed: " + outcome.reason());
        }
        return broken(trial.stats().fromDue(), trial.stats().errorPercent());
    }

    /** As {@link #broken(DoubleToLongFunction, long, double)} over a trial's paced calls; null breaks it. */
    public List<String> broken(FromDueLatency paced, double errorPercent) {
        if (paced == null) {
            return broken(p -> 0, 0, errorPercent);
        }
        return broken(paced::percentile, paced.samples(), errorPercent);
    }

    /**
     * What of the SLO a distribution of times from the due time broke (empty: it held): {@code percentile} gives
     * microseconds, {@code samples} how many it holds. Broken: no sample, a percentile over its limit, a percentile
     * judged on too few calls (then it is their maximum, which cannot vouch for the percentile), more errors than the
     * budget (an error share that is not a number breaks it too).
     */
    public List<String> broken(DoubleToLongFunction percentile, long samples, double errorPercent) {
        List<String> broken = new ArrayList<>();
        if (samples == 0) {
            broken.add("no paced sample");
            return broken;
        }
        for (Limit limit : limits) {
            long value = percentile.applyAsLong(limit.percentile());
            boolean maximum = Percentiles.isMaximum(limit.percentile(), samples);
            if (value > limit.micros()) {
                broken.add(String.format(Locale.ROOT, "%s %.3f ms > %.3f ms%s", Percentiles.name(limit.percentile()),
                        value / 1000.0, limit.micros() / 1000.0, maximum
                        ? String.format(Locale.ROOT, " (the maximum of %,d calls)", samples) : ""));
            } else if (maximum) {
                broken.add(String.format(Locale.ROOT, "%s judged on %,d calls is their maximum (%.3f ms): it needs at"
                        + " least %,d calls", Percentiles.name(limit.percentile()), samples, value / 1000.0,
                        Percentiles.minimumSamples(limit.percentile())));
            }
        }
        if (!(errorPercent <= errorBudgetPercent)) {
            broken.add(String.format(Locale.ROOT, "errors %.3f %% > %s %%", errorPercent, strip(errorBudgetPercent)));
        }
        return broken;
    }

    public static String strip(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    @Override
    public String toString() {
        return text + (text.contains("errors=") ? "" : ",errors=" + strip(errorBudgetPercent) + "%");
    }

    /** picocli converter. */
    public static final class Converter implements ITypeConverter<Slo> {
        @Override
        public Slo convert(String value) {
            return parse(value);
        }
    }
}
