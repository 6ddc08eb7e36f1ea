package io.dubbostress.report.answer;

import io.dubbostress.report.SyntheticJtl;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A hop of known cost, on loopback: a stand-in provider ({@code /provider}: answers 1 KiB at once) and a stand-in
 * consumer ({@code /consumer}: sleeps {@code delayMs}, then forwards the call to the provider and returns its answer).
 * {@link #record} calls one of them from a few threads for a bounded time, as JMeter's threads would, and writes what it
 * timed as a JTL with our sampler's {@code elapsed_us} column: the hop scenario's calls then cost at least the delay
 * more than the direct one's, whatever the machine's load.
 *
 * <pre>{@code
 * try (FixedDelayHop hop = new FixedDelayHop(20)) {
 *     long[] direct = hop.record(run.resolve("scenarios/direct-1k/results.jtl"), "direct-1k", false, 4, 1500);
 * }
 * }</pre>
 */
final class FixedDelayHop implements AutoCloseable {

    static {
        // the JDK's server writes headers and body apart: without TCP_NODELAY a call waits for the peer's delayed ACK
        // (40 ms here), which would hide the delay under the transport's own
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private static final byte[] ANSWER = "x".repeat(1024).getBytes(StandardCharsets.US_ASCII);

    private final long delayMs;
    private final HttpServer server;
    private final ExecutorService workers = Executors.newFixedThreadPool(16);

    FixedDelayHop(long delayMs) throws IOException {
        this.delayMs = delayMs;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.createContext("/provider", exchange -> answer(exchange, ANSWER));
        server.createContext("/consumer", exchange -> {
            try {
                Thread.sleep(delayMs);
                answer(exchange, get("/provider"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(503, -1);
                exchange.close();
            }
        });
        server.setExecutor(workers);
        server.start();
    }

    long delayMs() {
        return delayMs;
    }

    private static void answer(HttpExchange exchange, byte[] body) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            in.readAllBytes();
        }
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private byte[] get(String path) throws IOException {
        URL url = new URL("http://127.0.0.1:" + server.getAddress().getPort() + path);
        HttpURLConnection connection = (HttpURLConnection) url.openConnection();
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(30_000);
        try (InputStream in = connection.getInputStream()) {
            return in.readAllBytes();
        }
    }

    /**
     * Calls the consumer ({@code hop}) or the provider from {@code threads} threads for {@code durationMs}, and writes
     * each call as a JTL row labelled {@code label} into {@code jtl}. Returns the calls' latencies in microseconds,
     * in the order they started, with their start times: {@code [startMs..., elapsedUs...]} as two arrays.
     */
    long[][] record(Path jtl, String label, boolean hop, int threads, long durationMs) throws InterruptedException {
        Queue<long[]> calls = new ConcurrentLinkedQueue<>();
        long end = System.currentTimeMillis() + durationMs;
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                while (System.currentTimeMillis() < end) {
                    long startMs = System.currentTimeMillis();
                    long t0 = System.nanoTime();
                    try {
                        get(hop ? "/consumer" : "/provider");
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    calls.add(new long[] {startMs, (System.nanoTime() - t0) / 1000});
                }
            }, "fixed-delay-" + label + "-" + t);
            thread.start();
            running.add(thread);
        }
        for (Thread thread : running) {
            thread.join(durationMs + 60_000);
        }
        long[][] rows = calls.toArray(new long[0][]);
        Arrays.sort(rows, (a, b) -> Long.compare(a[0], b[0]));
        writeJtl(jtl, label, threads, rows);
        return rows;
    }

    /**
     * Writes calls ({@code [startMs, elapsedUs]} each) as a JTL with our sampler's {@code elapsed_us} column, labelled
     * {@code label}, as {@link #record} does with the calls it timed.
     */
    static void writeJtl(Path jtl, String label, int threads, long[][] rows) {
        StringBuilder out = new StringBuilder(SyntheticJtl.HEADER).append(",elapsed_us\n");
        for (long[] row : rows) {
            out.append(row[0]).append(',').append(row[1] / 1000).append(',').append(label)
                    .append(",200,OK,Thread Group 1-1,text,true,,1024,120,").append(threads).append(',')
                    .append(threads).append(",null,0,0,0,").append(row[1]).append('\n');
        }
        try {
            Files.createDirectories(jtl.getParent());
            Files.writeString(jtl, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
