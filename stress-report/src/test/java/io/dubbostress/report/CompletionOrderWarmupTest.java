package io.dubbostress.report;

import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.read.ReportBuilder;
import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.jtl.JtlColumn;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMeter writes rows when samples complete, so the earliest-started samples (a slow first connect) can come
 * thousands of rows into a JTL. The warm-up must count from the earliest start over the whole file: with
 * {@code --warmup 0} every sample is in the figures, the slow first ones included (they were dropped when the origin
 * was the first row). The expected figures are recomputed here from the rows as written.
 */
class CompletionOrderWarmupTest {

    private static final long T0 = 1_795_306_185_000L;

    @TempDir
    Path dir;

    /** 6,000 fast samples, and 20 slow first calls that started before any of them and complete 2-3 s later. */
    private Path jtl(String... labels) throws IOException {
        List<String> rows = new ArrayList<>();
        rows.add(String.join(",", JtlColumn.JMETER_DEFAULT_HEADER) + ",\"elapsed_us\"");
        int slowWritten = 0;
        for (int i = 0; i < 6000; i++) {
            String label = labels[i % labels.length];
            long start = T0 + 100 + i / 2;
            rows.add(row(start, 400 + i % 100, label));
            // a slow first call completes (and is written) once the run is well under way
            if (i >= 2500 && i % 50 == 0 && slowWritten < 20) {
                rows.add(row(T0 + slowWritten, 2_000_000 + slowWritten * 50_000L, labels[slowWritten % labels.length]));
                slowWritten++;
            }
        }
        Path file = dir.resolve("direct-1k.jtl");
        Files.write(file, rows, StandardCharsets.UTF_8);
        return file;
    }

    private static String row(long startMs, long elapsedUs, String label) {
        return String.format(Locale.ROOT, "%d,%d,%s,200,OK,t 1-1,text,true,,1024,1024,20,20,null,%d,0,0,%d",
                startMs, elapsedUs / 1000, label, elapsedUs / 1000, elapsedUs);
    }

    @Test
    void withNoWarmupEverySampleCountsTheSlowFirstOnesIncluded() throws IOException {
        Path file = jtl("direct-1k");
        ScenarioStats stats = new ReportBuilder().warmupMs(0L).build(List.of(file)).scenarios().get(0).stats();
        long[] truth = recount(file, null);
        assertThat(stats.samples()).isEqualTo(truth.length).isEqualTo(6020);
        assertThat(stats.max()).isEqualTo(max(truth)).isEqualTo(2_950_000);
        assertThat(stats.mean()).isCloseTo(mean(truth), org.assertj.core.data.Offset.offset(0.5));
        assertThat(stats.warmupSamples()).isZero();
    }

    @Test
    void eachLabelCountsFromItsOwnEarliestStart() throws IOException {
        Path file = jtl("direct-1k", "hop-1k");
        List<ScenarioResult> scenarios = new ReportBuilder().warmupMs(0L).build(List.of(file)).scenarios();
        assertThat(scenarios).hasSize(2);
        for (ScenarioResult scenario : scenarios) {
            long[] truth = recount(file, scenario.name());
            assertThat(scenario.stats().samples()).as(scenario.name()).isEqualTo(truth.length).isEqualTo(3010);
            assertThat(scenario.stats().max()).isEqualTo(max(truth));
        }
    }

    /** elapsed_us of every row (of one label, or all): the independent count. */
    private static long[] recount(Path file, String label) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream().skip(1)
                .map(line -> line.split(","))
                .filter(cells -> label == null || cells[2].equals(label))
                .mapToLong(cells -> Long.parseLong(cells[cells.length - 1])).toArray();
    }

    private static long max(long[] values) {
        return java.util.Arrays.stream(values).max().orElseThrow();
    }

    private static double mean(long[] values) {
        return java.util.Arrays.stream(values).average().orElseThrow();
    }
}
