package io.dubbostress.gc;

import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time stamps of one GC log line, in either family: unified logging's decorators ({@code [2026-11-21T10:00:00.123
 * +0000][1.234s][12345][12346][info][gc,start]} in any combination: {@code time}, {@code utctime}, {@code uptime},
 * {@code uptimemillis}, {@code uptimenanos}, {@code timemillis}, {@code timenanos}, {@code pid}, {@code tid},
 * {@code level}, {@code tags}, {@code hostname}) or JDK 8's prefix ({@code 2026-11-21T10:00:00.123+0000: 1.234: }),
 * and the message after them.
 *
 * <pre>{@code
 * GcLogLine line = GcLogLine.parse("[2026-11-21T10:00:00.123+0000][1.234s][info][gc] GC(3) Pause Young ... 2.5ms");
 * line.epochMs();       // 1795255200123
 * line.uptimeSeconds(); // 1.234
 * line.message();       // "GC(3) Pause Young ... 2.5ms"
 * }</pre>
 */
final class GcLogLine {

    /** For a stamp the line does not have. */
    static final long NO_EPOCH = -1;
    static final double NO_UPTIME = -1;

    private static final Pattern DECORATOR = Pattern.compile("^\\[([^\\[\\]]*)\\]\\s?");
    private static final Pattern DATE = Pattern.compile(
            "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[.,]\\d{3}(?:[+-]\\d{4}|Z)");
    private static final Pattern SECONDS = Pattern.compile("\\d+[.,]\\d+s");
    private static final Pattern MILLIS = Pattern.compile("\\d+ms");
    private static final Pattern NANOS = Pattern.compile("\\d+ns");
    private static final Pattern NUMBER = Pattern.compile("\\d+"); // pid, tid
    private static final Pattern LEVEL = Pattern.compile("trace|debug|info|warning|error");
    private static final Pattern TAGS = Pattern.compile("[A-Za-z0-9_.-]+(?:,[A-Za-z0-9_.-]+)*\\s*"); // or hostname
    private static final Pattern JDK8_PREFIX = Pattern.compile(
            "^(?:(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[.,]\\d{3}[+-]\\d{4}): )?(?:(\\d+[.,]\\d+): )?");
    private static final DateTimeFormatter ZONED = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    private static final long EPOCH_MILLIS_FLOOR = 100_000_000_000L; // 1973: uptimes are never this long

    private final long epochMs;
    private final double uptimeSeconds;
    private final String message;
    private final boolean decorated;

    private GcLogLine(long epochMs, double uptimeSeconds, String message, boolean decorated) {
        this.epochMs = epochMs;
        this.uptimeSeconds = uptimeSeconds;
        this.message = message;
        this.decorated = decorated;
    }

    /** Reads the decorators of a unified-logging line; a line without any is all message. */
    static GcLogLine parse(String line) {
        long epoch = NO_EPOCH;
        double uptime = NO_UPTIME;
        int from = 0;
        boolean decorated = false;
        Matcher m = DECORATOR.matcher(line);
        while (m.region(from, line.length()).lookingAt()) {
            String value = m.group(1).trim();
            if (DATE.matcher(value).matches()) {
                epoch = epoch(value);
            } else if (SECONDS.matcher(value).matches()) {
                uptime = number(value.substring(0, value.length() - 1));
            } else if (MILLIS.matcher(value).matches()) {
                long ms = Long.parseLong(value.substring(0, value.length() - 2));
                if (ms >= EPOCH_MILLIS_FLOOR) {
                    epoch = ms;
                } else {
                    uptime = ms / 1000.0;
                }
            } else if (NANOS.matcher(value).matches()) {
                long ns = Long.parseLong(value.substring(0, value.length() - 2));
                if (ns / 1_000_000 >= EPOCH_MILLIS_FLOOR) {
                    epoch = ns / 1_000_000;
                } else {
                    uptime = ns / 1e9;
                }
            } else if (!NUMBER.matcher(value).matches() && !LEVEL.matcher(value).matches()
                    && !TAGS.matcher(m.group(1)).matches()) {
                break; // not a decorator: the message begins here
            }
            decorated = true;
            from = m.end();
        }
        return new GcLogLine(epoch, uptime, line.substring(from), decorated);
    }

    /** Reads the stamps of a JDK 8 line ({@code -XX:+PrintGCDateStamps}, {@code -XX:+PrintGCTimeStamps}). */
    static GcLogLine parseJdk8(String line) {
        Matcher m = JDK8_PREFIX.matcher(line);
        if (!m.lookingAt() || m.end() == 0) {
            return new GcLogLine(NO_EPOCH, NO_UPTIME, line, false);
        }
        long epoch = m.group(1) == null ? NO_EPOCH : epoch(m.group(1));
        double uptime = m.group(2) == null ? NO_UPTIME : number(m.group(2));
        return new GcLogLine(epoch, uptime, line.substring(m.end()), true);
    }

    private static long epoch(String text) {
        String normal = text.replace(',', '.');
        if (normal.endsWith("Z")) {
            normal = normal.substring(0, normal.length() - 1) + "+0000";
        }
        try {
            return OffsetDateTime.parse(normal, ZONED).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            return NO_EPOCH;
        }
    }

    static double number(String text) {
        return Double.parseDouble(text.replace(',', '.'));
    }

    /** The wall-clock time of the line, epoch ms, or {@link #NO_EPOCH}. */
    long epochMs() {
        return epochMs;
    }

    /** The JVM's uptime at the line, in seconds, or {@link #NO_UPTIME}. */
    double uptimeSeconds() {
        return uptimeSeconds;
    }

    /** The line without its stamps or decorators. */
    String message() {
        return message;
    }

    /** Whether the line began with a stamp or a unified-logging decorator. */
    boolean decorated() {
        return decorated;
    }
}
