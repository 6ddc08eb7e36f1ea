package io.dubbostress.api.hop;

import java.io.UnsupportedEncodingException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a Dubbo call's attachments travel through the consumer hop: the sampler sends them in one HTTP request header,
 * {@value #HEADER}, and the consumer sets each on its Dubbo call to the provider ({@code RpcContext.setAttachment}),
 * for that call only. The header's value is {@code key=value} pairs joined by {@code &}, each part percent-encoded
 * in UTF-8 as a form's fields are ({@code application/x-www-form-urlencoded}): any key and value, their case kept
 * (HTTP's header names would lose it), in plain ASCII. Values are text: the hop carries strings, which is what the
 * provider receives.
 *
 * <pre>{@code
 * String header = HopAttachments.encode(Map.of("traceId", "a b"));   // traceId=a+b
 * HopAttachments.decode(header);                                      // {traceId=a b}
 * }</pre>
 */
public final class HopAttachments {

    /** The HTTP request header that carries the attachments. */
    public static final String HEADER = "Dubbo-Attachments";

    private static final String UTF_8 = "UTF-8";

    private HopAttachments() {
    }

    /** The header's value for {@code attachments} (in their order); "" for none. */
    public static String encode(Map<String, String> attachments) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> e : attachments.entrySet()) {
            if (out.length() > 0) {
                out.append('&');
            }
            out.append(encodePart(e.getKey())).append("=").append(encodePart(e.getValue()));
        }
        return out.toString();
    }

    /**
     * The attachments a header's value carries, in its order; none for null or "".
     *
     * @throws IllegalArgumentException naming the part that is not {@code key=value} with a key, a key given twice,
     *     or a malformed percent-encoding
     */
    public static Map<String, String> decode(String header) {
        if (header == null || header.trim().isEmpty()) {
            return Collections.emptyMap();
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : header.trim().split("&")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(HEADER + ": '" + part + "' is not key=value");
            }
            String key;
            String value;
            try {
                key = decodePart(part.substring(0, eq));
                value = decodePart(part.substring(eq + 1));
            } catch (IllegalArgumentException e) { // a % not followed by two hex digits
                throw new IllegalArgumentException(HEADER + ": '" + part + "': " + e.getMessage());
            }
            if (out.put(key, value) != null) {
                throw new IllegalArgumentException(HEADER + ": the key '" + key + "' appears twice");
            }
        }
        return out;
    }

    private static String encodePart(String text) {
        try {
            return URLEncoder.encode(text, UTF_8);
        } catch (UnsupportedEncodingException e) { // every JVM has UTF-8
            throw new IllegalStateException(e);
        }
    }

    private static String decodePart(String text) {
        try {
            return URLDecoder.decode(text, UTF_8);
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException(e);
        }
    }
}
