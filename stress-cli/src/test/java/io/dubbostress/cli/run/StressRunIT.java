package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.cli.testkit.ProcCounts;
import io.dubbostress.report.perfmon.JvmMetricLabel;
import io.dubbostress.report.perfmon.JvmMetrics;
import io.dubbostress.report.perfmon.PerfMonSeries;
import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.LongSummaryStatistics;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, shortened: {@code stress run} with 2 threads and a few seconds per scenario, end to
 * end -- provider, consumer and agent started and stopped, four scenarios in the embedded JMeter, the run folder,
 * the GC analyses and the report; and the JVMs read through the agent while it ran, the provider's threads against this
 * test's own count from /proc.
 */
class StressRunIT {

    @TempDir
    static Path dir;

    static Path run;
    static ChildJvm cli;
    static JsonNode runJson;
    static volatile long providerPid = -1;
    static final List<long[]> providerThreads = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    static void runTheComparison() throws IOException {
        run = dir.resolve("run");
        cli = StressCli.start(dir.resolve("stress.out"), "run", "--threads", "2", "--duration", "6s",
                "--out", run.toString());
        // while it runs, this test's own count of the provider's threads (/proc), to check what the run read
        await().atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofMillis(500)).until(() -> {
            countProviderThreads();
            return !cli.isAlive();
        });
        runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
    }

    @Test
    void endsWithExitCodeZeroAndTheComparisonTableOnItsOutput() {
        assertThat(cli.stop(Duration.ofSeconds(1))).as("exit code; output:\n" + cli.logTail(60)).isZero();
        assertThat(cli.logText()).contains("| scenario |", "direct-1k", "hop-1k", "direct-100k", "hop-100k",
                "Hop overhead", "stress run: results in " + run.toAbsolutePath());
    }

    @Test
    void recordsEveryScenarioWithItsWindowAndNoErrors() {
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        List<String> names = new ArrayList<>();
        for (JsonNode s : runJson.get("scenarios")) {
            names.add(s.get("name").asText());
            assertThat(s.get("status").asText()).as(s.toString()).isEqualTo("completed");
            assertThat(s.get("samples").asLong()).as(s.toString()).isPositive();
            assertThat(s.get("errors").asLong()).as(s.toString()).isZero();
            assertThat(s.get("endEpochMs").asLong() - s.get("startEpochMs").asLong()).isBetween(5_000L, 60_000L);
        }
        assertThat(names).containsExactly("direct-1k", "hop-1k", "direct-100k", "hop-100k");
        assertThat(runJson.at("/settings/threads").asText()).isEqualTo("2");
        assertThat(runJson.at("/versions/dubbo").asText()).isEqualTo("2.7.23");
        assertThat(runJson.at("/versions/jmeterUsed").asText()).isEqualTo("5.6.3");
        assertThat(runJson.at("/host/cpus").asInt()).isPositive();
    }

    @Test
    void writesAJtlPerScenarioWithTheMicrosecondColumnAndOnlySuccesses() throws IOException {
        for (String scenario : new String[] {"direct-1k", "hop-1k", "direct-100k", "hop-100k"}) {
            Path jtl = run.resolve("scenarios").resolve(scenario).resolve("results.jtl");
            List<String> lines = Files.readAllLines(jtl);
            assertThat(lines.get(0)).as(scenario).startsWith("timeStamp,elapsed,label,responseCode")
                    .endsWith("\"elapsed_us\",\"due_us\",\"lag_us\",\"response_us\"");
            List<String> rows = lines.subList(1, lines.size());
            assertThat(rows).as(scenario).isNotEmpty();
            assertThat(rows).as(scenario).allSatisfy(row -> assertThat(row).contains(",200,").contains(",true,"));
            assertThat(run.resolve("scenarios").resolve(scenario).resolve("dashboard/index.html")).exists();
        }
    }

    @Test
    void collectsServerMetricsFromTheAgentWithoutErrorRows() throws IOException {
        Path csv = run.resolve("scenarios/direct-1k/perfmon.csv");
        List<String> rows = Files.readAllLines(csv);
        String all = String.join("\n", rows);
        assertThat(all).contains("CPU combined", "Memory usedperc", "Network I/O bytesrecv", "Network I/O bytessent",
                "Disks I/O readbytes", "Disks I/O writebytes");
        assertThat(rows.subList(1, rows.size())).allSatisfy(row -> assertThat(row).contains(",true,"));
    }

    /** Once the run's run.json names the provider's pid: its threads now, as /proc/<pid>/status counts them. */
    private static void countProviderThreads() {
        try {
            if (providerPid <= 0) {
                JsonNode services = new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("services");
                for (JsonNode service : services == null ? List.<JsonNode>of() : services) {
                    if (service.get("name").asText().equals("provider") && service.get("pid").asLong() > 0) {
                        providerPid = service.get("pid").asLong();
                    }
                }
            }
            if (providerPid > 0) {
                long now = System.currentTimeMillis();
                providerThreads.add(new long[] {now, ProcCounts.threads(providerPid)});
            }
        } catch (IOException | RuntimeException e) {
            // no run.json yet, or the provider gone: no count this time
        }
    }

    @Test
    void readsEveryJvmThroughTheAgentAndTheProvidersThreadsAreWhatProcCounted() throws IOException {
        JsonNode report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
        JvmMetrics series = new JvmMetrics();
        for (JsonNode scenario : report.get("scenarios")) {
            String name = scenario.get("name").asText();
            Path csv = run.resolve("scenarios").resolve(name).resolve("perfmon-jvms.csv");
            assertThat(csv).as(name).isNotEmptyFile();
            series.read(csv);
            JsonNode jvms = scenario.get("jvmMetrics");
            assertThat(jvms.at("/hosts/0/contextSwitchesPerSecond").asDouble()).as(name).isPositive();
            List<String> names = new ArrayList<>();
            for (JsonNode jvm : jvms.get("jvms")) {
                names.add(jvm.get("service").asText());
                assertThat(jvm.get("contextSwitchesPerSecond").asDouble()).as(name + " " + jvm).isPositive();
                assertThat(jvm.at("/threads/avg").asDouble()).as(name + " " + jvm).isGreaterThan(5);
                assertThat(jvm.at("/openFiles/avg").asDouble()).as(name + " " + jvm).isGreaterThan(5);
            }
            assertThat(names).as(name).containsExactly("provider", "consumer", "jmeter");
        }
        List<String> trends = new ArrayList<>();
        for (JsonNode trend : report.at("/jvms/trends")) {
            trends.add(trend.get("service").asText());
            for (String figure : new String[] {"threads", "openFiles"}) {
                JsonNode t = trend.get(figure);
                assertThat(t.get("readings").asInt()).as(trend.toString()).isGreaterThanOrEqualTo(10);
                // a minute of readings: no verdict (a pool filling looks like a leak), the figures still given
                assertThat(t.get("verdict").asText()).as(trend.toString()).isEqualTo("not enough data");
                assertThat(t.get("reason").asText()).as(trend.toString()).contains("a verdict needs 5.0 min or more");
                assertThat(t.get("slopePerHour").isNumber()).as(trend.toString()).isTrue();
                assertThat(t.get("first").isNumber() && t.get("last").isNumber()).as(trend.toString()).isTrue();
            }
        }
        assertThat(trends).containsExactly("provider", "consumer");
        assertThat(report.at("/jvms/notRead")).isEmpty();
        assertThat(Files.readString(run.resolve("report.md"))).contains("## JVMs (PerfMon agent, steady state)",
                "## Threads and open files over the whole run (soak help)");

        // the provider's threads as the agent read them, against this test's own count at about the same time
        JvmMetrics.Jvm provider = series.jvms().stream().filter(j -> j.service().equals("provider")).findFirst()
                .orElseThrow();
        assertThat(provider.pid()).isEqualTo(providerPid);
        PerfMonSeries threads = series.series(provider, JvmMetricLabel.Kind.THREADS);
        int compared = 0;
        for (int i = 0; i < threads.size(); i++) {
            long at = threads.time(i);
            long[] near = providerThreads.stream().filter(c -> Math.abs(c[0] - at) <= 600).mapToLong(c -> c[1])
                    .collect(() -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE},
                            (a, v) -> { a[0] = Math.min(a[0], v); a[1] = Math.max(a[1], v); },
                            (a, b) -> { a[0] = Math.min(a[0], b[0]); a[1] = Math.max(a[1], b[1]); });
            if (near[0] == Long.MAX_VALUE) {
                continue;
            }
            assertThat(threads.value(i)).as("the provider's threads read at %d; /proc/<pid>/status within 0.6 s: %d"
                    + " to %d", at, near[0], near[1]).isBetween(near[0] - 2.0, near[1] + 2.0);
            compared++;
        }
        assertThat(compared).as("readings with a count of this test's beside them").isGreaterThanOrEqualTo(10);
        // and report.json's figure over each steady state against this test's counts in the same window
        for (JsonNode scenario : report.get("scenarios")) {
            long from = scenario.get("steadyStartEpochMs").asLong();
            long to = scenario.get("endEpochMs").asLong();
            LongSummaryStatistics counted = providerThreads.stream().filter(c -> c[0] >= from && c[0] < to)
                    .mapToLong(c -> c[1]).summaryStatistics();
            JsonNode figure = scenario.at("/jvmMetrics/jvms/0/threads");
            assertThat(counted.getCount()).as(scenario.get("name").asText()).isPositive();
            assertThat(figure.get("max").asDouble()).as("%s: the provider's threads, report.json %s, /proc %s",
                    scenario.get("name").asText(), figure, counted)
                    .isBetween(counted.getMin() - 2.0, counted.getMax() + 2.0);
            assertThat(figure.get("avg").asDouble()).isBetween(counted.getMin() - 2.0, counted.getMax() + 2.0);
        }
    }

    @Test
    void analysesTheServicesGcLogs() {
        for (String service : new String[] {"provider", "consumer"}) {
            assertThat(run.resolve("gc").resolve(service + "-gc.log")).isNotEmptyFile();
            assertThat(run.resolve("gc").resolve(service + "-gc.analysis.json")).isNotEmptyFile();
        }
    }

    @Test
    void reportsFourScenariosAndTheHopOverheadPerPayload() throws IOException {
        assertThat(run.resolve("report.md")).isNotEmptyFile();
        assertThat(run.resolve("report.html")).isNotEmptyFile();
        JsonNode report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
        List<String> scenarios = new ArrayList<>();
        report.get("scenarios").forEach(s -> scenarios.add(s.get("name").asText()));
        assertThat(scenarios).containsExactly("direct-1k", "hop-1k", "direct-100k", "hop-100k");
        List<String> pairs = new ArrayList<>();
        report.get("hopOverhead").forEach(h -> pairs.add(h.get("hop").asText() + "/" + h.get("direct").asText()));
        assertThat(pairs).containsExactlyInAnyOrder("hop-1k/direct-1k", "hop-100k/direct-100k");
    }

    /**
     * Issue 38: the answer on a real run: per payload and per scenario, every number of its sentences a field of
     * report.json's answer block; the JVMs' CPU read through the agent; the run's last lines are the answer.
     */
    @Test
    void answersFirstAndEveryNumberOfTheAnswerIsAField() throws IOException {
        JsonNode answer = new ObjectMapper().readTree(run.resolve("report.json").toFile()).get("answer");
        assertThat(answer.get("payloads")).extracting(p -> p.get("payload").asText()).containsExactly("1k", "100k");
        assertThat(answer.get("limits")).extracting(l -> l.get("scenario").asText())
                .containsExactly("direct-1k", "hop-1k", "direct-100k", "hop-100k");
        for (JsonNode limit : answer.get("limits")) {
            assertThat(limit.get("threads").asInt()).isEqualTo(2);
            assertThat(limit.get("limitedBy").asText()).isNotEqualTo("not measured");
            assertThat(limit.at("/jvmCpuPercent/provider").isNumber()).as("the provider's CPU, read").isTrue();
            assertThat(limit.at("/jvmCpuPercent/jmeter").isNumber()).as("JMeter's CPU, read").isTrue();
        }
        io.dubbostress.report.answer.AnswerNumbers.assertEveryNumberIsAField(answer);
        String md = Files.readString(run.resolve("report.md"));
        assertThat(md.indexOf("## The answer")).isPositive().isLessThan(md.indexOf("## Scenarios"));
        String log = cli.logText();
        assertThat(log.substring(log.lastIndexOf("The answer:"))).contains("- 1k (hop-1k vs direct-1k):",
                "- hop-100k: ");
    }

    @Test
    void leavesNoProcessBehind() {
        for (JsonNode service : runJson.get("services")) {
            long pid = service.get("pid").asLong();
            assertThat(service.get("startedByRun").asBoolean()).isTrue();
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .as(service.get("name").asText() + " (pid " + pid + ")").isFalse();
        }
        assertThat(runJson.get("services")).hasSize(3);
    }
}
