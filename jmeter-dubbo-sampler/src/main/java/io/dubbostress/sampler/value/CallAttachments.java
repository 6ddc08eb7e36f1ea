package io.dubbostress.sampler.value;

import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.json.JsonException;
import io.dubbostress.sampler.json.JsonValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Attachments field, parsed and converted once: a JSON object whose values may be of any JSON type, converted as
 * an argument whose type is not known ({@link ValueConverter#natural}): a string stays a {@code String}, a whole number
 * is a {@code Long}, a number with a fraction a {@code BigDecimal}, {@code true}/{@code false} a {@code Boolean}, an
 * array an {@code ArrayList}, an object a {@code LinkedHashMap}; {@code {"$type": "int", "value": 7}} gives the type
 * ({@code Integer} here, any class on JMeter's class path: {@code java.time.LocalDate}, a POJO), and {@code
 * {"$payload": N}} is the N-byte payload string. A {@code null} value is no attachment at all: Dubbo's {@code
 * RpcContext.setObjectAttachment(key, null)} removes the key, and that is what a Java client sends.
 *
 * <p>The values travel as they are ({@code RpcContext.setObjectAttachment}, Dubbo 2.7.5+ and 3.x clients alike); what
 * the provider's code then sees depends on its Dubbo (docs/SAMPLER.md, "Attachments").
 *
 * <pre>{@code
 * CallAttachments a = CallAttachments.parse("{\"traceId\": \"abc\", \"tenant\": 7}", converter, "DubboSampler.attachments");
 * a.values();   // {traceId=abc (String), tenant=7 (Long)}
 * }</pre>
 */
public final class CallAttachments {

    private static final CallAttachments NONE = new CallAttachments(Collections.<String, Object>emptyMap());

    private final Map<String, Object> values;
    private final List<String> keys;

    private CallAttachments(Map<String, Object> values) {
        this.values = values;
        this.keys = Collections.unmodifiableList(new ArrayList<>(values.keySet()));
    }

    /** No attachments. */
    public static CallAttachments none() {
        return NONE;
    }

    /**
     * @param text the field: empty for none, else a JSON object
     * @param key  the property key, for messages
     * @throws ConfigurationException naming the key (and the attachment) when the text is not a JSON object or a value
     *     cannot be converted
     */
    public static CallAttachments parse(String text, ValueConverter converter, String key) {
        String value = text == null ? "" : text.trim();
        if (value.isEmpty()) {
            return NONE;
        }
        Object json;
        try {
            json = JsonValues.parse(value);
        } catch (JsonException e) {
            throw new ConfigurationException(key + ": " + e.getMessage() + " in '" + CallArguments.abbreviate(value)
                    + "'");
        }
        if (!(json instanceof Map)) {
            throw new ConfigurationException(key + ": must be a JSON object, like {\"traceId\": \"abc\", \"tenant\":"
                    + " 7}, was '" + CallArguments.abbreviate(value) + "'");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) json).entrySet()) {
            String name = String.valueOf(e.getKey());
            if (name.trim().isEmpty()) {
                throw new ConfigurationException(key + ": an attachment needs a name, not '" + name + "'");
            }
            Object converted = converter.natural(e.getValue(), key + " '" + name + "'");
            if (converted != null) {
                out.put(name, converted);
            }
        }
        return out.isEmpty() ? NONE : new CallAttachments(Collections.unmodifiableMap(out));
    }

    /**
     * These attachments for a triple call ({@code tri://}): triple sends attachments as HTTP/2 headers, strings,
     * numbers, booleans and dates as their text, and Dubbo 3 drops any other value with a WARN in the log; so another
     * value is refused here rather than silently not sent.
     *
     * @throws ConfigurationException naming {@code key}, the attachment and its type
     */
    public CallAttachments overTriple(String key) {
        for (Map.Entry<String, Object> e : values.entrySet()) {
            Object v = e.getValue();
            if (!(v instanceof CharSequence || v instanceof Number || v instanceof Boolean
                    || v instanceof java.util.Date || v instanceof byte[])) {
                throw new ConfigurationException(key + ": '" + e.getKey() + "' is a " + v.getClass().getName()
                        + ", which the triple protocol cannot carry (its attachments are HTTP/2 headers: strings,"
                        + " numbers, booleans and dates, sent as text; Dubbo drops anything else): send it as a"
                        + " string");
            }
        }
        return this;
    }

    /**
     * These attachments for the consumer hop, as text: the consumer sets them on its Dubbo call as strings
     * ({@code io.dubbostress.api.hop.HopAttachments}), so strings, numbers and booleans go (a number as its text); any
     * other value is refused rather than sent as something else.
     *
     * @throws ConfigurationException naming {@code key}, the attachment and its type
     */
    public Map<String, String> overHop(String key) {
        for (Map.Entry<String, Object> e : values.entrySet()) {
            Object v = e.getValue();
            if (!(v instanceof CharSequence || v instanceof Number || v instanceof Boolean)) {
                throw new ConfigurationException(key + ": '" + e.getKey() + "' is a " + v.getClass().getName()
                        + ", which the consumer hop cannot carry (the consumer sets the attachments it is sent on its"
                        + " Dubbo call as strings): send it as a string");
            }
        }
        return asText();
    }

    /** Name to value as text ({@code String.valueOf}), in the field's order: for protocols whose metadata are text. */
    public Map<String, String> asText() {
        Map<String, String> text = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            text.put(e.getKey(), String.valueOf(e.getValue()));
        }
        return Collections.unmodifiableMap(text);
    }

    /** Name to value, in the field's order; values of whatever type the JSON gave. Shared: do not modify. */
    public Map<String, Object> values() {
        return values;
    }

    /** The names, in the field's order. */
    public List<String> keys() {
        return keys;
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }
}
