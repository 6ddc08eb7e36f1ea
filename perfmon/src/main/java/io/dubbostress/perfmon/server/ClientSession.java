package io.dubbostress.perfmon.server;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.dubbostress.perfmon.metrics.Metric;
import io.dubbostress.perfmon.protocol.Command;
import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.MetricsLine;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * One client, whatever carries it: the classic protocol's commands and this client's state (its interval, the metrics
 * it streams, the metrics it asked for once). Commands arrive on one thread (the connection's reader); the stream
 * runs on its own thread, so a slow metric or a slow reader never holds up another client.
 *
 * <ul>
 *   <li>{@code test} answers {@code Yep};</li>
 *   <li>{@code interval:N} sets this client's seconds between lines (the classic's applies to every client);</li>
 *   <li>{@code metrics:SPEC\tSPEC...} streams a line per interval, the first one interval after the command;</li>
 *   <li>{@code metrics-single:SPEC...} answers one line. A change (CPU %, bytes) is measured since this client's
 *       previous {@code metrics-single} of the same metric; the first time, over a short window the agent waits for
 *       (the classic answers 0 there, always);</li>
 *   <li>{@code exit} ends the session; {@code shutdown} stops the agent if it allows that;</li>
 *   <li>anything refused gets one line {@code ERROR <command>: <reason>} and the session goes on. Success is silent,
 *       as with the classic (JMeter reads the next line as metrics).</li>
 * </ul>
 */
public final class ClientSession {

    private static final Logger LOG = LoggerFactory.getLogger(ClientSession.class);

    /** Most distinct metrics a client keeps for metrics-single (the oldest is dropped beyond). */
    static final int MAX_SINGLE_METRICS = 64;
    /** Refused commands logged at INFO per client; the rest at DEBUG (a client sending garbage floods nothing). */
    private static final int LOGGED_REFUSALS = 5;
    /** How long an evicted client's last line may take to write. */
    private static final long EVICTION_WRITE_MILLIS = 500;

    private final ClientOutput output;
    private final SessionHost host;
    private final Object streamLock = new Object();
    /** metrics-single metrics by spec; touched by the command thread only. */
    private final LinkedHashMap<String, Metric> singleMetrics = new LinkedHashMap<>(16, 0.75f, true);

    private volatile double intervalSeconds;
    private List<Metric> streamMetrics = Collections.emptyList();
    private Thread streamer;
    private boolean restartSchedule;
    private volatile boolean closed;
    private volatile long lastCommandNanos = System.nanoTime();
    private int refused;

    ClientSession(ClientOutput output, SessionHost host) {
        this.output = output;
        this.host = host;
        this.intervalSeconds = host.settings().intervalSeconds();
    }

    public String peer() {
        return output.peer();
    }

    boolean streaming() {
        synchronized (streamLock) {
            return !streamMetrics.isEmpty();
        }
    }

    long lastCommandNanos() {
        return lastCommandNanos;
    }

    boolean isClosed() {
        return closed;
    }

    /** Handles one command line. Never throws: what fails is answered, and a dead connection ends the session. */
    void onLine(String line) {
        if (closed) {
            return;
        }
        lastCommandNanos = System.nanoTime();
        if (line.trim().isEmpty()) {
            return; // the classic ignores blank lines too (a telnet's extra newline)
        }
        String commandName = "";
        try {
            Command command = Command.parse(line);
            commandName = command.name().wire();
            handle(command);
        } catch (ProtocolException e) {
            if (++refused <= LOGGED_REFUSALS) {
                LOG.info("{}: refused '{}': {}{}", output.peer(), ErrorReply.excerpt(line), e.getMessage(),
                        refused == LOGGED_REFUSALS ? " (further refusals of this client at DEBUG)" : "");
            } else {
                LOG.debug("{}: refused '{}': {}", output.peer(), ErrorReply.excerpt(line), e.getMessage());
            }
            send(ErrorReply.of(commandName, e.getMessage()));
        } catch (RuntimeException e) {
            LOG.warn("{}: failed on '{}'", output.peer(), ErrorReply.excerpt(line), e);
            send(ErrorReply.of(commandName, "internal error: " + e));
        }
    }

    /** A line longer than the agent takes. */
    void onOverlong(long length) {
        send(ErrorReply.of("", "line longer than " + host.settings().maxLineBytes() + " bytes ignored"));
    }

    private void handle(Command command) {
        switch (command.name()) {
            case TEST:
                send("Yep\n");
                break;
            case INTERVAL:
                intervalSeconds = command.intervalSeconds();
                synchronized (streamLock) {
                    restartSchedule = true;
                    streamLock.notifyAll();
                }
                break;
            case METRICS:
                startStream(command.metrics());
                break;
            case METRICS_SINGLE:
                send(single(command.metrics()));
                break;
            case EXIT:
                LOG.info("{}: exit", output.peer());
                close();
                break;
            case SHUTDOWN:
                if (!host.settings().shutdownAllowed()) {
                    throw new ProtocolException("stopping the agent remotely is disabled on this agent"
                            + " (start it with --allow-shutdown to allow it)");
                }
                LOG.info("{}: shutdown", output.peer());
                host.shutdownRequested(this);
                break;
            case UDP_TRANSMITTER:
                throw new ProtocolException("sending metrics to another address is not supported"
                        + " (it would let any client aim a stream at any host); connect and send metrics: instead");
            default:
                throw new IllegalStateException(command.name().toString());
        }
    }

    private List<Metric> create(List<MetricSpec> specs) {
        List<Metric> created = new ArrayList<>(specs.size());
        try {
            for (MetricSpec spec : specs) {
                created.add(host.metrics().create(spec));
            }
            return created;
        } catch (RuntimeException e) {
            closeAll(created);
            throw e;
        }
    }

