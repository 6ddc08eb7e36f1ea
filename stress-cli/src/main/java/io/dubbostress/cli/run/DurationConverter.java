package io.dubbostress.cli.run;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Durations as people type them: {@code 90} (seconds), {@code 30s}, {@code 10m}, {@code 1h}, {@code 1m30s}. */
public final class DurationConverter implements ITypeConverter<Duration> {

    private static final Pattern PART = Pattern.compile("(\\d+)(ms|h|m|s)");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    public static Duration parse(String value) {
        String text = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        if (text.matches("\\d+")) {
            return Duration.ofSeconds(Long.parseLong(text));
        }
        Matcher m = PART.matcher(text);
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.find()) {
            if (m.start() != end) {
                break;
            }
            long n = Long.parseLong(m.group(1));
            switch (m.group(2)) {
                case "h":
                    total = total.plusHours(n);
                    break;
                case "m":
                    total = total.plusMinutes(n);
                    break;
                case "s":
                    total = total.plusSeconds(n);
                    break;
                default:
                    total = total.plusMillis(n);
            }
            end = m.end();
        }
        if (text.isEmpty() || end != text.length()) {
            throw new TypeConversionException("'" + value + "' is not a duration (use e.g. 30s, 10m, 1h, 1m30s, or "
                    + "plain seconds)");
        }
        return total;
    }

    /** 600 s -> "10m", 90 s -> "1m30s". */
    public static String format(Duration d) {
        long s = d.getSeconds();
        StringBuilder out = new StringBuilder();
        if (s >= 3600) {
            out.append(s / 3600).append('h');
            s %= 3600;
        }
        if (s >= 60) {
            out.append(s / 60).append('m');
            s %= 60;
        }
        if (s > 0 || out.length() == 0) {
            out.append(s).append('s');
        }
        return out.toString();
    }
}
