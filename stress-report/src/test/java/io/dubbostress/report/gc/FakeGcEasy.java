package io.dubbostress.report.gc;

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
 * describes: {@code POST /analyzeGC?apiKey=KEY} with the raw (or zipped) log; 200 and the analysis JSON for the known
 * key, 200 and {@code {"fault": ...}} for another key. Other modes: a server error, a non-JSON answer, and a slow
 * answer that only comes when the test releases it. Binds 127.0.0.1 on a free port.
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

        public Received(String method, String apiKey, String contentType, String contentEncoding, byte[] body) {
            this.method = method;
            this.apiKey = apiKey;
            this.contentType = contentType;
            this.contentEncoding = contentEncoding;
            this.body = body;
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
            String key = "";
            for (String pair : query == null ? new String[0] : query.split("&")) {
                if (pair.startsWith("apiKey=")) {
                    key = URLDecoder.decode(pair.substring("apiKey=".length()), StandardCharsets.UTF_8);
                }
            }
            received.add(new Received(exchange.getRequestMethod(), key,
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("Content-Encoding"), in.readAllBytes()));
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
