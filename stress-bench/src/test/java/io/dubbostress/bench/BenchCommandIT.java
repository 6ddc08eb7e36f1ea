package io.dubbostress.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress bench} end to end on a tiny run, through the built {@code stress-bench.jar} as a user runs it (./stress bench): the raw
 * client and the sampler against a real provider, stress report and stress gc on small inputs; the Markdown tables
 * on stdout and bench.json. No figure is judged (performance is measured, not asserted): only that each was taken.
 */
class BenchCommandIT {

    private static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();
    private static final Path JAR = Path.of(System.getProperty("stress.bench.jar", "target/stress-bench.jar"))
            .toAbsolutePath();

    @TempDir
    static Path dir;

    static Path out;
    static ChildJvm cli;
    static int exitCode;
    static JsonNode json;

    @BeforeAll
    static void runATinyBench() throws IOException {
        out = dir.resolve("bench");
        cli = ChildJvm.jar(JAR).jvmArgs("-Dstress.home=" + HOME)
                .args("bench", "--rounds", "1", "--duration", "2s", "--warmup", "2s", "--threads", "2",
                        "--payloads", "1k", "--sides", "raw,sampler", "--report-rows", "2000", "--gc-pauses", "300", "--gc-log-mb", "1,2",
                        "--out", out.toString())
                .log(dir.resolve("bench.out")).start();
        assertThat(cli.waitFor(Duration.ofMinutes(6))).as("stress bench ends by itself").isTrue();
        exitCode = cli.stop(Duration.ofSeconds(1));
        json = new ObjectMapper().readTree(out.resolve("bench.json").toFile());
    }

    @AfterAll
    static void stop() {
        if (cli != null) {
            cli.close();
        }
    }

    @Test
    void printsTheTablesAndWritesThemToBenchMd() throws IOException {
        assertThat(exitCode).as("exit code; output:\n" + cli.logTail(60)).isZero();
        String markdown = Files.readString(out.resolve("bench.md"), StandardCharsets.UTF_8);
        assertThat(markdown).contains("| payload | threads | load generator | calls/s | p50 µs | p99 µs | p99.9 µs |",
                "| 1k | 2 | raw | ", "| 1k | 2 | sampler | ", "| 1k | 2 | sampler/raw | ", "## stress report", "## stress gc",
                "| synthetic-2000.jtl | 2,000 |", "| synthetic-200.jtl | 200 |", "| churn-gc.log |", "## Targets",
                "| throughput sampler/raw 1k | >= 0.95 |");
        assertThat(cli.logText()).contains(markdown.lines().findFirst().orElseThrow(),
                "stress bench: results in " + out.toAbsolutePath());
    }

    @Test
    void measuresEachRunsWindowCallsLatenciesAndCpu() {
        assertThat(json.get("schema").asText()).isEqualTo("dubbo-stress/bench/1");
        assertThat(json.at("/host/cpus").asInt()).isPositive();
        assertThat(json.at("/settings/sides").asText()).isEqualTo("raw,sampler");
        List<String> sides = new ArrayList<>();
        for (JsonNode run : json.at("/calls/runs")) {
            sides.add(run.get("side").asText());
            assertThat(run.get("payloadBytes").asInt()).isEqualTo(1024);
            assertThat(run.get("windowEndEpochMs").asLong() - run.get("windowStartEpochMs").asLong()).isEqualTo(2000);
            assertThat(run.get("calls").asLong()).as(run.toString()).isPositive();
            assertThat(run.get("errors").asLong()).as(run.toString()).isZero();
            assertThat(run.get("p50Us").asDouble()).as(run.toString()).isPositive()
                    .isLessThanOrEqualTo(run.get("p99Us").asDouble());
            assertThat(run.get("loadCpuMsPer1000Calls").asDouble()).as(run.toString()).isPositive();
            assertThat(run.get("providerCpuMsPer1000Calls").asDouble()).as(run.toString()).isPositive();
            assertThat(run.get("consumerCpuMsPer1000Calls").isNull()).as("no consumer without the hop").isTrue();
            assertThat(run.get("threads").asInt()).isEqualTo(2);
            assertThat(run.get("jvmThreads").asInt()).as("every thread of the JVM, the 2 calling ones among them")
                    .isGreaterThan(2);
        }
        assertThat(sides).containsExactly("raw", "sampler");
        assertThat(json.at("/calls/ratios/0/ratio").asText()).isEqualTo("sampler/raw");
        assertThat(json.at("/calls/ratios/0/callsPerSecond/median").asDouble()).isPositive();
        assertThat(out.resolve("runs/raw-1k-r1/raw.json")).exists();
        assertThat(out.resolve("runs/sampler-1k-r1/jmeter.log")).exists();
        assertThat(out.resolve("runs/sampler-1k-r1/results.jtl")).as("JTLs are removed unless --keep-files")
                .doesNotExist();
        assertThat(out.resolve("plans/dubbo-direct.jmx")).exists();
    }

