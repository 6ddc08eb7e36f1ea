package io.dubbostress.cli.reliability;

import io.dubbostress.cli.testkit.Jtl;
import io.dubbostress.cli.testkit.RunningCli;

import io.dubbostress.testsupport.RestartableService;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.cli.StressCommand;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code stress run} while its servers fail, as the built jar runs it: a direct and a hop scenario against a
 * provider and a consumer the test started (so it can kill them and start them again on their ports; the run is
 * told where they are) and the PerfMon agent the run started itself. In the direct scenario the provider and the
 * agent are SIGKILLed, and the provider started again; in the hop scenario the consumer is killed and started again.
 * The run must record the failures as what they are, recover when the servers return without restarting JMeter, end
 * each scenario on time, say that the server metrics have a gap and start its agent again, and report the errors
 * and the gap.
 */
class StressRunFaultsIT {

    private static final int THREADS = 4;
    private static final int DURATION_S = 35;
    private static final int TIMEOUT_MS = 2000;
    /** What a loaded 2-core machine may add to a sample beyond its timeout (scheduling, GC), ms. */
    private static final long SLACK_MS = 1500;
    /** How long a scenario samples before a server is killed, ms. */
    private static final long UNDER_WAY_MS = 5000;
    /** How soon after a server's return its calls must succeed again, ms. */
    private static final long RECOVERY_MS = 5000;

    @TempDir
    static Path dir;
    static Path run;
    static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();
    static RestartableService provider;
    static RestartableService consumer;
    static ChildJvm cli;
    static int exitCode;
    static JsonNode runJson;
    static JsonNode report;
    // the faults, epoch ms
    static long providerKilled;
    static long providerLaunched;
    static long providerReady;
    static long agentKilled;
    static long consumerKilled;
    static long consumerLaunched;
    static long consumerReady;

    @BeforeAll
    static void runWhileTheServersFail() throws Exception {
        run = dir.resolve("run");
        provider = RestartableService.provider(HOME.resolve("stress-provider/target/stress-provider.jar"), dir,
                FreePort.find(), null, Duration.ofSeconds(120));
        consumer = RestartableService.consumer(HOME.resolve("stress-consumer/target/stress-consumer.jar"), dir,
                FreePort.find(), provider.port(), TIMEOUT_MS, Duration.ofSeconds(120));
        provider.launch();
        consumer.launch();
        provider.awaitReady();
        consumer.awaitReady();

        // a copy: a build of this module while the run goes on must not pull the jar from under the JVM
        Path jar = Files.copy(Path.of(System.getProperty("stress.cli.jar", "target/stress-cli.jar")),
                dir.resolve("stress-cli.jar"));
        cli = ChildJvm.jar(jar)
                .jvmArgs("-Dstress.home=" + HOME)
                .args("run", "--scenarios", "direct-1k,hop-1k", "--threads", String.valueOf(THREADS),
                        "--duration", DURATION_S + "s", "--warmup", "1s", "--timeout-ms", String.valueOf(TIMEOUT_MS),
                        "--provider", "127.0.0.1:" + provider.port(),
                        "--consumer-url", "http://127.0.0.1:" + consumer.port(), "--no-dashboard",
                        "--out", run.toString())
                .log(dir.resolve("stress.out")).start();

        Path directJtl = run.resolve("scenarios/direct-1k/results.jtl");
        awaitUnderWay("the direct scenario", directJtl);
        providerKilled = provider.kill();
        agentKilled = killRunsAgent();
        // down long enough for every thread to see it
        await("1.5 s of the provider's absence", () -> System.currentTimeMillis() >= providerKilled + 1500);
        providerLaunched = provider.launch();
        providerReady = provider.awaitReady();

        Path hopJtl = run.resolve("scenarios/hop-1k/results.jtl");
        awaitUnderWay("the hop scenario", hopJtl);
        consumerKilled = consumer.kill();
        await("1.5 s of the consumer's absence", () -> System.currentTimeMillis() >= consumerKilled + 1500);
        consumerLaunched = consumer.launch();
        consumerReady = consumer.awaitReady();

        assertThat(cli.waitFor(Duration.ofMinutes(3))).as("stress run ends by itself").isTrue();
        exitCode = cli.stop(Duration.ofSeconds(1));
        assertThat(run.resolve("report.json")).as("stress run's output:\n" + cli.logTail(60)).exists();
        ObjectMapper json = new ObjectMapper();
        runJson = json.readTree(run.resolve("run.json").toFile());
        report = json.readTree(run.resolve("report.json").toFile());
        System.out.printf("provider: killed, relaunched %+d ms, ready %+d ms; consumer: killed, relaunched %+d ms,"
                + " ready %+d ms%n", providerLaunched - providerKilled, providerReady - providerKilled,
                consumerLaunched - consumerKilled, consumerReady - consumerKilled);
    }

