package io.dubbostress.report.model;

/**
 * How much of a scenario's start is warm-up, left out of its steady-state figures. In order: {@code --warmup} when
 * given; else the scenario's {@code warmupSeconds} in run.json; else 10 % of the scenario's span, at most 60 s (6 s of
 * a one-minute test, 60 s of a 10-minute one).
 */
public final class Warmup {

    static final double DEFAULT_SHARE = 0.10;
    static final long DEFAULT_MAX_MS = 60_000;

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
        return new Warmup(defaultMs(spanMs), "default (10 % of the span, at most 60 s)");
    }

    /**
     * The default warm-up of a scenario lasting {@code spanMs}: 10 % of it, at most 60 s, in whole tenths of a
     * second. The one rule: {@code stress run} writes it into run.json, {@code stress report} applies it to a JTL
     * that came without one.
     */
    public static long defaultMs(long spanMs) {
        long share = Math.min(DEFAULT_MAX_MS, (long) (spanMs * DEFAULT_SHARE));
        return share / 100 * 100;
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
