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
 * load generators are likely to collect within the short window (each run's heap after GC is checked against its own
 * GC log). What is checked is that every figure of the curve was taken for
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
            // what the run's own GC log says about the window, read here independently (null: no pause in it)
            String name = run.get("side").asText() + "-1k-t" + threads + "-r1";
            long expected = heapAfterPausesInWindow(out.resolve("runs/" + name + "/gc.log"),
                    run.get("windowStartEpochMs").asLong(), run.get("windowEndEpochMs").asLong());
            if (expected < 0) {
                assertThat(run.get("heapAfterGcKb").isNull()).as(run.toString()).isTrue();
            } else {
                assertThat(run.get("heapAfterGcKb").asLong()).as(run.toString()).isEqualTo(expected)
                        .isLessThanOrEqualTo(128L * 1024);
            }
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

    /** The largest "A->B(C)" after-size (KiB) of the "Pause" lines stamped inside the window, or -1. */
    private static long heapAfterPausesInWindow(Path gcLog, long from, long to) {
        long max = -1;
        java.time.format.DateTimeFormatter time = java.time.format.DateTimeFormatter
                .ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");
        try {
            for (String line : Files.readAllLines(gcLog, StandardCharsets.UTF_8)) {
                if (!line.contains(" Pause ") || !line.contains("->")) {
                    continue;
                }
                long t = java.time.OffsetDateTime.parse(line.substring(1, line.indexOf(']')), time).toInstant()
                        .toEpochMilli();
                String after = line.substring(line.indexOf("->") + 2, line.indexOf('(', line.indexOf("->")));
                long kb = Long.parseLong(after.substring(0, after.length() - 1))
                        * (after.endsWith("G") ? 1024 * 1024 : after.endsWith("M") ? 1024 : 1);
                if (t >= from && t < to) {
                    max = Math.max(max, kb);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return max;
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
