package io.dubbostress.gc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Rotated logs read as one log in time order, and GC throughput over the time a log covers: from the JVM's start when
 * the log has its header, else from its first stamp; to its last stamp or the end of its last pause, counted once.
 */
class GcLogSetTest {

    private static final Pattern UPTIME = Pattern.compile("^\\[[^\\]]*\\]\\[(\\d+\\.\\d+)s\\]");

    @TempDir
    Path dir;

    @Test
    void theRotatedPiecesOfARealJvmsLogAreOneLogInTimeOrderOverTheWindowTheyCover() throws Exception {
        GcCorpus.Writer writer = GcCorpus.writers().stream().filter(w -> w.name.equals("jdk17-g1-rotated")).findFirst()
                .orElseThrow();
        GcCorpus.Log log = GcCorpus.write(dir, writer);
        assertThat(log.files()).hasSizeGreaterThanOrEqualTo(3);
        List<Path> shuffled = new ArrayList<>(log.files());
        Collections.reverse(shuffled);
        GcLogSet set = GcLogSet.group(shuffled).get(0);
        assertThat(GcLogSet.group(shuffled)).hasSize(1);
        assertThat(set.name()).isEqualTo("jdk17-g1-rotated.log");
        // oldest first: each piece's first uptime is later than the previous piece's last
        double previousLast = -1;
        double first = Double.MAX_VALUE;
        double last = -1;
        boolean header = false;
        for (Path file : set.files()) {
            List<Double> stamps = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) {
                Matcher m = UPTIME.matcher(line);
                if (m.find()) {
                    stamps.add(Double.parseDouble(m.group(1)));
                }
                header |= line.contains("] Using G1");
            }
            assertThat(stamps.get(0)).as(file.toString()).isGreaterThanOrEqualTo(previousLast);
            previousLast = stamps.get(stamps.size() - 1);
            first = Math.min(first, stamps.get(0));
            last = Math.max(last, previousLast);
        }
        assertThat(header).as("the rotation wrapped around: the header is gone").isFalse();

        GcAnalysis analysis = new GcLogAnalyzer().analyze(set);
        GcGroundTruth.Truth truth = GcGroundTruth.of(log.files());
        assertThat(analysis.warnings()).isEmpty();
        assertThat(analysis.files()).hasSize(set.files().size());
        assertThat(analysis.pauses().count()).isEqualTo(truth.pauses);
        assertThat(analysis.pauses().totalMs()).isCloseTo(truth.totalMs, within(1e-6));
        // the window is the pieces' own, not the JVM's life since uptime 0 (a pause cut by the rotation may start
        // before the oldest piece's first stamp: at most the longest pause earlier)
        assertThat(analysis.spanMs()).isBetween((last - first) * 1000, (last - first) * 1000 + truth.maxMs + 1e-6);
        assertThat(analysis.spanMs()).isLessThan(last * 1000 - 1);
        assertThat(analysis.pauses().throughputPercent())
                .isCloseTo(100 * (1 - truth.totalMs / analysis.spanMs()), within(1e-9));
        // one piece alone: its own window too
        GcAnalysis piece = new GcLogAnalyzer().analyze(GcLogSet.of(set.files().get(1)));
        assertThat(piece.collector()).isEqualTo("G1");
        assertThat(piece.spanMs()).isLessThan(analysis.spanMs());
    }

    @Test
    void piecesAreGroupedByTheirBaseNameAndOrderedByTheirStampsNotTheirNumbers() throws Exception {
        Path current = write("gc.log", "[2026-11-21T10:00:09.000+0000][9.000s][info][gc] GC(9) Pause Young "
                + "(Allocation Failure) 9M->1M(32M) 1.000ms");
        Path zero = write("gc.log.0", "[2026-11-21T10:00:07.000+0000][7.000s][info][gc] GC(7) Pause Young "
                + "(Allocation Failure) 9M->1M(32M) 1.000ms");
        Path one = write("gc.log.1", "[2026-11-21T10:00:08.000+0000][8.000s][info][gc] GC(8) Pause Young "
                + "(Allocation Failure) 9M->1M(32M) 1.000ms");
        Path other = write("other-gc.log", "[0.010s][info][gc] Using Serial");
        List<GcLogSet> sets = GcLogSet.group(Arrays.asList(one, current, other, zero, one));
        assertThat(sets).hasSize(2);
        assertThat(sets.get(0).files()).containsExactly(zero, one, current);
        assertThat(sets.get(1).files()).containsExactly(other);
        GcAnalysis analysis = new GcLogAnalyzer().analyze(sets.get(0));
        assertThat(analysis.events()).extracting(GcEvent::uptimeSeconds)
                .containsExactly(6.999, 7.999, 8.999);
        assertThat(analysis.spanMs()).isCloseTo(2001, within(1e-6)); // from 6.999 s (first pause's start) to 9.000 s
        assertThat(analysis.logStartEpochMs()).isEqualTo(1795255207000L);
        assertThat(analysis.logEndEpochMs()).isEqualTo(1795255209000L);
        assertThat(GcLogSet.baseName(Path.of("gc.log.3.current"))).isEqualTo("gc.log");
    }

    @Test
    void theLastPauseIsCountedOnceInTheSpan() throws Exception {
        // unified: the pause's line is its end; the span from the JVM's start ends there
        Path unified = write("unified-gc.log",
                "[0.010s][info][gc] Using Parallel",
                "[1.000s][info][gc] GC(0) Pause Young (Allocation Failure) 9M->1M(32M) 100.000ms",
                "[1.000s][info][gc,cpu] GC(0) User=0.01s Sys=0.00s Real=0.10s");
        GcAnalysis a = new GcLogAnalyzer().analyze(unified);
        assertThat(a.spanMs()).isCloseTo(1000, within(1e-6));
        assertThat(a.pauses().throughputPercent()).isCloseTo(90, within(1e-9));
        // JDK 8: the pause's line is its start; the span ends where the pause ends
        Path jdk8 = write("jdk8-gc.log",
                "CommandLine flags: -XX:+PrintGCDetails -XX:+UseParallelGC",
                "1.000: [GC (Allocation Failure) [PSYoungGen: 9216K->1024K(10240K)] 9216K->1032K(32768K), "
                        + "0.1000000 secs] [Times: user=0.10 sys=0.00, real=0.10 secs]");
        GcAnalysis b = new GcLogAnalyzer().analyze(jdk8);
        assertThat(b.warnings()).isEmpty();
        assertThat(b.spanMs()).isCloseTo(1100, within(1e-6));
        assertThat(b.pauses().throughputPercent()).isCloseTo(100 * (1 - 100 / 1100.0), within(1e-9));
    }

    private Path write(String name, String... lines) throws Exception {
        return Files.write(dir.resolve(name), Arrays.asList(lines), StandardCharsets.ISO_8859_1);
    }
}
