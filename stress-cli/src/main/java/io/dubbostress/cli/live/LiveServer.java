package io.dubbostress.cli.live;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.dubbostress.cli.UserError;
import io.dubbostress.cli.options.LiveOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The live page over HTTP (the JDK's own server, two daemon threads): {@code /} the page (one self-contained file:
 * its script and styles inline, nothing fetched from anywhere else), {@code /live.json} its data ({@code ?full=1}: every second kept)
 * ({@link LiveRun#json}), {@code /report.html} the run's report once written. Bound to loopback unless told otherwise;
 * on loopback it answers only requests addressed to a loopback name (a web page elsewhere cannot make a browser read
 * the run through a name of its own that resolves to 127.0.0.1).
 *
 * <pre>{@code
 * try (LiveRun run = LiveRun.start(folder, LiveRun.Agent.FROM_RUN_JSON, Duration.ofSeconds(1));
 *      LiveServer server = LiveServer.start(run, LiveOptions.Live.DEFAULT)) {
 *     System.out.println(server.address());   // http://127.0.0.1:7070/
 * }
 * }</pre>
 */
public final class LiveServer implements AutoCloseable {

    static final String PAGE = "live.html";
    private static final String CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            + "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'";

    private final HttpServer server;
    private final ExecutorService executor;
    private final byte[] page;
    private final boolean loopback;
    private volatile LiveRun run;
    private volatile long reportServedMs;

    private LiveServer(HttpServer server, ExecutorService executor, byte[] page, boolean loopback) {
        this.server = server;
        this.executor = executor;
        this.page = page;
        this.loopback = loopback;
    }

    /** {@link #bind}, then {@link #serve} {@code run}. */
    public static LiveServer start(LiveRun run, LiveOptions.Live live) {
        return bind(live).serve(run);
    }

    /**
     * Listens at {@code live}'s address (when its port is taken and {@code live} allows, at any free port), serving
     * nothing yet: a port that cannot be had is refused before a run starts. A {@link UserError} (one line, exit code
     * 2) when it cannot listen there.
     */
    public static LiveServer bind(LiveOptions.Live live) {
        InetAddress bind;
        try {
            bind = InetAddress.getByName(live.bind());
        } catch (IOException e) {
            throw new UserError("Invalid value for option '--live-bind': '" + live.bind() + "': " + e.getMessage());
        }
        HttpServer server;
        try {
            server = bind(bind, live.port());
        } catch (BindException e) {
            if (!live.anyPortIfTaken()) {
                throw new UserError("Invalid value for option '--live-port': cannot listen on " + live.bind() + ":"
                        + live.port() + " (" + e.getMessage() + "); give another port, 0 for any, or --no-live");
            }
            try {
                server = bind(bind, 0);
            } catch (IOException again) {
                throw new UserError("the live page cannot listen on " + live.bind() + ": " + again.getMessage()
                        + "; --no-live runs without it");
            }
        } catch (IOException e) {
            throw new UserError("the live page cannot listen on " + live.bind() + ":" + live.port() + ": "
                    + e.getMessage() + "; --no-live runs without it");
        }
        ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "live-page http");
            t.setDaemon(true);
            return t;
        });
        return new LiveServer(server, executor, page(), bind.isLoopbackAddress());
    }

    /** Serves {@code run}'s page from now on. */
    public LiveServer serve(LiveRun live) {
        this.run = live;
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
        return this;
    }

    private static HttpServer bind(InetAddress address, int port) throws IOException {
        return HttpServer.create(new InetSocketAddress(address, port), 16);
    }

    private static byte[] page() {
        try (InputStream in = LiveServer.class.getResourceAsStream(PAGE)) {
            if (in == null) {
                throw new IllegalStateException("the live page " + PAGE + " is not in the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page's address as a browser opens it: {@code http://127.0.0.1:7070/}. */
    public String address() {
        InetSocketAddress a = server.getAddress();
        InetAddress host = a.getAddress();
        String name = host.isAnyLocalAddress() ? "127.0.0.1" : host.getHostAddress();
        if (name.contains(":")) {
            name = "[" + name + "]";
        }
        return "http://" + name + ":" + a.getPort() + "/";
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Whether it listens on loopback only (this machine). */
    public boolean loopbackOnly() {
        return loopback;
    }

    /** Epoch ms report.html was last served, 0 before. */
    public long reportServedMs() {
        return reportServedMs;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                send(exchange, 405, "text/plain", "only GET\n".getBytes(StandardCharsets.UTF_8));
                return;
            }
            if (loopback && !loopbackHost(exchange.getRequestHeaders().getFirst("Host"))) {
                send(exchange, 403, "text/plain", ("this page answers on a loopback address only (Host: "
                        + exchange.getRequestHeaders().getFirst("Host") + ")\n").getBytes(StandardCharsets.UTF_8));
                return;
            }
            String path = exchange.getRequestURI().getPath();
            switch (path) {
                case "/", "/index.html" -> send(exchange, 200, "text/html; charset=utf-8", page);
                case "/favicon.ico" -> send(exchange, 204, "image/x-icon", new byte[0]);
                case "/live.json" -> send(exchange, 200, "application/json",
                        run.json(full(exchange.getRequestURI().getRawQuery())));
                case "/report.html" -> report(exchange);
                default -> send(exchange, 404, "text/plain", ("no " + path + " here: the live page is at /\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException | RuntimeException e) {
            // the browser went away, or a file being replaced: nothing to answer to
        }
    }

    private void report(HttpExchange exchange) throws IOException {
        Path report = run.folder().resolve("report.html");
        if (!run.reportReady()) {
            send(exchange, 404, "text/plain", "the report is not written yet\n".getBytes(StandardCharsets.UTF_8));
            return;
        }
        send(exchange, 200, "text/html; charset=utf-8", Files.readAllBytes(report), false);
        reportServedMs = System.currentTimeMillis();
    }

    /** Whether the query asks for every second kept ({@code full=1}), not only the last ones. */
    static boolean full(String query) {
        return query != null && java.util.Arrays.asList(query.split("&")).contains("full=1");
    }

    /** Whether a Host header names loopback: {@code 127.x.x.x}, {@code localhost}, {@code [::1]}, with any port. */
    static boolean loopbackHost(String host) {
        if (host == null) {
            return true; // HTTP/1.0 without Host: not a browser's request
        }
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            return h.startsWith("[::1]");
        }
        int colon = h.indexOf(':');
        String name = colon < 0 ? h : h.substring(0, colon);
        return name.equals("localhost") || name.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        send(exchange, status, type, body, true);
    }

    /** Answers; {@code csp}: with the page's Content-Security-Policy (nothing from elsewhere; not for the report). */
    private static void send(HttpExchange exchange, int status, String type, byte[] body, boolean csp)
            throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        if (csp) {
            exchange.getResponseHeaders().set("Content-Security-Policy", CSP);
        }
        exchange.getResponseHeaders().set("Referrer-Policy", "no-referrer");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        boolean none = head || body.length == 0;
        exchange.sendResponseHeaders(status, none ? -1 : body.length);
        if (!none) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
