package io.dubbostress.report;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way durations are typed, for every option of every command ({@code stress run --duration/--warmup/--rampup},
 * {@code stress report --warmup}, {@code stress bench ...}): a plain number of seconds ({@code 90}, {@code 1.5}), or
 * parts with units, largest first or not, each a whole or decimal number: {@code 500ms}, {@code 30s}, {@code 1.5s},
 * {@code 10m} (or {@code 10min}), {@code 1h}, {@code 1m30s}. Case and surrounding blanks do not matter; negative
 * values do not exist.
 *
 * <pre>
 * Durations.parse("1m30s")   // PT1M30S
 * Durations.format(Duration.ofSeconds(90))   // "1m30s"
 * </pre>
 */
public final class Durations {

    /** What the error message offers as examples; the same text for every option. */
    public static final String EXAMPLES = "use e.g. 30s, 1.5s, 500ms, 10m, 1h, 1m30s, or plain seconds";

    private static final Pattern PLAIN = Pattern.compile("\\d+(?:\\.\\d+)?");
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|min|h|m|s)");

    private Durations() {
    }

    /** The duration {@code text} names; an {@link IllegalArgumentException} saying what is allowed otherwise. */
    public static Duration parse(String text) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (PLAIN.matcher(value).matches()) {
            return ofSeconds(new BigDecimal(value));
        }
        Matcher m = PART.matcher(value);
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.find() && m.start() == end) {
            BigDecimal n = new BigDecimal(m.group(1));
            switch (m.group(2)) {
                case "h":
                    total = total.plus(ofSeconds(n.multiply(BigDecimal.valueOf(3600))));
                    break;
                case "m":
                case "min":
                    total = total.plus(ofSeconds(n.multiply(BigDecimal.valueOf(60))));
                    break;
                case "s":
                    total = total.plus(ofSeconds(n));
                    break;
                default:
                    total = total.plus(ofSeconds(n.movePointLeft(3)));
            }
            end = m.end();
        }
        if (value.isEmpty() || end != value.length()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (" + EXAMPLES + ")");
        }
        return total;
    }

    private static Duration ofSeconds(BigDecimal seconds) {
        return Duration.ofNanos(seconds.movePointRight(9).setScale(0, java.math.RoundingMode.HALF_UP).longValueExact());
    }

    /** 600 s -> "10m", 90 s -> "1m30s", 1.5 s -> "1.5s", 250 ms -> "250ms"; what {@link #parse} reads back. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms > 0 && ms < 1000) {
            return ms + "ms";
        }
        long s = ms / 1000;
        long rest = ms % 1000;
        StringBuilder out = new StringBuilder();
        if (s >= 3600) {
            out.append(s / 3600).append('h');
            s %= 3600;
        }
        if (s >= 60) {
            out.append(s / 60).append('m');
            s %= 60;
        }
        if (rest > 0) {
            out.append(BigDecimal.valueOf(s * 1000 + rest).movePointLeft(3).stripTrailingZeros().toPlainString())
                    .append('s');
        } else if (s > 0 || out.length() == 0) {
            out.append(s).append('s');
        }
        return out.toString();
    }
}
