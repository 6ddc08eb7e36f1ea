package io.dubbostress.report;

import io.dubbostress.report.model.FromDueLatency;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.model.StartupLag;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.HtmlReport;
import io.dubbostress.report.write.MarkdownReport;
import io.dubbostress.report.write.ReportJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rate-driven scenario's report: 1,000 calls/s for 10 s, each served in 300-400 us, and a 500 ms stall in which
 * no call started (they all started at its end). The service time does not see the stall; the time from the due
 * time does, and each of its percentiles equals a brute-force nearest rank over the rows' due times.
 */
class TargetRateReportTest {

    private static final long ORIGIN_US = 1_795_306_185_000_000L;
    private static final long STALL_FROM_US = 5_000_000;
    private static final long STALL_TO_US = 5_500_000;

    @TempDir
    Path dir;

    /** Writes the JTL; returns every row's end minus due, microseconds. */
    private long[] writePacedJtl(Path file, boolean ourSampler) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("timeStamp,elapsed,label,responseCode,success,bytes,sentBytes,\"elapsed_us\",\"due_us\",\"lag_us\","
                + "\"response_us\"");
        long[] fromDue = new long[10_000];
        for (int k = 0; k < fromDue.length; k++) {
            long due = k * 1000L;
            long start = due >= STALL_FROM_US && due < STALL_TO_US ? STALL_TO_US + (k % 7) : due + 20 + (k % 13);
            long elapsed = 300 + (k * 37) % 100;
            long end = start + elapsed;
            long startMs = (ORIGIN_US + start) / 1000;
            long elapsedMs = (elapsed + 500) / 1000;
            fromDue[k] = ourSampler ? end - due : Math.max(0, (startMs + elapsedMs) * 1000 - (ORIGIN_US + due));
            lines.add(startMs + "," + elapsedMs + ",direct,200,true,1024,1024," + (ourSampler ? elapsed : "") + ","
                    + (ORIGIN_US + due) + "," + (start - due) + "," + (ourSampler ? String.valueOf(end - due) : ""));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
        return fromDue;
    }

    private static long nearestRank(long[] sorted, double percentile) {
        // the smallest rank r with r / n >= p / 100, in decimal arithmetic (0.999 * n is not exact in binary)
        int rank = java.math.BigDecimal.valueOf(percentile).multiply(java.math.BigDecimal.valueOf(sorted.length))
                .divide(java.math.BigDecimal.valueOf(100)).setScale(0, java.math.RoundingMode.CEILING).intValueExact();
        return sorted[Math.max(0, rank - 1)];
    }

    @Test
    void theStallShowsFromTheDueTimeAndNotInTheServiceTime() throws IOException {
        Path file = dir.resolve("direct-1k.jtl");
        long[] exact = writePacedJtl(file, true);
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(file));
        ScenarioStats stats = report.scenarios().get(0).stats();
        FromDueLatency paced = stats.fromDue();
        assertThat(paced).isNotNull();
        assertThat(paced.samples()).isEqualTo(10_000);
        assertThat(paced.resolution()).isEqualTo("us");
        long[] sorted = exact.clone();
        Arrays.sort(sorted);
        for (double p : new double[] {50, 90, 95, 99, 99.9, 99.99}) {
            long expected = nearestRank(sorted, p);
            assertThat(paced.percentile(p)).as("p%s from due", p).isBetween(expected, expected + expected / 1024);
        }
        assertThat(paced.max()).isEqualTo(sorted[sorted.length - 1]);
        // the service time stays 300-400 us; 5 % of the calls waited for the stall's end
        assertThat(stats.percentile(99.9)).isLessThan(400);
        assertThat(paced.percentile(99)).isGreaterThan(400_000);
        assertThat(paced.percentile(50)).isLessThan(1_000);
        assertThat(paced.lateStarts()).isEqualTo(500);
        assertThat(paced.maxLagUs()).isBetween(STALL_TO_US - STALL_FROM_US, STALL_TO_US - STALL_FROM_US + 6);
        assertThat(paced.targetRate()).isCloseTo(1000, within(0.01));