    private void startStream(List<MetricSpec> specs) {
        List<Metric> metrics = create(specs);
        List<Metric> replaced;
        synchronized (streamLock) {
            replaced = streamMetrics;
            streamMetrics = Collections.unmodifiableList(metrics);
            restartSchedule = true;
            if (streamer == null && !closed) {
                streamer = new Thread(this::stream, "perfmon-stream " + output.peer());
                streamer.setDaemon(true);
                streamer.start();
            }
            streamLock.notifyAll();
        }
        closeAll(replaced);
        LOG.info("{}: streaming {} metric(s) every {} s: {}", output.peer(), metrics.size(), intervalSeconds, specs);
    }

    private String single(List<MetricSpec> specs) {
        synchronized (singleMetrics) {
            return singleLocked(specs);
        }
    }

    private String singleLocked(List<MetricSpec> specs) {
        List<Metric> metrics = new ArrayList<>(specs.size());
        List<MetricSpec> missing = new ArrayList<>();
        for (MetricSpec spec : specs) {
            if (!singleMetrics.containsKey(spec.text())) {
                missing.add(spec);
            }
        }
        List<Metric> created = create(missing);
        if (closed) {
            closeAll(created);
            return "";
        }
        boolean needsWindow = false;
        for (int i = 0; i < missing.size(); i++) {
            singleMetrics.put(missing.get(i).text(), created.get(i));
            needsWindow |= created.get(i).measuresChange();
        }
        for (MetricSpec spec : specs) {
            metrics.add(singleMetrics.get(spec.text()));
        }
        if (needsWindow && host.settings().firstWindowMillis() > 0) {
            waitFor(host.settings().firstWindowMillis());
        }
        String line = read(metrics);
        trimSingleMetrics(specs.size());
        return line;
    }

    private void trimSingleMetrics(int keepAtLeast) {
        int limit = Math.max(MAX_SINGLE_METRICS, keepAtLeast);
        Iterator<Map.Entry<String, Metric>> eldest = singleMetrics.entrySet().iterator();
        while (singleMetrics.size() > limit && eldest.hasNext()) {
            eldest.next().getValue().close();
            eldest.remove();
        }
    }

    private void waitFor(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        synchronized (streamLock) {
            long left;
            while (!closed && (left = deadline - System.nanoTime()) > 0) {
                try {
                    streamLock.wait(Math.max(1, left / 1_000_000L));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static String read(List<Metric> metrics) {
        List<String> values = new ArrayList<>(metrics.size());
        for (Metric metric : metrics) {
            values.add(metric.read());
        }
        return MetricsLine.of(values);
    }

    /** The stream thread: a line per interval, the first one interval after metrics: (or after a change). */
    private void stream() {
        long next = 0;
        while (true) {
            List<Metric> metrics;
            synchronized (streamLock) {
                while (true) {
                    if (closed) {
                        return;
                    }
                    long now = System.nanoTime();
                    long interval = (long) (intervalSeconds * 1e9);
                    if (restartSchedule) {
                        restartSchedule = false;
                        next = now + interval;
                    }
                    long left = next - now;
                    if (left <= 0 && !streamMetrics.isEmpty()) {
                        next = Math.max(next + interval, now + interval / 2); // a late line does not bunch the next
                        break;
                    }
                    try {
                        streamLock.wait(left <= 0 ? 1000 : Math.max(1, left / 1_000_000L));
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                metrics = streamMetrics;
            }
            // read and write outside the lock: a slow metric or a reader that does not read holds up no command
            if (!send(read(metrics))) {
                return;
            }
        }
    }

    /** Sends; a connection that fails ends the session. */
    private boolean send(String text) {
        if (closed) {
            return false;
        }
        try {
            output.send(text);
            return true;
        } catch (IOException e) {
            LOG.info("{}: gone ({})", output.peer(), e.getMessage());
            close();
            return false;
        }
    }

    /**
     * Ends the session to make room for a new client in a full agent ({@link Clients}): one line saying so, then
     * the connection closes. A client that does not read may have filled its connection, so the line gets at most
     * {@value #EVICTION_WRITE_MILLIS} ms (on a thread of its own) before the connection closes anyway.
     */
    void evict(String newcomer) {
        long silentSeconds = (System.nanoTime() - lastCommandNanos) / 1_000_000_000L;
        LOG.info("{}: closed after {} s without a command, to make room for {} (at most {} clients)", output.peer(),
                silentSeconds, newcomer, host.settings().maxClients());
        String line = ErrorReply.of("", "closed: this agent is full (at most " + host.settings().maxClients()
                + " clients) and this connection had sent nothing for " + silentSeconds + " s; a new client took its"
                + " place");
        Thread telling = new Thread(() -> send(line), "perfmon-evict " + output.peer());
        telling.setDaemon(true);
        telling.start();
        try {
            telling.join(EVICTION_WRITE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close();
    }

    /** Ends the session: its stream stops, its metrics are released, its connection closes. Idempotent. */
    public void close() {
        List<Metric> streamed;
        synchronized (streamLock) {
            if (closed) {
                return;
            }
            closed = true;
            streamed = streamMetrics;
            streamMetrics = Collections.emptyList();
            streamLock.notifyAll();
        }
        output.close();
        closeAll(streamed);
        synchronized (singleMetrics) {
            closeAll(new ArrayList<>(singleMetrics.values()));
        }
        host.closed(this);
    }

    private static void closeAll(List<Metric> metrics) {
        for (Metric metric : metrics) {
            try {
                metric.close();
            } catch (RuntimeException e) {
                LOG.debug("closing a metric failed", e);
            }
        }
    }
}