    @Test
    void timesStressReportAndStressGcOnTheirInputs() throws IOException {
        JsonNode report = json.at("/report/runs");
        assertThat(report).hasSize(2);
        assertThat(report.get(0).get("items").asLong()).isEqualTo(200);
        assertThat(report.get(1).get("items").asLong()).isEqualTo(2000);
        for (JsonNode run : report) {
            assertThat(run.get("exitCode").asInt()).isZero();
            assertThat(run.get("wallSeconds").asDouble()).isPositive();
            assertThat(run.get("peakRssKb").asLong()).isPositive();
        }
        assertThat(out.resolve("report-bench/report-2000-r1/report.md")).exists();
        // our reader and the library one read the same rows and agree on every field (the checksum of csv-read)
        JsonNode reads = json.at("/reads/runs");
        assertThat(reads).hasSize(2);
        List<String> lines = new ArrayList<>();
        for (JsonNode read : reads) {
            assertThat(read.get("items").asLong()).isEqualTo(2000);
            assertThat(read.get("exitCode").asInt()).isZero();
        }
        for (String reader : new String[] {"jtl", "fastcsv"}) {
            String printed = Files.readString(out.resolve("report-bench/read-" + reader + "-r1.out")).trim();
            assertThat(printed).startsWith(reader + " 2000 ");
            lines.add(printed.split(" ")[2]);
        }
        assertThat(lines.get(0)).as("checksums of the two readers").isEqualTo(lines.get(1));
        JsonNode gc = json.at("/gc/runs");
        List<String> inputs = new ArrayList<>();
        gc.forEach(run -> inputs.add(run.get("input").asText()));
        assertThat(inputs).containsExactly("churn-gc.log", "churn-1mb-gc.log", "churn-2mb-gc.log",
                "jdk8-parallel-1mb-gc.log");
        assertThat(gc.get(0).get("items").asLong()).isGreaterThanOrEqualTo(300);
        // the logs made from the real one: the sizes asked for, more pauses in the bigger one
        assertThat(gc.get(1).get("inputBytes").asLong()).isBetween(1L << 20, (1L << 20) + 4096);
        assertThat(gc.get(2).get("items").asLong()).isGreaterThan(gc.get(1).get("items").asLong());
        assertThat(gc.get(3).get("items").asLong()).isPositive();
        for (JsonNode run : gc) {
            assertThat(run.get("exitCode").asInt()).isZero();
            assertThat(run.get("peakRssKb").asLong()).isPositive();
        }
        List<String> targets = new ArrayList<>();
        json.get("targets").forEach(t -> targets.add(t.get("name").asText()));
        assertThat(targets).contains("throughput sampler/raw 1k", "p50 sampler/raw 1k",
                "load-generator CPU per call sampler/raw 1k", "stress report rows/s, 2000 rows, one CPU");
    }
}
