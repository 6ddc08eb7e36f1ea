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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress run} interrupted mid-scenario (SIGINT as Ctrl-C sends it, SIGTERM as a service manager does): every
 * process it started is gone, the JTL holds every sample JMeter completed (flushed, no torn last line), run.json says
 * what happened, and the report is written from what was recorded.
 */
class StressRunInterruptIT {

    private static final Pattern FINAL_SUMMARY = Pattern.compile("summary =\\s+(\\d+) in");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"INT, 130", "TERM, 143"})
    void stopsCleanlyKeepsEverySampleAndReports(String signal, int expectedExit) throws Exception {
        Path run = dir.resolve("run");
        try (ChildJvm cli = StressCli.start(dir.resolve("stress.out"), "run", "--scenarios", "direct-1k,hop-1k",
                "--threads", "2", "--duration", "120s", "--no-dashboard", "--out", run.toString())) {
            Path console = run.resolve("scenarios/direct-1k/jmeter.out");
            // mid-scenario: JMeter has reported samples at least once
            org.awaitility.Awaitility.await("JMeter's first summary").atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> !cli.isAlive() || Files.exists(console)
                            && Files.readString(console).contains("summary +"));
            assertThat(Files.readString(console)).as("the scenario is under way").contains("summary +");

            Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(cli.pid())).start();
            assertThat(kill.waitFor()).isZero();
            assertThat(cli.waitFor(Duration.ofMinutes(3))).as("stress run ends after SIG" + signal).isTrue();
            assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(30)).isEqualTo(expectedExit);
            assertThat(cli.logText()).contains("stress run: interrupted; asking JMeter to finish its samples");
        }

        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("interrupted");
        JsonNode direct = runJson.get("scenarios").get(0);
        JsonNode hop = runJson.get("scenarios").get(1);
        assertThat(direct.get("status").asText()).isEqualTo("interrupted");
        assertThat(hop.get("status").asText()).isEqualTo("not run");

        List<Long> pids = new ArrayList<>();
        runJson.get("services").forEach(s -> pids.add(s.get("pid").asLong()));
        pids.add(direct.get("jmeterPid").asLong());
        assertThat(pids).hasSize(4).allSatisfy(pid -> assertThat(
                ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid " + pid).isFalse());

        Path jtl = run.resolve("scenarios/direct-1k/results.jtl");
        String text = Files.readString(jtl);
        assertThat(text).endsWith("\n");
        List<String> lines = text.lines().collect(java.util.stream.Collectors.toList());
        int columns = lines.get(0).split(",").length;
        List<String> rows = lines.subList(1, lines.size());
        assertThat(rows).isNotEmpty().allSatisfy(row -> assertThat(row.split(",")).hasSize(columns));
        assertThat((long) rows.size()).as("rows in the JTL = samples JMeter counted")
                .isEqualTo(finalSummaryCount(run.resolve("scenarios/direct-1k/jmeter.out")));

        assertThat(run.resolve("report.md")).isNotEmptyFile();
        assertThat(Files.readString(run.resolve("report.md"))).contains("| direct-1k |");
        try (ChildJvm report = StressCli.start(dir.resolve("report.out"), "report", run.toString(), "--quiet",
                "--out", dir.resolve("again").toString())) {
            assertThat(report.waitFor(Duration.ofMinutes(2))).isTrue();
            assertThat(report.stop(Duration.ofSeconds(1))).as(report.logText()).isZero();
        }
    }

    private static long finalSummaryCount(Path console) throws IOException {
        long last = -1;
        Matcher m = FINAL_SUMMARY.matcher(Files.readString(console));
        while (m.find()) {
            last = Long.parseLong(m.group(1));
        }
        return last;
    }
}
