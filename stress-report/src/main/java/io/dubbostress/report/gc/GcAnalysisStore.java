package io.dubbostress.report.gc;

import io.dubbostress.report.UserError;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public GcAnalysisStore(GcLogAnalyzer analyzer) {
        this.analyzer = analyzer;
    }

    /** Analyses the log and writes {@code <base>.analysis.json}. */
    public GcAnalysis analyzeAndSave(Path log) {
        GcAnalysis analysis = analyzer.analyze(log);
        write(GcLogFiles.analysisFile(log), analysis.toJson().toPrettyString());
        return analysis;
    }

    /** The saved analysis when it is at least as new as the log and readable; otherwise a fresh one, saved. */
    public GcAnalysis loadOrAnalyze(Path log) {
        Path saved = GcLogFiles.analysisFile(log);
        try {
            if (Files.isRegularFile(saved) && (!Files.exists(log)
                    || Files.getLastModifiedTime(saved).compareTo(Files.getLastModifiedTime(log)) >= 0)) {
                return GcAnalysis.fromJson(mapper.readTree(saved.toFile()));
            }
        } catch (IOException | IllegalArgumentException e) {
            // unreadable or of another schema: analyse the log again
        }
        return analyzeAndSave(log);
    }

    /** GCeasy's saved answer, or null when there is none. A file that is not JSON is a {@link UserError}. */
    public GcEasyAnswer loadGcEasy(Path log) {
        Path file = GcLogFiles.gcEasyFile(log);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            JsonNode json = mapper.readTree(file.toFile());
            return json == null || !json.isObject() ? null : new GcEasyAnswer(json);
        } catch (IOException e) {
            throw new UserError(file + " is not GCeasy's JSON answer: " + e.getClass().getSimpleName());
        }
    }

    /** Saves GCeasy's answer (already redacted) next to the log. */
    public void saveGcEasy(Path log, String redactedAnswer) {
        write(GcLogFiles.gcEasyFile(log), redactedAnswer);
    }

    private static void write(Path file, String text) {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(temporary, (text + "\n").getBytes(StandardCharsets.UTF_8));
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }
}
