package io.dubbostress.report.write;

import io.dubbostress.report.text.ReportText;
import io.dubbostress.report.model.Report;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * report.md, and what {@code stress report} prints: the report's tables in Markdown, ready to paste into a review, in
 * the language of its {@link ReportText} (English when none is given).
 */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(Report report) {
        return render(report, ReportText.english());
    }

    public static String render(Report report, ReportText text) {
        StringBuilder out = new StringBuilder();
        out.append("# ").append(text.get("report.title")).append("\n\n");
        out.append(text.get("report.source", Table.markdownText(report.source()))).append("  \n");
        JsonNode run = report.runJson();
        if (run != null) {
            appendIf(out, text, "report.run", run.path("id").asText(run.path("name").asText("")));
            appendIf(out, text, "report.started", run.path("startedAt").asText(""));
        }
        out.append(text.get("report.generated", String.valueOf(report.generatedAt()))).append("\n\n");
        out.append(answer(report, text));
        for (Table table : ReportTables.all(report, text)) {
            out.append(table.markdown()).append('\n');
        }
        if (!report.warnings().isEmpty()) {
            out.append("## ").append(text.get("report.warnings")).append("\n\n");
            for (io.dubbostress.report.text.Message warning : report.warningMessages()) {
                out.append("- ").append(Table.markdownText(warning.in(text).replace("\n", " "))).append('\n');
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

    private static void appendIf(StringBuilder out, ReportText text, String key, String value) {
        if (!value.isEmpty()) {
            out.append(text.get(key, value)).append("  \n");
        }
    }
}