    /** SIGKILL to the PerfMon agent stress run started (its pid is in run.json); returns when it is gone. */
    private static long killRunsAgent() throws Exception {
        JsonNode services = new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("services");
        long pid = -1;
        for (JsonNode s : services) {
            if (s.get("name").asText().equals("agent")) {
                pid = s.get("pid").asLong();
            }
        }
        ProcessHandle agent = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no agent in " + services));
        agent.destroyForcibly();
        agent.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
        return System.currentTimeMillis();
    }

    /** Waits until the JTL's first sample is {@value #UNDER_WAY_MS} ms old: JMeter and the collector are going. */
    private static void awaitUnderWay(String what, Path jtl) throws Exception {
        await(what + " sampling", () -> Jtl.rowsSoFar(jtl) >= 2); // the first row is whole
        long first = Jtl.firstTimeStamp(jtl);
        await(what + " " + UNDER_WAY_MS + " ms under way", () -> System.currentTimeMillis() >= first + UNDER_WAY_MS);
    }

    private static void await(String what, BooleanSupplier condition) {
        RunningCli.await(cli, what, Duration.ofMinutes(3), condition);
    }

    @AfterAll
    static void stopEverything() {
        for (AutoCloseable c : new AutoCloseable[] {cli, consumer, provider}) {
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
    void theRunCompletesAndEachScenarioEndsOnTime() {
        assertThat(exitCode).as("failed samples are results, not a failed run:\n" + cli.logTail(40)).isZero();
        assertThat(runJson.get("status").asText()).isEqualTo("completed");
        for (JsonNode s : runJson.get("scenarios")) {
            assertThat(s.get("status").asText()).as(s.toString()).isEqualTo("completed");
            long length = s.get("endEpochMs").asLong() - s.get("startEpochMs").asLong();
            assertThat(length).as(s.get("name") + ": JMeter's test, start to end, ms")
                    .isBetween(DURATION_S * 1000L - 1000, DURATION_S * 1000L + TIMEOUT_MS + SLACK_MS + 3000);
            assertThat(s.get("errors").asLong()).as(s.toString()).isPositive();
        }
    }

    @Test
    void directSamplesFailAsNetworkFailuresWhileTheProviderIsDownAndRecoverWhenItReturns() throws IOException {
        List<Jtl.Row> rows = Jtl.read(run.resolve("scenarios/direct-1k/results.jtl"));
        assertRecovery("provider", rows, providerKilled, providerLaunched, providerReady);
        List<Jtl.Row> down = rows.stream().filter(r -> r.timeStamp >= providerKilled && r.end() <= providerLaunched)
                .collect(Collectors.toList());
        assertThat(down).allSatisfy(r -> assertThat(r.responseCode).as(r.toString()).isIn("NETWORK", "TIMEOUT"));
        assertThat(down.stream().filter(r -> r.responseCode.equals("NETWORK")).findFirst().orElseThrow().responseMessage)
                .contains("127.0.0.1:" + provider.port());
    }

    @Test
    void hopSamplesFailWhileTheConsumerIsDownAndRecoverWhenItReturns() throws IOException {
        List<Jtl.Row> rows = Jtl.read(run.resolve("scenarios/hop-1k/results.jtl"));
        assertRecovery("consumer", rows, consumerKilled, consumerLaunched, consumerReady);
        List<Jtl.Row> down = rows.stream().filter(r -> r.timeStamp >= consumerKilled && r.end() <= consumerLaunched)
                .collect(Collectors.toList());
        assertThat(down).allSatisfy(r -> {
            assertThat(r.responseCode).as(r.toString()).isIn("NETWORK", "TIMEOUT");
            assertThat(r.responseMessage).as(r.toString()).startsWith("http://127.0.0.1:" + consumer.port() + "/");
        });
    }

    /**
     * Before the kill every sample succeeded; from the kill until a new JVM existed every sample failed, every thread
     * had a failed one, none longer than the timeout; the first success came within {@link #RECOVERY_MS} of the server's
     * return, and after it none failed.
     */
    private static void assertRecovery(String server, List<Jtl.Row> rows, long killed, long launched, long ready) {
        assertThat(rows.stream().filter(r -> r.end() < killed - SLACK_MS))
                .as("samples before the %s was killed", server).isNotEmpty()
                .allSatisfy(r -> assertThat(r.success).as(r.toString()).isTrue());
        List<Jtl.Row> down = rows.stream().filter(r -> r.timeStamp >= killed && r.end() <= launched)
                .collect(Collectors.toList());
        assertThat(down).as("samples while the %s was down", server).isNotEmpty()
                .allSatisfy(r -> assertThat(r.success).as(r.toString()).isFalse());
        // every thread met the outage: a failed sample overlapping it (a call in flight at the kill can end as a
        // TIMEOUT after the relaunch, so not every thread has a sample wholly inside a 1.5 s window)
        assertThat(rows.stream().filter(r -> !r.success && r.timeStamp < launched && r.end() > killed)
                .map(r -> r.threadName).distinct()).as("threads with a failed sample while the %s was down",
                server).hasSize(THREADS);
        assertThat(rows).allSatisfy(r -> assertThat(r.elapsed).as(r.toString())
                .isLessThanOrEqualTo(TIMEOUT_MS + SLACK_MS));
        long firstSuccess = rows.stream().filter(r -> r.success && r.timeStamp >= killed).mapToLong(Jtl.Row::end)
                .min().orElseThrow(() -> new AssertionError("no success after the " + server + " returned"));
        System.out.printf("%s: %d samples failed while it was down; first success %+d ms after it was seen ready%n",
                server, rows.stream().filter(r -> !r.success).count(), firstSuccess - ready);
        assertThat(firstSuccess - ready).as("%s: recovery after its return, ms", server).isLessThan(RECOVERY_MS);
        assertThat(rows.stream().filter(r -> r.timeStamp > firstSuccess && !r.success))
                .as("failures after the recovery").isEmpty();
    }

    @Test
    void theRunSaysTheServerMetricsHaveAGapStartsItsAgentAgainAndGoesOn() throws IOException {
        List<Jtl.Row> direct = Jtl.read(run.resolve("scenarios/direct-1k/perfmon.csv"));
        assertThat(direct.stream().filter(r -> r.timeStamp < agentKilled - SLACK_MS))
                .as("metrics before the agent was killed").isNotEmpty()
                .allSatisfy(r -> assertThat(r.success).as(r.toString()).isTrue());
        // the collector's client takes the closed connection for an empty line: no error row marks the gap, the
        // readings just stop
        assertThat(direct.stream().filter(r -> r.success && r.timeStamp > agentKilled + SLACK_MS))
                .as("readings after the agent was killed").isEmpty();
        JsonNode directRecord = runJson.at("/scenarios/0");
        assertThat(directRecord.get("message").asText()).as(directRecord.toString())
                .matches("server metrics are partial: no PerfMon reading after \\d\\d:\\d\\d:\\d\\d, the last \\d+ s"
                        + " of the scenario \\(the agent stopped answering\\)");
        assertThat(cli.logText()).contains("stress run: direct-1k: server metrics are partial: no PerfMon reading after",
                "stress run: the PerfMon agent exited with code 137 during direct-1k; starting it again on its port");

        JsonNode agentRecord = null;
        for (JsonNode s : runJson.get("services")) {
            if (s.get("name").asText().equals("agent")) {
                agentRecord = s;
            }
        }
        assertThat(agentRecord).isNotNull();
        assertThat(agentRecord.get("status").asText())
                .isEqualTo("stopped by the run (started again: it exited with code 137 during direct-1k)");
        assertThat(cli.logText()).contains("stress run: PerfMon agent ready");
        List<Jtl.Row> hop = Jtl.read(run.resolve("scenarios/hop-1k/perfmon.csv"));
        assertThat(hop).as("metrics of the next scenario, from the agent started again").isNotEmpty()
                .allSatisfy(r -> assertThat(r.success).as(r.toString()).isTrue());
        assertThat(runJson.at("/scenarios/1/message").asText()).doesNotContain("server metrics");
    }

    @Test
    void theReportCountsTheErrorsAndItsTimelineShowsTheGap() throws IOException {
        List<Jtl.Row> rows = Jtl.read(run.resolve("scenarios/direct-1k/results.jtl"));
        JsonNode direct = scenario(report, "direct-1k");
        long steadyStart = direct.get("steadyStartEpochMs").asLong();
        long failedInSteadyState = rows.stream().filter(r -> !r.success && r.timeStamp >= steadyStart).count();
        assertThat(direct.at("/errors/count").asLong()).isEqualTo(failedInSteadyState).isPositive();
        assertThat(direct.at("/errors/top/0/message").asText()).startsWith("NETWORK");

        JsonNode timeline = direct.get("timeline");
        long origin = timeline.get("startEpochMs").asLong();
        long bucket = timeline.get("bucketMs").asLong();
        int before = 0;
        int inside = 0;
        long insideFrom = Long.MAX_VALUE;
        long insideTo = Long.MIN_VALUE;
        long insideSamples = 0;
        for (int i = 0; i < timeline.get("samples").size(); i++) {
            long from = origin + i * bucket;
            long to = from + bucket;
            long samples = timeline.get("samples").get(i).asLong();
            long errors = timeline.get("errors").get(i).asLong();
            if (to < providerKilled - SLACK_MS && from > steadyStart) {
                assertThat(errors).as("bucket %d before the kill", i).isZero();
                before++;
            } else if (from >= providerKilled + 200 && to <= providerLaunched) {
                // a bucket can be empty: a sample is placed by its start, and every thread may be inside one call
                // (a TIMEOUT of a call in flight at the kill, a refused connect on a busy box) for a whole bucket
                assertThat(errors).as("bucket %d while the provider was down", i).isEqualTo(samples);
                insideSamples += samples;
                insideFrom = Math.min(insideFrom, from);
                insideTo = Math.max(insideTo, to);
                inside++;
            }
        }
        assertThat(before).as("buckets before the kill").isPositive();
        assertThat(inside).as("buckets while the provider was down").isPositive();
        // the same buckets counted from the JTL: samples started in them, every one a failure
        long startedInside = insideFrom;
        long endedInside = insideTo;
        List<Jtl.Row> startedWhileDown = rows.stream()
                .filter(r -> r.timeStamp >= startedInside && r.timeStamp < endedInside).collect(Collectors.toList());
        assertThat(insideSamples).as("samples the timeline has while the provider was down")
                .isEqualTo(startedWhileDown.size()).isPositive();
        assertThat(startedWhileDown).allSatisfy(r -> assertThat(r.success).as(r.toString()).isFalse());

        // the same from the loose JTL, as a user reports a JTL of their own
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = StressCommand.commandLine();
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        Path again = dir.resolve("report-of-the-jtl");
        int code = command.execute("report", run.resolve("scenarios/direct-1k/results.jtl").toString(), "--warmup",
                "0", "--quiet", "--out", again.toString());
        assertThat(code).as(err.toString()).isZero();
        JsonNode loose = new ObjectMapper().readTree(again.resolve("report.json").toFile());
        assertThat(loose.at("/scenarios/0/errors/count").asLong())
                .isEqualTo(rows.stream().filter(r -> !r.success).count());
    }

    private static JsonNode scenario(JsonNode report, String name) {
        for (JsonNode s : report.get("scenarios")) {
            if (s.get("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no scenario " + name + " in report.json");
    }
}
