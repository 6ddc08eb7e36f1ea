package io.dubbostress.report;

import java.util.Locale;

/** How numbers look in the report's tables: fixed decimals, "-" for what was not measured. */
public final class Format {

    public static final String NONE = "-";

    private Format() {
    }

    /** A latency in its scenario's unit: whole microseconds, or whole milliseconds (as a JTL has them). */
    public static String latency(double value) {
        if (Double.isNaN(value)) {
            return NONE;
        }
        return String.format(Locale.ROOT, "%.0f", value);
    }

    /** A mean latency: one decimal. */
    public static String mean(double value) {
        return Double.isNaN(value) ? NONE : String.format(Locale.ROOT, "%.1f", value);
    }

    public static String decimal(double value, int digits) {
        return Double.isNaN(value) ? NONE : String.format(Locale.ROOT, "%." + digits + "f", value);
    }

    public static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    public static String kilobytes(double bytes) {
        return Double.isNaN(bytes) ? NONE : String.format(Locale.ROOT, "%.1f", bytes / 1024);
    }

    public static String megabytes(double bytes) {
        return Double.isNaN(bytes) || bytes < 0 ? NONE : String.format(Locale.ROOT, "%.1f", bytes / (1024 * 1024));
    }

    /** "+123 (x1.84)": a difference with its sign, and the ratio. */
    public static String delta(double delta, double ratio, int digits) {
        if (Double.isNaN(delta)) {
            return NONE;
        }
        String d = String.format(Locale.ROOT, "%+." + digits + "f", delta);
        return Double.isNaN(ratio) ? d : d + String.format(Locale.ROOT, " (x%.2f)", ratio);
    }

    /** A percentile as a key or column suffix: 50 -> "50", 99.9 -> "999", 99.99 -> "9999". */
    public static String percentileKey(double percentile) {
        String text = percentile == Math.rint(percentile) ? String.valueOf((long) percentile)
                : String.valueOf(percentile);
        return text.replace(".", "");
    }

    /** A percentile as a column title: 50 -> "p50", 99.9 -> "p99.9". */
    public static String percentileTitle(double percentile) {
        return "p" + (percentile == Math.rint(percentile) ? String.valueOf((long) percentile)
                : String.valueOf(percentile));
    }
}
