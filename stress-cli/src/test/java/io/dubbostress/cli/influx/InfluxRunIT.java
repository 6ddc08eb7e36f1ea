package io.dubbostress.cli.influx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.BoxLoad;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.InfluxDbServer;
import io.dubbostress.testsupport.RestartableService;
import io.dubbostress.testsupport.SecretScan;
import java.io.IOException;
import java.io.Writer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMeter's Backend Listener and the run's own points in a real InfluxDB 1.x (Debian's {@code influxd}), three runs at
 * once against one provider this test started and freezes for a moment mid-run (SIGSTOP: calls time out, so there are
 * errors with a failure code beside the successes):
 * <ul>
 * <li>{@code stress run --influxdb URL --influxdb-token-file F}: what InfluxDB holds afterwards against this test's own
 * count of the JTL (samples, errors by code, per second), the token nowhere in what the run printed or wrote;
 * <li>the plain shipped plan in the stock JMeter home with {@code influxdb_url=...&u=admin&p=...} (in a properties file
 * given with {@code -q}: JMeter itself writes every {@code -J} value into jmeter.log) to a second InfluxDB, with
 * authentication on: JMeter's own points, its percentiles against the JTL computed as JMeter computes them
 * (commons-math's default percentile, over every sample of the interval: one interval for the whole run here), and the
 * password nowhere in what JMeter printed or wrote;
 * <li>{@code stress run --influxdb URL --influxdb-token-file F} with {@code admin:password} to that InfluxDB: its own
 * points there, the password nowhere; a URL carrying the password refused without echoing it;
 * <li>{@code stress run --influxdb} at a port where nothing listens: one warning line, the run whole.
 * </ul>
 */
class InfluxRunIT {

    static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();
    static final Path CLI_JAR = Path.of(System.getProperty("stress.cli.jar", "target/stress-cli.jar")).toAbsolutePath();
    static final Path STOCK_JMETER = HOME.resolve("test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3");
    static final String TOKEN = "tok-" + UUID.randomUUID().toString().replace("-", "");
    /** The admin of the InfluxDB with authentication, and its password (in raw form in URLs: '~' is unreserved). */
    static final String USER = "admin";
    static final String PASSWORD = SecretScan.secret("ip", 41);
    static final int TIMEOUT_MS = 500;
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static InfluxDbServer influx;
    /** Authentication on: the stock JMeter's listener and the own-figures run write here with credentials. */
    static InfluxDbServer secured;
    static RestartableService provider;
    static Path run;
    static Path deadRun;
    static Path ownRun;
    static int ownExit;
    static String ownOut;
    static int refusedExit;
    static String refusedOut;
    static Path plainJtl;
    static int runExit;
    static int deadExit;
    static int plainExit;
    static String runOut;
    static String deadOut;
    static String runId;

    @BeforeAll
    static void runAll() throws Exception {
        influx = InfluxDbServer.start(dir.resolve("influxdb"));
        secured = InfluxDbServer.startWithAuth(dir.resolve("influxdb-auth"), USER, PASSWORD);
        provider = RestartableService.provider(HOME.resolve("stress-provider/target/stress-provider.jar"), dir,
                FreePort.find(), null, Duration.ofSeconds(BoxLoad.scaled(60, 300)));
        provider.start();
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, TOKEN + "\n");
        Path credentialsFile = dir.resolve("credentials");
        Files.writeString(credentialsFile, USER + ":" + PASSWORD + "\n");
        ownRun = dir.resolve("own");
        run = dir.resolve("run");
        deadRun = dir.resolve("dead");
        plainJtl = dir.resolve("plain/results.jtl");
        Files.createDirectories(plainJtl.getParent());
        String providerAt = "127.0.0.1:" + provider.port();
        int nobody = FreePort.find();
        Duration budget = Duration.ofSeconds(BoxLoad.scaled(240, 900));
        try (ChildJvm cli = cli(dir.resolve("run.out"), "run", "--scenarios", "direct-1k", "--threads", "4",
                "--duration", "14s", "--rate", "150", "--timeout-ms", String.valueOf(TIMEOUT_MS), "--provider",
                providerAt, "--no-dashboard", "--influxdb", influx.writeUrl("stress"), "--influxdb-token-file",
                tokenFile.toString(), "--out", run.toString());
                ChildJvm dead = cli(dir.resolve("dead.out"), "run", "--scenarios", "direct-1k", "--threads", "2",
                        "--duration", "5s", "--rate", "50", "--provider", providerAt, "--no-dashboard",
                        "--influxdb", "http://127.0.0.1:" + nobody + "/write?db=gone", "--out", deadRun.toString())) {
            // JMeter's client writes into a database that exists, as its users know
            secured.createDatabase("plain");
            Process plain = plainJMeter(provider.port(), withCredentials("plain"));
            try {
                // mid-run, in both JMeters' schedules: the provider stops answering for 1.5 s, calls time out
                await().atMost(budget).pollInterval(Duration.ofMillis(200)).until(() ->
                        rows(run.resolve("scenarios/direct-1k/results.jtl")) > 300 && rows(plainJtl) > 1);
                provider.freeze();
                Thread.sleep(1500);
                provider.thaw();
                // the InfluxDB with authentication, from here: not to slow the runs above while they start
                try (ChildJvm own = cli(dir.resolve("own.out"), "run", "--scenarios", "direct-1k", "--threads", "2",
                        "--duration", "5s", "--rate", "50", "--provider", providerAt, "--no-dashboard",
                        "--influxdb", secured.writeUrl("own"), "--influxdb-token-file", credentialsFile.toString(),
                        "--out", ownRun.toString());
                        ChildJvm refused = cli(dir.resolve("refused.out"), "run", "--scenarios", "direct-1k",
                                "--provider", providerAt, "--influxdb", withCredentials("refused"),
                                "--out", dir.resolve("refused").toString())) {
                    assertThat(refused.waitFor(budget)).as("stress run (password in the URL) ended").isTrue();
                    assertThat(own.waitFor(budget)).as("stress run (InfluxDB with authentication) ended").isTrue();
                    ownExit = own.stop(Duration.ofSeconds(1));
                    ownOut = own.logText();
                    refusedExit = refused.stop(Duration.ofSeconds(1));
                    refusedOut = refused.logText();
                }
                assertThat(cli.waitFor(budget)).as("stress run ended").isTrue();
                assertThat(dead.waitFor(budget)).as("stress run (InfluxDB away) ended").isTrue();
                assertThat(plain.waitFor(budget.toSeconds(), TimeUnit.SECONDS)).as("stock JMeter ended").isTrue();
                plainExit = plain.exitValue();
            } finally {
                plain.destroyForcibly();
            }
            runExit = cli.stop(Duration.ofSeconds(1));
            deadExit = dead.stop(Duration.ofSeconds(1));
            runOut = cli.logText();
            deadOut = dead.logText();
        }
        runId = run.getFileName().toString();
    }

    @AfterAll
    static void stop() {
        if (provider != null) {
            provider.close();
        }
        if (influx != null) {
            influx.close();
        }
        if (secured != null) {
            secured.close();
        }
    }

    static ChildJvm cli(Path log, String... args) {
        return ChildJvm.jar(CLI_JAR).jvmArgs("-Dstress.home=" + HOME).args(args).log(log).start();
    }

    /** The write URL of {@code db} on the InfluxDB with authentication, the credentials as InfluxDB 1.x takes them. */
    static String withCredentials(String db) {
        return secured.writeUrl(db) + "&u=" + USER + "&p=" + PASSWORD;
    }

    /**
     * The shipped direct plan in the stock JMeter home, as a plain JMeter user runs it, with the listener on: its URL
     * (with a password) in a properties file given with {@code -q}, as docs/SAMPLER.md says (JMeter writes every
     * {@code -J} property's value into jmeter.log: "Setting JMeter property: ...").
     */
    static Process plainJMeter(int providerPort, String influxUrl) throws IOException {
        Path urlFile = dir.resolve("influxdb-url.properties"); // outside the folder the test scans: the user's own
        Properties url = new Properties();
        url.setProperty("influxdb_url", influxUrl);
        try (Writer w = Files.newBufferedWriter(urlFile, StandardCharsets.ISO_8859_1)) {
            url.store(w, null);
        }
        List<String> command = new ArrayList<>(List.of("sh", STOCK_JMETER.resolve("bin/jmeter").toString(), "-n",
                "-t", HOME.resolve("test-plans/dubbo-direct.jmx").toString(), "-l", plainJtl.toString(),
                "-j", plainJtl.resolveSibling("jmeter.log").toString(),
                "-Jprovider_port=" + providerPort, "-Jthreads=2", "-Jduration=14", "-Jrate=100",
                "-Jtimeout=" + TIMEOUT_MS, "-Jperfmon_file=" + plainJtl.resolveSibling("perfmon.csv"),
                "-Jperfmon_port=" + FreePort.find(),
                "-q", urlFile.toString(),
                // the JTL written as it goes (stress run does the same), so that the test sees the run under way
                // and freezes the provider while this JMeter calls it
                "-Jjmeter.save.saveservice.autoflush=true",
                // one interval for the whole run (JMeter's client sends once at the start, once at the end) and every
                // sample in it: the percentiles it writes are then those of the whole JTL. JMeter's percentiles come
                // from a window of backend_metrics_window samples (100 by default, whatever the mode: SamplerMetric's
                // pctResponseStats), its other figures from backend_metrics_large_window: both hold the whole run
                "-Jbackend_influxdb.send_interval=3600", "-Jbackend_metrics_window_mode=timed",
                "-Jbackend_metrics_large_window=1000000", "-Jbackend_metrics_window=1000000"));
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(plainJtl.resolveSibling("jmeter.out").toFile());
        b.environment().put("JAVA_HOME", System.getProperty("java.home"));
        b.environment().put("HEAP", "-Xmx256m");
        return b.start();
    }

    static long rows(Path jtl) throws IOException {
        if (!Files.exists(jtl)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(jtl)) {
            return Math.max(0, lines.count() - 1);
        }
    }

    /** This test's own reading of a JTL: a plain comma split, with the few quoted fields of a failure joined. */
    record Sample(long startMs, long elapsedMs, String label, String code, boolean ok, long responseUs, long dueUs) {
        long endMs() {
            return startMs + elapsedMs;
        }

        /**
         * From due, as docs/REPORT.md defines it: response_us; a row with a due time and no response_us (a failure
         * JMeter recorded without it, such as a TIMEOUT while the provider froze) ends on JMeter's millisecond clock;
         * -1 without a due time.
         */
        long fromDueUs() {
            return dueUs < 0 ? -1 : responseUs >= 0 ? responseUs : Math.max(0, endMs() * 1000 - dueUs);
        }
    }

    static List<Sample> samples(Path jtl) throws IOException {
        List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
        List<String> header = List.of(lines.get(0).replace("\"", "").split(","));
        int response = header.indexOf("response_us");
        int due = header.indexOf("due_us");
        List<Sample> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = split(line);
            out.add(new Sample(Long.parseLong(f.get(0)), Long.parseLong(f.get(1)), f.get(2), f.get(3),
                    f.get(header.indexOf("success")).equals("true"),
                    response < 0 || f.get(response).equals("null") || f.get(response).isEmpty() ? -1
                            : Long.parseLong(f.get(response)),
                    due < 0 || f.get(due).equals("null") || f.get(due).isEmpty() ? -1 : Long.parseLong(f.get(due))));
        }
        return out;
    }

    static List<String> split(String line) {
        List<String> f = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                f.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        f.add(cell.toString());
        return f;
    }

    /** The rows of an InfluxQL answer: column name -> value, one map per row, over every series. */
    static List<Map<String, JsonNode>> query(String db, String q) throws IOException {
        return query(influx, db, q);
    }

    static List<Map<String, JsonNode>> query(InfluxDbServer server, String db, String q) throws IOException {
        JsonNode answer = JSON.readTree(server.query(db, q));
        List<Map<String, JsonNode>> rows = new ArrayList<>();
        for (JsonNode series : answer.at("/results/0/series")) {
            List<String> columns = new ArrayList<>();
            series.get("columns").forEach(c -> columns.add(c.asText()));
            for (JsonNode values : series.get("values")) {
                Map<String, JsonNode> row = new HashMap<>();
                series.path("tags").fields().forEachRemaining(e -> row.put(e.getKey(), e.getValue()));
                for (int i = 0; i < columns.size(); i++) {
                    row.put(columns.get(i), values.get(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    static long sum(String db, String q) throws IOException {
        return sum(influx, db, q);
    }

    static long sum(InfluxDbServer server, String db, String q) throws IOException {
        List<Map<String, JsonNode>> rows = query(server, db, q);
        return rows.isEmpty() ? 0 : rows.get(0).get("sum").asLong();
    }

    @Test
    void theRunEndsWellAndSaysWhereItsFiguresGo() {
        assertThat(runExit).as(runOut).isZero();
        assertThat(runOut).contains("stress run: InfluxDB v1 at " + influx.writeUrl("stress"), "run=" + runId);
        assertThat(runOut).doesNotContain("warning: InfluxDB");
    }

    @Test
    void jmetersOwnListenerWroteTheJtlsCountsAndErrorsByCode() throws IOException {
        List<Sample> jtl = samples(run.resolve("scenarios/direct-1k/results.jtl"));
        long errors = jtl.stream().filter(s -> !s.ok()).count();
        assertThat(errors).as("the freeze made calls time out").isPositive();
        assertThat(jtl.size() - errors).as("successes").isPositive();
        String run = " AND \"run\" = '" + runId + "' AND \"scenario\" = 'direct-1k'";
        assertThat(sum("stress", "SELECT sum(\"count\") FROM \"jmeter\" WHERE \"transaction\" = 'direct' AND "
                + "\"statut\" = 'all'" + run)).isEqualTo(jtl.size());
        assertThat(sum("stress", "SELECT sum(\"count\") FROM \"jmeter\" WHERE \"transaction\" = 'direct' AND "
                + "\"statut\" = 'ko'" + run)).isEqualTo(errors);
        assertThat(sum("stress", "SELECT sum(\"countError\") FROM \"jmeter\" WHERE \"transaction\" = 'all'" + run))
                .isEqualTo(errors);
        Map<String, Long> byCode = new TreeMap<>();
        jtl.stream().filter(s -> !s.ok()).forEach(s -> byCode.merge(s.code(), 1L, Long::sum));
        Map<String, Long> written = new TreeMap<>();
        for (Map<String, JsonNode> row : query("stress", "SELECT sum(\"count\") FROM \"jmeter\" WHERE "
                + "\"responseCode\" <> ''" + run + " GROUP BY \"responseCode\"")) {
            written.put(row.get("responseCode").asText(), row.get("sum").asLong());
        }
        assertThat(written).as("errors by our failure code").isEqualTo(byCode);

        // per interval (1 s): every sample it counted had ended by the time it was sent, and every sample that
        // ended a while before had been counted
        List<Map<String, JsonNode>> points = query("stress", "SELECT \"count\" FROM \"jmeter\" WHERE "
                + "\"transaction\" = 'direct' AND \"statut\" = 'all'" + run);
        assertThat(points.size()).as("one point per second of the run").isGreaterThanOrEqualTo(10);
        long cumulative = 0;
        long slackMs = 2000L * (long) BoxLoad.factor();
        for (Map<String, JsonNode> p : points) {
            long at = p.get("time").asLong();
            cumulative += p.get("count").asLong();
            long endedBefore = jtl.stream().filter(s -> s.endMs() <= at).count();
            long endedWellBefore = jtl.stream().filter(s -> s.endMs() <= at - slackMs).count();
            assertThat(cumulative).as("samples counted by %d", at).isBetween(endedWellBefore, endedBefore);
        }
        assertThat(query("stress", "SELECT \"text\" FROM \"events\" WHERE \"title\" = 'ApacheJMeter'" + run))
                .extracting(r -> r.get("text").asText()).containsExactly("direct-1k started", "direct-1k ended");
    }

    @Test
    void theRunsOwnPointsAreTheJtlSecondBySecond() throws IOException {
        List<Sample> jtl = samples(run.resolve("scenarios/direct-1k/results.jtl"));
        TreeMap<Long, List<Sample>> bySecond = new TreeMap<>();
        jtl.forEach(s -> bySecond.computeIfAbsent(Math.floorDiv(s.endMs(), 1000), k -> new ArrayList<>()).add(s));
        String where = " WHERE \"run\" = '" + runId + "' AND \"scenario\" = 'direct-1k' AND \"transaction\" = 'direct'";
        Map<Long, Map<String, JsonNode>> calls = new TreeMap<>();
        for (Map<String, JsonNode> row : query("stress", "SELECT * FROM \"calls\"" + where)) {
            calls.put(row.get("time").asLong() / 1000, row);
        }
        assertThat(calls.keySet()).as("a point for every second a call ended in").isEqualTo(bySecond.keySet());
        int compared = 0;
        for (Map.Entry<Long, List<Sample>> second : bySecond.entrySet()) {
            List<Sample> in = second.getValue();
            Map<String, JsonNode> point = calls.get(second.getKey());
            assertThat(point.get("count").asLong()).as("calls in second %d", second.getKey()).isEqualTo(in.size());
            assertThat(point.get("errors").asLong()).isEqualTo(in.stream().filter(s -> !s.ok()).count());
            // every row with a due time, failures without response_us included (the report counts them so; leaving
            // them out put the p99 of a second of the provider's freeze 1.05-1.18 % under the feed's)
            long[] fromDue = in.stream().mapToLong(Sample::fromDueUs).filter(us -> us >= 0).sorted().toArray();
            if (fromDue.length >= 20) {
                // HdrHistogram: the value at rank ceil(0.99 n) (nearest rank, as its getValueAtPercentile counts;
                // round(0.99 n) was a rank lower for some n, 2 % lower in a second of the freeze), to within its 2
                // significant digits (under 1 %)
                long exact = fromDue[Math.max(1, (99 * fromDue.length + 99) / 100) - 1];
                assertThat(point.get("due_p99_us").asDouble()).as("from-due p99 of second %d", second.getKey())
                        .isBetween((double) exact, exact * 1.01 + 1);
                assertThat(point.get("due_max_us").asDouble()).isBetween((double) fromDue[fromDue.length - 1],
                        fromDue[fromDue.length - 1] * 1.01 + 1);
                compared++;
            }
        }
        assertThat(compared).as("seconds with 20 calls or more").isGreaterThanOrEqualTo(8);
        Map<String, Long> byCode = new TreeMap<>();
        jtl.stream().filter(s -> !s.ok()).forEach(s -> byCode.merge(s.code(), 1L, Long::sum));
        Map<String, Long> written = new TreeMap<>();
        for (Map<String, JsonNode> row : query("stress", "SELECT sum(\"count\") FROM \"errors\"" + where
                + " GROUP BY \"code\"")) {
            written.put(row.get("code").asText(), row.get("sum").asLong());
        }
        assertThat(written).isEqualTo(byCode);
    }

    @Test
    void theAgentsReadingsAndTheAnnotationsAreThere() throws IOException {
        String where = " WHERE \"run\" = '" + runId + "'";
        long serverRows;
        try (Stream<String> lines = Files.lines(run.resolve("scenarios/direct-1k/perfmon.csv"))) {
            serverRows = lines.skip(1).filter(l -> l.contains(",true,")).count();
        }
        assertThat(serverRows).isPositive();
        assertThat(sum("stress", "SELECT count(\"value\") AS \"sum\" FROM \"server\"" + where)).isEqualTo(serverRows);
        long jvmRows;
        try (Stream<String> lines = Files.lines(run.resolve("scenarios/direct-1k/perfmon-jvms.csv"))) {
            jvmRows = lines.skip(1).filter(l -> l.contains(",true,")).count();
        }
        assertThat(jvmRows).isPositive();
        assertThat(sum("stress", "SELECT count(\"value\") AS \"sum\" FROM \"jvm\"" + where)).isEqualTo(jvmRows);
        List<String> texts = query("stress", "SELECT \"text\" FROM \"events\"" + where + " AND \"title\" = "
                + "'dubbo-stress'").stream().map(r -> r.get("text").asText()).toList();
        assertThat(texts).hasSize(5);
        assertThat(texts.get(0)).startsWith("run " + runId + " started: direct-1k x 14s, 4 threads, rate 150");
        assertThat(texts.get(1)).startsWith("direct-1k started: 4 threads, rate");
        assertThat(texts).anyMatch(t -> t.startsWith("direct-1k: steady state from here"));
        assertThat(texts).anyMatch(t -> t.matches("direct-1k ended \\(JMeter exited\\): [\\d,]+ calls, [\\d,]+ errors"));
        assertThat(texts.get(4)).isEqualTo("run " + runId + " ended: completed");
    }

    @Test
    void theTokenIsNeverPrintedNorWritten() throws IOException {
        String piece = TOKEN.substring(4, 14);
        assertThat(runOut).doesNotContain(piece);
        try (Stream<Path> files = Files.walk(run)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as(f.toString())
                        .doesNotContain(piece);
            }
        }
        // the private file JMeter read it from is gone
        try (Stream<Path> tmp = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            for (Path f : tmp.filter(p -> p.getFileName().toString().startsWith("stress-influxdb-")).toList()) {
                assertThat(Files.readString(f)).as(f.toString()).doesNotContain(piece);
            }
        }
        // and JMeter did use it: jmeter.log says it loaded a properties file, and its client wrote
        assertThat(Files.readString(run.resolve("scenarios/direct-1k/jmeter.log")))
                .contains("Loading additional properties from:", "InfluxDB Backend Listener on");
    }

    @Test
    void thePlainPlanInStockJMeterWritesTheSameWithJMetersOwnPercentiles() throws IOException {
        assertThat(plainExit).as("stock JMeter's exit code").isZero();
        List<Sample> jtl = samples(plainJtl);
        long errors = jtl.stream().filter(s -> !s.ok()).count();
        assertThat(errors).as("the freeze made calls time out").isPositive();
        List<Map<String, JsonNode>> points = query(secured, "plain", "SELECT * FROM \"jmeter\" WHERE \"transaction\" = "
                + "'direct' AND \"statut\" = 'all'");
        assertThat(points).as("one interval: the end's").hasSize(1);
        Map<String, JsonNode> all = points.get(0);
        assertThat(all.get("count").asLong()).isEqualTo(jtl.size());
        assertThat(all.get("scenario").asText()).isEqualTo("direct");
        assertThat(sum(secured, "plain", "SELECT sum(\"countError\") FROM \"jmeter\" WHERE \"transaction\" = 'all'"))
                .isEqualTo(errors);
        Map<String, Long> byCode = new TreeMap<>();
        jtl.stream().filter(s -> !s.ok()).forEach(s -> byCode.merge(s.code(), 1L, Long::sum));
        Map<String, Long> written = new TreeMap<>();
        for (Map<String, JsonNode> row : query(secured, "plain", "SELECT sum(\"count\") FROM \"jmeter\" WHERE "
                + "\"responseCode\" <> '' GROUP BY \"responseCode\"")) {
            written.put(row.get("responseCode").asText(), row.get("sum").asLong());
        }
        assertThat(written).isEqualTo(byCode);
        double[] elapsed = jtl.stream().mapToDouble(Sample::elapsedMs).sorted().toArray();
        for (String pct : new String[] {"50.0", "90.0", "99.0", "99.9"}) {
            assertThat(all.get("pct" + pct).asDouble()).as("pct" + pct)
                    .isCloseTo(legacyPercentile(elapsed, Double.parseDouble(pct)), within(1e-9));
        }
        assertThat(all.get("max").asDouble()).isEqualTo(elapsed[elapsed.length - 1]);
    }

    /**
     * commons-math3's {@code Percentile} as JMeter's {@code DescriptiveStatistics} uses it (estimation LEGACY):
     * position p (n + 1) / 100, the values either side interpolated.
     */
    static double legacyPercentile(double[] sorted, double p) {
        int n = sorted.length;
        double pos = p * (n + 1) / 100;
        if (pos < 1) {
            return sorted[0];
        }
        if (pos >= n) {
            return sorted[n - 1];
        }
        double lower = sorted[(int) Math.floor(pos) - 1];
        double upper = sorted[(int) Math.floor(pos)];
        return lower + (pos - Math.floor(pos)) * (upper - lower);
    }

    /** The password of the plain run's URL: nowhere in its folder (JTL, jmeter.log, its console), the URL's place is. */
    @Test
    void inStockJMeterTheInfluxDbPasswordIsNeverPrintedNorWritten() throws IOException {
        assertThat(plainExit).as("stock JMeter's exit code").isZero();
        SoftAssertions softly = new SoftAssertions();
        SecretScan.check(softly, plainJtl.getParent(), "", List.of(PASSWORD,
                URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8)));
        softly.assertAll();
        // where it writes, said: host, port, database and user
        assertThat(Files.readString(plainJtl.resolveSibling("jmeter.log"))).contains("InfluxDB Backend Listener on:"
                + " JMeter's InfluxdbBackendListenerClient writes to " + secured.writeUrl("plain") + "&u=admin&p=***");
    }

    /**
     * {@code admin:password} from a file: this run's own points reach an InfluxDB 1.6.7 with authentication (HTTP
     * Basic; JMeter's client sends {@code Token admin:password}, which InfluxDB takes from 1.8 on: refused here, and
     * JMeter says so with the URL, which holds no password), and the password is nowhere in what the run printed or
     * wrote. A URL that carries it is refused, and the message does not echo it.
     */
    @Test
    void withCredentialsTheRunsOwnFiguresReachAnInfluxDbWithAuthenticationAndThePasswordIsNowhere()
            throws IOException {
        assertThat(ownExit).as(ownOut).isZero();
        String runId = ownRun.getFileName().toString();
        long rows = rows(ownRun.resolve("scenarios/direct-1k/results.jtl"));
        assertThat(rows).isPositive();
        assertThat(sum(secured, "own", "SELECT sum(\"count\") FROM \"calls\" WHERE \"run\" = '" + runId + "'"))
                .as("this run's own calls, in InfluxDB").isEqualTo(rows);
        assertThat(ownOut).doesNotContain("warning: InfluxDB");
        SoftAssertions softly = new SoftAssertions();
        SecretScan.check(softly, ownRun, ownOut, List.of(PASSWORD));
        for (String piece : SecretScan.pieces(PASSWORD)) {
            softly.assertThat(refusedOut).as("the refusal's console").doesNotContain(piece);
        }
        softly.assertAll();
        assertThat(dir.resolve("refused")).as("no run folder for a refused command").doesNotExist();
        assertThat(refusedExit).as(refusedOut).isNotZero();
        assertThat(refusedOut).contains("Invalid value for option '--influxdb': the URL carries a user or password");
    }

    @Test
    void anInfluxDbThatIsNotThereIsOneWarningAndTheRunIsWhole() throws IOException {
        assertThat(deadExit).as(deadOut).isZero();
        List<String> warnings = deadOut.lines().filter(l -> l.contains("InfluxDB")).toList();
        assertThat(warnings).as(deadOut).hasSize(1);
        assertThat(warnings.get(0)).startsWith("stress run: warning: InfluxDB at http://127.0.0.1:")
                .contains("cannot connect", "the run goes on");
        JsonNode runJson = JSON.readTree(deadRun.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        long samples = runJson.at("/scenarios/0/samples").asLong();
        assertThat(samples).isPositive();
        assertThat(rows(deadRun.resolve("scenarios/direct-1k/results.jtl"))).isEqualTo(samples);
        assertThat(deadRun.resolve("report.md")).isNotEmptyFile();
    }

    @Test
    void everyQueryOfTheShippedDashboardFindsDataAndAPageDrawsThem() throws Exception {
        List<Path> dashboards;
        try (Stream<Path> files = Files.list(HOME.resolve("docs/grafana"))) {
            dashboards = files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(dashboards).isNotEmpty();
        List<Sample> jtl = samples(run.resolve("scenarios/direct-1k/results.jtl"));
        long from = jtl.stream().mapToLong(Sample::startMs).min().orElseThrow() - 5_000;
        long to = jtl.stream().mapToLong(Sample::endMs).max().orElseThrow() + 5_000;
        for (Path dashboard : dashboards) {
            List<DashboardQueries.Query> queries = DashboardQueries.of(dashboard);
            assertThat(queries).as(dashboard.toString()).hasSizeGreaterThanOrEqualTo(10);
            Map<DashboardQueries.Query, List<DashboardQueries.Series>> answers = new HashMap<>();
            for (DashboardQueries.Query q : queries) {
                String filled = DashboardQueries.fill(q.influxQl(), runId, "direct-1k", from, to);
                List<DashboardQueries.Series> series = DashboardQueries.series(influx.query("stress", filled),
                        q.alias());
                assertThat(series.stream().mapToInt(s -> s.values().size()).sum())
                        .as("%s: %s: %s", dashboard.getFileName(), q.panel(), filled).isPositive();
                answers.put(q, series);
            }
            // the calls/s panel charts the JTL: its per-second sums add up to the JTL's rows
            DashboardQueries.Query callsPerSecond = queries.stream().filter(q -> q.panel().startsWith("Calls/s"))
                    .findFirst().orElseThrow();
            assertThat(answers.get(callsPerSecond).stream().flatMap(s -> s.values().stream())
                    .mapToDouble(Double::doubleValue).sum()).isEqualTo((double) jtl.size());
            List<Long> marks = answers.get(queries.stream().filter(q -> q.alias().equals("annotations")).findFirst()
                    .orElseThrow()).stream().flatMap(s -> s.times().stream()).toList();
            String page = DashboardQueries.page(dashboard.getFileName().toString(), queries, answers::get, marks,
                    from, to, "Not Grafana: each chart is drawn by InfluxRunIT from the answers InfluxDB 1.6.7 gave to "
                    + "this dashboard's own InfluxQL queries (run '" + runId + "', scenario direct-1k, 14 s at 150 "
                    + "calls/s, the provider frozen for 1.5 s mid-run), so the queries are exercised; the dashed red "
                    + "lines are its annotations. Grafana draws the same series from the same queries.");
            Path html = dir.resolve(dashboard.getFileName() + ".html");
            Files.writeString(html, page);
            io.dubbostress.cli.report.HeadlessChromium chromium = io.dubbostress.cli.report.HeadlessChromium.find(dir);
            Path png = dir.resolve(dashboard.getFileName() + ".png");
            io.dubbostress.cli.report.HeadlessChromium.Run shot = chromium.run(html, Duration.ofSeconds(120),
                    "--window-size=1300,1150", "--hide-scrollbars", "--screenshot=" + png);
            assertThat(shot.consoleLines()).isEmpty();
            assertThat(Files.size(png)).isGreaterThan(20_000);
            if (Boolean.getBoolean("stress.docs.images")) {
                Files.copy(png, HOME.resolve("docs/images/influxdb-dashboard.png"),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
