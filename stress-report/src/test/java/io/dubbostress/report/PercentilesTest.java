package io.dubbostress.report;

import io.dubbostress.report.model.LatencyUnit;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.ReportJson;
import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The report's latency figures against a brute-force computation (sort, nearest rank) on the same rows. */
class PercentilesTest {

    private static final double[] PERCENTILES = {50, 90, 95, 99, 99.9};
    private static final String[] NAMES = {"p50", "p90", "p95", "p99", "p999"};
    private static final long START = 1_795_306_185_000L;

    @TempDir
    Path dir;

    @Test
    void microsecondColumnPercentilesMatchBruteForceWithinHdrHistogramPrecision() {
        Path file = dir.resolve("direct-1k.jtl");
        SyntheticJtl jtl = SyntheticJtl.write(file, "Dubbo echo", true, START, 60_000, 200_000, 420, 0, 1);
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(file));
        ScenarioResult scenario = report.scenarios().get(0);
        assertThat(scenario.name()).isEqualTo("direct-1k"); // a single-label file is named by its file
        ScenarioStats stats = scenario.stats();
        assertThat(stats.unit()).isEqualTo(LatencyUnit.MICROSECONDS);
        assertThat(stats.resolution()).isEqualTo("us");
        long[] exact = jtl.values(0, true);
        assertThat(stats.samples()).isEqualTo(exact.length);
        JsonNode latency = ReportJson.of(report).get("scenarios").get(0).get("latency");
        assertThat(latency.get("unit").asText()).isEqualTo("us");
        for (int i = 0; i < PERCENTILES.length; i++) {
            long expected = jtl.percentile(PERCENTILES[i], 0, true);
            long reported = (long) stats.percentile(PERCENTILES[i]);
            // HdrHistogram, 3 significant digits: the top of the value's bucket, at most 1/1024 above it
            assertThat(reported).as(NAMES[i]).isBetween(expected, expected + expected / 1024);
            assertThat(latency.get(NAMES[i]).asLong()).isEqualTo(reported);
        }
        assertThat(stats.max()).isEqualTo(Arrays.stream(exact).max().getAsLong());
        assertThat(stats.min()).isEqualTo(Arrays.stream(exact).min().getAsLong());
        assertThat(stats.mean()).isCloseTo(Arrays.stream(exact).average().getAsDouble(), within(1e-6));
        assertThat(latency.get("max").asDouble()).isEqualTo(stats.max());
    }

    @Test
    void millisecondColumnPercentilesAreExact() {
        Path file = dir.resolve("direct-100k.jtl");
        SyntheticJtl jtl = SyntheticJtl.write(file, "direct-100k", false, START, 60_000, 50_000, 8_000, 0, 2);
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(file));
        ScenarioStats stats = report.scenarios().get(0).stats();
        assertThat(stats.unit()).isEqualTo(LatencyUnit.MILLISECONDS);
        assertThat(stats.resolution()).isEqualTo("ms");
        for (double p : PERCENTILES) {
            assertThat(stats.percentile(p)).as("p" + p).isEqualTo(jtl.percentile(p, 0, false));
        }
        long[] exact = jtl.values(0, false);
        assertThat(stats.max()).isEqualTo(Arrays.stream(exact).max().getAsLong());
        assertThat(stats.mean()).isCloseTo(Arrays.stream(exact).average().getAsDouble(), within(1e-9));
    }

    @Test
    void warmupIsLeftOutOfEveryFigureAndTpsIsOverTheSteadyState() {
        Path file = dir.resolve("hop-1k.jtl");
        SyntheticJtl jtl = SyntheticJtl.write(file, "hop-1k", true, START, 20_000, 40_000, 900, 50, 3);
        Report report = new ReportBuilder().warmupMs(4_000L).build(List.of(file));
        ScenarioResult scenario = report.scenarios().get(0);
        ScenarioStats stats = scenario.stats();
        long steadyFrom = START + 4_000;
        List<SyntheticJtl.Sample> steady = jtl.samples.stream().filter(s -> s.startMs >= steadyFrom).toList();
        assertThat(stats.samples()).isEqualTo(steady.size());
        assertThat(stats.warmupSamples()).isEqualTo(jtl.samples.size() - steady.size());
        for (double p : PERCENTILES) {
            long expected = jtl.percentile(p, steadyFrom, true);
            assertThat((long) stats.percentile(p)).isBetween(expected, expected + expected / 1024);
        }
        long errors = steady.stream().filter(s -> !s.success).count();
        assertThat(stats.errors()).isEqualTo(errors).isPositive();
        assertThat(stats.errorPercent()).isCloseTo(errors * 100.0 / steady.size(), within(1e-9));
        assertThat(stats.topErrors(5)).hasSize(1);
        assertThat(stats.topErrors(5).get(0).message).isEqualTo("502 TIMEOUT: waited 5000 ms, provider busy");
        assertThat(stats.topErrors(5).get(0).count).isEqualTo(errors);
        long lastEnd = steady.stream().mapToLong(s -> s.startMs + s.elapsedMs()).max().getAsLong();
        double seconds = (lastEnd - steadyFrom) / 1000.0;
        assertThat(stats.tps()).isCloseTo(steady.size() / seconds, within(1e-6));
        long received = steady.stream().mapToLong(s -> s.bytes).sum();
        assertThat(stats.receivedBytesPerSecond()).isCloseTo(received / seconds, within(1e-6));
        assertThat(scenario.warmup().rule()).isEqualTo("--warmup");
    }

    @Test
    void defaultWarmupIsTenPercentOfTheSpanAtMostSixtySeconds() {
        Path shortRun = dir.resolve("a/direct-1k.jtl");
        SyntheticJtl.write(shortRun, "x", true, START, 30_000, 3_000, 400, 0, 4);
        Path longRun = dir.resolve("b/direct-1k.jtl");
        SyntheticJtl.write(longRun, "x", true, START, 900_000, 9_000, 400, 0, 5);
        // the span is from the first start to the last end (a little under 30 s here), floored to 100 ms
        assertThat(new ReportBuilder().build(List.of(shortRun)).scenarios().get(0).warmup().ms())
                .isBetween(2_900L, 3_000L);
        assertThat(new ReportBuilder().build(List.of(longRun)).scenarios().get(0).warmup().ms()).isEqualTo(60_000);
    }
}
