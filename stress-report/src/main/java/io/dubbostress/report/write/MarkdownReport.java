package io.dubbostress.report.write;

import io.dubbostress.report.model.Report;
import com.fasterxml.jackson.databind.JsonNode;

/** report.md, and what {@code stress report} prints: the report's tables in Markdown, ready to paste into a review. */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(Report report) {
        StringBuilder out = new StringBuilder();
        out.append("# dubbo-stress report\n\n");
        out.append("Source: ").append(report.source()).append("  \n");
        JsonNode run = report.runJson();
        if (run != null) {
            appendIf(out, "Run", run.path("id").asText(run.path("name").asText("")));
            appendIf(out, "Started", run.path("startedAt").asText(""));
        }
        out.append("Generated: ").append(report.generatedAt()).append("\n\n");
        for (Table table : ReportTables.all(report)) {
            out.append(table.markdown()).append('\n');
        }
        if (!report.warnings().isEmpty()) {
            out.append("## Warnings\n\n");
            for (String warning : report.warnings()) {
                out.append("- ").append(warning.replace("\n", " ")).append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static void appendIf(StringBuilder out, String what, String value) {
        if (!value.isEmpty()) {
            out.append(what).append(": ").append(value).append("  \n");
        }
    }
}
