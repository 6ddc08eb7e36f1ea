package io.dubbostress.cli.influx;

import java.util.Locale;
import java.util.Map;

/**
 * One point in InfluxDB's line protocol ({@code measurement,tag=v,tag=v field=1,field="text" TIMESTAMP}), escaped as
 * the protocol asks: commas and spaces in the measurement; commas, equals signs and spaces in tag keys and values and
 * field keys; double quotes and backslashes in string fields. A tag with an empty value is left out (the protocol has
 * none), as is a field whose number is not finite.
 *
 * <pre>{@code
 * String line = new LineProtocol("calls").tag("scenario", "direct-1k").field("count", 412).field("p99_us", 880.0)
 *         .at(1795307402000L);   // calls,scenario=direct-1k count=412i,p99_us=880.0 1795307402000
 * }</pre>
 */
final class LineProtocol {

    private final StringBuilder tags = new StringBuilder(96);
    private final StringBuilder fields = new StringBuilder(96);
    private final String measurement;

    LineProtocol(String measurement) {
        this.measurement = escape(measurement, ", ");
    }

    LineProtocol tag(String key, String value) {
        if (value != null && !value.isEmpty()) {
            tags.append(',').append(escape(key, ",= ")).append('=').append(escape(value, ",= "));
        }
        return this;
    }

    LineProtocol tags(Map<String, String> all) {
        all.forEach(this::tag);
        return this;
    }

    LineProtocol field(String key, long value) {
        return raw(key, value + "i");
    }

    LineProtocol field(String key, double value) {
        if (!Double.isFinite(value)) {
            return this;
        }
        return raw(key, value == Math.rint(value) && Math.abs(value) < 1e15
                ? String.format(Locale.ROOT, "%.1f", value) : Double.toString(value));
    }

    LineProtocol field(String key, String value) {
        return raw(key, '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"');
    }

    private LineProtocol raw(String key, String value) {
        fields.append(fields.length() == 0 ? "" : ",").append(escape(key, ",= ")).append('=').append(value);
        return this;
    }

    boolean hasFields() {
        return fields.length() > 0;
    }

    /** The line, stamped {@code epochMs} (the writer asks for {@code precision=ms}). */
    String at(long epochMs) {
        if (fields.length() == 0) {
            throw new IllegalStateException("a point needs a field: " + measurement + tags);
        }
        return measurement + tags + ' ' + fields + ' ' + epochMs;
    }

    private static String escape(String s, String special) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (special.indexOf(c) >= 0 || c == '\\' || c == '\n' || c == '\r') {
                if (b == null) {
                    b = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                if (c == '\n' || c == '\r') {
                    b.append(' '); // a line break ends a point: never inside one
                    continue;
                }
                if (c != '\\') {
                    b.append('\\');
                }
                b.append(c == '\\' ? "\\\\" : String.valueOf(c));
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }
}