        JsonNode rate = ReportJson.of(report).get("scenarios").get(0).get("targetRate");
        assertThat(rate.get("targetPerSec").asDouble()).isCloseTo(1000, within(0.01));
        assertThat(rate.get("lateStarts").asLong()).isEqualTo(500);
        assertThat(rate.get("fromDueUs").get("p999").asLong()).isEqualTo(paced.percentile(99.9));
        assertThat(rate.get("serviceTimeUs").get("p999").asDouble()).isEqualTo(stats.percentile(99.9));
        assertThat(rate.get("fromDueCurve").size()).isGreaterThan(10);
        String markdown = MarkdownReport.render(report);
        assertThat(markdown).contains("At the target rate: service time vs response time from the due time")
                .contains("| from due |");
        assertThat(HtmlReport.chartData(report).get("scenarios").get(0).has("dueCurve")).isTrue();
    }

    @Test
    void jmetersOwnSamplersAreTimedFromTheDueTimeOnTheMillisecondClock() throws IOException {
        Path file = dir.resolve("hop-http-1k.jtl");
        long[] exact = writePacedJtl(file, false);
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(file));
        FromDueLatency paced = report.scenarios().get(0).stats().fromDue();
        assertThat(paced.resolution()).isEqualTo("ms");
        long[] sorted = exact.clone();
        Arrays.sort(sorted);
        for (double p : new double[] {50, 99, 99.9}) {
            long expected = nearestRank(sorted, p);
            assertThat(paced.percentile(p)).as("p%s from due", p).isBetween(expected, expected + expected / 1024);
        }
        assertThat(MarkdownReport.render(report)).contains("| from due (ms) |");
    }

    @Test
    void aClosedModelScenarioHasNoTargetRateSection() throws IOException {
        Path file = dir.resolve("direct-1k.jtl");
        SyntheticJtl.write(file, "direct", true, ORIGIN_US / 1000, 10_000, 5_000, 420, 0, 1);
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(file));
        assertThat(report.scenarios().get(0).stats().fromDue()).isNull();
        assertThat(ReportJson.of(report).get("scenarios").get(0).has("targetRate")).isFalse();
        assertThat(MarkdownReport.render(report)).doesNotContain("At the target rate");
        assertThat(HtmlReport.chartData(report).get("scenarios").get(0).has("dueCurve")).isFalse();
    }

    /**
     * 1,000 calls/s for 10 s whose calls due in the first 2.5 s started late by a lag falling from 500 ms to 0 (a
     * start that took its time), then 20-30 us late. The first call started 500 ms after its due time, so a 1 s
     * warm-up ends 1.5 s after the first due time: the calls due in [1.25 s, 1.5 s) started in the steady state (carried
     * from the warm-up, 200-250 ms late) and those due in its first second still 0-200 ms late. The report says so,
     * with the warm-up that leaves it out; with 3 s nothing is said. A lag that grows to the end (an overload) is the
     * scenario's own state, not its start.
     */
    @Test
    void aStartsLagLeftInTheSteadyStateIsSaid() throws IOException {
        Path file = dir.resolve("direct-1k.jtl");
        java.util.function.IntToLongFunction lagOf = k -> k < 2500 ? (2500 - k) * 200L : 20 + k % 11;
        writeLaggingJtl(file, lagOf);
        Report report = new ReportBuilder().warmupMs(1000L).build(List.of(file));
        StartupLag.Finding lag = report.scenarios().get(0).stats().fromDue().startupLag(1000);
        assertThat(lag).isNotNull();
        assertThat(lag.seconds()).isEqualTo(1);
        // independent counts over the rows: calls due before the steady start (1.5 s) that started after it
        long carried = java.util.stream.IntStream.range(0, 10_000).filter(k -> k < 1500 && k + lagOf.applyAsLong(k)
                / 1000 >= 1500).count();
        assertThat(lag.carriedCalls()).isEqualTo(carried).isEqualTo(250);
        assertThat(lag.carriedMaxLagUs()).isEqualTo(lagOf.applyAsLong(1250));
        double mean = java.util.stream.IntStream.range(1500, 2500).mapToLong(lagOf).average().getAsDouble();
        assertThat(lag.meanLagUs()).isCloseTo(mean, within(1.0));
        assertThat(report.warnings()).anyMatch(w -> w.equals(String.format(java.util.Locale.ROOT, "direct-1k: the "
                + "steady-state figures include the start's lag: calls due in its first 1 s started %.1f ms late on "
                + "average (after that %.2f ms); 250 calls due in the warm-up started in the steady state, up to 250.0 "
                + "ms late; a warm-up of 2.0 s would leave it out (--warmup)", mean / 1000, lag.typicalLagUs() / 1000)));
        JsonNode json = ReportJson.of(report).get("scenarios").get(0).get("targetRate").get("startupLag");
        assertThat(json.get("lateSeconds").asInt()).isEqualTo(1);
        assertThat(json.get("carriedFromWarmup").asLong()).isEqualTo(250);
        assertThat(json.get("warmupSecondsToLeaveItOut").asDouble()).isEqualTo(2.0);

        Report later = new ReportBuilder().warmupMs(3000L).build(List.of(file));
        assertThat(later.scenarios().get(0).stats().fromDue().startupLag(3000)).isNull();
        assertThat(later.warnings()).noneMatch(w -> w.contains("start's lag"));
        assertThat(ReportJson.of(later).get("scenarios").get(0).get("targetRate").get("startupLag").isNull()).isTrue();

        Path overload = dir.resolve("overload.jtl");
        writeLaggingJtl(overload, k -> k * 100L);
        assertThat(new ReportBuilder().warmupMs(1000L).build(List.of(overload)).scenarios().get(0).stats().fromDue()
                .startupLag(1000)).isNull();
    }

    /** 10,000 calls due 1 ms apart, each started {@code lag.apply(k)} us late and served in 300 us. */
    private static void writeLaggingJtl(Path file, java.util.function.IntToLongFunction lag) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("timeStamp,elapsed,label,responseCode,success,bytes,sentBytes,\"elapsed_us\",\"due_us\",\"lag_us\","
                + "\"response_us\"");
        for (int k = 0; k < 10_000; k++) {
            long due = ORIGIN_US + k * 1000L;
            long l = lag.applyAsLong(k);
            lines.add(((due + l) / 1000) + ",0,direct,200,true,1024,1024,300," + due + "," + l + "," + (l + 300));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }
}
