package io.dubbostress.cli.options;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Where a run's figures go in InfluxDB: the write URL as JMeter's Backend Listener takes it, InfluxDB 1.x
 * ({@code http://HOST:8086/write?db=NAME[&rp=POLICY]}) or 2.x ({@code http://HOST:8086/api/v2/write?org=ORG&bucket=B}),
 * and a token sent as {@code Authorization: Token ...} (2.x), or a 1.x's {@code user:password} (sent as HTTP Basic by
 * this run, as {@code Token user:password} by JMeter's client, which InfluxDB 1.8+ takes).
 * The URL never carries a secret: JMeter writes the URL into jmeter.log (every property given with {@code -J}, and the
 * URL of every failed write), so {@code u=}/{@code p=} and a {@code user:password@} are refused, and no message echoes
 * a password or token the text given held ({@link #masked}: the refusals of a URL that is wrong in another way too).
 * The token is kept out of {@link #toString()} and of every message.
 *
 * <pre>{@code
 * InfluxTarget t = InfluxTarget.parse("http://127.0.0.1:8086/write?db=stress");
 * URI ours = t.writeUri();   // ...&precision=ms: this run's own points, stamped in milliseconds
 * URI ping = t.pingUri();    // http://127.0.0.1:8086/ping
 * }</pre>
 */
public final class InfluxTarget {

    /** The two write APIs. */
    public enum Api { V1, V2 }

    private static final String V1_WRITE = "/write";
    private static final String V2_WRITE = "/api/v2/write";

    private final String url;
    private final URI uri;
    private final Api api;
    private final String base;
    private final Map<String, String> query;
    private final String token;

    private InfluxTarget(String url, URI uri, Api api, String base, Map<String, String> query, String token) {
        this.url = url;
        this.uri = uri;
        this.api = api;
        this.base = base;
        this.query = query;
        this.token = token;
    }

    /**
     * The target a write URL names.
     *
     * @throws IllegalArgumentException saying what is wrong with it, in words that follow {@code Invalid value for
     *     option '--influxdb': }
     */
    public static InfluxTarget parse(String text) {
        String t = text == null ? "" : text.trim();
        // what the messages show: the URL with any password or token masked (a URL with one is refused below, but
        // a URL that is wrong in another way as well is refused for that first, and shown)
        String shown = masked(t);
        URI uri;
        try {
            uri = new URI(t);
        } catch (URISyntaxException e) {
            // the reason alone: URISyntaxException's own message and its input are the whole text
            throw new IllegalArgumentException("'" + shown + "' is not a URL (" + e.getReason() + " at index "
                    + e.getIndex() + "); " + FORMS);
        }
        if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
            throw new IllegalArgumentException("'" + shown + "' is not an http(s) URL with a host; " + FORMS);
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("the URL carries a user and password (" + uri.getScheme() + "://...@"
                    + uri.getHost() + "), which JMeter would write into jmeter.log; give them as a token in a file "
                    + "instead (--influxdb-token-file, user:password for InfluxDB 1.x)");
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        Api api;
        String prefix;
        if (path.endsWith(V2_WRITE)) {
            api = Api.V2;
            prefix = path.substring(0, path.length() - V2_WRITE.length());
        } else if (path.endsWith(V1_WRITE)) {
            api = Api.V1;
            prefix = path.substring(0, path.length() - V1_WRITE.length());
        } else {
            throw new IllegalArgumentException("'" + shown + "' is not a write URL; " + FORMS);
        }
        Map<String, String> query = query(uri.getRawQuery());
        if (query.containsKey("p") || query.containsKey("u")) {
            throw new IllegalArgumentException("the URL carries a user or password (u=, p=), which JMeter would write "
                    + "into jmeter.log; give them as a token in a file instead (--influxdb-token-file, user:password "
                    + "for InfluxDB 1.x)");
        }
        if (query.containsKey("precision")) {
            throw new IllegalArgumentException("'" + shown + "' sets precision=, but JMeter's Backend Listener writes "
                    + "nanosecond timestamps: leave precision out");
        }
        if (api == Api.V1 && blank(query.get("db"))) {
            throw new IllegalArgumentException("'" + shown + "' names no database (db=NAME); " + FORMS);
        }
        if (api == Api.V2 && (blank(query.get("bucket")) || blank(query.get("org")) && blank(query.get("orgID")))) {
            throw new IllegalArgumentException("'" + shown + "' needs bucket= and org= (or orgID=); " + FORMS);
        }
        String authority = uri.getRawAuthority();
        return new InfluxTarget(t, uri, api, uri.getScheme() + "://" + authority + prefix, query, null);
    }

    private static final String FORMS = "expected http://HOST:8086/write?db=NAME (InfluxDB 1.x) or "
            + "http://HOST:8086/api/v2/write?org=ORG&bucket=BUCKET (2.x)";

    private static final Pattern USER_INFO_PASSWORD = Pattern.compile("(://[^/?#@:\\s]*:)[^/?#@\\s]*@");
    private static final Pattern SECRET_PARAMETER = Pattern.compile(
            "(?i)([?&](?:p|password|token|authorization)=)[^&#\\s]*");

    /**
     * {@code text} with what could be a password or token in a URL masked ({@code ***}): the password of a
     * {@code user:password@}, and the values of the query's {@code p=} (InfluxDB 1.x), {@code password=},
     * {@code token=} and {@code authorization=}; the host, port, path, database and user stay.
     *
     * <pre>{@code
     * InfluxTarget.masked("http://127.0.0.1:8086/query?db=x&u=admin&p=s3cret")  // ...?db=x&u=admin&p=***
     * }</pre>
     */
    public static String masked(String text) {
        if (text == null) {
            return null;
        }
        String out = USER_INFO_PASSWORD.matcher(text).replaceAll("$1***@");
        return SECRET_PARAMETER.matcher(out).replaceAll("$1***");
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> q = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            q.put(key, value);
        }
        return q;
    }

    /** This target with a token (null or blank: none). */
    public InfluxTarget withToken(String value) {
        return new InfluxTarget(url, uri, api, base, query, blank(value) ? null : value.trim());
    }

    /** The write URL as given: what JMeter's Backend Listener gets (it carries no secret). */
    public String url() {
        return url;
    }

    public Api api() {
        return api;
    }

    /** The 1.x database or the 2.x bucket. */
    public String database() {
        return api == Api.V1 ? query.get("db") : query.get("bucket");
    }

    /** The token, for the Authorization header and JMeter's {@code influxdbToken}; null when there is none. */
    public String token() {
        return token;
    }

    public boolean hasToken() {
        return token != null;
    }

    /**
     * The {@code Authorization} header of this run's own requests: a 1.x {@code user:password} as HTTP Basic, which
     * every InfluxDB 1.x takes (1.8's {@code Token user:password} is the same pair, and older ones know only Basic
     * and {@code u=}/{@code p=}), else {@code Token ...}; null without a token.
     */
    public String authorization() {
        if (token == null) {
            return null;
        }
        if (api == Api.V1 && token.indexOf(':') > 0) {
            return "Basic " + Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8));
        }
        return "Token " + token;
    }

    /** The write URL with {@code precision=ms}: this run's own points. */
    public URI writeUri() {
        return URI.create(url + (uri.getRawQuery() == null ? "?" : "&") + "precision=ms");
    }

    /** {@code /ping} beside the write endpoint (both versions answer it: 204). */
    public URI pingUri() {
        return URI.create(base + "/ping");
    }

    /** 1.x: the query endpoint, with the database. */
    public URI queryUri() {
        return URI.create(base + "/query");
    }

    /** 1.x: the statement that makes the database when it is missing (it does nothing when it is there). */
    public String createDatabaseStatement() {
        return "CREATE DATABASE \"" + database().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** The URL (masked as {@link #masked} masks, though {@link #parse} lets no password in); never the token. */
    @Override
    public String toString() {
        return masked(url);
    }

    /** picocli converter: {@code converter = InfluxTarget.Converter.class}. */
    public static final class Converter implements ITypeConverter<InfluxTarget> {
        @Override
        public InfluxTarget convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
