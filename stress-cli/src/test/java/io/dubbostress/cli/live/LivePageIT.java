package io.dubbostress.cli.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.cli.report.HeadlessChromium;
import io.dubbostress.cli.testkit.DevToolsPage;
import io.dubbostress.cli.testkit.JtlSeconds;
import io.dubbostress.cli.testkit.RunningCli;
import io.dubbostress.testsupport.ChildJvm;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page in a real browser during a real run: {@code stress run} (the provider, the agent, the embedded JMeter,
 * one rate-driven scenario) serves its page; once the page shows the run's first seconds, the test stalls the provider
 * for a few seconds (SIGSTOP, then SIGCONT), so that the calls of those seconds fail with the sampler's TIMEOUT code
 * and the others do not. Headless Chromium opens the page and the test reads, every half
 * second over the DevTools protocol, the figures the page shows: each second's calls, errors by failure code, p50 and
 * p99, and the last ten seconds'. After the run, the test counts the same seconds itself from the JTL (its own CSV
 * reading, nearest-rank percentiles on the exact microseconds) and every figure the page showed must be that count:
 * calls and errors by code exactly, p50 and p99 within HdrHistogram's precision (three significant digits, rounded up
 * to the top of the value's bucket). Then {@code stress live} serves the finished run's folder and its data must say
 * the same for every second. The page's charts must be drawn, its console silent, and at the end it must hold the
 * report (a link that still opens after the run's command exited). A screenshot of the page mid-run goes to
 * target/live-page-it.png (and docs/images/live-page-stall.png with {@code -Dstress.docs.images=true}).
 */
class LivePageIT {

    private static final Pattern ADDRESS = Pattern.compile("live page: (http://127\\.0\\.0\\.1:\\d+/)");
    private static final Pattern LIVE_ADDRESS = Pattern.compile("stress live: (http://127\\.0\\.0\\.1:\\d+/)");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** What the test reads of the page, as JSON: the scenario shown, its seconds table, its figures, the charts. */
    private static final String READ_PAGE = """
            !document.getElementById('current') ? JSON.stringify({loading: true}) : JSON.stringify({
              scenario: document.getElementById('current').getAttribute('data-scenario') || '',
              polls: +document.body.getAttribute('data-polls'),
              rows: [...document.querySelectorAll('#seconds tr[data-second]')].map(tr =>
                  ({second: +tr.getAttribute('data-second'), cells: [...tr.cells].map(c => c.textContent)})),
              figures: Object.fromEntries([...document.querySelectorAll('#figures tr[data-window]')].map(tr =>
                  [tr.getAttribute('data-window'), [...tr.cells].map(c => c.textContent)])),
              charts: Object.fromEntries([...document.querySelectorAll('.chart')].map(c =>
                  [c.id, +(c.getAttribute('data-points') || 0)])),
              report: document.getElementById('report-link') ? document.getElementById('report-link').href : null
            })""";

    @TempDir
    static Path dir;

    static Path run;
    static ChildJvm cli;
    /** Every reading of the page during the run, in order. */
    static final List<JsonNode> readings = new ArrayList<>();
    static JsonNode last;
    static List<String> console;
    static Map<Long, JtlSeconds.Second> counted;

    @BeforeAll
    static void watchARunInTheBrowser() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.find(dir);
        run = dir.resolve("run");
        cli = ChildJvm.jar(Path.of(System.getProperty("stress.cli.jar", "target/stress-cli.jar")).toAbsolutePath())
                .jvmArgs("-Dstress.home=" + Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize())
                .args("run", "--scenarios", "direct-1k", "--duration", "14s", "--threads", "4", "--rate", "100",
                        "--timeout-ms", "300", "--no-dashboard", "--live-port", "0", "--out", run.toString())
                .log(dir.resolve("stress.out")).start();
        try {
            RunningCli.await(cli, "the live page's address", Duration.ofMinutes(2),
                    () -> ADDRESS.matcher(cli.logText()).find());
            Matcher m = ADDRESS.matcher(cli.logText());
            assertThat(m.find()).isTrue();
            URI page = URI.create(m.group(1));
            byte[] screenshot = null;
            Thread stall = null;
            try (DevToolsPage browser = DevToolsPage.open(chromium.binary(), dir, page, 1400, 2600,
                    Duration.ofMinutes(1))) {
                long deadline = System.nanoTime() + Duration.ofMinutes(8).toNanos();
                while (cli.isAlive() && System.nanoTime() < deadline) {
                    JsonNode reading = JSON.readTree(browser.evaluate(READ_PAGE).asText());
                    if (reading.has("loading")) {
                        Thread.sleep(200); // the page is not there yet
                        continue;
                    }
                    readings.add(reading);
                    if (stall == null && reading.path("rows").size() >= 3) {
                        stall = stallTheProvider(Duration.ofMillis(2500));
                    }
                    if (screenshot == null && reading.path("rows").size() >= 10 && reading.at("/figures/steady/2")
                            .asText().replace(",", "").matches("[1-9][0-9]*")) {
                        screenshot = browser.screenshot();
                    }
                    Thread.sleep(500);
                }
                // the run's command has exited: the page keeps what it last showed
                last = JSON.readTree(browser.evaluate(READ_PAGE).asText());
                console = browser.console();
            } finally {
                if (stall != null) {
                    stall.join(10_000);
                }
            }
            if (screenshot != null) {
                Path target = Paths.get(System.getProperty("basedir", System.getProperty("user.dir"))).resolve("target");
                Files.write(target.resolve("live-page-it.png"), screenshot);
                if (Boolean.getBoolean("stress.docs.images")) { // docs/RUN.md, Watching a run: a provider stalled
                    Path docs = Paths.get(System.getProperty("stress.home")).resolve("docs/images/live-page-stall.png");
                    Files.createDirectories(docs.getParent());
                    Files.write(docs, screenshot);
                }
            }
        } finally {
            cli.stop(Duration.ofSeconds(30));
        }
        counted = JtlSeconds.count(run.resolve("scenarios/direct-1k/results.jtl"));
    }

    /** Stops the run's provider (SIGSTOP) for {@code length}, then lets it go on (SIGCONT), on a thread of its own. */
    static Thread stallTheProvider(Duration length) throws Exception {
        long pid = -1;
        for (JsonNode service : JSON.readTree(run.resolve("run.json").toFile()).path("services")) {
            if (service.path("name").asText().equals("provider")) {
                pid = service.path("pid").asLong();
            }
        }
        assertThat(pid).as("the provider's pid in run.json").isPositive();
        long provider = pid;
        signal("STOP", provider);
        Thread resume = new Thread(() -> {
            try {
                Thread.sleep(length.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                signal("CONT", provider);
            }
        }, "provider-stall");
        resume.start();
        return resume;
    }

    private static void signal(String signal, long pid) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).inheritIO().start();
            assertThat(kill.waitFor()).as("kill -" + signal + " " + pid).isZero();
        } catch (java.io.IOException | InterruptedException e) {
            throw new IllegalStateException("kill -" + signal + " " + pid + ": " + e, e);
        }
    }

    /** A figure the page shows ("1,234", "-") as a number, -1 for "-". */
    static long number(String text) {
        String t = text.replace(",", "").trim();
        return t.equals("-") || t.isEmpty() ? -1 : Long.parseLong(t);
    }

    /** "TIMEOUT 12, NETWORK 3" as code -> count. */
    static Map<String, Long> codes(String text) {
        Map<String, Long> codes = new LinkedHashMap<>();
        if (!text.isBlank()) {
            for (String part : text.split(", ")) {
                int space = part.lastIndexOf(' ');
                codes.put(part.substring(0, space), number(part.substring(space + 1)));
            }
        }
        return codes;
    }

    /** A percentile the page shows against the exact one: at or above it, by less than one part in a thousand. */
    static void withinPrecision(long shown, long exact, String what) {
        assertThat(shown).as(what + ": shown %d, counted %d", shown, exact).isGreaterThanOrEqualTo(exact)
                .isLessThanOrEqualTo(exact + exact / 1000);
    }

    @Test
    void everySecondThePageShowedIsTheJtlsOwnCountOfThatSecond() {
        Map<Long, JsonNode> shown = new TreeMap<>();
        int compared = 0;
        for (JsonNode reading : readings) {
            for (JsonNode row : reading.path("rows")) {
                long second = row.get("second").asLong();
                JsonNode cells = row.get("cells");
                JtlSeconds.Second exact = counted.get(second);
                String what = "second " + second + " as shown " + cells;
                if (number(cells.get(1).asText()) == 0) {
                    assertThat(exact).as(what + ": no call of the JTL ended in it").isNull();
                    continue;
                }
                assertThat(exact).as(what + ": the JTL has calls ending in it").isNotNull();
                assertThat(number(cells.get(1).asText())).as(what + ": calls").isEqualTo(exact.calls());
                assertThat(number(cells.get(2).asText())).as(what + ": errors").isEqualTo(exact.errors());
                assertThat(codes(cells.get(3).asText())).as(what + ": errors by code")
                        .containsExactlyInAnyOrderEntriesOf(exact.codes());
                withinPrecision(number(cells.get(4).asText()), JtlSeconds.nearestRank(exact.latenciesUs(), 50), what + ": p50");
                withinPrecision(number(cells.get(5).asText()), JtlSeconds.nearestRank(exact.latenciesUs(), 99), what + ": p99");
                assertThat(number(cells.get(6).asText())).as(what + ": max")
                        .isEqualTo(exact.latenciesUs().stream().mapToLong(Long::longValue).max().orElseThrow());
                shown.put(second, cells);
                compared++;
            }
        }
        // the page showed the run as it went: second after second, not all at the end
        assertThat(shown.size()).as("seconds shown during the run").isGreaterThanOrEqualTo(8);
        assertThat(compared).as("readings compared").isGreaterThan(shown.size());
        long withErrors = shown.keySet().stream().filter(s -> counted.get(s).errors() > 0).count();
        long withSuccesses = shown.keySet().stream().filter(s -> counted.get(s).errors() < counted.get(s).calls())
                .count();
        assertThat(withErrors).as("seconds shown with TIMEOUT failures (the by-code figures compared)").isPositive();
        assertThat(withSuccesses).as("seconds shown with successful calls").isPositive();
    }

    @Test
    void theLastTenSecondsAreTheTenSecondsTheTableShowsBesideThem() {
        int compared = 0;
        for (JsonNode reading : readings) {
            JsonNode rows = reading.path("rows");
            JsonNode last10 = reading.at("/figures/last10");
            if (rows.size() < 10 || last10.isMissingNode() || !last10.get(0).asText().equals("last 10 s")) {
                continue;
            }
            List<Long> latencies = new ArrayList<>();
            long calls = 0;
            long errors = 0;
            for (JsonNode row : rows) {
                JtlSeconds.Second s = counted.getOrDefault(row.get("second").asLong(), JtlSeconds.Second.NONE);
                calls += s.calls();
                errors += s.errors();
                latencies.addAll(s.latenciesUs());
            }
            String what = "last 10 s as shown " + last10;
            assertThat(number(last10.get(2).asText())).as(what + ": calls").isEqualTo(calls);
            assertThat(number(last10.get(3).asText())).as(what + ": errors").isEqualTo(errors);
            withinPrecision(number(last10.get(5).asText()), JtlSeconds.nearestRank(latencies, 99), what + ": p99");
            compared++;
        }
        assertThat(compared).as("readings with ten seconds shown").isGreaterThanOrEqualTo(3);
    }

    @Test
    void drawsItsChartsWithoutAConsoleMessageAndKeepsTheReportAtTheEnd() {
        assertThat(console).as("the page's console, exceptions and failed loads").isEmpty();
        JsonNode charts = readings.get(readings.size() - 1).get("charts");
        for (String chart : new String[] {"ch-rate", "ch-latency", "ch-cpu", "ch-threads"}) {
            assertThat(charts.path(chart).asInt()).as(chart + " points").isPositive();
        }
        assertThat(last.get("scenario").asText()).isEqualTo("direct-1k");
        assertThat(last.get("report").asText()).as("the report's link once the run ended (the page holds the report "
                + "itself)").startsWith("blob:");
        assertThat(cli.logText()).contains("stress run: results in");
    }

    @Test
    void stressLiveServesTheSameSecondsForTheFinishedRunsFolder() throws Exception {
        ChildJvm live = ChildJvm.jar(Path.of(System.getProperty("stress.cli.jar", "target/stress-cli.jar"))
                        .toAbsolutePath())
                .args("live", run.toString(), "--live-port", "0", "--no-agent").log(dir.resolve("live.out")).start();
        try {
            RunningCli.await(live, "stress live's address", Duration.ofMinutes(1),
                    () -> LIVE_ADDRESS.matcher(live.logText()).find());
            Matcher m = LIVE_ADDRESS.matcher(live.logText());
            assertThat(m.find()).isTrue();
            HttpClient http = HttpClient.newHttpClient();
            JsonNode data = null;
            long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
            while (System.nanoTime() < deadline) {
                data = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(m.group(1) + "live.json?full=1"))
                        .build(), HttpResponse.BodyHandlers.ofString()).body());
                if (data.at("/scenarios/0/finished").asBoolean()) {
                    break;
                }
                Thread.sleep(200);
            }
            JsonNode scenario = data.at("/scenarios/0");
            assertThat(scenario.get("finished").asBoolean()).as(scenario.toString()).isTrue();
            assertThat(scenario.get("late").asLong()).isZero();
            JsonNode seconds = scenario.get("seconds");
            List<Long> withCalls = new ArrayList<>();
            for (JsonNode s : seconds) {
                if (s.get(1).asLong() == 0) {
                    assertThat(counted).as("a second shown without calls").doesNotContainKey(s.get(0).asLong());
                    continue;
                }
                withCalls.add(s.get(0).asLong());
                JtlSeconds.Second exact = counted.get(s.get(0).asLong());
                assertThat(exact).as("second " + s).isNotNull();
                assertThat(s.get(1).asLong()).as("calls of " + s).isEqualTo(exact.calls());
                assertThat(s.get(2).asLong()).as("errors of " + s).isEqualTo(exact.errors());
                withinPrecision(s.get(5).asLong(), JtlSeconds.nearestRank(exact.latenciesUs(), 99), "p99 of " + s);
            }
            assertThat(withCalls).as("every second of the JTL, in order").containsExactlyElementsOf(counted.keySet());
            assertThat(scenario.at("/total/calls").asLong())
                    .isEqualTo(counted.values().stream().mapToLong(JtlSeconds.Second::calls).sum());
            assertThat(data.at("/run/report").asText()).isEqualTo("report.html");
            HttpResponse<String> report = http.send(HttpRequest.newBuilder(URI.create(m.group(1) + "report.html"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(report.statusCode()).isEqualTo(200);
            assertThat(report.body()).isEqualTo(Files.readString(run.resolve("report.html")));
        } finally {
            live.stop(Duration.ofSeconds(10));
        }
    }
}
