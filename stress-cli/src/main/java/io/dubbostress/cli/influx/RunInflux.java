package io.dubbostress.cli.influx;

import io.dubbostress.cli.UserError;
import io.dubbostress.cli.options.InfluxTarget;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * A run's InfluxDB ({@code stress run --influxdb URL}): what JMeter is told so that the plans' Backend Listener (JMeter's
 * own {@code InfluxdbBackendListenerClient}, see test-plans/README.md) writes there ({@link #jmeterProperties}), the
 * token handed to JMeter in a private file rather than on its command line ({@link #tokenFile()}), this run's own
 * points ({@link ScenarioFeed}) and the run's and scenarios' start and end as annotations (measurement {@code events},
 * as JMeter's client writes its own: tags {@code application}, {@code title}; field {@code text}).
 *
 * <pre>{@code
 * try (RunInflux influx = RunInflux.start(target, "20261121-101500", err)) {
 *     Map<String, String> props = influx.jmeterProperties("direct-1k");   // -J...
 *     try (ScenarioFeed feed = influx.scenario("direct-1k", jtl, perfmonCsv, jvmsCsv, 1.0, "2 threads ...")) {
 *         ... JMeter runs ...
 *     }
 * }
 * }</pre>
 */
public final class RunInflux implements AutoCloseable {

    /** The Backend Listener's application tag, and ours. */
    public static final String APPLICATION = "dubbo-stress";
    /** JMeter's client sends its points this often (seconds): per-second figures, as ours. */
    static final int SEND_INTERVAL_S = 1;
    /**
     * Percentiles over each interval's samples (JMeter's "timed" window), up to this many a second (its default,
     * 5,000, would leave a 10,000 calls/s run's percentiles to the last half of each second).
     */
    static final int WINDOW_SAMPLES = 50_000;

    private final InfluxTarget target;
    private final String run;
    private final PrintStream err;
    private final InfluxWriter writer;
    private final Path tokenFile;
    private long late;

    private RunInflux(InfluxTarget target, String run, PrintStream err, InfluxWriter writer, Path tokenFile) {
        this.target = target;
        this.run = run;
        this.err = err;
        this.writer = writer;
        this.tokenFile = tokenFile;
    }

    /**
     * Checks that InfluxDB answers (a warning line and the run goes on when it does not), makes a 1.x database that is
     * missing, writes the token file, and starts sending once a second.
     */
    public static RunInflux start(InfluxTarget target, String run, PrintStream err) {
        Path tokenFile = target.hasToken() ? writeTokenFile(target.token()) : null;
        InfluxWriter writer = new InfluxWriter(target, line -> err.println("stress run: warning: " + line));
        RunInflux influx = new RunInflux(target, run, err, writer, tokenFile);
        if (writer.prepare() == null) {
            err.println("stress run: InfluxDB " + target.api().name().toLowerCase() + " at " + target + ": JMeter's "
                    + "Backend Listener (measurement jmeter) and this run's own figures (calls, errors, server, jvm, "
                    + "events) go to " + (target.api() == InfluxTarget.Api.V1 ? "database" : "bucket") + " '"
                    + target.database() + "', run=" + run);
        }
        writer.start();
        return influx;
    }

    /** The token as a JMeter properties file only its owner can read, for {@code -q} (and {@code -G} to servers). */
    private static Path writeTokenFile(String token) {
        try {
            Path file = Files.createTempFile("stress-influxdb-", ".properties",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            file.toFile().deleteOnExit();
            Properties p = new Properties();
            p.setProperty("influxdb_token", token);
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
                p.store(w, null);
            }
            return file;
        } catch (IOException | UnsupportedOperationException e) {
            throw new UserError("cannot write the InfluxDB token for JMeter into a private temporary file: "
                    + e.getClass().getSimpleName(), 1);
        }
    }

    /** The file holding {@code influxdb_token} for JMeter's {@code -q}; null when there is no token. */
    public Path tokenFile() {
        return tokenFile;
    }

    /** The JMeter properties that turn the plans' Backend Listener on for scenario {@code scenario}. */
    public Map<String, String> jmeterProperties(String scenario) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("influxdb_url", target.url());
        p.put("influxdb_application", APPLICATION);
        p.put("influxdb_scenario", scenario);
        p.put("influxdb_run", run);
        p.put("backend_influxdb.send_interval", String.valueOf(SEND_INTERVAL_S));
        p.put("backend_metrics_window_mode", "timed");
        p.put("backend_metrics_large_window", String.valueOf(WINDOW_SAMPLES));
        return p;
    }

    /** The tags every point of this run's own carries. */
    Map<String, String> tags(String scenario) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("application", APPLICATION);
        t.put("run", run);
        if (scenario != null) {
            t.put("scenario", scenario);
        }
        return t;
    }

    /** An annotation now (or at {@code epochMs}): {@code events}, title {@code dubbo-stress}. */
    public void annotate(String scenario, long epochMs, String text) {
        writer.add(new LineProtocol("events").tags(tags(scenario)).tag("title", APPLICATION).field("text", text)
                .at(epochMs));
    }

    /** Starts feeding a scenario's files to InfluxDB; closing the feed reads them a last time. */
    public ScenarioFeed scenario(String scenario, Path jtl, Path perfmonCsv, Path jvmsCsv, double warmupSeconds,
            String description) {
        annotate(scenario, System.currentTimeMillis(), scenario + " started: " + description);
        return new ScenarioFeed(writer, tags(scenario), jtl, perfmonCsv, jvmsCsv, warmupSeconds,
                (at, text) -> annotate(scenario, at, scenario + ": " + text)).start();
    }

    /** Ends a scenario's feed: a last look, then its end annotation. */
    public void scenarioEnded(String scenario, ScenarioFeed feed, String outcome) {
        if (feed == null) {
            return;
        }
        feed.close();
        late += feed.late();
        annotate(scenario, System.currentTimeMillis(), String.format(java.util.Locale.ROOT,
                "%s ended (%s): %,d calls, %,d errors", scenario, outcome, feed.calls(), feed.errors()));
    }

    /** The run's end annotation, the last points sent, the token file removed; one line if points were lost. */
    public void finish(String outcome) {
        annotate(null, System.currentTimeMillis(), "run " + run + " ended: " + outcome);
        close();
    }

    @Override
    public void close() {
        writer.close();
        if (tokenFile != null) {
            try {
                Files.deleteIfExists(tokenFile);
            } catch (IOException e) {
                err.println("stress run: could not remove the temporary token file " + tokenFile + ": "
                        + e.getMessage());
            }
        }
        long lost = writer.dropped() + late;
        if (lost > 0 && writer.written() > 0) { // nothing written at all: the warning said so already
            err.printf("stress run: InfluxDB at %s: %,d of this run's own points were not written (%,d written)%n",
                    target, lost, writer.written());
        }
    }
}
