package io.dubbostress.perfmon.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One metric of a {@code metrics:} or {@code metrics-single:} command, as the classic ServerAgent reads it:
 * {@code type[:field[:field...]]}, fields split on {@code :} unless escaped as {@code \:}.
 * A field {@code key=value} with a known key ({@code pid name core fs iface unit label url user password}) is an
 * option; any other field is a plain parameter, and the last plain parameter names what to measure
 * ({@code usedperc}, {@code bytesrecv}...). The type is what precedes the first space, so JMeter's
 * {@code "disks i/o"} and {@code "network i/o"} read as {@code disks} and {@code network}.
 *
 * <pre>{@code
 * MetricSpec spec = MetricSpec.parse("jmx:url=localhost\\:4711:gc-time");
 * spec.type();          // "jmx"
 * spec.option("url");   // "localhost:4711"
 * spec.kind();          // "gc-time"
 * }</pre>
 */
public final class MetricSpec {

    /** Keys that are options rather than parameters (the classic's, plus {@code url/user/password} of jmx). */
    private static final List<String> OPTION_KEYS = Collections.unmodifiableList(java.util.Arrays.asList(
            "pid", "name", "ptql", "core", "fs", "iface", "unit", "label", "url", "user", "password"));

    /** Longest spec accepted; the rest of a line that long is not a metric. */
    public static final int MAX_LENGTH = 4096;

    private final String text;
    private final String type;
    private final Map<String, String> options;
    private final List<String> params;

    private MetricSpec(String text, String type, Map<String, String> options, List<String> params) {
        this.text = text;
        this.type = type;
        this.options = options;
        this.params = params;
    }

    /**
     * Parses one spec.
     *
     * @throws ProtocolException when it is empty, too long, or has an option twice or without a value
     */
    public static MetricSpec parse(String text) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            throw new ProtocolException("empty metric");
        }
        if (trimmed.length() > MAX_LENGTH) {
            throw new ProtocolException("metric longer than " + MAX_LENGTH + " characters: '"
                    + ErrorReply.excerpt(trimmed) + "'");
        }
        List<String> fields = splitFields(trimmed);
        String typeField = fields.get(0).trim();
        int space = typeField.indexOf(' ');
        String type = (space > 0 ? typeField.substring(0, space) : typeField).toLowerCase(Locale.ROOT);
        if (type.isEmpty()) {
            throw new ProtocolException("metric without a type: '" + ErrorReply.excerpt(trimmed) + "'");
        }
        Map<String, String> options = new LinkedHashMap<>();
        List<String> params = new ArrayList<>();
        for (String field : fields.subList(1, fields.size())) {
            String value = field.trim();
            if (value.isEmpty()) {
                continue;
            }
            int equals = value.indexOf('=');
            String key = equals > 0 ? value.substring(0, equals).toLowerCase(Locale.ROOT) : "";
            if (OPTION_KEYS.contains(key)) {
                String optionValue = value.substring(equals + 1);
                if (optionValue.isEmpty()) {
                    throw new ProtocolException("'" + key + "=' without a value in '" + ErrorReply.excerpt(trimmed) + "'");
                }
                if (options.containsKey(key)) {
                    throw new ProtocolException("'" + key + "=' given twice in '" + ErrorReply.excerpt(trimmed) + "'");
                }
                options.put(key, optionValue);
            } else {
                params.add(value);
            }
        }
        return new MetricSpec(trimmed, type, Collections.unmodifiableMap(options), Collections.unmodifiableList(params));
    }

    /** Splits on unescaped {@code :} and unescapes {@code \:} (a lone backslash stays as it is). */
    static List<String> splitFields(String text) {
        List<String> fields = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == ':') {
                current.append(':');
                i++;
            } else if (c == ':') {
                fields.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        fields.add(current.toString());
        return fields;
    }

    /** The spec as the client sent it (trimmed): the key under which a connection keeps its metric. */
    public String text() {
        return text;
    }

    /** Lower case, up to the first space: {@code cpu}, {@code memory}, {@code disks}, {@code network}... */
    public String type() {
        return type;
    }

    /** The last plain parameter (what to measure), or "" when there is none (the type's default). */
    public String kind() {
        return params.isEmpty() ? "" : params.get(params.size() - 1).toLowerCase(Locale.ROOT);
    }

    /** The plain parameters in order (for exec: the command and its arguments; for tail: the path). */
    public List<String> params() {
        return params;
    }

    public boolean hasOption(String key) {
        return options.containsKey(key);
    }

    /** An option's value, or null. */
    public String option(String key) {
        return options.get(key);
    }

    public Map<String, String> options() {
        return options;
    }

    @Override
    public String toString() {
        return text;
    }
}
