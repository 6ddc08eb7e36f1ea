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
 * client and the sampler against a real provider, the raw Dubbo 3.3 client and the Dubbo 3.3 sampler jar over
 * triple against the triple provider the bench starts (in the JMeter home it makes), stress report and stress gc on
 * small inputs; the Markdown tables on stdout and bench.json. No figure is judged (performance is measured, not
 * asserted): only that each was taken, and taken from what it says.
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
                        "--payloads", "1k", "--sides", "raw,sampler,raw-tri,sampler-tri", "--report-rows", "2000", "--gc-pauses", "300", "--gc-log-mb", "1,2",
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
    void measuresEachRunsWindowCallsLatenciesAndCpu() throws IOException {
        assertThat(json.get("schema").asText()).isEqualTo("dubbo-stress/bench/1");
        assertThat(json.at("/host/cpus").asInt()).isPositive();
        assertThat(json.at("/settings/sides").asText()).isEqualTo("raw,sampler,raw-tri,sampler-tri");
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
            assertThat(run.get("loadJitCpuMsPer1000Calls").asDouble()).as("the JIT threads' share: " + run)
                    .isGreaterThanOrEqualTo(0).isLessThan(run.get("loadCpuMsPer1000Calls").asDouble());
            assertThat(run.get("providerCpuMsPer1000Calls").asDouble()).as(run.toString()).isPositive();
            assertThat(run.get("consumerCpuMsPer1000Calls").isNull()).as("no consumer without the hop").isTrue();
            assertThat(run.get("threads").asInt()).isEqualTo(2);
            assertThat(run.get("jvmThreads").asInt()).as("every thread of the JVM, the 2 calling ones among them")
                    .isGreaterThan(2);
        }
        assertThat(sides).containsExactly("raw", "sampler", "raw-tri", "sampler-tri");
        for (JsonNode run : json.at("/calls/runs")) {
            double perCall = run.get("loadAllocatedBytesPerCall").asDouble();
            assertThat(perCall).as("bytes the whole JVM allocated per call (JFR): " + run).isGreaterThan(1024);
            if (run.get("side").asText().startsWith("raw")) {
                // a second count: the raw client's calling threads counted their own (ThreadMXBean), a part of it
                JsonNode raw = new ObjectMapper().readTree(out.resolve("runs/" + run.get("side").asText()
                        + "-1k-r1/raw.json").toFile());
                long callers = raw.get("callerAllocatedBytes").asLong();
                assertThat(callers).as("the calling threads' bytes in the window: " + raw).isPositive()
                        .isLessThanOrEqualTo((long) (perCall * run.get("calls").asLong() * 1.05));
            }
        }
        assertThat(json.at("/calls/ratios/0/ratio").asText()).isEqualTo("sampler/raw");
        assertThat(json.at("/calls/ratios/1/ratio").asText()).isEqualTo("sampler-tri/raw-tri");
        assertThat(json.at("/calls/ratios/0/callsPerSecond/median").asDouble()).isPositive();
        assertThat(out.resolve("runs/raw-1k-r1/raw.json")).exists();
        assertThat(out.resolve("runs/sampler-1k-r1/jmeter.log")).exists();
        assertThat(out.resolve("runs/sampler-1k-r1/results.jtl")).as("JTLs are removed unless --keep-files")
                .doesNotExist();
        assertThat(out.resolve("plans/dubbo-direct.jmx")).exists();
    }

    @Test
    void theTripleSidesRunDubbo33OverTripleAgainstTheTripleProviderDoingTheReferenceWork() throws IOException {
        assertThat(out.resolve("runs/raw-tri-1k-r1/raw.out")).content().contains("dubbo version: 3.3.5");
        String jmeterLog = Files.readString(out.resolve("runs/sampler-tri-1k-r1/jmeter.log"));
        java.util.regex.Matcher madeHome = java.util.regex.Pattern
                .compile("stress bench: the Dubbo 3.3 sampler's JMeter home: (\\S+)").matcher(cli.logText());
        assertThat(madeHome.find()).as(cli.logTail(40)).isTrue();
        assertThat(jmeterLog).as("the Dubbo 3.3 sampler jar in the home the bench made, calling the triple provider")
                // our jars tell JMeter not to scan them (JMeter-Skip-Class-Scanning, issue 36): Dubbo's own lines
                // name the jar it read its allow list from
                .contains("jar:file:" + madeHome.group(1) + "/lib/ext/jmeter-dubbo3-sampler-",
                        "Dubbo reference created: generic io.dubbostress.api.StressTestService @ tri://127.0.0.1:")
                .doesNotContain("/lib/ext/jmeter-dubbo-sampler-");
        assertThat(Path.of(madeHome.group(1))).as("the home the bench made is removed at its end").doesNotExist();
        // every call the two runs counted reached the triple provider, which did the reference work for each
        long counted = 0;
        for (JsonNode run : json.at("/calls/runs")) {
            if (run.get("side").asText().endsWith("-tri")) {
                counted += run.get("calls").asLong();
            }
        }
        String log = Files.readString(out.resolve("logs/triple-provider.log"));
        java.util.regex.Matcher totals = java.util.regex.Pattern
                .compile("triple-reference-provider stopped: calls=(\\d+) numbers-summed=(\\d+)").matcher(log);
        assertThat(totals.find()).as(log).isTrue();
        long calls = Long.parseLong(totals.group(1));
        assertThat(calls).isGreaterThanOrEqualTo(counted);
        assertThat(Long.parseLong(totals.group(2))).as("10,000 random numbers summed per call")
                .isEqualTo(calls * 10_000);
        assertThat(log).contains(TripleReferenceProvider.READY + " port=", "threads=200 cpu-iterations=10000");
        assertThat(BenchServices.TRIPLE_PROVIDER_CLASS).isEqualTo(TripleReferenceProvider.class.getName());
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
