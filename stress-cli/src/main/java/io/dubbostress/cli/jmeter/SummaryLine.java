package io.dubbostress.cli.jmeter;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of JMeter's summariser on the console, e.g.
 * {@code summary +  14035 in 00:00:05 =  2807.0/s Avg:     6 Min:     0 Max:    60 Err:     0 (0.00%) Active: 20}
 * ({@code +}: the last interval; {@code =}: since the start).
 */
final class SummaryLine {

    private static final Pattern LINE = Pattern.compile(
            "summary ([+=])\\s+(\\d+) in\\s+([\\d:]+)\\s+=\\s+([\\d.]+|Infinity|NaN)/s.*?Err:\\s+(\\d+)");

    final boolean cumulative;
    final long samples;
    final double perSecond;
    final long errors;

    private SummaryLine(boolean cumulative, long samples, double perSecond, long errors) {
        this.cumulative = cumulative;
        this.samples = samples;
        this.perSecond = perSecond;
        this.errors = errors;
    }

    /** The parsed line, or null when {@code line} is not a summariser line. */
    static SummaryLine parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.find()) {
            return null;
        }
        double rate;
        try {
            rate = Double.parseDouble(m.group(4));
        } catch (NumberFormatException e) {
            rate = 0;
        }
        return new SummaryLine("=".equals(m.group(1)), Long.parseLong(m.group(2)), rate, Long.parseLong(m.group(5)));
    }
}
