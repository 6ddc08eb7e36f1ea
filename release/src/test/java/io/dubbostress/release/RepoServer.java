package io.dubbostress.release;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A download site on 127.0.0.1, a free port: {@code /dist/...} serves a release folder (our jars, repo.json), as a
 * release page or a company mirror would; {@code /maven2/...} serves a Maven repository folder in Maven's layout (the
 * build's local repository, holding the jars Maven downloaded from Maven Central), as Central or a company proxy of
 * it would. GET only, files only, nothing outside the two folders; every request is recorded (method and path) so a
 * test can say what was fetched, and that nothing else was asked for.
 *
 * <pre>{@code
 * try (RepoServer server = RepoServer.start(distDir, mavenRepo)) {
 *     String repoJson = server.distUrl() + "repo.json";
 * }
 * }</pre>
 */
final class RepoServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(4);
    private final List<String> requests = new ArrayList<>();

    /** Appended to as requests come in, when set (the server run as its own process: {@link #main}). */
    private Path requestLog;

    private RepoServer(Path dist, Path maven) throws IOException {
        this(dist, maven, 0);
    }

    private RepoServer(Path dist, Path maven, int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        server.createContext("/dist/", exchange -> serve(exchange, dist, "/dist/"));
        server.createContext("/maven2/", exchange -> serve(exchange, maven, "/maven2/"));
        server.createContext("/", exchange -> {
            record(exchange);
            reply(exchange, 404, null);
        });
        server.setExecutor(executor);
        server.start();
    }

    static RepoServer start(Path dist, Path maven) throws IOException {
        return new RepoServer(dist, maven);
    }

    String distUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/dist/";
    }

    String mavenUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/maven2/";
    }

    /** Every request so far, as {@code "GET /dist/repo.json"}. */
    synchronized List<String> requests() {
        return new ArrayList<>(requests);
    }

    private void serve(HttpExchange exchange, Path root, String prefix) throws IOException {
        record(exchange);
        String path = URI.create(exchange.getRequestURI().getRawPath()).getPath().substring(prefix.length());
        Path file = root.resolve(path).normalize();
        if (!"GET".equals(exchange.getRequestMethod()) || !file.startsWith(root) || !Files.isRegularFile(file)) {
            reply(exchange, "GET".equals(exchange.getRequestMethod()) ? 404 : 405, null);
            return;
        }
        reply(exchange, 200, file);
    }

    private synchronized void record(HttpExchange exchange) {
        String request = exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath();
        requests.add(request);
        if (requestLog != null) {
            try {
                Files.writeString(requestLog, request + "\n", java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /**
     * The server as a process of its own, for a network namespace of the test's ({@link OfflineNamespace}):
     * {@code RepoServer DIST MAVEN PORT REQUESTS}; every request is appended to REQUESTS, and REQUESTS.ready is written
     * once it listens. It serves until killed.
     */
    public static void main(String[] args) throws Exception {
        RepoServer server = new RepoServer(Path.of(args[0]), Path.of(args[1]), Integer.parseInt(args[2]));
        server.requestLog = Path.of(args[3]);
        Files.writeString(Path.of(args[3] + ".ready"), server.distUrl() + "\n");
        Thread.currentThread().join();
    }

    private static void reply(HttpExchange exchange, int status, Path file) throws IOException {
        try (exchange) {
            try (InputStream body = exchange.getRequestBody()) {
                body.transferTo(OutputStream.nullOutputStream());
            }
            if (file == null) {
                exchange.sendResponseHeaders(status, -1);
                return;
            }
            exchange.getResponseHeaders().add("Content-Type",
                    file.toString().endsWith(".json") ? "application/json" : "application/java-archive");
            exchange.sendResponseHeaders(status, Files.size(file));
            try (OutputStream out = exchange.getResponseBody()) {
                Files.copy(file, out);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
