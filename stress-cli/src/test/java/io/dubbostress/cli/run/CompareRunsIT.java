package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dubbostress.cli.testkit.Cli;
import io.dubbostress.report.Json;
import io.dubbostress.testsupport.BoxLoad;
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
 * runs against them, A, B, A again (1 thread; trials of a warm-up of 3 s on a quiet machine, scaled by its load up to
 * 10 s, then 4 s of steady state: on the loaded 2-core machine JMeter's first call took 2-8 s, and 6 s and 8 s trials
 * were each once left with that one sample; at a target rate, where the schedule starts after the opening calls, the
 * runs took 2.5 times longer and A's latencies were ten times noisier). A/A (the two runs of A): no change, and the
 * CI gate holds. A/B (both A runs against B): slower, and the interval of the mean's difference covers the
 * difference the providers measured themselves -- the wall time of their work per call ({@code ProviderStats.workNanos}), read over Dubbo's telnet
 * {@code invoke} before and after each run: a figure of the thing measured, by another clock in another process. On
 * a busy machine (a load above one per core) the client also waits for a core while B burns one, 1-2 ms a call more
 * than the work: there the interval must reach the work added and not lie wholly beyond twice it.
 * A/A is judged at 99 % confidence: one real pair, several figures, and a test that must not fail one CI run in
 * twenty by design (AaCalibrationTest holds the 95 % rate over many synthetic pairs). The tails (p99, p99.9) are
 * measured and printed but not held to "no change": the two trials of a run follow each other on one machine and in
 * one provider JVM, and the two runs of A do not (B runs between them), so a run's tail can move by more than its
 * trials show: in a CI run on 2 cores p99.9 was 1,395 and 1,513 us in A's first run and 3,813 and 3,047 us in its
 * second, and compare rightly called that slower. The central figures held. docs/RUN.md says so to users.
 */
class CompareRunsIT {

    /** Figures of the few slowest calls: not held to "no change" between two runs (the class comment). */
    static final List<String> TAILS = List.of("p99", "p999");

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
    /** Whether the machine was quiet through every run ({@link BoxLoad#factor()} 1: load at most one per core). */
    static boolean quiet = true;

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
        JsonNode scenario = Json.MAPPER.readTree(dir.resolve("aa/compare.json").toFile()).get("scenarios").get(0);
        boolean blind = false;
        for (String key : List.of("p50", "mean", "tps")) {
            blind |= figure(scenario, key).get("verdict").asText().startsWith("not detectable");
        }
        if (!blind) {
            assertThat(r.exit).as(r.toString()).isZero();
            assertThat(r.err).contains("--fail-on p50=+25%,mean=+25%,tps=-25%: holds");
        } else {
            // a busy machine: two trials of one run can differ by several times in throughput (1,903 and 314 steady
            // calls in 4 s seen at a load of 20), and then nothing can be told: the gate cannot pass, but it never
            // says a change crossed it
            assertThat(r.exit).as(r.toString()).isEqualTo(1);
            assertThat(r.err).doesNotContain(": crossed:").contains(": cannot be judged: not detectable (");
        }
        assertThat(scenario.get("base")).hasSize(2);
        assertThat(scenario.get("new")).hasSize(2);
        List<String> measured = new ArrayList<>();
        for (JsonNode figure : scenario.get("figures")) {
            String key = figure.get("figure").asText();
            if (figure.get("verdict").asText().equals("not measured")) {
                continue;
            }
            measured.add(key);
            if (TAILS.contains(key)) {
                // a tail rests on a handful of calls, and two runs' tails differ by more than their trials show (see
                // the class comment): said, with its interval, never held to "no change" here
                assertThat(figure.get("low").isNumber() && figure.get("high").isNumber()).as(figure.toString())
                        .isTrue();
            } else {
                // no change, or not detectable at all (too few trials whose spread is that of a busy machine): never
                // a change
                assertThat(figure.get("verdict").asText()).as(figure.toString())
                        .matches("no change|not detectable \\(.*\\)");
            }
        }
        // p50 and p90 need 20 and 100 calls a trial: on a saturated machine (load 27) a 4 s trial made fewer
        assertThat(measured).contains("mean", "tps", "errors");
        System.out.println("A/A: " + scenario.get("figures"));
    }

    @Test
    void moreWorkPerCallIsSlowerByWhatTheProviderMeasured() throws IOException {
        Cli r = Cli.run("compare", runA1 + "," + runA2, runB.toString(), "--out", dir.resolve("ab").toString(),
                "--fail-on", "p50=+100%", "--quiet");
        JsonNode scenario = Json.MAPPER.readTree(dir.resolve("ab/compare.json").toFile()).get("scenarios").get(0);
        assertThat(scenario.get("base")).hasSize(4);
        assertThat(scenario.get("new")).hasSize(2);
        JsonNode mean = figure(scenario, "mean");
        // slower; on a machine so busy that the trials of one side differ by several times (seen at a load of 20:
        // A's trials 1,903 and 314 steady calls in 4 s, B's 59 and 333; at 31, B's second trial had 13), not
        // detectable: never "no change", never faster, and the gate is crossed either way
        for (String key : List.of("mean", "p50", "tps")) {
            JsonNode f = figure(scenario, key);
            if (f.get("verdict").asText().equals("not measured")) {
                // a percentile of a trial with too few calls (18 in 4 s seen at a load of 27): the figure's own rule
                assertThat(f.get("reason").asText()).as(f.toString()).contains(" needs ");
                continue;
            }
            assertThat(f.get("verdict").asText()).as(f.toString()).matches("slower|not detectable \\(.*\\)");
        }
        assertThat(r.exit).as(r.toString()).isEqualTo(1);
        String p50 = figure(scenario, "p50").get("verdict").asText();
        assertThat(r.err).contains("--fail-on: direct-1k p50 +100%: " + (p50.equals("slower") ? "crossed"
                : p50.equals("not measured") ? "cannot be judged: " : "cannot be judged: not detectable ("));
        double expected = workB - workA;
        assertThat(workB).as("B's work per call, µs").isGreaterThan(20 * workA);
        double low = mean.get("differenceLow").asDouble();
        double high = mean.get("differenceHigh").asDouble();
        if (!mean.get("differenceLow").isNumber()) {
            // a trial too short for a mean (fewer than 20 steady calls): no interval to hold against the work
            assertThat(mean.get("verdict").asText()).isEqualTo("not detectable (too few samples)");
        } else if (quiet) {
            assertThat(expected).as("the providers' own difference, µs").isBetween(low, high);
        } else {
            // on a busy box the client also waits for a core while B burns one (about 1-2 ms a call measured here):
            // the interval must reach the work added and not lie wholly beyond twice it
            assertThat(high).as("the interval's top against the providers' own difference, µs")
                    .isGreaterThanOrEqualTo(expected);
            assertThat(low).as("the interval's bottom against twice the providers' own difference, µs")
                    .isLessThanOrEqualTo(2 * expected);
        }
        System.out.printf("A/B (%s): provider work per call A %.1f us, B %.1f us, expected +%.0f us; compare: mean "
                + "%+.0f us [%+.0f, %+.0f], %+.1f %% [%+.1f, %+.1f]; trials' means BASE %s, NEW %s%n",
                quiet ? "quiet machine" : "busy machine", workA, workB, expected,
                mean.get("difference").asDouble(), mean.get("differenceLow").asDouble(),
                mean.get("differenceHigh").asDouble(), mean.get("change").asDouble(), mean.get("low").asDouble(),
                mean.get("high").asDouble(), mean.get("baseTrials"), mean.get("newTrials"));
    }

    @Test
    void aLimitGatesTheWorseWayWhateverItsSignAndBySize() throws IOException {
        String a = runA1 + "," + runA2;
        // B is slower (its TPS fell by far more than 5 %): tps=+5% used to hold here, exit 0; it is refused, with
        // the sentence that says how to write it, and the limit written the worse way is crossed
        Cli backwards = Cli.run("compare", a, runB.toString(), "--out", dir.resolve("sign-1").toString(),
                "--fail-on", "tps=+5%", "--quiet");
        assertThat(backwards.exit).as(backwards.toString()).isEqualTo(2);
        assertThat(backwards.firstErrLine()).isEqualTo("stress compare: Invalid value for option '--fail-on': "
                + "'tps=+5%': a limit is how far TPS may move for the worse, and TPS gets worse going down: write "
                + "tps=-5% (or tps=5%)");
        assertThat(dir.resolve("sign-1")).doesNotExist();
        for (String limit : new String[] {"tps=-5%", "tps=5%"}) {
            Cli gate = Cli.run("compare", a, runB.toString(), "--out", dir.resolve("sign-2").toString(),
                    "--fail-on", limit, "--quiet");
            // crossed; on a machine too busy for two trials to tell, cannot be judged: it never holds
            assertThat(gate.exit).as(gate.toString()).isEqualTo(1);
            assertThat(gate.err).containsAnyOf("--fail-on: direct-1k TPS -5%: crossed: -",
                    "--fail-on: direct-1k TPS -5%: cannot be judged: not detectable (");
        }
        // A against B is faster: mean=-10% used to be crossed here, exit 1; refused, and mean=+10% holds
        Cli faster = Cli.run("compare", runB.toString(), a, "--out", dir.resolve("sign-3").toString(),
                "--fail-on", "mean=-10%", "--quiet");
        assertThat(faster.exit).as(faster.toString()).isEqualTo(2);
        assertThat(faster.firstErrLine()).endsWith("write mean=+10% (or mean=10%)");
        Cli holds = Cli.run("compare", runB.toString(), a, "--out", dir.resolve("sign-4").toString(),
                "--fail-on", "mean=+10%,p50=10%,tps=-5%", "--quiet");
        // holds; where two trials cannot tell, cannot be judged: a faster NEW never crosses a limit
        assertThat(holds.err).as(holds.toString()).doesNotContain(": crossed:");
        if (holds.exit == 0) {
            assertThat(holds.err).contains("--fail-on mean=+10%,p50=10%,tps=-5%: holds");
        } else {
            assertThat(holds.err).contains(": cannot be judged: not detectable (");
        }
        // by size, against the work the providers measured: a tenth of it is crossed, ten times it holds
        double expected = workB - workA;
        String small = "mean=+" + Math.round(expected / 10) + "us";
        String large = "mean=+" + Math.round(expected * 10) + "us";
        Cli crossed = Cli.run("compare", a, runB.toString(), "--out", dir.resolve("size-1").toString(),
                "--fail-on", small, "--quiet");
        JsonNode smallMean = figure(Json.MAPPER.readTree(dir.resolve("size-1/compare.json").toFile())
                .get("scenarios").get(0), "mean");
        if (crossed.exit == 0) {
            // the documented rule: crossed only when the whole interval is past the limit. On a saturated machine
            // (B's trials 50 and 102 calls in 4 s) the difference's interval reached below a tenth of the work
            // added, and the gate held: checked against the interval, never a sign error
            assertThat(smallMean.get("differenceLow").asDouble()).as(crossed.toString())
                    .isLessThanOrEqualTo(expected / 10 + 1);
            assertThat(crossed.err).contains("--fail-on " + small + ": holds");
        } else {
            assertThat(crossed.exit).as(crossed.toString()).isEqualTo(1);
            assertThat(crossed.err).containsAnyOf("--fail-on: direct-1k mean " + small.substring(5) + ": crossed: +",
                    "--fail-on: direct-1k mean " + small.substring(5) + ": cannot be judged: not detectable (");
        }
        System.out.println("mean difference against a tenth of the work added (" + small + "): "
                + smallMean.get("difference") + " us [" + smallMean.get("differenceLow") + ", "
                + smallMean.get("differenceHigh") + "], exit " + crossed.exit);
        Cli within = Cli.run("compare", a, runB.toString(), "--out", dir.resolve("size-2").toString(),
                "--fail-on", large, "--quiet");
        assertThat(within.err).as(within.toString()).doesNotContain(": crossed:");
        if (!within.err.contains("cannot be judged")) {
            assertThat(within.exit).as(within.toString()).isZero();
        }
        // a figure given twice is refused as --slo refuses it
        Cli twice = Cli.run("compare", a, runB.toString(), "--fail-on", "p50=+10%,p50=+2ms", "--quiet");
        assertThat(twice.exit).isEqualTo(2);
        assertThat(twice.firstErrLine()).endsWith("p50 is given twice ('p50=+10%' and 'p50=+2ms'): give each "
                + "figure once");
    }

    @Test
    void twoTrialsThatScatterAreNotDetectableAndTheirTrialFilesAreTrials() throws IOException {
        // BASE: A's two trials, given as their JTL files (a trial's JTL is a trial of its scenario, read as its run
        // reads it); NEW: one trial of B (a thousand times A's work) and one of A: NEW is slower on the whole, but
        // its two trials differ by far more than the change, and with one degree of freedom that side's interval
        // cannot tell. It used to say "no change", and p50=+100% held.
        String base = runA1.resolve("scenarios/direct-1k-trial-1/results.jtl") + ","
                + runA1.resolve("scenarios/direct-1k-trial-2/results.jtl");
        String news = runB.resolve("scenarios/direct-1k-trial-1/results.jtl") + ","
                + runA2.resolve("scenarios/direct-1k-trial-1/results.jtl");
        Path out = dir.resolve("scatter");
        Cli r = Cli.run("compare", base, news, "--out", out.toString(), "--fail-on", "p50=+100%", "--quiet");
        JsonNode c = Json.MAPPER.readTree(out.resolve("compare.json").toFile());
        assertThat(c.get("scenarios")).as(r.toString()).hasSize(1);
        JsonNode scenario = c.get("scenarios").get(0);
        assertThat(scenario.get("name").asText()).isEqualTo("direct-1k");
        assertThat(scenario.get("base")).hasSize(2);
        assertThat(scenario.get("new")).hasSize(2);
        // the files' trials are the folder's: the same steady samples as stress compare of the folder counts
        Cli folder = Cli.run("compare", runA1.toString(), runB.toString(), "--out", dir.resolve("scatter-folders")
                .toString(), "--quiet");
        assertThat(folder.exit).as(folder.toString()).isZero();
        JsonNode folderBase = Json.MAPPER.readTree(dir.resolve("scatter-folders/compare.json").toFile())
                .get("scenarios").get(0).get("base");
        for (int t = 0; t < 2; t++) {
            assertThat(scenario.get("base").get(t).get("samples")).isEqualTo(folderBase.get(t).get("samples"));
        }
        JsonNode p50 = figure(scenario, "p50");
        System.out.println("2 trials a side, NEW's scattering: p50 " + p50);
        assertThat(p50.get("verdict").asText()).as(p50.toString()).isEqualTo("not detectable (too few trials)");
        assertThat(p50.get("mde").asDouble()).isGreaterThanOrEqualTo(100);
        assertThat(r.exit).as(r.toString()).isEqualTo(1);
        assertThat(r.err).contains("--fail-on: direct-1k p50 +100%: cannot be judged: not detectable (too few "
                + "trials): the smallest detectable change is +");
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
        quiet &= BoxLoad.factor() <= 1;
        int warmup = BoxLoad.scaled(3, 10);
        try (ChildJvm cli = StressCli.start(dir.resolve(name + ".out"), "run", "--provider", "127.0.0.1:" + port,
                "--scenarios", "direct-1k", "--threads", "1", "--duration", (warmup + 4) + "s", "--warmup",
                warmup + "s", "--repeat", "2",
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
