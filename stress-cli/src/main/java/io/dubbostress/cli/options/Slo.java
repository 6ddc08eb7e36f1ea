package io.dubbostress.cli.options;

import io.dubbostress.report.FromDueLatency;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A service level objective for {@code stress run --find-max-rate}: limits on percentiles of the response time from
 * each call's due time (coordinated omission corrected) and an error budget, e.g. {@code p99=20ms},
 * {@code p50=2ms,p99=20ms,p99.9=100ms,errors=0.1%}. Units us, ms, s; the error budget defaults to
 * {@value #DEFAULT_ERROR_BUDGET_PERCENT} %.
 */
public final class Slo {

    public static final double DEFAULT_ERROR_BUDGET_PERCENT = 1.0;

    private static final Pattern LIMIT = Pattern.compile("p(\\d{1,4}(?:\\.\\d+)?)=(\\d+(?:\\.\\d+)?)(us|ms|s)");
    private static final Pattern ERRORS = Pattern.compile("errors=(\\d+(?:\\.\\d+)?)%");

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
        List<Limit> limits = new ArrayList<>();
        double budget = DEFAULT_ERROR_BUDGET_PERCENT;
        for (String part : t.split(",", -1)) {
            Matcher limit = LIMIT.matcher(part);
            Matcher errors = ERRORS.matcher(part);
            if (limit.matches()) {
                String p = limit.group(1);
                // p999 is p99.9 and p9999 p99.99, as report.json names them
                double percentile = p.length() > 2 && p.startsWith("99") && !p.contains(".")
                        ? Double.parseDouble("99." + p.substring(2)) : Double.parseDouble(p);
                if (!(percentile > 0 && percentile < 100)) {
                    throw new TypeConversionException("'" + value + "': the percentile of '" + part
                            + "' must be between 0 and 100");
                }
                double n = Double.parseDouble(limit.group(2));
                long micros = (long) (n * switch (limit.group(3)) {
                    case "us" -> 1;
                    case "ms" -> 1000;
                    default -> 1_000_000;
                });
                limits.add(new Limit(percentile, micros, part));
            } else if (errors.matches()) {
                budget = Double.parseDouble(errors.group(1));
            } else {
                throw new TypeConversionException("'" + value + "' is not an SLO: use percentiles of the response "
                        + "time with a unit, and an optional error budget, e.g. p99=20ms or p50=2ms,p99=20ms,errors=1%");
            }
        }
        if (limits.isEmpty()) {
            throw new TypeConversionException("'" + value + "': give at least one percentile limit, e.g. p99=20ms");
        }
        return new Slo(Collections.unmodifiableList(limits), budget, t);
    }

    public List<Limit> limits() {
        return limits;
    }

    public double errorBudgetPercent() {
        return errorBudgetPercent;
    }

    /**
     * What of the SLO a trial broke (empty: it held): a percentile of the time from the due time over its limit, or
     * more errors than the budget. {@code paced} null (no row with a due time) breaks it.
     */
    public List<String> broken(FromDueLatency paced, double errorPercent) {
        List<String> broken = new ArrayList<>();
        if (paced == null || paced.samples() == 0) {
            broken.add("no paced sample");
            return broken;
        }
        for (Limit limit : limits) {
            long value = paced.percentile(limit.percentile());
            if (value > limit.micros()) {
                broken.add(String.format(Locale.ROOT, "p%s %.3f ms > %.3f ms", strip(limit.percentile()),
                        value / 1000.0, limit.micros() / 1000.0));
            }
        }
        if (errorPercent > errorBudgetPercent) {
            broken.add(String.format(Locale.ROOT, "errors %.3f %% > %s %%", errorPercent, strip(errorBudgetPercent)));
        }
        return broken;
    }

    static String strip(double d) {
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
