package io.dubbostress.report.compare;

import io.dubbostress.report.Json;
import io.dubbostress.report.write.ReportFiles;
import io.dubbostress.report.write.Table;
import io.dubbostress.report.ReportException;
import io.dubbostress.report.run.RunLayout;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A {@link Comparison} on disk: compare.md, compare.json (through the project's one mapper, {@link Json#MAPPER}) and
 * compare.html (self-contained in the report's style: its stylesheet, the tables, two charts drawn by the page's own
 * script; nothing fetched), each written through a temporary file and a rename.
 *
 * <pre>{@code
 * String markdown = ComparisonFiles.write(comparison, Paths.get("results/new"));
 * }</pre>
 */
public final class ComparisonFiles {

    private static final String REPORT_RESOURCES = "/io/dubbostress/report/write/";
    private static final String RESOURCES = "/io/dubbostress/report/compare/";

    private ComparisonFiles() {
    }

    /** Writes the three files into {@code dir} (created when missing) and returns the Markdown. */
    public static String write(Comparison comparison, Path dir) {
        String markdown = ComparisonMarkdown.render(comparison);
        try {
            Files.createDirectories(dir);
            ReportFiles.writeAtomically(dir.resolve(RunLayout.COMPARE_MD), markdown);
            ReportFiles.writeAtomically(dir.resolve(RunLayout.COMPARE_JSON), json(comparison) + "\n");
            ReportFiles.writeAtomically(dir.resolve(RunLayout.COMPARE_HTML), html(comparison));
        } catch (IOException e) {
            throw ReportException.cannotWrite("could not write the comparison to " + dir + ": " + e.getMessage(), e);
        }
        return markdown;
    }

    static String json(Comparison comparison) {
        try {
            return Json.MAPPER.writeValueAsString(comparison);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String html(Comparison c) {
        StringBuilder tables = new StringBuilder();
        List<Table> all = ComparisonMarkdown.tables(c);
        for (int i = 0; i < all.size(); i++) {
            tables.append(all.get(i).html("scenario-" + i));
        }
        StringBuilder gate = new StringBuilder();
        if (c.gate() != null) {
            gate.append("<section id=\"gate\"><h2>Gate: --fail-on ").append(Table.escape(c.gate().limits()))
                    .append("</h2>\n<p class=\"").append(c.gate().holds() ? "verdict-better" : "verdict-worse")
                    .append("\">").append(Table.escape(ComparisonMarkdown.gateLine(c.gate()))).append("</p>\n<ul>\n");
            c.gate().crossed().forEach(line -> gate.append("<li>").append(Table.escape(line)).append("</li>\n"));
            gate.append("</ul></section>\n");
        }
        StringBuilder warnings = new StringBuilder();
        if (!c.warnings().isEmpty()) {
            warnings.append("<section id=\"warnings\"><h2>Warnings</h2>\n<ul class=\"warnings\">\n");
            c.warnings().forEach(w -> warnings.append("<li>").append(Table.escape(w)).append("</li>\n"));
            warnings.append("</ul></section>\n");
        }
        String meta = "BASE: " + String.join(", ", c.base()) + " \u00b7 NEW: " + String.join(", ", c.news())
                + " \u00b7 generated " + c.generatedAt();
        return fill(resource(RESOURCES + "compare-template.html"), Map.of(
                "CSS", resource(REPORT_RESOURCES + "report.css"),
                "JS", resource(RESOURCES + "compare.js"),
                "TITLE", "dubbo-stress comparison",
                "META", Table.escape(meta),
                "SUMMARY", Table.escape(ComparisonMarkdown.summary(c)),
                "GATE", gate.toString(),
                "TABLES", tables.toString(),
                "WARNINGS", warnings.toString(),
                "DATA", scriptSafe(json(c))));
    }

    /** Replaces the template's {{NAME}} marks in one pass (text put in is never scanned again). */
    private static String fill(String template, Map<String, String> values) {
        StringBuilder out = new StringBuilder(template.length() * 2);
        int at = 0;
        while (true) {
            int open = template.indexOf("{{", at);
            int close = open < 0 ? -1 : template.indexOf("}}", open);
            if (close < 0) {
                return out.append(template, at, template.length()).toString();
            }
            String value = values.get(template.substring(open + 2, close));
            if (value == null) {
                throw new IllegalStateException("the compare template has no value for " + template.substring(open,
                        close + 2));
            }
            out.append(template, at, open).append(value);
            at = close + 2;
        }
    }

    /** JSON that cannot end the script element it sits in. */
    private static String scriptSafe(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }

    private static String resource(String name) {
        try (InputStream in = ComparisonFiles.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " (a broken build)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
