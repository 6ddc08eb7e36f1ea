package io.dubbostress.perfmon.server;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.dubbostress.perfmon.metrics.PrometheusExposition;

/**
 * {@code GET /metrics} on the agent's bind address: the {@link PrometheusExposition} read at each request, one thread.
 * Anything else is 404, any other method 405. Off unless the agent was started with {@code --prometheus-port}.
 */
public final class PrometheusEndpoint implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService executor;

    private PrometheusEndpoint(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    public static PrometheusEndpoint start(InetAddress bind, int port, PrometheusExposition exposition)
            throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(bind, port), 16);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "perfmon-prometheus");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", exchange -> handle(exchange, exposition));
        server.start();
        return new PrometheusEndpoint(server, executor);
    }

    private static void handle(HttpExchange exchange, PrometheusExposition exposition) throws IOException {
        try {
            String path = exchange.getRequestURI().getPath();
            if (!"/metrics".equals(path)) {
                reply(exchange, 404, "text/plain; charset=utf-8", "not found: this agent serves /metrics only\n");
            } else if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod())) {
                reply(exchange, 405, "text/plain; charset=utf-8", "GET /metrics\n");
            } else {
                reply(exchange, 200, PrometheusExposition.CONTENT_TYPE, exposition.scrape());
            }
        } catch (RuntimeException e) {
            reply(exchange, 500, "text/plain; charset=utf-8", "cannot read the metrics: " + e + "\n");
        } finally {
            exchange.close();
        }
    }

    private static void reply(HttpExchange exchange, int code, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(code, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
