package io.dubbostress.report.write;

import io.dubbostress.report.model.Report;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** report.md, and what {@code stress report} prints: the report's tables in Markdown, ready to paste into a review. */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(Report report) {
        StringBuilder out = new StringBuilder();
        out.append("# dubbo-stress report\n\n");
        out.append("Source: ").append(Table.markdownText(report.source())).append("  \n");
        JsonNode run = report.runJson();
        if (run != null) {
            appendIf(out, "Run", run.path("id").asText(run.path("name").asText("")));
            appendIf(out, "Started", run.path("startedAt").asText(""));
        }
        out.append("Generated: ").append(report.generatedAt()).append("\n\n");
        out.append(answer(report, ReportText.english()));
        for (Table table : ReportTables.all(report)) {
            out.append(table.markdown()).append('\n');
        }
        if (!report.warnings().isEmpty()) {
            out.append("## Warnings\n\n");
            for (String warning : report.warnings()) {
                out.append("- ").append(Table.markdownText(warning.replace("\n", " "))).append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** The answer first: a few paragraphs in words, every number a field of report.json's answer block. */
    static String answer(Report report, ReportText text) {
        List<String> paragraphs = AnswerText.paragraphs(report.answer(), text);
        if (paragraphs.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("## ").append(text.get("answer.title")).append("\n\n");
        for (String paragraph : paragraphs) {
            out.append("- ").append(paragraph).append('\n');
        }
        return out.append('\n').toString();
    }

    private static void appendIf(StringBuilder out, String what, String value) {
        if (!value.isEmpty()) {
            out.append(what).append(": ").append(value).append("  \n");
        }
    }
}
