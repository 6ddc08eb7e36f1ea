package io.dubbostress.gc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * GC logs written by real JVMs (G1 and Parallel, JDK 17 unified logging with the decorators stress run uses): the
 * analysis must count every pause the log itself lists, with the same total and maximum, at the same wall-clock times.
 */
class GcLogAnalyzerIT {

    @TempDir
    Path dir;

    @Test
    void g1AndParallelLogsOfRealJvmsMatchTheirOwnPauseLines() throws Exception {
        Path g1 = RealGcLog.write(dir, "g1-gc.log", "-XX:+UseG1GC", 2_000, 0, 24);
        Path parallel = RealGcLog.write(dir, "parallel-gc.log", "-XX:+UseParallelGC", 1_500, 0, 24);
        for (Path log : new Path[] {g1, parallel}) {
            List<GcLogLines.Pause> truth = GcLogLines.pauses(log);
            GcAnalysis analysis = new GcLogAnalyzer().analyze(log);
            assertThat(truth).as(log.getFileName().toString()).hasSizeGreaterThan(10);
            assertThat(analysis.pauses().count()).as(log.toString()).isEqualTo(truth.size());
            assertThat(analysis.pauses().totalMs()).isCloseTo(truth.stream().mapToDouble(p -> p.ms).sum(), within(1e-6));
            assertThat(analysis.pauses().maxMs())
                    .isCloseTo(truth.stream().mapToDouble(p -> p.ms).max().getAsDouble(), within(1e-6));
            assertThat(analysis.hasWallClock()).isTrue();
            for (int i = 0; i < truth.size(); i++) {
                // GCViewer times a pause by one of its lines (start or summary): within the pause of the summary's
                assertThat(analysis.events().get(i).epochMs())
                        .isBetween(truth.get(i).epochMs - (long) Math.ceil(truth.get(i).ms) - 2, truth.get(i).epochMs);
            }
            assertThat(analysis.pauses().fullCount()).isEqualTo(truth.stream().filter(p -> p.type.startsWith("Pause Full"))
                    .count()).isPositive(); // GcLoad's System.gc()
        }
        Set<String> g1Types = GcLogLines.pauses(g1).stream()
                .map(p -> p.type.split(" ")[0] + " " + p.type.split(" ")[1]).collect(Collectors.toSet());
        assertThat(g1Types).as("G1's remark and cleanup pauses are counted too").contains("Pause Young", "Pause Remark",
                "Pause Cleanup", "Pause Full");
        assertThat(new GcLogAnalyzer().analyze(g1).collector()).isEqualTo("G1");
        assertThat(new GcLogAnalyzer().analyze(parallel).collector()).isEqualTo("Parallel");
    }
}
