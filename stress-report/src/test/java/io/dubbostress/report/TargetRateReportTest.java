package io.dubbostress.report;

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
}
