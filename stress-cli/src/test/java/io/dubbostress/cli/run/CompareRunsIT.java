package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dubbostress.cli.testkit.Cli;
import io.dubbostress.report.Json;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress compare} on real runs: two reference providers (the build's stress-provider.jar), A doing
 * {@value #BASE_WORK} random additions per call and B {@value #NEW_WORK}; three real {@code stress run --repeat 2}
 * runs against them, A, B, A again (1 thread, 8 s trials whose first 4 s are warm-up: on a loaded 2-core machine
 * JMeter's first call alone took 3-5 s). A/A (the two runs of A): no change, and the CI gate holds. A/B (both A runs
 * against B): slower, and the interval of the mean's difference covers the difference the providers measured
 * themselves -- the wall time of their work per call ({@code ProviderStats.workNanos}), read over Dubbo's telnet
 * {@code invoke} before and after each run: a figure of the thing measured, by another clock in another process.
 * A/A is judged at 99 % confidence: one real pair, several figures, and a test that must not fail one CI run in
 * twenty by design (AaCalibrationTest holds the 95 % rate over many synthetic pairs).
 */
class CompareRunsIT {

    static final int BASE_WORK = 1_000;
    static final int NEW_WORK = 2_001_000;

    @TempDir
    static Path dir;

    static ChildJvm providerA;
    static ChildJvm providerB;
    static int portA;
    static int portB;
    static Path runA1;
    static Path runA2;
    static Path runB;
    /** The providers' own work time per call, microseconds: A over both its runs, B over its run. */
    static double workA;
    static double workB;

    @BeforeAll
    static void runBothBuilds() throws IOException {
        Path jar = StressCli.HOME.resolve("stress-provider/target/stress-provider.jar");
        portA = FreePort.find();
        portB = FreePort.find();
        providerA = provider(jar, portA, BASE_WORK, "a");
        providerB = provider(jar, portB, NEW_WORK, "b");
        for (ChildJvm p : new ChildJvm[] {providerA, providerB}) {
            p.awaitLog(line -> line.contains("stress-provider ready:"), "the provider's ready line",
                    Duration.ofMinutes(3));
        }
        long[] a0 = stats(portA);
        runA1 = run(portA, "a1");
        long[] b0 = stats(portB);
        runB = run(portB, "b");
        long[] b1 = stats(portB);
        runA2 = run(portA, "a2");
        long[] a1 = stats(portA);
        workA = (a1[1] - a0[1]) / 1000.0 / (a1[0] - a0[0]);
        workB = (b1[1] - b0[1]) / 1000.0 / (b1[0] - b0[0]);
    }

    @AfterAll
    static void stopProviders() {
        for (ChildJvm p : new ChildJvm[] {providerA, providerB}) {
            if (p != null) {
                p.close();
            }
        }
    }

    @Test
    void theSameBuildTwiceIsNoChangeAndTheGateHolds() throws IOException {
        Cli r = Cli.run("compare", runA1.toString(), runA2.toString(), "--confidence", "0.99", "--out",
                dir.resolve("aa").toString(), "--fail-on", "p50=+25%,mean=+25%,tps=-25%", "--quiet");
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.err).contains("--fail-on p50=+25%,mean=+25%,tps=-25%: holds");
        JsonNode scenario = Json.MAPPER.readTree(dir.resolve("aa/compare.json").toFile()).get("scenarios").get(0);
        assertThat(scenario.get("base")).hasSize(2);
        assertThat(scenario.get("new")).hasSize(2);
        List<String> measured = new ArrayList<>();
        for (JsonNode figure : scenario.get("figures")) {
            if (!figure.get("verdict").asText().equals("not measured")) {
                measured.add(figure.get("figure").asText());
                assertThat(figure.get("verdict").asText()).as(figure.toString()).isEqualTo("no change");
            }
        }
        assertThat(measured).contains("mean", "p50", "p90", "tps", "errors");
        System.out.println("A/A: " + scenario.get("figures"));
    }

    @Test
    void moreWorkPerCallIsSlowerByWhatTheProviderMeasured() throws IOException {
        Cli r = Cli.run("compare", runA1 + "," + runA2, runB.toString(), "--out", dir.resolve("ab").toString(),
                "--fail-on", "p50=+100%", "--quiet");
        assertThat(r.exit).as(r.toString()).isEqualTo(1);
        assertThat(r.err).contains("--fail-on: direct-1k p50 +100%: crossed");
        JsonNode scenario = Json.MAPPER.readTree(dir.resolve("ab/compare.json").toFile()).get("scenarios").get(0);
        assertThat(scenario.get("base")).hasSize(4);
        assertThat(scenario.get("new")).hasSize(2);
        JsonNode mean = figure(scenario, "mean");
        assertThat(mean.get("verdict").asText()).isEqualTo("slower");
        assertThat(figure(scenario, "p50").get("verdict").asText()).isEqualTo("slower");
        assertThat(figure(scenario, "tps").get("verdict").asText()).isEqualTo("slower");
        double expected = workB - workA;
        assertThat(workB).as("B's work per call, µs").isGreaterThan(20 * workA);
        assertThat(expected).as("the providers' own difference, µs")
                .isBetween(mean.get("differenceLow").asDouble(), mean.get("differenceHigh").asDouble());
        System.out.printf("A/B: provider work per call A %.1f us, B %.1f us, expected +%.0f us; compare: mean %+.0f us "
                + "[%+.0f, %+.0f], %+.1f %% [%+.1f, %+.1f]; trials' means BASE %s, NEW %s%n", workA, workB, expected,
                mean.get("difference").asDouble(), mean.get("differenceLow").asDouble(),
                mean.get("differenceHigh").asDouble(), mean.get("change").asDouble(), mean.get("low").asDouble(),
                mean.get("high").asDouble(), mean.get("baseTrials"), mean.get("newTrials"));
    }

    private static JsonNode figure(JsonNode scenario, String key) {
        for (JsonNode figure : scenario.get("figures")) {
            if (figure.get("figure").asText().equals(key)) {
                return figure;
            }
        }
        throw new AssertionError("no figure " + key + " in " + scenario);
    }

    private static ChildJvm provider(Path jar, int port, int work, String name) {
        // telnet invoke on the Dubbo port: the test reads ProviderStats with a plain socket
        return ChildJvm.jar(jar).jvmArgs("-Xmx256m").args("--stress.provider.port=" + port,
                "--stress.provider.host=127.0.0.1", "--stress.provider.cpu-iterations=" + work,
                "--dubbo.protocol.telnet=invoke", "--dubbo.application.qos-enable=false")
                .log(dir.resolve("provider-" + name + ".log")).start();
    }

    private static Path run(int port, String name) {
        Path out = dir.resolve(name);
        try (ChildJvm cli = StressCli.start(dir.resolve(name + ".out"), "run", "--provider", "127.0.0.1:" + port,
                "--scenarios", "direct-1k", "--threads", "1", "--duration", "8s", "--warmup", "4s", "--repeat", "2",
                "--no-dashboard", "--out", out.toString())) {
            assertThat(cli.waitFor(Duration.ofMinutes(4))).as("stress run ends by itself").isTrue();
            assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(30)).isZero();
        }
        return out;
    }

    private static final Pattern STATS = Pattern.compile("\"calls\":(\\d+).*\"workNanos\":(\\d+)");

    /** {calls, workNanos} from the provider's ProviderStatsService, over Dubbo's telnet invoke. */
    private static long[] stats(int port) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write("invoke io.dubbostress.api.ProviderStatsService.stats()\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            while (!answer.toString(StandardCharsets.UTF_8).contains("dubbo>")) {
                int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                answer.write(buffer, 0, n);
            }
            Matcher m = STATS.matcher(answer.toString(StandardCharsets.UTF_8));
            assertThat(m.find()).as("ProviderStats in " + answer).isTrue();
            return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
        }
    }
}
