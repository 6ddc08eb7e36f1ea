package io.dubbostress.cli.reliability;

import io.dubbostress.cli.testkit.Jtl;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.report.perfmon.JvmMetrics;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.RestartableService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A scenario whose JMeter makes no progress: its provider is frozen (SIGSTOP) mid-scenario and the call timeout is
 * ten minutes, so every JMeter thread blocks in a call far beyond the scenario's 8 s (up to 20 s on a busy box). The
 * watchdog stops that JMeter once ramp-up + duration + grace (1 s + 8 s + 60 s) have passed since its test started
 * (the grace is the watchdog's least, 60 s, for any duration up to 5 min), the scenario is marked
 * failed with the reason, the rows recorded before the freeze are kept, and the run goes on with the next scenario
 * (the provider thawed) and ends with exit 1, said once at the end.
 *
 * <p>Runs beside the module's other ITs (they run one after another: stress-cli's failsafe configuration): of its
 * ~2.5 min, 60 s of grace and up to 60 s of stop steps wait on a frozen provider and a blocked JMeter, using no CPU;
 * its busy parts (the JVMs' start, {@code direct-512}'s seconds of calls) are what a shared machine adds to any test.
 */
@Execution(ExecutionMode.CONCURRENT)
class StressRunWatchdogIT {

    /**
     * Long enough for JMeter's buffered JTL writer to show rows before the duration ends: the provider froze 1.2 s
     * after the test started in CI, 1.8 s at a load of 20 on 2 cores, 7.7 s at that load with another IT beside it;
     * so 8 s on a quiet box, scaled by the box's load up to the 20 s this class always ran with before. It is also
     * the length of {@code direct-512}, the only seconds of this class that load the CPU of the ITs beside it.
     */
    private static final int DURATION_S = io.dubbostress.testsupport.BoxLoad.scaled(8, 20);
    private static final int RAMPUP_S = 1;
    private static final int GRACE_S = 60;
    /** The watchdog's stop steps: "Shutdown" 30 s, "StopTestNow" 15 s, SIGTERM 5 s then SIGKILL, with room. */
    private static final long STOP_STEPS_MS = 30_000 + 15_000 + 5_000 + 10_000;

    @TempDir
    static Path dir;
    static Path run;
    static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();
    static RestartableService provider;
    static ChildJvm cli;
    static int exitCode;
    static long frozen;
    static long watchdogSaid;
    static JsonNode runJson;

    @BeforeAll
    static void runWhileTheProviderIsFrozen() throws Exception {
        run = dir.resolve("run");
        provider = RestartableService.provider(HOME.resolve("stress-provider/target/stress-provider.jar"), dir,
                FreePort.find(), null, Duration.ofMinutes(2));
        provider.start();
        Path jar = Files.copy(Path.of(System.getProperty("stress.cli.jar", "target/stress-cli.jar")),
                dir.resolve("stress-cli.jar"));
        cli = ChildJvm.jar(jar)
                .jvmArgs("-Dstress.home=" + HOME)
                .args("run", "--scenarios", "direct-1k,direct-512", "--threads", "2", "--duration", DURATION_S + "s",
                        "--rampup", RAMPUP_S + "s", "--warmup", "1s", "--timeout-ms", "600000",
                        "--provider", "127.0.0.1:" + provider.port(), "--no-dashboard", "--out", run.toString())
                .log(dir.resolve("stress.out")).start();
        try {
            Path jtl = run.resolve("scenarios/direct-1k/results.jtl");
            await("direct-1k sampling", Duration.ofMinutes(5), () -> Jtl.rowsSoFar(jtl) >= 2);
            frozen = provider.freeze();
            await("the watchdog", Duration.ofMinutes(5), () -> cli.logText().contains("stopped by the watchdog"));
            watchdogSaid = System.currentTimeMillis();
            long jmeterPid = new ObjectMapper().readTree(run.resolve("run.json").toFile())
                    .at("/scenarios/0/jmeterPid").asLong();
            await("direct-1k's JMeter gone", Duration.ofMinutes(3), () -> ProcessHandle.of(jmeterPid)
                    .map(p -> !p.isAlive()).orElse(true));
        } finally {
            provider.thaw();
        }
        assertThat(cli.waitFor(Duration.ofMinutes(5))).as("stress run ends by itself").isTrue();
        exitCode = cli.stop(Duration.ofSeconds(1));
        runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        System.out.printf("provider frozen %+d ms after the test started, the watchdog said so %+d ms after; stress"
                + " run said:%n%s%n", frozen - runJson.at("/scenarios/0/startEpochMs").asLong(),
                watchdogSaid - runJson.at("/scenarios/0/startEpochMs").asLong(), cli.logText());
    }

