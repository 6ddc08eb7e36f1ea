package io.dubbostress.gc;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every log of the corpus ({@link GcCorpus}: GCViewer's public test logs and logs written here by JDK 17 and Temurin 25
 * with every collector) against its ground truth ({@link GcGroundTruth}): the analysis must give the same pause count,
 * total, maximum and full collections, with no warning; or, for the logs listed in {@link #NOT_SURE}, say it is not
 * sure (a warning). It writes the table docs/GC.md shows to {@code target/gc-corpus-table.md}.
 */
class GcCorpusTest {

    /** Logs whose figures the analysis cannot vouch for, and says so. */
    private static final Set<String> NOT_SURE = new HashSet<>(Arrays.asList(
            // only ZGC's "Garbage Collection (...)" summaries: collections, but no pause stated
            "gcviewer/unified-jvm-logging/sample-ujl-zgc-gc-default.txt",
            // JDK 8 Shenandoah's shutdown statistics table and nothing else: no pause stated
            "gcviewer/openjdk/SampleOpenJdk1_8_0ShenandoahDetailsShutdown.txt",
            // the first Shenandoah cycle's concurrent reset and nothing more: maybe no pause yet, it cannot tell
            "gcviewer/unified-jvm-logging/Sample-ujl-shenandoah-jdk11-beginning.txt"));

    @TempDir
    static Path dir;

    private static List<GcCorpus.Log> generated;
    private static final List<String> rows = new ArrayList<>();

    @BeforeAll
    static void writeLogs() throws Exception {
        generated = GcCorpus.writeAll(dir);
    }

    @AfterAll
    static void writeTable() throws IOException {
        Path table = Paths.get("target", "gc-corpus-table.md");
        Files.createDirectories(table.getParent());
        List<String> lines = new ArrayList<>();
        lines.add("| log | collector | truth: pauses | total ms | max ms | full | ours: pauses | total ms | max ms | full "
                + "| warnings |");
        lines.add("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        lines.addAll(rows);
        Files.write(table, lines, StandardCharsets.UTF_8);
    }

    @Test
    void gcViewerLogsMatchTheirGroundTruthOrSayTheyAreNotSure() {
        if (!GcCorpus.outsidePresent()) {
            System.out.println(GcCorpus.outsideAbsent());
        }
        assumeTrue(GcCorpus.outsidePresent(), GcCorpus::outsideAbsent);
        List<GcCorpus.Log> logs = GcCorpus.gcViewerLogs();
        assertThat(logs).hasSizeGreaterThan(40);
        checkAll(logs);
    }

    @Test
    void logsOfRealJdk17And25JvmsMatchTheirGroundTruth() {
        assertThat(generated).hasSize(GcCorpus.writers().size());
        for (GcCorpus.Log log : generated) {
            assertThat(GcGroundTruth.of(log.files()).pauses).as(log.name() + " has pauses").isGreaterThan(10);
        }
        assertThat(generated.stream().filter(l -> l.name().endsWith("rotated")))
                .allSatisfy(l -> assertThat(l.files()).as(l.name()).hasSizeGreaterThan(1));
        // the formats the corpus is there for are really in it
        assertThat(text("jdk25-g1")).contains("(Evacuation Failure: ");
        assertThat(text("jdk17-g1-gc-tag-only")).contains("To-space exhausted");
        assertThat(text("jdk25-zgc-generational")).contains("y: Pause Mark Start").contains("O: Pause Mark End");
        assertThat(text("jdk17-zgc")).contains("] GC(0) Pause Mark Start").doesNotContain("y: Pause");
        assertThat(text("jdk17-g1-pid-tid")).containsPattern("\\]\\[\\d+\\]\\[\\d+\\]\\[info\\]");
        assertThat(text("jdk17-g1-time-only")).doesNotContain("[info]").doesNotContain("s][");
        checkAll(generated);
    }

    private static String text(String name) {
        GcCorpus.Log log = generated.stream().filter(l -> l.name().equals(name)).findFirst().orElseThrow();
        StringBuilder all = new StringBuilder();
        for (Path file : log.files()) {
            try {
                all.append(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return all.toString();
    }

    private static void checkAll(List<GcCorpus.Log> logs) {
        List<String> failures = new ArrayList<>();
        for (GcCorpus.Log log : logs) {
            GcGroundTruth.Truth truth = GcGroundTruth.of(log.files());
            GcLogSet set = log.files().size() == 1 ? GcLogSet.of(log.files().get(0)) : GcLogSet.rotated(log.files());
            GcAnalysis analysis = new GcLogAnalyzer().analyze(set);
            PauseStats ours = analysis.pauses();
            rows.add(String.format(Locale.ROOT, "| %s | %s | %d | %.3f | %.3f | %d | %d | %.3f | %.3f | %d | %s |",
                    log.name(), analysis.collector(), truth.pauses, truth.totalMs, truth.maxMs, truth.full,
                    ours.count(), ours.totalMs(), ours.maxMs(), ours.fullCount(),
                    String.join("; ", analysis.warnings()).replace("|", "\\|")));
            if (NOT_SURE.contains(log.name())) {
                if (analysis.warnings().isEmpty()) {
                    failures.add(log.name() + ": expected a warning, got none (" + ours.count() + " pauses)");
                }
                continue;
            }
            boolean same = ours.count() == truth.pauses && Math.abs(ours.totalMs() - truth.totalMs) < 1e-6
                    && Math.abs(ours.maxMs() - truth.maxMs) < 1e-9 && ours.fullCount() == truth.full;
            if (!same || !analysis.warnings().isEmpty() || "unknown".equals(analysis.collector())) {
                failures.add(String.format(Locale.ROOT, "%s: truth %s; ours %d pauses, %.3f ms total, %.3f ms max, "
                                + "%d full, collector %s, warnings %s", log.name(), truth, ours.count(),
                        ours.totalMs(), ours.maxMs(), ours.fullCount(), analysis.collector(), analysis.warnings()));
            }
        }
        assertThat(failures).as("logs whose analysis differs from their ground truth").isEmpty();
    }

    @Test
    void theGroundTruthCountsWhatTheLogsSay() {
        // the counter itself, on lines whose answer is plain to read
        Path unified = write("unified.log",
                "[0.016s][info][gc] Using Serial",
                "[0.202s][info][gc] GC(0) Pause Young (Allocation Failure) 25M->23M(92M) 11.421ms",
                "[0.293s][info][gc] GC(2) Pause Full (Allocation Failure) 74M->10M(92M) 7.097ms",
                "[0.293s][info][gc] GC(1) Pause Young (Allocation Failure) 74M->10M(92M) 7.236ms",
                "[0.300s][info][gc,phases] GC(3) y: Pause Mark Start 0.010ms",
                "[0.301s][info][gc] GC(4) To-space exhausted");
        GcGroundTruth.Truth truth = GcGroundTruth.of(Arrays.asList(unified));
        assertThat(truth.pauses).isEqualTo(3);
        assertThat(truth.totalMs).isCloseTo(11.421 + 7.236 + 0.010, within(1e-9));
        assertThat(truth.full).isEqualTo(1);
        Path jdk8 = write("jdk8.log",
                "2015-05-14T18:55:12.588+0200: 1.157: [GC (CMS Final Remark) [YG occupancy: 10451 K (47936 K)]"
                        + "1.158: [GC (CMS Final Remark) 1.158: [ParNew: 10451K->10451K(47936K), 0.0000303 secs] "
                        + "111291K->111291K(154432K), 0.0000778 secs] [Times: user=0.00 sys=0.00, real=0.00 secs]",
                "1.158: [Rescan (parallel) , 0.0002732 secs][1 CMS-remark: 100839K(106496K)] 111291K(154432K), "
                        + "0.0019970 secs] [Times: user=0.00 sys=0.00, real=0.00 secs]",
                "1.160: [CMS-concurrent-sweep: 0.002/0.002 secs] [Times: user=0.00 sys=0.00, real=0.00 secs]",
                "2.000: #7: [Full GC (System.gc()) [PSYoungGen: 1K->0K(2K)] 3K->1K(9K), 0.0100000 secs]",
                "   [GC Worker Start (ms): Min: 1.0, Avg: 1.0, Max: 1.0, Diff: 0.0]",
                "2.500: [Pause Init Mark, 3.341 ms]");
        truth = GcGroundTruth.of(Arrays.asList(jdk8));
        assertThat(truth.pauses).isEqualTo(3);
        assertThat(truth.totalMs).isCloseTo(1.997 + 10 + 3.341, within(1e-9));
        assertThat(truth.maxMs).isCloseTo(10, within(1e-9));
        assertThat(truth.full).isEqualTo(1);
    }

    private static Path write(String name, String... lines) {
        try {
            return Files.write(dir.resolve(name), Arrays.asList(lines), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
