package io.dubbostress.report.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** A titled table of text cells, written as Markdown (stdout, report.md) or HTML (report.html) from the same rows. */
public final class Table {

    private final String title;
    private final List<String> header;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> leads = new ArrayList<>();

    /** Columns after the first {@code textColumns} are numbers (right-aligned). */
    public Table(String title, int textColumns, String... header) {
        this.title = title;
        this.header = Arrays.asList(header);
        this.numeric = new boolean[header.length];
        for (int i = textColumns; i < header.length; i++) {
            numeric[i] = true;
        }
    }

    /** Marks more columns as text (left-aligned), by index. */
    public Table text(int... columns) {
        for (int column : columns) {
            numeric[column] = false;
        }
        return this;
    }

    public Table row(String... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + header.size() + " columns");
        }
        rows.add(Arrays.asList(cells));
        return this;
    }

    /** A line between the title and the table: what to read first. */
    public Table lead(String lead) {
        leads.add(lead);
        return this;
    }

    /** A line under the table. */
    public Table note(String note) {
        notes.add(note);
        return this;
    }

    public String title() {
        return title;
    }

    public List<String> header() {
        return header;
    }

    public List<List<String>> rows() {
        return Collections.unmodifiableList(rows);
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("## ").append(markdownText(title)).append("\n\n");
        leads.forEach(l -> out.append(markdownText(l)).append("\n\n"));
        out.append(markdownRow(header)).append('\n');
        StringBuilder rule = new StringBuilder("|");
        for (boolean n : numeric) {
            rule.append(n ? "---:|" : "---|");
        }
        out.append(rule).append('\n');
        for (List<String> row : rows) {
            out.append(markdownRow(row)).append('\n');
        }
        if (!notes.isEmpty()) {
            out.append('\n');
            notes.forEach(n -> out.append(markdownText(n)).append("\n"));
        }
        return out.toString();
    }

    private static String markdownRow(List<String> cells) {
        StringBuilder line = new StringBuilder("|");
        for (String cell : cells) {
            line.append(' ').append(markdownText(cell).replace("|", "\\|").replace("\n", " ")).append(" |");
        }
        return line.toString();
    }

    public String html(String id) {
        StringBuilder out = new StringBuilder();
        out.append("<section class=\"table\" id=\"").append(escape(id)).append("\">\n<h2>").append(escape(title))
                .append("</h2>\n");
        for (String lead : leads) {
            out.append("<p class=\"lead\">").append(escape(lead)).append("</p>\n");
        }
        out.append("<div class=\"scroll\"><table>\n<thead><tr>");
        for (int i = 0; i < header.size(); i++) {
            out.append(numeric[i] ? "<th class=\"n\">" : "<th>").append(escape(header.get(i))).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                out.append(numeric[i] ? "<td class=\"n\">" : "<td>").append(escape(row.get(i))).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody></table></div>\n");
        for (String note : notes) {
            out.append("<p class=\"note\">").append(escape(note)).append("</p>\n");
        }
        out.append("</section>\n");
        return out.toString();
    }

    /**
     * Text as Markdown shows it, not as HTML: a {@code <} that would open a tag, a comment or an autolink
     * ({@code <img src=x onerror=...>} in a JTL label, {@code </b>}) gets CommonMark's backslash escape
     * ({@code \<img ...>}, shown as the text itself); {@code ->} and {@code a < b} stay as they are.
     */
    public static String markdownText(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean tag = c == '<' && i + 1 < text.length() && opensTag(text.charAt(i + 1));
            if (tag && out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (out != null) {
                if (tag && (i == 0 || text.charAt(i - 1) != '\\')) {
                    out.append('\\');
                }
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    private static boolean opensTag(char next) {
        return next >= 'a' && next <= 'z' || next >= 'A' && next <= 'Z' || next == '/' || next == '!' || next == '?';
    }

    /** HTML text escaping (element content and attribute values). */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<':
                    out.append("&lt;");
                    break;
                case '>':
                    out.append("&gt;");
                    break;
                case '&':
                    out.append("&amp;");
                    break;
                case '"':
                    out.append("&quot;");
                    break;
                case '\'':
                    out.append("&#39;");
                    break;
                default:
                    out.append(c);
            }
        }
        return out.toString();
    }
}
