package io.dubbostress.gc;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipInputStream;

/**
 * A local stand-in for the GCeasy API (api.gceasy.io cannot be reached from here), answering as its documentation
 * describes: {@code POST /analyzeGC?apiKey=KEY} with the raw log, or with {@code Content-Encoding: zip} a zip archive
 * of one or several files; optional time filters {@code startTime} and {@code endTime} in the logs' time-stamp format
 * ({@code 2017-12-25T10:03:00.000-0700}); 200 and the analysis JSON for the known key, 200 and
 * {@code {"fault": ...}} for another key or a malformed time filter. Like a proxy that breaks on it, it refuses
 * (HTTP 400) a request that asks to upgrade to HTTP/2 ({@code Upgrade: h2c}) and a zip that is not one. Other modes: a
 * server error, a non-JSON answer, and a slow answer that only comes when the test releases it. Binds 127.0.0.1 on a
 * free port.
 */
public final class FakeGcEasy implements AutoCloseable {

    public enum Mode { ANALYSE, SERVER_ERROR, NOT_JSON, SLOW }

    /** What the server received. */
    public static final class Received {
        public final String method;
        public final String apiKey;
        public final String contentType;
        public final String contentEncoding;
        public final byte[] body;
        /** "HTTP/1.1" (the request line's protocol), and the Upgrade header (null when there is none). */
        public final String protocol;
        public final String upgrade;
        /** The time filters as decoded from the query (null when absent). */
        public final String startTime;
        public final String endTime;

        public Received(String method, String apiKey, String contentType, String contentEncoding, byte[] body,
                        String protocol, String upgrade, String startTime, String endTime) {
            this.method = method;
            this.apiKey = apiKey;
            this.contentType = contentType;
            this.contentEncoding = contentEncoding;
            this.body = body;
            this.protocol = protocol;
            this.upgrade = upgrade;
            this.startTime = startTime;
            this.endTime = endTime;
        }

        /** The files of a zipped body, name to content, in archive order. */
        public java.util.LinkedHashMap<String, String> entries() throws IOException {
            java.util.LinkedHashMap<String, String> entries = new java.util.LinkedHashMap<>();
            try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(body))) {
                java.util.zip.ZipEntry entry;
                while ((entry = zip.getNextEntry()) != null) {
                    entries.put(entry.getName(), new String(zip.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
            return entries;
        }

        /** The log as sent: the body, unzipped when it came zipped. */
        public String log() throws IOException {
            if (!"zip".equals(contentEncoding)) {
                return new String(body, StandardCharsets.UTF_8);
            }
            try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(body))) {
                zip.getNextEntry();
                return new String(zip.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }

    public static final String ANSWER = "{\n"
            + "  \"isProblem\": true,\n"
            + "  \"problem\": [\"Our analysis tells that Full GCs are running in your application.\"],\n"
            + "  \"jvmHeapSize\": {\"youngGen\": {\"allocatedSize\": \"76.5 mb\", \"peakSize\": \"64 mb\"},\n"
            + "                  \"total\": {\"allocatedSize\": \"245.5 mb\", \"peakSize\": \"190 mb\"}},\n"
            + "  \"gcStatistics\": {\"totalCreatedBytes\": \"2.1 gb\", \"measurementDuration\": \"3 sec 497 ms\",\n"
            + "                   \"avgAllocationRate\": \"600 mb/sec\", \"minorGCCount\": \"34\", \"fullGCCount\": \"2\"},\n"
            + "  \"gcKPI\": {\"throughputPercentage\": 89.579, \"averagePauseTime\": 10.124, \"maxPauseTime\": 49.375},\n"
            + "  \"gcCauses\": [{\"cause\": \"Allocation Failure\", \"count\": 34}, {\"cause\": \"Ergonomics\", \"count\": 1}],\n"
            + "  \"webReport\": \"https://gceasy.io/my-gc-report.jsp?p=c2hhcmVkLzIwMjYvMTEvMjIvLS1wYXJhbGxlbA==\",\n"
            + "  \"graphURL\": \"https://gceasy.io/my-gc-report.jsp?p=c2hhcmVkLzIwMjYvMTEvMjIvLS1wYXJhbGxlbA==\"\n"
            + "}";

    /** The documented time-filter format, e.g. 2017-12-25T10:03:00.000-0700. */
    private static final java.util.regex.Pattern TIME_FILTER =
            java.util.regex.Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4}");

    private final HttpServer server;
    private final String validKey;
    private volatile Mode mode = Mode.ANALYSE;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final CountDownLatch release = new CountDownLatch(1);

    public FakeGcEasy(String validKey) throws IOException {
        this.validKey = validKey;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/analyzeGC", this::handle);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-gceasy");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/analyzeGC");
    }

    public void mode(Mode mode) {
        this.mode = mode;
    }

    public List<Received> received() {
        return received;
    }

    /** Lets a {@link Mode#SLOW} answer go. */
    public void release() {
        release.countDown();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            String query = exchange.getRequestURI().getRawQuery();
            java.util.Map<String, String> params = new java.util.HashMap<>();
            for (String pair : query == null ? new String[0] : query.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    params.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
            String key = params.getOrDefault("apiKey", "");
            String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
            String upgrade = exchange.getRequestHeaders().getFirst("Upgrade");
            Received request = new Received(exchange.getRequestMethod(), key,
                    exchange.getRequestHeaders().getFirst("Content-Type"), encoding, in.readAllBytes(),
                    exchange.getProtocol(), upgrade, params.get("startTime"), params.get("endTime"));
            received.add(request);
            if (upgrade != null) {
                answer(exchange, 400, "text/html", "<html><body>400 Bad Request: upgrade not supported</body></html>");
                return;
            }
            if ("zip".equals(encoding) && request.entries().isEmpty()) {
                answer(exchange, 400, "text/html", "<html><body>400 Bad Request: not a zip archive</body></html>");
                return;
            }
            for (String filter : new String[] {request.startTime, request.endTime}) {
                if (filter != null && !TIME_FILTER.matcher(filter).matches()) {
                    answer(exchange, 200, "application/json",
                            "{\"fault\": {\"reason\": \"time filter '" + filter + "' is not yyyy-MM-dd'T'HH:mm:ss.SSSZ\"}}");
                    return;
                }
            }
            switch (mode) {
                case SERVER_ERROR:
                    answer(exchange, 503, "text/html", "<html><body>503 Service Unavailable</body></html>");
                    return;
                case NOT_JSON:
                    answer(exchange, 200, "text/html", "<html><body>Maintenance</body></html>");
                    return;
                case SLOW:
                    try {
                        release.await(60, TimeUnit.SECONDS); // bounded: the test releases it after its client gave up
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    answer(exchange, 200, "application/json", ANSWER);
                    return;
                default:
                    if (validKey.equals(key)) {
                        answer(exchange, 200, "application/json", ANSWER);
                    } else {
                        // the reason quotes the key it was given: the client must not pass that on
                        answer(exchange, 200, "application/json",
                                "{\"fault\": {\"reason\": \"Invalid API key '" + key + "'\"}}");
                    }
            }
        } catch (IOException e) {
            exchange.close();
        }
    }

    private static void answer(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
    }
}
