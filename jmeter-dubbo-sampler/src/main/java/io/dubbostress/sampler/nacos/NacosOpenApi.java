package io.dubbostress.sampler.nacos;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a Nacos server's open HTTP API (v1, Nacos 1.x and 2.x) that browsing needs: log in ({@code POST
 * /nacos/v1/auth/users/login}: an {@code accessToken} for the registry user), list a namespace's and group's services
 * ({@code GET /nacos/v1/ns/service/list}) and a service's instances ({@code GET /nacos/v1/ns/instance/list}: ip, port,
 * health and metadata, where Dubbo puts a provider URL's parameters). JSON read with jackson-core's streaming API
 * (the one every JMeter's lib/ has). A password is sent in the login's form body only, and never appears in an
 * exception's message.
 *
 * <pre>{@code
 * NacosOpenApi nacos = new NacosOpenApi("127.0.0.1:8848", 5000);
 * nacos.login("nacos", "s3cret");
 * List<String> names = nacos.serviceNames("dev", "DEFAULT_GROUP");
 * List<NacosOpenApi.Instance> providers = nacos.instances("dev", "DEFAULT_GROUP", names.get(0));
 * }</pre>
 */
public final class NacosOpenApi {

    /** One instance of a service: where it runs and its metadata. */
    public static final class Instance {
        private final String ip;
        private final int port;
        private final boolean healthy;
        private final Map<String, String> metadata;

        Instance(String ip, int port, boolean healthy, Map<String, String> metadata) {
            this.ip = ip;
            this.port = port;
            this.healthy = healthy;
            this.metadata = metadata;
        }

        public String ip() {
            return ip;
        }

        public int port() {
            return port;
        }

        public boolean healthy() {
            return healthy;
        }

        public Map<String, String> metadata() {
            return metadata;
        }
    }

    /** The server answered with an HTTP error status. */
    public static final class HttpStatusException extends IOException {
        private static final long serialVersionUID = 1L;
        private final int status;

        HttpStatusException(int status, String message) {
            super(message);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    private static final JsonFactory JSON = new JsonFactory();
    private static final int PAGE_SIZE = 500;

    private final String server;
    private final int timeoutMs;
    private String accessToken;

    /**
     * @param server {@code host:port} of the HTTP API (8848 by default)
     */
    public NacosOpenApi(String server, int timeoutMs) {
        this.server = server;
        this.timeoutMs = timeoutMs;
    }

    public String server() {
        return server;
    }

    /** Logs in; later calls carry the token. */
    public void login(String user, String password) throws IOException {
        byte[] form = ("username=" + encode(user) + "&password=" + encode(password == null ? "" : password))
                .getBytes(StandardCharsets.UTF_8);
        HttpURLConnection c = open("/nacos/v1/auth/users/login?username=" + encode(user));
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
        try (OutputStream out = c.getOutputStream()) {
            out.write(form);
        }
        String token = null;
        try (JsonParser p = JSON.createParser(body(c, "log in as '" + user + "'"))) {
            if (p.nextToken() == JsonToken.START_OBJECT) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.getCurrentName();
                    p.nextToken();
                    if ("accessToken".equals(field)) {
                        token = p.getText();
                    } else {
                        p.skipChildren();
                    }
                }
            }
        }
        if (token == null || token.isEmpty()) {
            throw new IOException("the Nacos server at " + server + " logged '" + user + "' in without an accessToken");
        }
        this.accessToken = token;
    }

    /** Every service name of a namespace ("" or "public": the public one) and group, page by page. */
    public List<String> serviceNames(String namespace, String group) throws IOException {
        List<String> names = new ArrayList<>();
        for (int page = 1; page <= 1000; page++) {
            int count = -1;
            int before = names.size();
            String path = "/nacos/v1/ns/service/list?pageNo=" + page + "&pageSize=" + PAGE_SIZE + "&namespaceId="
                    + encode(namespace) + "&groupName=" + encode(group);
            try (JsonParser p = JSON.createParser(body(open(path + token()), "list the services"))) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    throw new IOException("the Nacos server at " + server + " answered the service list with no"
                            + " JSON object");
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.getCurrentName();
                    JsonToken value = p.nextToken();
                    if ("count".equals(field)) {
                        count = p.getIntValue();
                    } else if ("doms".equals(field) && value == JsonToken.START_ARRAY) {
                        while (p.nextToken() != JsonToken.END_ARRAY) {
                            names.add(p.getText());
                        }
                    } else {
                        p.skipChildren();
                    }
                }
            }
            if (names.size() == before || count >= 0 && names.size() >= count) {
                break;
            }
        }
        return names;
    }

    /** A service's instances, healthy or not. */
    public List<Instance> instances(String namespace, String group, String service) throws IOException {
        String path = "/nacos/v1/ns/instance/list?serviceName=" + encode(service) + "&groupName=" + encode(group)
                + "&namespaceId=" + encode(namespace) + "&healthyOnly=false";
        List<Instance> out = new ArrayList<>();
        try (JsonParser p = JSON.createParser(body(open(path + token()), "list the instances of " + service))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return out;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.getCurrentName();
                JsonToken value = p.nextToken();
                if ("hosts".equals(field) && value == JsonToken.START_ARRAY) {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        out.add(instance(p));
                    }
                } else {
                    p.skipChildren();
                }
            }
        }
        return out;
    }

    private static Instance instance(JsonParser p) throws IOException {
        String ip = "";
        int port = 0;
        boolean healthy = true;
        Map<String, String> metadata = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.getCurrentName();
            JsonToken value = p.nextToken();
            if ("ip".equals(field)) {
                ip = p.getText();
            } else if ("port".equals(field)) {
                port = p.getIntValue();
            } else if ("healthy".equals(field)) {
                healthy = value == JsonToken.VALUE_TRUE;
            } else if ("metadata".equals(field) && value == JsonToken.START_OBJECT) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.getCurrentName();
                    p.nextToken();
                    metadata.put(key, p.getText());
                }
            } else {
                p.skipChildren();
            }
        }
        return new Instance(ip, port, healthy, metadata);
    }

    private String token() throws UnsupportedEncodingException {
        return accessToken == null ? "" : "&accessToken=" + URLEncoder.encode(accessToken, "UTF-8");
    }

    private HttpURLConnection open(String path) throws IOException {
        HttpURLConnection c = (HttpURLConnection) new URL("http://" + server + path).openConnection();
        c.setConnectTimeout(timeoutMs);
        c.setReadTimeout(timeoutMs);
        c.setUseCaches(false);
        c.setRequestProperty("Accept", "application/json"); // else an error comes as an HTML page
        return c;
    }

    /** The body of a 2xx answer; an {@link HttpStatusException} naming what was asked otherwise. */
    private InputStream body(HttpURLConnection c, String what) throws IOException {
        int status = c.getResponseCode();
        if (status / 100 == 2) {
            return c.getInputStream();
        }
        InputStream error = c.getErrorStream();
        String text = "";
        if (error != null) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            for (int n; bytes.size() < 2000 && (n = error.read(buffer)) > 0;) {
                bytes.write(buffer, 0, n);
            }
            error.close();
            text = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
        }
        String message = messageOf(text);
        throw new HttpStatusException(status, "the Nacos server at " + server + " refused to " + what + ": HTTP "
                + status + (message.isEmpty() ? "" : " " + message)
                + (status != 403 && status != 401 ? "" : what.startsWith("log in") ? " (check the registry user"
                + " and password)" : accessToken == null ? " (it needs a registry user: give Registry user and"
                + " password)" : " (check the registry user's rights in that namespace)"));
    }

    /**
     * The {@code message} of a JSON error body; of an HTML error page (Spring's "Whitelabel Error Page", which the
     * server sends a client that accepts HTML) its last line of text that is not the page's own boilerplate; else the
     * body's first 200 characters.
     */
    static String messageOf(String text) {
        String trimmed = text.trim();
        if (trimmed.regionMatches(true, 0, "<html", 0, 5) || trimmed.regionMatches(true, 0, "<!doctype", 0, 9)) {
            String message = "";
            java.util.regex.Matcher div = java.util.regex.Pattern.compile("(?is)<div([^>]*)>(.*?)</div>")
                    .matcher(trimmed);
            while (div.find()) {
                String line = div.group(2).replaceAll("<[^>]*>", "").trim();
                if (!div.group(1).contains("created") && !line.isEmpty()
                        && !line.startsWith("There was an unexpected error")) {
                    message = line;
                }
            }
            return message;
        }
        if (trimmed.startsWith("{")) {
            try (JsonParser p = JSON.createParser(trimmed)) {
                p.nextToken();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.getCurrentName();
                    p.nextToken();
                    if ("message".equals(field)) {
                        return p.getText();
                    }
                    p.skipChildren();
                }
            } catch (IOException e) {
                // not JSON after all
            }
        }
        String line = trimmed.replace('\n', ' ').replace('\r', ' ');
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    private static String encode(String value) throws UnsupportedEncodingException {
        return URLEncoder.encode(value == null ? "" : value, "UTF-8");
    }
}
