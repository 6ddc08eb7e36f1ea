package io.dubbostress.gc;

import io.dubbostress.testsupport.ChildJvm;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GC log sets as a restarted JVM and a user's copies leave them, written in the test by real JVMs: a G1 JVM with
 * {@code -Xlog:gc*:file=gc.log::filecount=3,filesize=1m} (the JDK's default decorators, uptime only), then a Serial
 * JVM with the same option, which moves the first run's log to {@code gc.log.0}; {@code gzip -k} copies beside the
 * pieces; the two runs joined with {@code cat}; a G1 set of many small pieces with one deleted. Each run is one
 * analysis (the last the log's, the earlier one apart), each copy is read once, a missing piece is said; every count
 * against the pause lines counted here with one regular expression, as grep would.
 */
class GcRestartsTest {

    /** A unified pause line of the {@code gc} tag: what {@code grep -E '\[gc *\] GC\([0-9]+\) Pause.*ms$'} counts. */
    private static final Pattern PAUSE = Pattern.compile("\\[gc\\s*\\] GC\\(\\d+\\) Pause .*ms$");

    @TempDir
    static Path dir;

    static Path restarted;
    static String g1Run;
    static String serialRun;

    @BeforeAll
    static void twoRunsOfOneLog() throws Exception {
        restarted = dir.resolve("restarted");
        Files.createDirectories(restarted);
        String xlog = "-Xlog:gc*:file=" + restarted.resolve("gc.log") + "::filecount=3,filesize=1m";
        // 1.5 s each at least: a run long enough that its uptime and GC ids go well past the next run's start
        run("-XX:+UseG1GC", xlog, "g1", 1500);
        g1Run = Files.readString(restarted.resolve("gc.log"));
        run("-XX:+UseSerialGC", xlog, "serial", 1500);
        // the JDK moved the first run's log aside, to a piece of the set
        assertThat(Files.readString(restarted.resolve("gc.log.0"))).isEqualTo(g1Run);
        serialRun = Files.readString(restarted.resolve("gc.log"));
        assertThat(serialRun).contains("] Using Serial");
    }

    static void run(String gc, String xlog, String name, long ms) throws Exception {
        String classes = Paths.get(GcLoad.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        try (ChildJvm jvm = ChildJvm.mainClass(GcLoad.class.getName(), classes)
                .jvmArgs(gc, "-Xms64m", "-Xmx64m", xlog).args(Long.toString(ms), "0", "24")
                .log(dir.resolve(name + ".out")).start()) {
            assertThat(jvm.waitFor(Duration.ofSeconds(120)) && jvm.logText().contains("allocated "))
                    .as(jvm.logTail(20)).isTrue();
        }
    }

    static long pauses(String text) {
        return text.lines().filter(l -> PAUSE.matcher(l).find()).count();
    }

    static long pauses(Path file) throws IOException {
        return pauses(Files.readString(file));
    }

    static double totalMs(String text) {
        double total = 0;
        for (String line : text.lines().filter(l -> PAUSE.matcher(l).find()).toList()) {
            String ms = line.substring(line.lastIndexOf(' ') + 1, line.length() - 2);
            total += Double.parseDouble(ms.replace(',', '.'));
        }
        return total;
    }

    @Test
    void aRestartedJvmIsTwoRunsTheCurrentOneTheAnalysis() {
        GcAnalysis analysis = new GcLogAnalyzer().analyze(GcLogSet.withPieces(restarted.resolve("gc.log")));
        // the current run, a Serial JVM: it used to be G1 (the first header's) with both runs' pauses
        assertThat(analysis.collector()).isEqualTo("Serial");
        assertThat(analysis.files()).containsExactly("gc.log");
        assertThat((long) analysis.pauses().count()).isEqualTo(pauses(serialRun)).isPositive();
        assertThat(analysis.pauses().totalMs()).isCloseTo(totalMs(serialRun), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(analysis.warnings()).isEmpty();
        // the earlier run, analysed apart and named in one line
        assertThat(analysis.earlierRuns()).singleElement().satisfies(run -> {
            assertThat(run.collector()).isEqualTo("G1");
            assertThat(run.files()).containsExactly("gc.log.0");
            assertThat((long) run.pauses().count()).isEqualTo(pauses(g1Run)).isPositive();
            assertThat(run.pauses().totalMs()).isCloseTo(totalMs(g1Run), org.assertj.core.data.Offset.offset(1e-6));
        });
        assertThat(analysis.notes().get(0)).startsWith("gc.log holds 2 JVM runs (a restarted JVM, or logs joined), "
                + "told apart by the JVM's header again ('Using Serial') in gc.log: this analysis is of the last one "
                + "(gc.log); the earlier one, analysed apart: run 1 (gc.log.0): G1, " + pauses(g1Run) + " pauses");
        // analysis.json keeps it, and a saved analysis of the set is reused with its earlier run
        GcAnalysis back = GcAnalysisJson.fromTree(GcAnalysisJson.toTree(analysis));
        assertThat(back.earlierRuns()).singleElement().satisfies(run -> assertThat(run.pauses().count())
                .isEqualTo(analysis.earlierRuns().get(0).pauses().count()));
        assertThat(GcAnalysisStore.describes(back, GcLogSet.withPieces(restarted.resolve("gc.log")))).isTrue();
        // stress gc: a row each, the earlier one named as such
        String table = batch(List.of(restarted.resolve("gc.log")));
        assertThat(table).contains("| gc.log earlier run 1 of 2 (gc.log.0) | G1 | " + pauses(g1Run) + " |",
                "| gc.log | Serial | " + pauses(serialRun) + " |");
    }

    @Test
    void twoLogsJoinedWithCatAreTwoRuns() throws IOException {
        Path joined = Files.writeString(dir.resolve("two.log"), g1Run + serialRun);
        GcAnalysis analysis = new GcLogAnalyzer().analyze(GcLogSet.withPieces(joined));
        // it used to give the first run's collector with both runs' pauses, and no word
        assertThat(analysis.collector()).isEqualTo("Serial");
        assertThat((long) analysis.pauses().count()).isEqualTo(pauses(serialRun));
        assertThat(analysis.earlierRuns()).singleElement().satisfies(run -> {
            assertThat(run.collector()).isEqualTo("G1");
            assertThat((long) run.pauses().count()).isEqualTo(pauses(g1Run));
        });
        // the whole file, counted as grep would: the two runs' pauses, each counted once
        assertThat(analysis.pauses().count() + analysis.earlierRuns().get(0).pauses().count())
                .isEqualTo((int) pauses(joined));
        // without the second header (the file's top cut off): the uptime going back tells them apart
        String headless = serialRun.lines().filter(l -> !l.contains("] Using "))
                .reduce("", (a, b) -> a + b + "\n");
        GcAnalysis byUptime = new GcLogAnalyzer().analyze(GcLogSet.withPieces(
                Files.writeString(dir.resolve("joined-headless.log"), g1Run + headless)));
        assertThat(byUptime.earlierRuns()).hasSize(1);
        assertThat(byUptime.notes().get(0)).contains("told apart by the uptime back from ");
        assertThat((long) byUptime.pauses().count()).isEqualTo(pauses(serialRun));
        // and without uptimes either (decorators 'level,tags' only): the GC ids starting again at GC(0)
        String bare = (g1Run + headless).replaceAll("(?m)^\\[[0-9.,]+s\\]", "");
        GcAnalysis byIds = new GcLogAnalyzer().analyze(GcLogSet.withPieces(
                Files.writeString(dir.resolve("joined-bare.log"), bare)));
        assertThat(byIds.earlierRuns()).hasSize(1);
        assertThat(byIds.notes().get(0)).contains("told apart by GC ids starting again at GC(0) after GC(");
        assertThat((long) byIds.pauses().count()).isEqualTo(pauses(serialRun));
        assertThat((long) byIds.earlierRuns().get(0).pauses().count()).isEqualTo(pauses(g1Run));
    }

    @Test
    void aGzipCopyBesideItsLogIsReadOnce() throws Exception {
        Path copies = Files.createDirectories(dir.resolve("copies"));
        Path log = Files.writeString(copies.resolve("gc.log"), serialRun);
        gzipKeep(log);
        // the log alone: its .gz copy is no piece of it (the JDK never names one so)
        GcAnalysis alone = new GcLogAnalyzer().analyze(GcLogSet.withPieces(log));
        assertThat((long) alone.pauses().count()).isEqualTo(pauses(log));
        assertThat(alone.files()).containsExactly("gc.log");
        // both given (stress gc gc.log*): the copy is left out, said; the figures are the log's once
        StringWriter err = new StringWriter();
        String table = batch(List.of(log, copies.resolve("gc.log.gz")), err);
        assertThat(table).contains("| gc.log | Serial | " + pauses(log) + " |");
        assertThat(err.toString()).contains("stress gc: gc.log: gc.log.gz left out: its " + pauses(log)
                + " pause line(s) are gc.log's (a copy of it): read once");
        // a rotated set with copies of its pieces beside them: each piece once
        Path set = Files.createDirectories(dir.resolve("set"));
        Files.writeString(set.resolve("gc.log.0"), g1Run);
        Files.writeString(set.resolve("gc.log"), serialRun);
        // as the JVMs left them: the earlier run's piece last written before the current one
        Files.setLastModifiedTime(set.resolve("gc.log.0"), java.nio.file.attribute.FileTime.fromMillis(
                Files.getLastModifiedTime(set.resolve("gc.log")).toMillis() - 60_000));
        gzipKeep(set.resolve("gc.log.0"));
        gzipKeep(set.resolve("gc.log"));
        GcLogSet pieces = GcLogSet.group(files(set)).get(0);
        assertThat(pieces.files()).extracting(p -> p.getFileName().toString()).containsExactly("gc.log.0", "gc.log");
        assertThat(pieces.skipped()).containsOnlyKeys("gc.log.0.gz", "gc.log.gz");
        GcAnalysis analysis = new GcLogAnalyzer().analyze(pieces);
        assertThat((long) analysis.pauses().count()).isEqualTo(pauses(serialRun));
        assertThat((long) analysis.earlierRuns().get(0).pauses().count()).isEqualTo(pauses(g1Run));
        assertThat(analysis.notes()).contains("gc.log.gz left out: its " + pauses(serialRun) + " pause line(s) are "
                + "gc.log's (a copy of it): read once");
        // gzipped in place of its original (no gc.log.0 beside it): the piece itself
        Files.delete(set.resolve("gc.log.0"));
        GcAnalysis swapped = new GcLogAnalyzer().analyze(GcLogSet.withPieces(set.resolve("gc.log")));
        assertThat(swapped.earlierRuns()).singleElement().satisfies(run ->
                assertThat(run.files()).containsExactly("gc.log.0.gz"));
    }

    @Test
    void aRotatedSetWithAPieceMissingSaysSo() throws Exception {
        Path rotated = Files.createDirectories(dir.resolve("rotated"));
        run("-XX:+UseG1GC", "-Xlog:gc*:file=" + rotated.resolve("gc.log") + "::filecount=9,filesize=2k", "rotated", 0);
        List<Path> all = files(rotated);
        assertThat(all).as("pieces written").hasSizeGreaterThanOrEqualTo(4);
        GcAnalysis whole = new GcLogAnalyzer().analyze(GcLogSet.withPieces(rotated.resolve("gc.log")));
        long grep = 0;
        for (Path piece : all) {
            grep += pauses(piece);
        }
        assertThat((long) whole.pauses().count()).isEqualTo(grep);
        assertThat(whole.warnings()).isEmpty();
        assertThat(whole.earlierRuns()).isEmpty();
        // a middle piece deleted: the figures are the rest's, and the analysis says a piece is missing
        Path gone = rotated.resolve("gc.log.1");
        long lost = pauses(gone);
        Files.delete(gone);
        GcAnalysis cut = new GcLogAnalyzer().analyze(GcLogSet.withPieces(rotated.resolve("gc.log")));
        assertThat((long) cut.pauses().count()).isEqualTo(grep - lost);
        assertThat(cut.warnings()).anySatisfy(w -> assertThat(w).startsWith("gc.log.1 is missing between the set's "
                + "other pieces"));
        if (lost > 0) {
            assertThat(cut.warnings()).anySatisfy(w -> assertThat(w).startsWith("collections GC(")
                    .contains("are in no piece of the set (before gc.log.").contains("): a piece is missing"));
        }
    }

    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            return list.filter(p -> p.getFileName().toString().startsWith("gc.log")).sorted().toList();
        }
    }

    private static void gzipKeep(Path file) throws Exception {
        Process gzip = new ProcessBuilder("gzip", "-k", file.toString()).redirectErrorStream(true).start();
        String out = new String(gzip.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(gzip.waitFor()).as(out).isZero();
    }

    private static String batch(List<Path> logs) {
        return batch(logs, new StringWriter());
    }

    private static String batch(List<Path> logs, StringWriter err) {
        StringWriter out = new StringWriter();
        new GcBatch(new GcAnalysisStore(new GcLogAnalyzer()), null).run(new ArrayList<>(logs), new PrintWriter(out),
                new PrintWriter(err));
        return out.toString();
    }
}
