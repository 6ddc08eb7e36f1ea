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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
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
        assumeSignalReachesAChild(signal);
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
            // the report is written from what was recorded; the scenario the run never reached measured nothing:
            // failed, exit code 1
            assertThat(report.stop(Duration.ofSeconds(1))).as(report.logText()).isEqualTo(1);
            assertThat(report.logText()).contains("stress report: failed: hop-1k: no sample: the run ended before it"
                    + " (run.json: not run)");
        }
    }

    /**
     * Ctrl-C while the provider is still starting: one line says no scenario ran (no failure dump of the provider
     * stopped under the wait), exit 130, what was started is stopped, run.json is closed as interrupted.
     */
    @Test
    void ctrlCDuringStartUpSaysNoScenarioRanAndStopsWhatItStarted() throws Exception {
        assumeSignalReachesAChild("INT");
        Path run = dir.resolve("early");
        Path runFolder = run.toAbsolutePath().normalize();
        try (ChildJvm cli = StressCli.start(dir.resolve("early.out"), "run", "--scenarios", "direct-1k,hop-1k",
                "--threads", "2", "--duration", "30s", "--no-dashboard", "--out", run.toString())) {
            org.awaitility.Awaitility.await("the provider starting").atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> !cli.isAlive() || cli.logText().contains("stress run: starting the provider"));
            assertThat(cli.logText()).as("still starting").doesNotContain("provider ready");
            Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(cli.pid())).start();
            assertThat(kill.waitFor()).isZero();
            assertThat(cli.waitFor(Duration.ofMinutes(2))).as("stress run ends after SIGINT").isTrue();
            assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(30)).isEqualTo(130);
            String log = cli.logText();
            assertThat(log).as(log).contains("stress run: interrupted before any scenario ran\n")
                    .doesNotContain("exited with code", "its log", "timed out", "asking JMeter", "Exception",
                            "report failed");
        }
        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("interrupted");
        assertThat(runJson.get("endedAt").asText()).isNotEmpty();
        assertThat(runJson.get("scenarios")).hasSize(2)
                .allSatisfy(s -> assertThat(s.get("status").asText()).isEqualTo("not run"));
        // every process the run started names its folder (its GC log, its console) on its command line
        org.awaitility.Awaitility.await("the run's processes gone").atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(ProcessHandle.allProcesses()
                        .filter(p -> p.info().commandLine().orElse("").contains(runFolder.toString()))
                        .map(p -> p.pid() + " " + p.info().commandLine().orElse(""))
                        .collect(java.util.stream.Collectors.toList())).isEmpty());
        try (java.util.stream.Stream<Path> files = Files.walk(run)) {
            assertThat(files.filter(p -> p.getFileName().toString().endsWith(".tmp")
                    || p.getFileName().toString().equals(RunFolderSpace.RESERVE_NAME))).isEmpty();
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

    /**
     * A signal this JVM ignores is ignored by every process it starts (a disposition of SIG_IGN survives exec, and the
     * JVM then installs no handler for it): SIGINT and SIGQUIT under a shell's background job without job control
     * ({@code cmd &} in a script), SIGHUP under nohup. Then Ctrl-C cannot reach {@code stress run} at all, as in a
     * terminal it could not either, and the case is skipped with that said. Linux's /proc/self/status, bit N-1 of
     * SigIgn.
     */
    private static void assumeSignalReachesAChild(String signal) throws IOException {
        int number = signal.equals("INT") ? 2 : signal.equals("TERM") ? 15 : 0;
        Path status = Path.of("/proc/self/status");
        if (number == 0 || !Files.exists(status)) {
            return;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                long ignored = Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
                Assumptions.assumeTrue((ignored & (1L << (number - 1))) == 0, "SIG" + signal + " is ignored by this"
                        + " test's JVM (started as a background job of a shell without job control, or the like), so"
                        + " by every process it starts: the SIG" + signal + " case cannot run here");
            }
        }
    }
}
