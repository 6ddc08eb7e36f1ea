package io.dubbostress.gc;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A GC analysis describes a whole log set: a piece of a rotated log (JDK 17 and Temurin 25 unified logging with
 * {@code filecount=4}, the JDK 8 rotated series of GCViewer's test logs named as JDK 8 names its pieces) is read with
 * the pieces beside it, a saved analysis of one piece never stands for the set, a compressed piece is read (or, cut
 * short, said partial), a UTF-16 log is read; every figure against {@link GcGroundTruth}'s independent count of the
 * uncompressed pieces.
 */
class GcLogPiecesTest {

    /** The outside corpus (GCViewer's logs), beside the project: read from there, never copied into it. */
    static final Path SHARED_JDK8_ROTATED = projectRoot().resolve("../shared/gc-corpus/gcviewer/jdk8-rotated")
            .normalize();

    @TempDir
    static Path logs;

    private static GcCorpus.Log jdk17;
    private static GcCorpus.Log jdk25;

    @TempDir
    Path dir;

    @BeforeAll
    static void writeRotatedLogs() throws Exception {
        String xlog = "-Xlog:gc*:file={file}:time,uptime,level,tags:filecount=4,filesize=";
        GcCorpus.Writer w17 = new GcCorpus.Writer("jdk17-g1-filecount4", GcCorpus.JDK17, "-XX:+UseG1GC",
                xlog + "16k", 1500, 12, 300);
        GcCorpus.Writer w25 = new GcCorpus.Writer("jdk25-parallel-filecount4", GcCorpus.JDK25,
                "-XX:+UseParallelGC", xlog + "8k", 1500, 12, 300); // Parallel logs less per collection than G1
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<GcCorpus.Log> a = pool.submit(() -> GcCorpus.write(logs, w17));
            Future<GcCorpus.Log> b = pool.submit(() -> GcCorpus.write(logs, w25));
            jdk17 = a.get();
            jdk25 = b.get();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aPieceIsReadWithTheWholeSetAndItsAnalysisNeverStandsForTheSet() throws Exception {
        for (GcCorpus.Log log : List.of(jdk17, jdk25)) {
            assertThat(log.files()).as(log.name() + ": the JVM rotated its log").hasSizeGreaterThanOrEqualTo(4);
            Path folder = copy(log.files(), dir.resolve(log.name()));
            GcGroundTruth.Truth truth = GcGroundTruth.of(files(folder));
            assertThat(truth.pauses).as(log.name()).isPositive();
            Path current = folder.resolve(log.name() + ".log");

            // stress gc on the current piece alone: the analysis is the set's, and it says which pieces it read
            StringWriter err = new StringWriter();
            GcBatch.Result result = new GcBatch(new GcAnalysisStore(new GcLogAnalyzer()), null)
                    .run(List.of(current), new PrintWriter(new StringWriter()), new PrintWriter(err, true));
            assertThat(result.failed()).isZero();
            assertThat(err.toString()).contains(log.name() + ".log: read as one log with the other pieces of its"
                    + " rotated set beside it (");
            GcAnalysis saved = GcAnalysisJson.read(folder.resolve(log.name() + ".analysis.json"));
            assertSame(saved, truth, log.name());
            assertThat(saved.files()).hasSize(log.files().size());

            // an analysis of one piece alone saved under the set's name (an older stress gc did that) is not reused
            GcAnalysisStore store = new GcAnalysisStore(new GcLogAnalyzer());
            GcAnalysis pieceOnly = new GcLogAnalyzer().analyze(GcLogSet.of(current));
            store.analyzeAndSave(GcLogSet.of(current));
            Files.setLastModifiedTime(folder.resolve(log.name() + ".analysis.json"),
                    FileTime.fromMillis(System.currentTimeMillis() + 60_000));
            assertThat(pieceOnly.pauses().count()).isLessThan(truth.pauses);
            GcAnalysis reloaded = store.loadOrAnalyze(GcLogSet.withPieces(current));
            assertSame(reloaded, truth, log.name() + " reloaded");
            // and the set's own analysis, fresh, is reused as it is
            assertThat(store.loadOrAnalyze(GcLogSet.withPieces(folder.resolve(log.name() + ".log.2")))
                    .pauses().count()).isEqualTo(truth.pauses);
        }
    }

    @Test
    void aCompressedPieceIsReadAsTheRestAndACutOneMakesTheFiguresPartial() throws Exception {
        Path folder = copy(jdk17.files(), dir.resolve("gz"));
        GcGroundTruth.Truth truth = GcGroundTruth.of(files(folder));
        Path piece = folder.resolve(jdk17.name() + ".log.1");
        byte[] text = Files.readAllBytes(piece);
        Path gz = gzip(piece, text, text.length);
        Files.delete(piece);
        GcLogSet set = GcLogSet.withPieces(folder.resolve(jdk17.name() + ".log"));
        assertThat(set.files()).contains(gz).hasSize(jdk17.files().size());
        GcAnalysis whole = new GcLogAnalyzer().analyze(set);
        assertSame(whole, truth, "with a .gz piece");
        assertThat(whole.warnings()).isEmpty();

        // the same piece cut short: read as far as it goes, the rest of the set too, and said
        Path cutFolder = copy(jdk17.files(), dir.resolve("cut"));
        Path cutPiece = cutFolder.resolve(jdk17.name() + ".log.1");
        byte[] compressed = gzipBytes(text);
        Files.write(cutFolder.resolve(jdk17.name() + ".log.1.gz"),
                java.util.Arrays.copyOf(compressed, compressed.length / 2));
        Files.delete(cutPiece);
        String readable = readAllLenient(cutFolder.resolve(jdk17.name() + ".log.1.gz"));
        Path readablePart = Files.writeString(dir.resolve("readable-part.log"), readable, StandardCharsets.ISO_8859_1);
        List<Path> counted = new ArrayList<>(files(cutFolder));
        counted.removeIf(p -> p.getFileName().toString().endsWith(".gz"));
        counted.add(readablePart);
        GcGroundTruth.Truth partialTruth = GcGroundTruth.of(counted);
        assertThat(partialTruth.pauses).isLessThan(truth.pauses);
        GcAnalysis partial = new GcLogAnalyzer().analyze(GcLogSet.withPieces(cutFolder.resolve(jdk17.name()
                + ".log.3")));
        assertThat(partial.pauses().count()).isEqualTo(partialTruth.pauses);
        assertThat(partial.warnings()).singleElement().asString()
                .startsWith(jdk17.name() + ".log.1.gz could not be read to its end (EOFException")
                .endsWith("the figures are partial, they cover what could be read of it and the other pieces");
    }

    @Test
    void aCurrentPieceJustRotatedAndStillEmptyIsNoError() throws Exception {
        // the JVM had just rotated when it ended: its new current file holds nothing yet
        Path folder = copy(jdk25.files(), dir.resolve("just-rotated"));
        Path current = folder.resolve(jdk25.name() + ".log");
        Files.write(current, new byte[0]);
        GcGroundTruth.Truth truth = GcGroundTruth.of(files(folder));
        GcAnalysis analysis = new GcLogAnalyzer().analyze(GcLogSet.withPieces(current));
        assertSame(analysis, truth, "with an empty current piece");
        assertThat(analysis.files()).hasSize(jdk25.files().size());
        // every piece empty: that is an empty log
        Path allEmpty = Files.createDirectories(dir.resolve("all-empty"));
        Files.write(allEmpty.resolve("gc.log"), new byte[0]);
        Files.write(allEmpty.resolve("gc.log.0"), new byte[0]);
        assertThatThrownBy(() -> new GcLogAnalyzer().analyze(GcLogSet.withPieces(allEmpty.resolve("gc.log"))))
                .isInstanceOf(GcException.class).hasMessageEndingWith("(and every piece of its set) is empty");
    }

    @Test
    void utf16LogsAreReadAndAZipOrBinaryFileIsNamedForWhatItIs() throws Exception {
        // a whole piece (the current one may have just been started, with no pause in it yet)
        Path original = jdk25.files().stream().max(java.util.Comparator.comparingLong(p -> p.toFile().length()))
                .orElseThrow();
        String text = Files.readString(original, StandardCharsets.ISO_8859_1);
        GcGroundTruth.Truth truth = GcGroundTruth.of(List.of(original));
        // PowerShell's ">" writes UTF-16 LE with a byte-order mark; some tools UTF-16 BE without one
        Path le = dir.resolve("le/gc.log");
        Files.createDirectories(le.getParent());
        Files.write(le, concat(new byte[] {(byte) 0xff, (byte) 0xfe}, text.getBytes(StandardCharsets.UTF_16LE)));
        Path be = dir.resolve("be/gc.log");
        Files.createDirectories(be.getParent());
        Files.write(be, text.getBytes(StandardCharsets.UTF_16BE));
        for (Path utf16 : List.of(le, be)) {
            GcAnalysis analysis = new GcLogAnalyzer().analyze(GcLogSet.of(utf16));
            assertSame(analysis, truth, utf16.toString());
            assertThat(GcLogText.isPlain(utf16)).isFalse();
        }
        assertThat(GcLogText.isPlain(original)).isTrue();

        Path zip = dir.resolve("zipped/gc.log");
        Files.createDirectories(zip.getParent());
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry("gc.log"));
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        }
        assertThatThrownBy(() -> new GcLogAnalyzer().analyze(GcLogSet.of(zip))).isInstanceOf(GcException.class)
                .hasMessage("GC log " + zip + " is a zip archive: unzip it and give the log files in it");
        Path binary = Files.write(dir.resolve("core.log"), new byte[] {1, 0, 0, 7, 0, 3, 3, 0, 0, 0, 9, 9});
        assertThatThrownBy(() -> new GcLogAnalyzer().analyze(GcLogSet.of(binary))).isInstanceOf(GcException.class)
                .hasMessage("GC log " + binary + " is not text (binary bytes in its first 12): not a GC log");
    }

    @Test
    void theJdk8RotatedSeriesAsJdk8NamesItsPiecesWithOnePieceCompressed() throws Exception {
        assumeTrue(Files.isDirectory(SHARED_JDK8_ROTATED), "the outside GC corpus is absent: "
                + SHARED_JDK8_ROTATED + " (GCViewer's JDK 8 rotated series; see ../shared/gc-corpus/README.md)");
        List<Path> parts = files(SHARED_JDK8_ROTATED);
        assertThat(parts).hasSize(7);
        GcGroundTruth.Truth truth = GcGroundTruth.of(parts);
        // -XX:+UseGCLogFileRotation names them gc.log.0 ... gc.log.5 and the one being written gc.log.6.current
        Path folder = Files.createDirectories(dir.resolve("jdk8"));
        for (int i = 0; i < parts.size(); i++) {
            Files.copy(parts.get(i), folder.resolve("gc.log." + i + (i == parts.size() - 1 ? ".current" : "")));
        }
        Path third = folder.resolve("gc.log.2");
        byte[] bytes = Files.readAllBytes(third);
        gzip(third, bytes, bytes.length);
        Files.delete(third);
        // there is no gc.log: a piece given alone, or the base name, stands for the whole set
        for (Path given : List.of(folder.resolve("gc.log.6.current"), folder.resolve("gc.log.2.gz"),
                folder.resolve("gc.log"))) {
            GcLogSet set = GcLogSet.withPieces(given);
            assertThat(set.files()).as(given.toString()).hasSize(7);
            assertThat(set.name()).isEqualTo("gc.log");
            GcAnalysis analysis = new GcLogAnalyzer().analyze(set);
            assertSame(analysis, truth, given.toString());
            assertThat(analysis.warnings()).isEmpty();
        }
        assertThat(truth.pauses).as("the corpus table's figure for the series").isEqualTo(533);
    }

    private static void assertSame(GcAnalysis analysis, GcGroundTruth.Truth truth, String what) {
        assertThat(analysis.pauses().count()).as(what + ": pauses").isEqualTo(truth.pauses);
        assertThat(analysis.pauses().totalMs()).as(what + ": total").isCloseTo(truth.totalMs, within(1e-6));
        assertThat(analysis.pauses().maxMs()).as(what + ": max").isCloseTo(truth.maxMs, within(1e-6));
        assertThat(analysis.pauses().fullCount()).as(what + ": full").isEqualTo(truth.full);
    }

    private static Path copy(List<Path> files, Path folder) throws IOException {
        Files.createDirectories(folder);
        for (Path file : files) {
            Files.copy(file, folder.resolve(file.getFileName()));
        }
        return folder;
    }

    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            return list.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".json"))
                    .sorted(Comparator.naturalOrder()).collect(Collectors.toList());
        }
    }

    private static Path gzip(Path piece, byte[] text, int length) throws IOException {
        Path gz = piece.resolveSibling(piece.getFileName() + ".gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(text, 0, length);
        }
        return gz;
    }

    private static byte[] gzipBytes(byte[] text) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text);
        }
        return bytes.toByteArray();
    }

    /** What a plain GZIPInputStream gives of a cut file before it fails: the independent reading of it. */
    private static String readAllLenient(Path gz) throws IOException {
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPInputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
            byte[] buffer = new byte[512];
            for (int n; (n = in.read(buffer)) > 0; ) {
                text.write(buffer, 0, n);
            }
        } catch (java.io.EOFException expected) {
            // the cut
        }
        return text.toString(StandardCharsets.ISO_8859_1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static Path projectRoot() {
        Path at = Paths.get("").toAbsolutePath();
        while (at != null && !Files.exists(at.resolve("mvnw"))) {
            at = at.getParent();
        }
        return at == null ? Paths.get("").toAbsolutePath() : at;
    }
}
