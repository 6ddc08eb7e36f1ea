package io.dubbostress.report.write;

import io.dubbostress.report.Json;
import io.dubbostress.report.ReportException;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
        String markdown = MarkdownReport.render(report);
        try {
            Files.createDirectories(dir);
            writeAtomically(dir.resolve(RunLayout.REPORT_MD), markdown);
            writeAtomically(dir.resolve(RunLayout.REPORT_JSON), Json.MAPPER.writeValueAsString(ReportJson.of(report))
                    + "\n");
            writeAtomically(dir.resolve(RunLayout.REPORT_HTML), HtmlReport.render(report));
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
        List<ScenarioResult> failed = report.failedScenarios();
        List<String> lines = new ArrayList<>();
        lines.add("wrote " + dir.resolve(RunLayout.REPORT_MD) + ", " + RunLayout.REPORT_JSON + ", "
                + RunLayout.REPORT_HTML + " (" + report.scenarios().size() + " scenarios" + (failed.isEmpty() ? ""
                : ", " + failed.size() + " failed") + (report.warnings().isEmpty() ? ""
                : ", " + report.warnings().size() + " warnings") + ")");
        for (ScenarioResult scenario : failed) {
            lines.add("failed: " + scenario.name() + ": " + scenario.outcome().reason());
        }
        return lines;
    }

    /** Writes {@code text} to {@code file} through a temporary file and a rename: readers never see half a file. */
    public static void writeAtomically(Path file, String text) throws IOException {
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
}
