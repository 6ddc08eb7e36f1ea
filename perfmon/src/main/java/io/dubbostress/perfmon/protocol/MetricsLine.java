package io.dubbostress.perfmon.protocol;

import java.util.List;

/**
 * The line the agent sends per interval: each value followed by a TAB, then {@code \n}, exactly as the classic
 * ServerAgent writes it ({@code "12.5\t40.1\t\n"}). A value that could not be read is an empty field
 * ({@code "12.5\t\t\n"}); JMeter's collector skips empty fields.
 */
public final class MetricsLine {

    private MetricsLine() {
    }

    public static String of(List<String> values) {
        StringBuilder line = new StringBuilder(values.size() * 12 + 1);
        for (String value : values) {
            line.append(value).append('\t');
        }
        return line.append('\n').toString();
    }

    /** A number as the classic writes it: {@link Double#toString(double)} ({@code 12.5}, {@code 1.2E7}). */
    public static String number(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "" : Double.toString(value);
    }
}
