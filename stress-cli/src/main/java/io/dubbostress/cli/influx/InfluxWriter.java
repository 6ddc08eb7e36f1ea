package io.dubbostress.cli.influx;

import io.dubbostress.cli.options.InfluxTarget;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Sends this run's own points to InfluxDB in line protocol, batched, once a second ({@link #start}) and at
 * {@link #close()}: {@code POST} to the write URL with {@code precision=ms}, the token (if any) as
 * {@code Authorization: Token ...} (a 1.x {@code user:password} as HTTP Basic: {@link InfluxTarget#authorization}). InfluxDB being away never stops or slows the run: a batch that cannot be sent is
 * kept (up to {@link #MAX_KEPT} points, the oldest dropped beyond) and sent again with the next; a batch InfluxDB
 * refuses (4xx: a bad request, no such database, not allowed) is dropped. The first failure is said in one line
 * ({@code warn}), with InfluxDB's own reason and never the token; a return after a failure in one more.
 *
 * <pre>{@code
 * try (InfluxWriter w = new InfluxWriter(target, line -> err.println("stress run: warning: " + line))) {
 *     w.prepare();                  // is it there (ping), and the 1.x database made when missing
 *     w.start();
 *     w.add(new LineProtocol("calls").tag("scenario", "direct-1k").field("count", 412).at(now));
 * }
 * }</pre>
 */
final class InfluxWriter implements AutoCloseable {

    /** Points kept while InfluxDB cannot be reached: about 10 minutes of a run's own points. */
    static final int MAX_KEPT = 200_000;
    private static final Duration CONNECT = Duration.ofSeconds(2);
    private static final Duration REQUEST = Duration.ofSeconds(5);

    private final InfluxTarget target;
    private final Consumer<String> warn;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT).build();
    private final Object lock = new Object();
    private List<String> queued = new ArrayList<>();
    private final List<String> kept = new ArrayList<>();
    private ScheduledExecutorService timer;
    private boolean failing;
    private long written;
    private long dropped;

    InfluxWriter(InfluxTarget target, Consumer<String> warn) {
        this.target = target;
        this.warn = warn;
    }

    /**
     * Whether InfluxDB answers ({@code /ping}); for 1.x the database is made when missing (as Telegraf does; a no-op
     * when it is there). Returns null when all is well, else why not (said through {@code warn} too; the run goes on
     * and its points are sent once InfluxDB answers).
     */
    String prepare() {
        String problem;
        try {
            HttpResponse<String> ping = http.send(request(HttpRequest.newBuilder(target.pingUri()).GET()),
                    HttpResponse.BodyHandlers.ofString());
            problem = ping.statusCode() / 100 == 2 ? null : "/ping answered HTTP " + ping.statusCode();
            if (problem == null && target.api() == InfluxTarget.Api.V1) {
                String form = "q=" + URLEncoder.encode(target.createDatabaseStatement(), StandardCharsets.UTF_8);
                HttpResponse<String> made = http.send(request(HttpRequest.newBuilder(target.queryUri())
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))), HttpResponse.BodyHandlers.ofString());
                if (made.statusCode() / 100 != 2 || made.body().contains("\"error\"")) {
                    problem = "cannot make database '" + target.database() + "' (HTTP " + made.statusCode() + ": "
                            + excerpt(made.body()) + ")";
                }
            }
        } catch (IOException e) {
            problem = describe(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem = "interrupted";
        }
        if (problem != null) {
            synchronized (lock) {
                failing = true;
            }
            warn.accept("InfluxDB at " + target + ": " + problem + "; the run goes on, and its figures are sent "
                    + "there if it answers later");
        }
        return problem;
    }

    /** Sends what was added once a second from now on. */
    void start() {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "influxdb-writer");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::flush, 1, 1, TimeUnit.SECONDS);
    }

    void add(String line) {
        synchronized (lock) {
            queued.add(line);
        }
    }

    void addAll(List<String> lines) {
        synchronized (lock) {
            queued.addAll(lines);
        }
    }

    /** Sends what is queued (and what an earlier failure kept) now. */
    void flush() {
        List<String> batch;
        synchronized (lock) {
            if (queued.isEmpty() && kept.isEmpty()) {
                return;
            }
            batch = new ArrayList<>(kept.size() + queued.size());
            batch.addAll(kept);
            batch.addAll(queued);
            kept.clear();
            queued = new ArrayList<>();
        }
        String problem;
        boolean keep = false;
        try {
            HttpResponse<String> answer = http.send(request(HttpRequest.newBuilder(target.writeUri())
                    .header("Content-Type", "text/plain; charset=utf-8")
                    .POST(HttpRequest.BodyPublishers.ofString(String.join("\n", batch) + "\n"))),
                    HttpResponse.BodyHandlers.ofString());
            int code = answer.statusCode();
            if (code / 100 == 2) {
                problem = null;
            } else {
                problem = "a write was refused, HTTP " + code + ": " + excerpt(answer.body());
                keep = code >= 500; // overloaded or impaired: try again; a 4xx would be refused again
            }
        } catch (IOException e) {
            problem = describe(e);
            keep = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem = "interrupted";
            keep = true;
        }
        String say = null;
        synchronized (lock) {
            if (problem == null) {
                written += batch.size();
                if (failing) {
                    say = "InfluxDB at " + target + " answers again; the figures kept meanwhile are sent";
                }
                failing = false;
            } else {
                if (keep) {
                    kept.addAll(batch);
                    int over = kept.size() - MAX_KEPT;
                    if (over > 0) {
                        kept.subList(0, over).clear();
                        dropped += over;
                    }
                } else {
                    dropped += batch.size();
                }
                if (!failing) {
                    say = "InfluxDB at " + target + ": " + problem + "; the run goes on, and its figures are sent "
                            + "there if it answers later";
                }
                failing = true;
            }
        }
        if (say != null) {
            warn.accept(say);
        }
    }

    /** Points InfluxDB took. */
    long written() {
        synchronized (lock) {
            return written;
        }
    }

    /** Points given up: refused, or beyond what is kept while InfluxDB is away, or not sent by the end. */
    long dropped() {
        synchronized (lock) {
            return dropped;
        }
    }

    private HttpRequest request(HttpRequest.Builder b) {
        b.timeout(REQUEST);
        if (target.hasToken()) {
            b.header("Authorization", target.authorization());
        }
        return b.build();
    }

    private static String describe(IOException e) {
        if (e instanceof ConnectException) {
            return "cannot connect (" + (e.getMessage() == null ? "connection refused" : e.getMessage()) + ")";
        }
        if (e instanceof HttpTimeoutException) {
            return "no answer within " + REQUEST.toSeconds() + " s";
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    private static String excerpt(String body) {
        String one = body == null ? "" : body.replaceAll("\\s+", " ").trim();
        return one.length() > 200 ? one.substring(0, 200) + "..." : one;
    }

    /** Stops the timer and sends the rest (waits up to the request timeout); what still fails counts as dropped. */
    @Override
    public void close() {
        if (timer != null) {
            timer.shutdown();
            try {
                timer.awaitTermination(REQUEST.toSeconds() + 1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        flush();
        synchronized (lock) {
            dropped += kept.size();
            kept.clear();
        }
    }
}
