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
 * The cost curve end to end, through the built {@code stress-bench.jar}: the raw client and the sampler at two thread
 * counts, side sampler-b running another plan (--plan-b) in the same JMeter home, a small young generation so the
 * load generators collect within the short window. What is checked is that every figure of the curve was taken for
 * every point (and the chart drawn), not what the figures are.
 */
class BenchCurveIT {

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
    static void runACurve() throws IOException {
        out = dir.resolve("curve");
        // the shipped direct plan under another sampler name: the plan side sampler-b runs
        Path planB = dir.resolve("other.jmx");
        String direct = Files.readString(HOME.resolve("test-plans/dubbo-direct.jmx"), StandardCharsets.UTF_8);
        Files.writeString(planB, direct.replace("testname=\"direct\"", "testname=\"direct-b\""), StandardCharsets.UTF_8);
        cli = ChildJvm.jar(JAR).jvmArgs("-Dstress.home=" + HOME)
                .args("bench", "--parts", "calls", "--rounds", "1", "--duration", "2s", "--warmup", "1s",
                        "--thread-counts", "1,3", "--payloads", "1k", "--sides", "raw,sampler,sampler-b",
                        "--plan-b", planB.toString(),
                        "--load-jvm-args", "-Xms128m -Xmx128m -Xmn4m -XX:+UseG1GC", "--out", out.toString())
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
    void everySideRunsAtEveryThreadCountWithItsHeapAndThreads() {
        assertThat(exitCode).as("exit code; output:\n" + cli.logTail(60)).isZero();
        List<String> points = new ArrayList<>();
        for (JsonNode run : json.at("/calls/runs")) {
            int threads = run.get("threads").asInt();
            points.add(run.get("side").asText() + "@" + threads);
            assertThat(run.get("calls").asLong()).as(run.toString()).isPositive();
            assertThat(run.get("errors").asLong()).as(run.toString()).isZero();
            assertThat(run.get("jvmThreads").asInt()).as(run.toString()).isGreaterThan(threads);
            assertThat(run.get("heapAfterGcKb").asLong()).as("a 4 MB young generation collects in 2 s: " + run)
                    .isPositive().isLessThanOrEqualTo(128L * 1024);
        }
        assertThat(points).containsExactly("raw@1", "sampler@1", "sampler-b@1", "raw@3", "sampler@3", "sampler-b@3");
        assertThat(out.resolve("runs/sampler-1k-t3-r1/jmeter.log")).exists();
        assertThat(out.resolve("runs/raw-1k-t1-r1/raw.json")).exists();
        List<String> ratios = new ArrayList<>();
        json.at("/calls/ratios").forEach(r -> ratios.add(r.get("ratio").asText() + "@" + r.get("threads").asInt()));
        assertThat(ratios).containsExactly("sampler/raw@1", "sampler-b/sampler@1", "sampler/raw@3",
                "sampler-b/sampler@3");
        List<String> targets = new ArrayList<>();
        json.get("targets").forEach(t -> targets.add(t.get("name").asText() + " " + t.get("wanted").asText()));
        assertThat(targets).contains("load-generator CPU per call sampler/raw 1k, 1 threads <= 1.0",
                "load-generator CPU per call sampler/raw 1k, 3 threads <= 1.0");
    }

    @Test
    void sideSamplerBRanThePlanGiven() throws IOException {
        assertThat(json.at("/settings/planB").asText()).endsWith("other.jmx");
        String planB = Files.readString(out.resolve("plans/plan-b.jmx"), StandardCharsets.UTF_8);
        assertThat(planB).contains("testname=\"direct-b\"").doesNotContain(BenchPlans.PERFMON_COLLECTOR);
        String jmeterLog = Files.readString(out.resolve("runs/sampler-b-1k-t1-r1/jmeter.log"), StandardCharsets.UTF_8);
        assertThat(jmeterLog).contains("plan-b.jmx");
    }

    @Test
    void drawsTheCurveAndItsTable() throws IOException {
        String svg = Files.readString(out.resolve("bench-curve.svg"), StandardCharsets.UTF_8);
        assertThat(svg).startsWith("<svg ").endsWith("</svg>\n").contains("1 threads", "3 threads", "calls/s, 1k",
                "load-generator CPU, µs per call, 1k", "p99 latency, ms, 1k", ">sampler-b<");
        assertThat(svg.split("<circle ", -1)).as("a point per side and thread count in each of 3 panels")
                .hasSize(1 + 3 * 6);
        String markdown = Files.readString(out.resolve("bench.md"), StandardCharsets.UTF_8);
        assertThat(markdown).contains("## Calls: 1, 3 threads (closed model)", "| 1k | 1 | raw | ", "| 1k | 3 | sampler-b | ",
                "| 1k | 3 | sampler/raw | ", "load-gen heap after GC MiB | load-gen JVM threads");
    }
}
