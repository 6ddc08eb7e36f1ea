package io.dubbostress.sampler.hop;

import io.dubbostress.api.hop.HopAttachments;
import io.dubbostress.sampler.failure.ConfigurationException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A consumer-hop target ({@code http://127.0.0.1:8080/stressTest/string1k}) parsed once: host, port, and the GET
 * request's bytes (with the sampler's attachments in their header, {@link HopAttachments}), ready to be written as
 * they are on every sample.
 */
public final class HopRequest {

    private final String url;
    private final String host;
    private final int port;
    private final byte[] bytes;
    private final java.util.List<String> attachmentKeys;

    private HopRequest(String url, String host, int port, byte[] bytes, java.util.List<String> attachmentKeys) {
        this.url = url;
        this.host = host;
        this.port = port;
        this.bytes = bytes;
        this.attachmentKeys = attachmentKeys;
    }

    /** Whether a target field names the HTTP hop rather than Dubbo. */
    public static boolean isHttp(String target) {
        String t = target == null ? "" : target.trim().toLowerCase(Locale.ROOT);
        return t.startsWith("http://") || t.startsWith("https://");
    }

    /**
     * @throws ConfigurationException naming {@code field} and the value for anything but {@code http://host[:port]/path}
     */
    public static HopRequest parse(String target, String field) {
        return parse(target, field, java.util.Collections.<String, String>emptyMap());
    }

    /**
     * The request with {@code attachments} in its {@value HopAttachments#HEADER} header (none: no header), which the
     * consumer sets on its Dubbo call to the provider.
     *
     * @throws ConfigurationException naming {@code field} and the value for anything but {@code http://host[:port]/path}
     */
    public static HopRequest parse(String target, String field, java.util.Map<String, String> attachments) {
        String url = target.trim();
        if (url.toLowerCase(Locale.ROOT).startsWith("https://")) {
            throw new ConfigurationException(field + ": '" + url + "': the consumer hop speaks plain http:// only");
        }
        String rest = url.substring("http://".length());
        int slash = rest.indexOf('/');
        int query = rest.indexOf('?');
        int end = slash >= 0 ? slash : (query >= 0 ? query : rest.length());
        String authority = rest.substring(0, end);
        String path = slash >= 0 ? rest.substring(slash) : "/" + rest.substring(end);
        int colon = authority.lastIndexOf(':');
        String host = colon < 0 ? authority : authority.substring(0, colon);
        int port = 80;
        if (colon >= 0) {
            String p = authority.substring(colon + 1);
            if (!p.matches("[0-9]{1,5}") || Integer.parseInt(p) < 1 || Integer.parseInt(p) > 65535) {
                throw new ConfigurationException(field + ": bad port '" + p + "' in '" + url + "'");
            }
            port = Integer.parseInt(p);
        }
        if (host.isEmpty() || !host.matches("[A-Za-z0-9._\\-\\[\\]:]+")) {
            throw new ConfigurationException(field + ": bad host '" + host + "' in '" + url + "'");
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c <= ' ' || c >= 0x7f) {
                throw new ConfigurationException(field + ": '" + url + "' has a space or a non-ASCII character in its"
                        + " path (percent-encode it)");
            }
        }
        String request = "GET " + path + " HTTP/1.1\r\n"
                + "Host: " + authority + "\r\n"
                + "User-Agent: jmeter-dubbo-sampler\r\n"
                + "Accept: */*\r\n"
                + (attachments.isEmpty() ? "" : HopAttachments.HEADER + ": " + HopAttachments.encode(attachments)
                        + "\r\n")
                + "\r\n";
        return new HopRequest(url, host, port, request.getBytes(StandardCharsets.US_ASCII),
                java.util.Collections.unmodifiableList(new java.util.ArrayList<>(attachments.keySet())));
    }

    /** The attachments' names the request carries, in order (empty: none). */
    public java.util.List<String> attachmentKeys() {
        return attachmentKeys;
    }

    public String url() {
        return url;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** The request as sent. Shared: do not modify. */
    byte[] bytes() {
        return bytes;
    }

    /** The request as sent, as text (it is ASCII). */
    public String text() {
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    public int length() {
        return bytes.length;
    }
}
