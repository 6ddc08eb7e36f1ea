package io.dubbostress.gc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes the files next to a GC log: {@code <base>.analysis.json} (offline analysis, redone when older
 * than the log) and {@code <base>.gceasy.json} (GCeasy's answer). Files are written to a temporary name and moved into
 * place, so a reader never sees half a file. The log itself is only read.
 *
 * <pre>{@code
 * GcAnalysisStore store = new GcAnalysisStore(new GcLogAnalyzer());
 * GcAnalysis analysis = store.loadOrAnalyze(Paths.get("run/gc/provider-gc.log"));
 * GcEasyAnswer gcEasy = store.loadGcEasy(Paths.get("run/gc/provider-gc.log")); // null when never uploaded
 * }</pre>
 */
public final class GcAnalysisStore {

    private final GcLogAnalyzer analyzer;

    public GcAnalysisStore(GcLogAnalyzer analyzer) {
        this.analyzer = analyzer;
    }

    /** Analyses the log and writes {@code <base>.analysis.json}. */
    public GcAnalysis analyzeAndSave(Path log) {
        return analyzeAndSave(GcLogSet.of(log));
    }

    /**
     * Analyses a log or rotated set and writes {@code <base>.analysis.json} next to its first file ({@code gc.log},
     * {@code gc.log.0}, {@code gc.log.1}: {@code gc.analysis.json}).
     */
    public GcAnalysis analyzeAndSave(GcLogSet set) {
        GcAnalysis analysis = analyzer.analyze(set);
        Path file = GcLogFiles.analysisFile(companion(set));
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(Files.newBufferedWriter(temporary,
                StandardCharsets.UTF_8))) {
            g.useDefaultPrettyPrinter();
            GcAnalysisJson.write(analysis, g);
            g.writeRaw('\n');
        } catch (IOException e) {
            deleteQuietly(temporary); // a full disk must not leave a .tmp behind
            throw new UncheckedIOException("could not write " + file, e);
        }
        move(temporary, file);
        return analysis;
    }

    /** The path companion files are named after: the log, or for a rotated set its base name beside its pieces. */
    public static Path companion(GcLogSet set) {
        return set.first().resolveSibling(set.name());
    }

    /** The saved analysis when it is at least as new as the log and readable; otherwise a fresh one, saved. */
    public GcAnalysis loadOrAnalyze(Path log) {
        return loadOrAnalyze(GcLogSet.of(log));
    }

    /**
     * The same for a log or rotated set: the saved analysis when it describes exactly this set (its {@code files} are
     * the set's pieces: an analysis of one piece never stands for the whole) and is at least as new as its newest
     * piece; otherwise a fresh one, saved.
     */
    public GcAnalysis loadOrAnalyze(GcLogSet set) {
        Path saved = GcLogFiles.analysisFile(companion(set));
        try {
            if (Files.isRegularFile(saved) && newerThanEvery(saved, set)) {
                GcAnalysis analysis = GcAnalysisJson.read(saved);
                if (describes(analysis, set)) {
                    return analysis;
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            // unreadable or of another schema: analyse the log again
        }
        return analyzeAndSave(set);
    }

    /** Whether {@code analysis} was made of exactly the files of {@code set} (by name; order aside). */
    static boolean describes(GcAnalysis analysis, GcLogSet set) {
        java.util.Set<String> names = new java.util.HashSet<>();
        set.files().forEach(f -> names.add(f.getFileName().toString()));
        java.util.Set<String> analysed = new java.util.HashSet<>(analysis.files());
        analysis.earlierRuns().forEach(run -> analysed.addAll(run.files())); // a restart: the runs share the set
        return names.equals(analysed);
    }

    private static boolean newerThanEvery(Path saved, GcLogSet set) throws IOException {
        for (Path file : set.files()) {
            if (Files.exists(file) && Files.getLastModifiedTime(saved).compareTo(Files.getLastModifiedTime(file)) < 0) {
                return false;
            }
        }
        return true;
    }

    /** GCeasy's saved answer, or null when there is none. A file that is not JSON is a {@link GcException}. */
    public GcEasyAnswer loadGcEasy(Path log) {
        Path file = GcLogFiles.gcEasyFile(log);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            JsonNode json = Json.MAPPER.readTree(file.toFile());
            return json == null || !json.isObject() ? null : new GcEasyAnswer(json);
        } catch (IOException e) {
            throw new GcException(file + " is not GCeasy's JSON answer: " + e.getClass().getSimpleName());
        }
    }

    /** Saves GCeasy's answer about one scenario's window (already redacted) next to the log. */
    public void saveScenarioGcEasy(Path log, String scenario, String redactedAnswer) {
        write(GcLogFiles.scenarioGcEasyFile(log, scenario), redactedAnswer);
    }

    /** Saves GCeasy's answer (already redacted) next to the log. */
    public void saveGcEasy(Path log, String redactedAnswer) {
        write(GcLogFiles.gcEasyFile(log), redactedAnswer);
    }

    private static void write(Path file, String text) {
        try {
            writeAtomically(file, text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    /** Writes {@code text} to {@code file} through a temporary file and a rename: readers never see half a file. */
    private static void writeAtomically(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp); // a full disk must not leave a .tmp behind
        }
    }

    private static void move(Path temporary, Path file) {
        try {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteQuietly(temporary);
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the write already failed; that is what the caller hears about
        }
    }
}