    private static void await(String what, Duration atMost, BooleanSupplier condition) {
        try {
            org.awaitility.Awaitility.await(what).atMost(atMost).pollInterval(Duration.ofMillis(200))
                    .failFast("stress run ended", () -> !cli.isAlive())
                    .until(condition::getAsBoolean);
        } catch (org.awaitility.core.ConditionTimeoutException | org.awaitility.core.TerminalFailureException e) {
            throw new AssertionError("gave up waiting for " + what + ": " + e.getMessage() + "; stress run's output:\n"
                    + cli.logTail(40), e);
        }
    }

    @AfterAll
    static void stopEverything() {
        for (AutoCloseable c : new AutoCloseable[] {cli, provider}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // the next one still gets stopped
            }
        }
    }

    @Test
    void theStalledScenarioIsStoppedAfterItsGraceAndMarkedFailed() {
        JsonNode stalled = runJson.at("/scenarios/0");
        assertThat(stalled.get("status").asText()).as(stalled.toString()).isEqualTo("failed");
        assertThat(stalled.get("message").asText()).as(stalled.toString()).startsWith(stillRunning() + " after the"
                + " test started (ramp-up 1 s + duration " + DURATION_S + " s + grace 60 s): stopped by the watchdog")
                .as("the agent is not blamed for the readings JMeter's stopped collector did not take")
                .doesNotContain("server metrics");
        long testStart = stalled.get("startEpochMs").asLong();
        long deadline = testStart + (RAMPUP_S + DURATION_S + GRACE_S) * 1000L;
        assertThat(frozen).as("frozen during the test").isLessThan(testStart + DURATION_S * 1000L);
        assertThat(watchdogSaid).as("the watchdog waits for the whole grace").isGreaterThanOrEqualTo(deadline);
        assertThat(stalled.get("endEpochMs").asLong()).as("JMeter gone within its stop steps after the deadline")
                .isGreaterThanOrEqualTo(deadline)
                .isLessThanOrEqualTo(deadline + STOP_STEPS_MS);
    }

    @Test
    void aProviderGivenByAddressIsNotReadThroughTheAgentAndTheRunSaysSo() throws Exception {
        assertThat(runJson.get("jvmMetricsNotRead")).hasSize(1);
        assertThat(runJson.at("/jvmMetricsNotRead/0").asText()).isEqualTo("JVM metrics: the provider was given by"
                + " address (--provider 127.0.0.1:" + provider.port() + "): the run does not know its process, so its"
                + " threads, open files and context switches are not read");
        assertThat(cli.logText()).contains("stress run: " + runJson.at("/jvmMetricsNotRead/0").asText());
        // the JMeter it started is read, and the host
        JvmMetrics read = new JvmMetrics();
        read.read(run.resolve("scenarios/direct-512/perfmon-jvms.csv"));
        assertThat(read.jvms()).extracting(JvmMetrics.Jvm::service).containsExactly("jmeter");
        assertThat(read.hostSwitches()).containsOnlyKeys("127.0.0.1");
    }

    @Test
    void theRowsRecordedBeforeTheFreezeAreKept() throws Exception {
        assertThat(Jtl.read(run.resolve("scenarios/direct-1k/results.jtl")))
                .as("rows written before the provider froze").hasSizeGreaterThanOrEqualTo(2)
                .allSatisfy(r -> assertThat(r.timeStamp).isLessThan(frozen + 1000));
    }

    @Test
    void theRunGoesOnWithTheNextScenarioAndEndsWithExitOneSaidOnceAtTheEnd() {
        JsonNode next = runJson.at("/scenarios/1");
        assertThat(next.get("status").asText()).as(next.toString()).isEqualTo("completed");
        assertThat(next.get("samples").asLong()).isPositive();
        assertThat(runJson.get("status").asText()).isEqualTo("failed");
        assertThat(exitCode).as(cli.logTail(30)).isEqualTo(1);
        String log = cli.logText();
        String verdict = "stress run: failed: direct-1k: " + stillRunning() + " after the test started";
        assertThat(log.split(java.util.regex.Pattern.quote(verdict), -1)).as(log).hasSize(2);
        assertThat(log.lines().filter(l -> l.startsWith("stress run: failed: "))).as(log).hasSize(1);
        assertThat(log.strip()).as("the verdict is the last word").endsWith(runJson.at("/scenarios/0/message")
                .asText());
        assertThat(run.resolve("report.md")).as("the report of what was recorded").isNotEmptyFile();
    }

    /** The watchdog's words for its deadline: ramp-up + duration + grace. */
    private static String stillRunning() {
        return "JMeter was still running " + (RAMPUP_S + DURATION_S + GRACE_S) + " s";
    }
}
