package io.dubbostress.report.change;

import java.util.Locale;

/**
 * A figure {@code stress compare} puts side by side: the report's latency mean and percentiles (the service time), the
 * same percentiles from the due time for a rate-driven scenario, throughput and error rate. Latencies and throughput
 * are compared as ratios (NEW / BASE, on a log scale), the error rate as a difference in percentage points.
 *
 * <pre>{@code
 * Figure.of("p99.9");            // P999
 * Figure.P99.worse(+0.12);       // true: a higher p99 is slower
 * Figure.TPS.worse(+0.12);       // false: more calls per second is faster
 * }</pre>
 */
public enum Figure {
    MEAN("mean", "mean", Kind.LATENCY, Double.NaN, false),
    P50("p50", "p50", Kind.LATENCY, 50, false),
    P90("p90", "p90", Kind.LATENCY, 90, false),
    P99("p99", "p99", Kind.LATENCY, 99, false),
    P999("p999", "p99.9", Kind.LATENCY, 99.9, false),
    DUE_P50("duep50", "from due p50", Kind.LATENCY, 50, true),
    DUE_P90("duep90", "from due p90", Kind.LATENCY, 90, true),
    DUE_P99("duep99", "from due p99", Kind.LATENCY, 99, true),
    DUE_P999("duep999", "from due p99.9", Kind.LATENCY, 99.9, true),
    TPS("tps", "TPS", Kind.THROUGHPUT, Double.NaN, false),
    ERRORS("errors", "errors %", Kind.ERROR_RATE, Double.NaN, false);

    /** How a figure is compared and which way is worse. */
    public enum Kind {
        /** Microseconds; higher is slower; compared as a ratio. */
        LATENCY,
        /** Calls per second; lower is slower; compared as a ratio. */
        THROUGHPUT,
        /** Percent of the samples; higher is worse; compared as a difference in percentage points. */
        ERROR_RATE
    }

    private final String key;
    private final String title;
    private final Kind kind;
    private final double percentile;
    private final boolean fromDue;

    Figure(String key, String title, Kind kind, double percentile, boolean fromDue) {
        this.key = key;
        this.title = title;
        this.kind = kind;
        this.percentile = percentile;
        this.fromDue = fromDue;
    }

    /** The name in compare.json ({@code p999}, {@code duep99}, {@code tps}). */
    public String key() {
        return key;
    }

    /** The name for people ({@code p99.9}, {@code from due p99}). */
    public String title() {
        return title;
    }

    public Kind kind() {
        return kind;
    }

    /** The percentile, or NaN for the mean, TPS and errors. */
    public double percentile() {
        return percentile;
    }

    public boolean isPercentile() {
        return !Double.isNaN(percentile);
    }

    /** Whether the figure is a response time from the due time (a rate-driven scenario's). */
    public boolean fromDue() {
        return fromDue;
    }

    /** Whether it is compared as a ratio (log scale): latencies and throughput; the error rate is not. */
    public boolean relative() {
        return kind != Kind.ERROR_RATE;
    }

    /** Whether a change with this sign makes things worse: up for latencies and errors, down for throughput. */
    public boolean worse(double change) {
        return kind == Kind.THROUGHPUT ? change < 0 : change > 0;
    }

    /** The verdict's word for a change detected in this direction. */
    public String verdictWord(boolean up) {
        switch (kind) {
            case THROUGHPUT:
                return up ? "faster" : "slower";
            case ERROR_RATE:
                return up ? "more errors" : "fewer errors";
            default:
                return up ? "slower" : "faster";
        }
    }

    /**
     * The figure a user names: {@code mean}, {@code p50}, {@code p90}, {@code p99}, {@code p99.9} (or {@code p999}),
     * {@code due-p99} (from the due time), {@code tps}, {@code errors}; null when none is.
     */
    public static Figure of(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT).replace(" ", "").replace("-", "").replace("_", "")
                .replace("fromdue", "due").replace(".", "");
        for (Figure figure : values()) {
            if (figure.key.equals(n)) {
                return figure;
            }
        }
        return null;
    }
}
