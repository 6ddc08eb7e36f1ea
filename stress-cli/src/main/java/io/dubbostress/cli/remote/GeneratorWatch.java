package io.dubbostress.cli.remote;

import io.dubbostress.cli.jmeter.JMeterRun;
import io.dubbostress.cli.jmeter.ScenarioWatchdog;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Watches the load generators of a distributed run while JMeter runs: a server whose RMI port stops taking connections
 * (its JVM died, its machine went away) is lost. JMeter's client would then wait for that server's "test ended"
 * forever, so once every other server has ended (JMeter's log says {@code Finished remote host: H} for each) the
 * client is stopped; the rows of every server that arrived are in the JTL (flushed row by row in distributed runs).
 * A server that hangs instead is the {@link ScenarioWatchdog}'s. The loss is said on the console when seen and
 * becomes the scenario's failure message.
 *
 * <pre>
 * GeneratorWatch watch = new GeneratorWatch(generators, jmeterLog, err, "direct-1k");
 * String why = watch.stopReason(jmeterRun);   // null while every server answers, or the test is not over
 * </pre>
 */
public final class GeneratorWatch implements JMeterRun.Watch {

    /** How often each server's RMI port is tried. */
    static final Duration CHECK_EVERY = Duration.ofSeconds(2);
    /** JMeter's client logs this when a server ended its test (its last samples sent). */
    static final String FINISHED = "Finished remote host: ";
    private static final int CONNECT_TIMEOUT_MS = 1000;
    /** Consecutive refused checks before a server counts as lost (one can be a hiccup). */
    private static final int LOST_AFTER = 2;

    private final RemoteGenerators generators;
    private final Path jmeterLog;
    private final PrintStream err;
    private final String scenario;
    private final Map<String, Integer> failures = new LinkedHashMap<>();
    private final Map<String, Long> lostAtSeconds = new LinkedHashMap<>();
    private long lastCheckNanos;

    public GeneratorWatch(RemoteGenerators generators, Path jmeterLog, PrintStream err, String scenario) {
        this.generators = generators;
        this.jmeterLog = jmeterLog;
        this.err = err;
        this.scenario = scenario;
    }

    @Override
    public String stopReason(JMeterRun run) {
        long started = run.testStartNanos();
        if (generators.isEmpty() || started == 0) {
            return null;
        }
        long now = System.nanoTime();
        if (now - lastCheckNanos >= CHECK_EVERY.toNanos()) {
            lastCheckNanos = now;
            check((now - started) / 1_000_000_000L);
        }
        if (!lostAtSeconds.isEmpty() && othersFinished()) {
            return lostMessage() + "; JMeter waits for a lost server forever, so it was stopped once the others had "
                    + "ended; the rows every server sent are kept";
        }
        return null;
    }

    /** Whether JMeter's log says every server that is not lost has ended its test. */
    private boolean othersFinished() {
        return unfinished() != null && unfinished().isEmpty();
    }

    /**
     * The servers, not known lost, that JMeter's log does not say ended their test ({@value #FINISHED}); null when the
     * log cannot be read.
     */
    java.util.List<String> unfinished() {
        String log;
        try {
            log = Files.exists(jmeterLog) ? Files.readString(jmeterLog, StandardCharsets.UTF_8) : "";
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
        java.util.List<String> unfinished = new java.util.ArrayList<>();
        for (String host : generators.hosts()) {
            if (lostAtSeconds.containsKey(host)) {
                continue;
            }
            InetSocketAddress server = RemoteGenerators.addressOf(host);
            if (!log.contains(FINISHED + host + " (")
                    && !log.contains(FINISHED + server.getHostString() + ":" + server.getPort() + " (")) {
                unfinished.add(host);
            }
        }
        return unfinished;
    }

    /**
     * When JMeter had to be stopped (the watchdog, a full disk): the servers that had not ended their test by then,
     * named, so the run's closing line says which generator held it up (one frozen or cut off by the network still
     * takes connections on its RMI port, so it is not {@link #lostMessage lost}, yet never ends); null when every
     * server had ended or the run is local.
     */
    public String unfinishedMessage() {
        java.util.List<String> unfinished = generators.isEmpty() ? null : unfinished();
        if (unfinished == null || unfinished.isEmpty()) {
            return null;
        }
        return (unfinished.size() == 1 ? "load generator " + unfinished.get(0) + " had" : "load generators "
                + String.join(", ", unfinished) + " had") + " not ended the test when JMeter was stopped (no '"
                + FINISHED.trim() + "' in jmeter.log): frozen, cut off, or still running";
    }

    /** A lost server's client has nothing graceful left to wait for. */
    @Override
    public Duration graceAfterShutdown() {
        return Duration.ofSeconds(5);
    }

    /** "load generator H was lost N s into the test (...)", or null while none was. */
    public String lostMessage() {
        if (lostAtSeconds.isEmpty()) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Long> e : lostAtSeconds.entrySet()) {
            if (out.length() > 0) {
                out.append("; ");
            }
            out.append(String.format(Locale.ROOT, "load generator %s was lost %d s into the test (its RMI port "
                    + "refused connections): its samples end there", e.getKey(), e.getValue()));
        }
        return out.toString();
    }

    private void check(long secondsIntoTest) {
        for (String host : generators.hosts()) {
            if (lostAtSeconds.containsKey(host)) {
                continue;
            }
            if (answers(host)) {
                failures.remove(host);
                continue;
            }
            int n = failures.merge(host, 1, Integer::sum);
            if (n >= LOST_AFTER) {
                lostAtSeconds.put(host, secondsIntoTest);
                err.println();
                err.println("stress run: " + scenario + ": load generator " + host + " stopped answering (RMI port "
                        + "refused) " + secondsIntoTest + " s into the test; the others go on");
            }
        }
    }

    private static boolean answers(String host) {
        InetSocketAddress server = RemoteGenerators.addressOf(host);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(server.getHostString(), server.getPort()), CONNECT_TIMEOUT_MS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
