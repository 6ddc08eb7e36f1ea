package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, shortened: {@code stress run} with 2 threads and a few seconds per scenario, end to
 * end -- provider, consumer and agent started and stopped, four scenarios in the embedded JMeter, the run folder,
 * the GC analyses and the report.
 */
class StressRunIT {

    @TempDir
    static Path dir;

    static Path run;
    static ChildJvm cli;
    static JsonNode runJson;

    @BeforeAll
    static void runTheComparison() throws IOException {
        run = dir.resolve("run");
        cli = StressCli.start(dir.resolve("stress.out"), "run", "--threads", "2", "--duration", "6s",
                "--out", run.toString());
        assertThat(cli.waitFor(Duration.ofMinutes(8))).as("stress run ends by itself").isTrue();
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
