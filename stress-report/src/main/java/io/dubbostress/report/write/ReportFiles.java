package io.dubbostress.report.write;

import io.dubbostress.report.AtomicFile;
import io.dubbostress.report.text.ReportText;
import io.dubbostress.report.Json;
import io.dubbostress.report.ReportException;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Report} on disk: {@code report.md}, {@code report.json} and {@code report.html} in one folder, each
 * written through a temporary file and a rename (a reader never sees half a file).
 *
 * <pre>
 * Report report = new ReportBuilder().build(List.of(runFolder));
 * String markdown = ReportFiles.write(report, runFolder);   // the same text as report.md, to print
 * </pre>
 */
public final class ReportFiles {

    private ReportFiles() {
    }

    /** Writes the three files into {@code dir} (created when missing) and returns the Markdown. */
    public static String write(Report report, Path dir) {
        return write(report, dir, ReportText.english());
    }

    /**
     * As {@link #write(Report, Path)}, report.md and report.html in {@code text}'s language; report.json is the same in
     * every language (English: the machine interface).
     */
    public static String write(Report report, Path dir, ReportText text) {
        String markdown = MarkdownReport.render(report, text);
        try {
            Files.createDirectories(dir);
            writeAtomically(dir.resolve(RunLayout.REPORT_MD), markdown);
            writeAtomically(dir.resolve(RunLayout.REPORT_JSON), Json.MAPPER.writeValueAsString(ReportJson.of(report))
                    + "\n");
            writeAtomically(dir.resolve(RunLayout.REPORT_HTML), HtmlReport.render(report, text));
        } catch (IOException e) {
            throw ReportException.cannotWrite("could not write the report to " + dir + ": " + e.getMessage(), e);
        }
        return markdown;
    }

    /**
     * What {@link #write} wrote, in lines for the console: {@code wrote DIR/report.md, report.json, report.html (4
     * scenarios, 1 failed, 2 warnings)}, then {@code failed: NAME: REASON} for each failed scenario.
     */
    public static List<String> writtenLines(Report report, Path dir) {
        return writtenLines(report, dir, ReportText.english());
    }

    /** As {@link #writtenLines(Report, Path)}, in {@code text}'s language. */
    public static List<String> writtenLines(Report report, Path dir, ReportText text) {
        List<ScenarioResult> failed = report.failedScenarios();
        List<String> counts = new ArrayList<>();
        counts.add(text.get("console.scenarios", String.valueOf(report.scenarios().size())));
        if (!failed.isEmpty()) {
            counts.add(text.get("console.failedCount", String.valueOf(failed.size())));
        }
        if (!report.warnings().isEmpty()) {
            counts.add(text.get("console.warningsCount", String.valueOf(report.warnings().size())));
        }
        List<String> lines = new ArrayList<>();
        lines.add(text.get("console.wrote", dir.resolve(RunLayout.REPORT_MD).toString(), RunLayout.REPORT_JSON,
                RunLayout.REPORT_HTML, String.join(text.get("answer.list.separator"), counts)));
        for (ScenarioResult scenario : failed) {
            lines.add(text.get("console.failed", scenario.name(), scenario.outcome().reasonMessage().in(text)));
        }
        return lines;
    }

    /**
     * Writes {@code text} to {@code file} through a temporary file and a rename: readers never see half a file
     * ({@link AtomicFile}, which the packages below the writers use directly).
     */
    public static void writeAtomically(Path file, String text) throws IOException {
        AtomicFile.write(file, text);
    }
}
