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
class CompareCommandTest {

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
        return run(name, medianUs, seed, "direct-1k", true, "completed", "completed");
    }

    /**
     * A run folder as {@code stress run --repeat N} writes it, one trial per status: {@code completed} and
     * {@code interrupted} trials have a JTL (an interrupted one of 3 s: the run was stopped in it), {@code not run}
     * ones none; the JTL's label is {@code label} (the shipped plans' samplers are labelled {@code direct}).
     */
    static Path run(String name, double medianUs, long seed, String label, boolean micros, String... statuses)
            throws IOException {
        Path root = dir.resolve(name);
        RunLayout layout = new RunLayout(root);
        StringBuilder scenarios = new StringBuilder();
        long start = 1_795_000_000_000L;
        boolean interrupted = false;
        for (int trial = 1; trial <= statuses.length; trial++) {
            String folder = RunLayout.trialName("direct-1k", trial);
            String status = statuses[trial - 1];
            long span = status.equals("interrupted") ? 3_000 : 8_000;
            if (!status.equals("not run")) {
                SyntheticJtl.write(layout.jtl(folder), label, micros, start, span, (int) span, medianUs, 0,
                        seed + trial);
            }
            interrupted |= !status.equals("completed");
            scenarios.append(trial == 1 ? "" : ",").append(String.format("{\"name\": \"%s\", \"scenario\": "
                    + "\"direct-1k\", \"trial\": %d, \"status\": \"%s\", \"startEpochMs\": %d, \"endEpochMs\": %d, "
                    + "\"warmupSeconds\": 1.0}", folder, trial, status, status.equals("not run") ? 0 : start,
                    status.equals("not run") ? 0 : start + span));
            start += 10_000;
        }
        Files.writeString(layout.runJson(), "{\"status\": \"" + (interrupted ? "interrupted" : "completed")
                + "\", \"scenarios\": [" + scenarios + "]}");
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
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--fail-on", "tps=+5%"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--fail-on", "p50=+10%,p50=+1ms"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--fail-on", "tps=-5ms"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--confidence", "1.5"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--confidence", "high"});
        cases.add(new String[] {"compare", base.toString(), news.toString(), "--resamples", "5"});
        cases.add(new String[] {"compare", base.toString()});
        String[] expected = {
            "stress compare: BASE " + dir.resolve("nowhere") + " does not exist",
            "stress compare: Invalid value for option '--fail-on': 'p98=+1%': 'p98' is not a figure",
            "stress compare: Invalid value for option '--fail-on': 'p99=ten': 'ten' is not a limit",
            "stress compare: Invalid value for option '--fail-on': 'tps=+5%': a limit is how far TPS may "
                + "move for the worse, and TPS gets worse going down: write tps=-5% (or tps=5%)",
            "stress compare: Invalid value for option '--fail-on': 'p50=+10%,p50=+1ms': p50 is given twice "
                + "('p50=+10%' and 'p50=+1ms'): give each figure once",
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

    @Test
    void helpPrintsNoPicocliWarning() {
        // picocli's own warnings (a '%' it cannot format) go to System.err, not to the command's writers
        java.io.PrintStream systemErr = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        try {
            System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
            for (String command : picocli.CommandLine.class.cast(io.dubbostress.cli.StressCommand.commandLine())
                    .getSubcommands().keySet()) {
                Cli help = Cli.run(command, "--help");
                assertThat(help.exit).as(command).isZero();
                assertThat(help.out).as(command).contains("Usage: stress " + command);
            }
        } finally {
            System.setErr(systemErr);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
        assertThat(Cli.run("compare", "--help").out.replaceAll("\\s+", " ")).contains("tps=-5%,errors=+0.5%",
                "A sign in the better direction (tps=+5%) and a figure given twice are refused");
    }

    @Test
    void aRunComparedWithItselfIsSaid() throws IOException {
        Path out = dir.resolve("itself");
        Cli r = Cli.run("compare", base.toString(), base.toString(), "--out", out.toString(), "--quiet");
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(json(out.resolve("compare.json")).get("warnings").get(0).asText()).isEqualTo("BASE and NEW read "
                + "the same JTL (" + base + "/scenarios/direct-1k-trial-1, " + base + "/scenarios/direct-1k-trial-2): a "
                + "run compared with itself shows no change by construction, which says nothing about a change");
        // one trial of it by another name is the same file
        Path trial = base.resolve("scenarios/./direct-1k-trial-2/results.jtl");
        Cli one = Cli.run("compare", news.toString(), base + "," + trial, "--out", dir.resolve("itself-2").toString(),
                "--quiet");
        assertThat(one.exit).as(one.toString()).isZero();
        assertThat(json(dir.resolve("itself-2/compare.json")).get("warnings").toString())
                .doesNotContain("the same JTL");
        Cli both = Cli.run("compare", trial.toString(), base.toString(), "--out", dir.resolve("itself-3").toString(),
                "--quiet");
        assertThat(json(dir.resolve("itself-3/compare.json")).get("warnings").get(0).asText())
                .startsWith("BASE and NEW read the same JTL (" + base + "/scenarios/direct-1k-trial-2)");
        assertThat(both.exit).as(both.toString()).isZero();
    }

    @Test
    void trialJtlsGivenAsFilesAreTheTrialsOfTheirRun() throws IOException {
        // labelled as the shipped plans label their samplers ("direct"): the name comes from the trial's folder
        Path b = run("files-base", 420, 1, "direct", true, "completed", "completed");
        Path n = run("files-new", 420 * 1.3, 100, "direct", true, "completed", "completed");
        String baseFiles = b.resolve("scenarios/direct-1k-trial-1/results.jtl") + ","
                + b.resolve("scenarios/direct-1k-trial-2/results.jtl");
        String newFiles = n.resolve("scenarios/direct-1k-trial-1/results.jtl") + ","
                + n.resolve("scenarios/direct-1k-trial-2/results.jtl");
        Cli files = Cli.run("compare", baseFiles, newFiles, "--out", dir.resolve("files").toString(), "--quiet");
        Cli folders = Cli.run("compare", b.toString(), n.toString(), "--out", dir.resolve("folders").toString(),
                "--quiet");
        assertThat(files.exit).as(files.toString()).isZero();
        assertThat(folders.exit).as(folders.toString()).isZero();
        JsonNode fromFiles = json(dir.resolve("files/compare.json")).get("scenarios");
        JsonNode fromFolders = json(dir.resolve("folders/compare.json")).get("scenarios");
        assertThat(fromFiles).hasSize(1);
        assertThat(fromFiles.get(0).get("name").asText()).isEqualTo("direct-1k");
        assertThat(fromFiles.get(0).get("base")).hasSize(2);
        assertThat(fromFiles.get(0).get("new")).hasSize(2);
        // read as their run reads them: run.json's warm-up, the same steady samples and figures as the folders give
        for (int t = 0; t < 2; t++) {
            assertThat(fromFiles.get(0).get("base").get(t).get("samples"))
                    .isEqualTo(fromFolders.get(0).get("base").get(t).get("samples"));
        }
        assertThat(figure(fromFiles.get(0), "p50").get("baseTrials"))
                .isEqualTo(figure(fromFolders.get(0), "p50").get("baseTrials"));
        assertThat(figure(fromFiles.get(0), "p50").get("verdict").asText()).isEqualTo("slower");
    }

    @Test
    void anInterruptedRunsFinishedTrialsAreCompared() throws IOException {
        // stress run --repeat 3 stopped in its second trial: run.json says completed, interrupted, not run
        Path cut = run("interrupted", 420 * 1.3, 200, "direct-1k", true, "completed", "interrupted", "not run");
        Path out = dir.resolve("cut");
        Cli r = Cli.run("compare", base.toString(), cut.toString(), "--out", out.toString(), "--quiet");
        assertThat(r.exit).as(r.toString()).isZero();
        JsonNode c = json(out.resolve("compare.json"));
        JsonNode scenario = c.get("scenarios").get(0);
        assertThat(scenario.get("status").asText()).isEqualTo("compared");
        assertThat(scenario.get("new")).hasSize(1);
        assertThat(scenario.get("new").get(0).get("source").asText()).endsWith("direct-1k-trial-1");
        assertThat(figure(scenario, "p50").get("verdict").asText()).isEqualTo("slower");
        assertThat(c.get("warnings").toString()).contains("NEW " + cut + ": trials the run did not finish are left "
                + "out, the finished ones compared: direct-1k-trial-2 (interrupted), direct-1k-trial-3 (not run)");
        // stopped in its first trial: nothing finished, the interrupted trial is what there is, and it says so
        Path early = run("interrupted-early", 420 * 1.3, 300, "direct-1k", true, "interrupted", "not run");
        Cli e = Cli.run("compare", base.toString(), early.toString(), "--out", dir.resolve("cut-early").toString(),
                "--quiet");
        JsonNode ce = json(dir.resolve("cut-early/compare.json"));
        assertThat(ce.get("warnings").toString()).contains(early + ": direct-1k-trial-1 was interrupted: its figures"
                + " are of the part that ran");
        // its not-run trial is left out as well: the interrupted one is compared
        assertThat(e.exit).as(e.toString()).isZero();
        assertThat(ce.get("scenarios").get(0).get("new")).hasSize(1);
    }

    @Test
    void millisecondsAgainstMicrosecondsIsSaid() throws IOException {
        Path ms = run("millis", 1_800, 400, "direct-1k", false, "completed", "completed");
        Path us = run("micros", 1_800, 500, "direct-1k", true, "completed", "completed");
        Path out = dir.resolve("units");
        Cli r = Cli.run("compare", ms.toString(), us.toString(), "--out", out.toString(), "--quiet");
        assertThat(r.exit).as(r.toString()).isZero();
        JsonNode c = json(out.resolve("compare.json"));
        assertThat(c.get("scenarios").get(0).get("unit").asText()).isEqualTo("ms");
        assertThat(c.get("warnings").toString()).contains("direct-1k: BASE has JMeter's whole milliseconds only (no "
                + "elapsed_us), the other trials microseconds: every latency is compared in milliseconds");
        Cli same = Cli.run("compare", us.toString(), us.toString(), "--out", dir.resolve("units-2").toString(),
                "--quiet");
        assertThat(json(dir.resolve("units-2/compare.json")).get("warnings").toString())
                .doesNotContain("whole milliseconds");
        assertThat(same.exit).isZero();
    }
}
