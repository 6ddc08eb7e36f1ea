package io.dubbostress.bench;

import io.dubbostress.gc.GcAnalysis;
import io.dubbostress.gc.GcLogAnalyzer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The bench's big GC logs read as one JVM that ran longer: the analysis takes them without a doubt. */
class GcLogRepeaterTest {

    @TempDir
    Path dir;

    @Test
    void aRepeatedLogIsOneLongerRunWithTheHeaderOnceAndTimesAndIdsMovingOn() throws Exception {
        Path real = Files.write(dir.resolve("real-gc.log"), Arrays.asList(
                "[2026-11-21T10:00:00.010+0000][0.010s][info][gc] Using G1",
                "[2026-11-21T10:00:00.500+0000][0.500s][info][gc,start] GC(0) Pause Young (Normal) (G1 Evacuation Pause)",
                "[2026-11-21T10:00:00.502+0000][0.502s][info][gc      ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "12M->3M(32M) 2.000ms",
                "[2026-11-21T10:00:01.200+0000][1.200s][info][gc      ] GC(1) Pause Full (System.gc()) 9M->2M(32M) "
                        + "5.000ms"), StandardCharsets.ISO_8859_1);
        Path big = dir.resolve("big-gc.log");
        long pauses = GcLogRepeater.write(real, big, 4096);

        List<String> lines = Files.readAllLines(big, StandardCharsets.ISO_8859_1);
        assertThat(lines.stream().filter(l -> l.contains("Using G1"))).hasSize(1);
        assertThat(Files.size(big)).isBetween(4096L, 4096L + 200);
        double previous = -1;
        long previousId = -1;
        Pattern stamps = Pattern.compile("\\[(\\d+\\.\\d{3})s\\].*GC\\((\\d+)\\)");
        for (String line : lines) {
            Matcher m = stamps.matcher(line);
            if (m.find()) {
                assertThat(Double.parseDouble(m.group(1))).as(line).isGreaterThanOrEqualTo(previous);
                assertThat(Long.parseLong(m.group(2))).as(line).isGreaterThanOrEqualTo(previousId);
                previous = Double.parseDouble(m.group(1));
                previousId = Long.parseLong(m.group(2));
            }
        }
        GcAnalysis analysis = new GcLogAnalyzer().analyze(big);
        assertThat(analysis.warnings()).isEmpty();
        assertThat(analysis.pauses().count()).isEqualTo(pauses).isGreaterThan(20);
        assertThat(analysis.pauses().fullCount()).isEqualTo((int) (pauses / 2));
        assertThat(analysis.spanMs()).isCloseTo(previous * 1000, within(1e-6));
    }

    @Test
    void theJdk8LogIsReadByTheAnalysisWithoutADoubt() throws Exception {
        Path jdk8 = dir.resolve("jdk8-gc.log");
        long pauses = GcLogRepeater.writeJdk8(jdk8, 20_000);
        GcAnalysis analysis = new GcLogAnalyzer().analyze(jdk8);
        assertThat(analysis.warnings()).isEmpty();
        assertThat(analysis.collector()).isEqualTo("Parallel");
        assertThat(analysis.pauses().count()).isEqualTo(pauses);
        assertThat(GcBench.countPauses(jdk8)).isEqualTo(pauses);
    }
}
