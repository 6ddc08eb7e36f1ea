package io.dubbostress.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dubbostress.cli.testkit.Cli;
import io.dubbostress.report.Json;
import io.dubbostress.report.SyntheticJtl;
import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress compare} on run folders laid out as {@code stress run --repeat 2} writes them (JTLs shaped like a
 * loopback run's, NEW's latencies 30 % above BASE's): the verdicts, the figures checked against {@code stress report}'s
 * own on the same files, the gate's exit codes, the same output for the same seed, loose JTLs, and bad input as one
 * line with exit code 2.
 */
public class CompareCommandTest {

    @TempDir
    static Path dir;

    static Path base;
    static Path news;

    @BeforeAll
    static void twoRuns() throws IOException {
        base = run("base", 420, 1);
        news = run("new", 420 * 1.3, 100);
    }

    /** A run folder with two trials of direct-1k: 8,000 samples over 8 s each, the first second warm-up. */
    static Path run(String name, double medianUs, long seed) throws IOException {
        return run(dir, name, medianUs, seed);
    }

    /** As {@link #run(String, double, long)}, in {@code dir} (other tests' folders). */
    public static Path run(Path dir, String name, double medianUs, long seed) throws IOException {
        Path root = dir.resolve(name);
        RunLayout layout = new RunLayout(root);
        StringBuilder scenarios = new StringBuilder();
        long start = 1_795_000_000_000L;
        for (int trial = 1; trial <= 2; trial++) {
            String folder = RunLayout.trialName("direct-1k", trial);
            SyntheticJtl.write(layout.jtl(folder), "direct-1k", true, start, 8_000, 8_000, medianUs, 0, seed + trial);
            scenarios.append(trial == 1 ? "" : ",").append(String.format("{\"name\": \"%s\", \"scenario\": "
                    + "\"direct-1k\", \"trial\": %d, \"startEpochMs\": %d, \"endEpochMs\": %d, \"warmupSeconds\": 1.0}",
                    folder, trial, start, start + 8_000));
            start += 10_000;
        }
        Files.writeString(layout.runJson(), "{\"status\": \"completed\", \"scenarios\": [" + scenarios + "]}");
        return root;
    }

    static JsonNode json(Path file) throws IOException {
        return Json.MAPPER.readTree(file.toFile());
    }

    static JsonNode figure(JsonNode scenario, String key) {
        for (JsonNode figure : scenario.get("figures")) {
            if (figure.get("figure").asText().equals(key)) {
                return figure;
            }
        }
        throw new AssertionError("no " + key);
    }

    @Test
    void aThirtyPercentSlowerRunIsSlowerWithTheReportsOwnFigures() throws IOException {
        Path out = dir.resolve("out-slower");
        Cli r = Cli.run("compare", base.toString(), news.toString(), "--out", out.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.out).contains("# dubbo-stress comparison", "## direct-1k", "| p50 (µs) |", "slower");
        assertThat(r.err).contains("stress compare: wrote " + out.resolve("compare.md"),
                "stress compare: read BASE: 2 trial(s) of 1 scenario(s); NEW: 2 trial(s) of 1 scenario(s)",
                "stress compare: NEW direct-1k trial 2 of 2: 7,000 steady samples resampled 1,000 times");
        JsonNode c = json(out.resolve("compare.json"));
        assertThat(c.get("schema").asText()).isEqualTo("dubbo-stress/compare/1");
        assertThat(c.get("seed").asLong()).isEqualTo(1);
        assertThat(c.get("resamples").asInt()).isEqualTo(1000);
        JsonNode scenario = c.get("scenarios").get(0);
        assertThat(scenario.get("name").asText()).isEqualTo("direct-1k");
        for (String key : new String[] {"mean", "p50", "p90", "p99"}) {
            JsonNode f = figure(scenario, key);
            assertThat(f.get("verdict").asText()).as(key).isEqualTo("slower");
            assertThat(f.get("low").asDouble()).as(key).isPositive();
            assertThat(f.get("change").asDouble()).as(key).isBetween(f.get("low").asDouble(),
                    f.get("high").asDouble());
        }
        // the latencies differ by 30 %: the p50's interval holds it
        JsonNode p50 = figure(scenario, "p50");
        assertThat(30.0).isBetween(p50.get("low").asDouble(), p50.get("high").asDouble());
        assertThat(figure(scenario, "errors").get("verdict").asText()).isEqualTo("no change");
        assertThat(figure(scenario, "p999").get("verdict").asText()).isEqualTo("not measured");
        assertThat(figure(scenario, "p999").get("reason").asText()).contains("p99.9 needs 10,000");
        // each trial's figures are the ones stress report prints for it
        Cli report = Cli.run("report", base.toString(), "--out", dir.resolve("report-base").toString(), "--quiet");
        assertThat(report.exit).as(report.toString()).isZero();
        JsonNode reported = json(dir.resolve("report-base/report.json")).get("scenarios");
        for (int t = 0; t < 2; t++) {
            assertThat(reported.get(t).get("name").asText()).isEqualTo("direct-1k-trial-" + (t + 1));
            assertThat(p50.get("baseTrials").get(t).asDouble()).isEqualTo(reported.get(t).at("/latency/p50")
                    .asDouble());
            assertThat(figure(scenario, "tps").get("baseTrials").get(t).asDouble())
                    .isCloseTo(reported.get(t).get("tps").asDouble(), org.assertj.core.data.Offset.offset(0.01));
            assertThat(scenario.get("base").get(t).get("samples").asLong())
                    .isEqualTo(reported.get(t).get("samples").asLong());
        }
        assertThat(Files.readString(out.resolve("compare.html"))).contains("chart-change", "compare-data", "<table>")
                .doesNotContain("{{", "<script src", "<link", "url(");
    }

    @Test
    void theGateFailsOnlyOnAChangeBeyondItsLimitAndWhatItCannotJudge() {
        Cli crossed = Cli.run("compare", base.toString(), news.toString(), "--out", dir.resolve("g1").toString(),
                "--fail-on", "p50=+10%,tps=-5%", "--quiet");
        assertThat(crossed.exit).as(crossed.toString()).isEqualTo(1);
        assertThat(crossed.err).contains("stress compare: --fail-on: direct-1k p50 +10%: crossed: +");
        Cli holds = Cli.run("compare", base.toString(), news.toString(), "--out", dir.resolve("g2").toString(),
                "--fail-on", "p50=+60%,p90=+1ms", "--quiet");
        assertThat(holds.exit).as(holds.toString()).isZero();
        assertThat(holds.err).contains("--fail-on p50=+60%,p90=+1ms: holds");
        Cli unsure = Cli.run("compare", base.toString(), base.toString(), "--out", dir.resolve("g3").toString(),
                "--fail-on", "p99.9=+10%", "--quiet");
        assertThat(unsure.exit).isEqualTo(1);
        assertThat(unsure.err).contains("direct-1k p99.9 +10%: cannot be judged: BASE trial 1: 7,000 samples");
    }

    @Test
    void theSameInputsAndSeedGiveTheSameComparison() throws IOException {
        Cli.run("compare", base.toString(), news.toString(), "--out", dir.resolve("s1").toString(), "--quiet");
        Cli.run("compare", base.toString(), news.toString(), "--out", dir.resolve("s2").toString(), "--quiet");
        Cli.run("compare", base.toString(), news.toString(), "--out", dir.resolve("s3").toString(), "--quiet",
                "--seed", "7");
        ObjectNode one = (ObjectNode) json(dir.resolve("s1/compare.json"));
        ObjectNode two = (ObjectNode) json(dir.resolve("s2/compare.json"));
        ObjectNode other = (ObjectNode) json(dir.resolve("s3/compare.json"));
        for (ObjectNode c : List.of(one, two, other)) {
            c.remove("generatedAt");
        }
        assertThat(two).isEqualTo(one);
        assertThat(other.get("seed").asLong()).isEqualTo(7);
        assertThat(figure(other.get("scenarios").get(0), "p50").get("low"))
                .isNotEqualTo(figure(one.get("scenarios").get(0), "p50").get("low"));
    }

    @Test
    void twoLooseJtlsAreComparedAtAnyConfidenceAndTheMissingRunToRunNoiseIsSaid() throws IOException {
        Path a = base.resolve("scenarios/direct-1k-trial-1/results.jtl");
        Path b = news.resolve("scenarios/direct-1k-trial-2/results.jtl");
        Path out = dir.resolve("loose");
        Cli r = Cli.run("compare", a.toString(), b.toString(), "--out", out.toString(), "--quiet",
                "--confidence", "0.995");
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(Files.readString(out.resolve("compare.md"))).contains("| 99.5 % interval |", "99.5 % intervals;");
        JsonNode c = json(out.resolve("compare.json"));
        assertThat(figure(c.get("scenarios").get(0), "p50").get("verdict").asText()).isEqualTo("slower");
        assertThat(figure(c.get("scenarios").get(0), "p50").get("method").asText())
                .contains("run-to-run noise not measured");
        assertThat(c.get("warnings").toString()).contains("one trial per side");
    }

    @Test
    void badInputIsOneLineWithExitCodeTwoAndNothingWritten() throws IOException {
        Path out = dir.resolve("bad");
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"compare", dir.resolve("nowhere").toString(), news.toString()});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--fail-on", "p98=+1%"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--fail-on", "p99=ten"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--fail-on", "tps=-5ms"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--confidence", "1.5"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--confidence", "high"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--resamples", "5"});
        cases.add(new String[] {"compare", base.toString()});
        String[] expected = {
            "stress compare: BASE " + dir.resolve("nowhere") + " does not exist",
            "stress compare: Invalid value for option '--fail-on': 'p98=+1%': 'p98' is not a figure",
            "stress compare: Invalid value for option '--fail-on': 'p99=ten': 'ten' is not a limit",
            "stress compare: Invalid value for option '--fail-on': 'tps=-5ms': TPS takes a limit in %, not 'ms'",
            "stress compare: Invalid value for option '--confidence': 1.5",
            "stress compare: Invalid value for option '--confidence': 'high' is not a share (e.g. 0.95)",
            "stress compare: Invalid value for option '--resamples': 5 (100 to 100,000)",
            "stress compare: Missing required parameter: 'NEW'",
        };
        for (int i = 0; i < cases.size(); i++) {
            String[] args = new String[cases.get(i).length + 2];
            System.arraycopy(cases.get(i), 0, args, 0, cases.get(i).length);
            args[args.length - 2] = "--out";
            args[args.length - 1] = out.toString();
            Cli r = Cli.run(args);
            assertThat(r.exit).as(r.toString()).isEqualTo(2);
            assertThat(r.firstErrLine()).as(r.toString()).startsWith(expected[i]);
            assertThat(r.err).doesNotContain("\tat ");
        }
        Path other = dir.resolve("other");
        Files.createDirectories(other.resolve("scenarios/hop-1k"));
        Files.copy(base.resolve("scenarios/direct-1k-trial-1/results.jtl"), other.resolve("scenarios/hop-1k/results.jtl"));
        Files.createDirectories(other.resolve("scenarios/hop-100k"));
        Files.copy(base.resolve("scenarios/direct-1k-trial-1/results.jtl"),
                other.resolve("scenarios/hop-100k/results.jtl"));
        Cli none = Cli.run("compare", base.toString(), other.toString(), "--out", out.toString());
        assertThat(none.exit).isEqualTo(2);
        assertThat(none.firstErrLine()).isEqualTo("stress compare: BASE and NEW have no scenario in common (BASE: "
                + "direct-1k; NEW: hop-1k, hop-100k)");
        assertThat(out).doesNotExist();
        assertThat(Files.readString(base.resolve("run.json"), StandardCharsets.UTF_8)).contains("direct-1k-trial-2");
    }
}
