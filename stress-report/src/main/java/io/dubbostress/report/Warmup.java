package io.dubbostress.report;

import io.dubbostress.report.UserError;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much of a scenario's start is warm-up, left out of its steady-state figures. In order: {@code --warmup} when
 * given; else the scenario's {@code warmupSeconds} in run.json; else 10 % of the scenario's span, at most 60 s (6 s of
 * a one-minute test, 60 s of a 10-minute one).
 */
public final class Warmup {

    static final double DEFAULT_SHARE = 0.10;
    static final long DEFAULT_MAX_MS = 60_000;
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|min)?");

    private final long ms;
    private final String rule;

    private Warmup(long ms, String rule) {
        this.ms = ms;
        this.rule = rule;
    }

    /** The warm-up of a scenario spanning {@code spanMs}; {@code cliMs} and {@code runJsonSeconds} may be null. */
    public static Warmup of(Long cliMs, Double runJsonSeconds, long spanMs) {
        if (cliMs != null) {
            return new Warmup(cliMs, "--warmup");
        }
        if (runJsonSeconds != null) {
            return new Warmup(Math.round(runJsonSeconds * 1000), "run.json");
        }
        long share = Math.min(DEFAULT_MAX_MS, (long) (spanMs * DEFAULT_SHARE));
        return new Warmup(share / 100 * 100, "default (10 % of the span, at most 60 s)");
    }

    /** Parses {@code --warmup}: {@code 30s}, {@code 1m}, {@code 500ms}, or a plain number of seconds. */
    public static long parseMs(String text) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UserError("--warmup '" + text + "' is not a duration (e.g. 30s, 1m, 500ms, 0)");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        switch (unit) {
            case "ms":
                return Math.round(value);
            case "m":
            case "min":
                return Math.round(value * 60_000);
            default:
                return Math.round(value * 1000);
        }
    }

    public long ms() {
        return ms;
    }

    public double seconds() {
        return ms / 1000.0;
    }

    /** Where the value came from, for the report. */
    public String rule() {
        return rule;
    }
}
