package io.dubbostress.report.jtl;

import io.dubbostress.report.ReportException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The first line of a JTL (its header, or the first row of a header-less file), read once: the delimiter and the
 * columns it decides, and the bytes read past it that the row scanner ({@link JtlReader}) starts from. A file that
 * is empty, XML, or lacks a column the report needs is a {@link ReportException} naming the file.
 */
final class JtlHeader {
    final JtlColumns columns;
    final byte[] unread;
    final int unreadLength;

    private JtlHeader(JtlColumns columns, byte[] unread, int unreadLength) {
        this.columns = columns;
        this.unread = unread;
        this.unreadLength = unreadLength;
    }

    static JtlHeader read(Path file, String what, InputStream in) {
        byte[] head = new byte[64 * 1024];
        int length = 0;
        int lineEnd = -1;
        try {
            while (lineEnd < 0 && length < head.length) {
                int n = in.read(head, length, head.length - length);
                if (n < 0) {
                    break;
                }
                for (int i = length; i < length + n; i++) {
                    if (head[i] == '\n') {
                        lineEnd = i;
                        break;
                    }
                }
                length += n;
            }
        } catch (IOException e) {
            throw new ReportException(what + " " + file + " cannot be read: " + e.getMessage());
        }
        int start = 0;
        if (length >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB && (head[2] & 0xff) == 0xBF) {
            start = 3; // a UTF-8 byte order mark written by an editor
        }
        String firstLine = new String(head, start, (lineEnd < 0 ? length : lineEnd) - start, StandardCharsets.UTF_8)
                .replace("\r", "");
        if (firstLine.trim().isEmpty()) {
            throw new ReportException(what + " " + file + " is empty");
        }
        if (firstLine.trim().startsWith("<")) {
            throw new ReportException(what + " " + file + " is XML; stress report reads CSV results "
                    + "(jmeter.save.saveservice.output_format=csv, JMeter's default)");
        }
        byte delimiter = detectDelimiter(firstLine);
        List<String> cells = splitLine(firstLine, (char) delimiter);
        boolean headerless = !cells.isEmpty() && cells.get(0).trim().matches("\\d+");
        JtlColumns columns;
        int bodyStart;
        if (headerless) {
            if (cells.size() < JtlColumn.JMETER_DEFAULT_HEADER.length) {
                throw new ReportException(what + " " + file + " has no header row and " + cells.size()
                        + " columns, not JMeter's default " + JtlColumn.JMETER_DEFAULT_HEADER.length
                        + ": write it with jmeter.save.saveservice.print_field_names=true");
            }
            columns = JtlColumns.jmeterDefault(delimiter, cells.size() - JtlColumn.JMETER_DEFAULT_HEADER.length);
            bodyStart = start;
        } else {
            columns = JtlColumns.fromHeader(delimiter, cells);
            String missing = columns.missingRequiredColumn();
            if (missing != null) {
                throw new ReportException(what + " " + file + " has no '" + missing + "' column (header: "
                        + abbreviate(firstLine) + ")");
            }
            bodyStart = lineEnd < 0 ? length : lineEnd + 1;
        }
        byte[] rest = new byte[Math.max(DelimitedRows.BLOCK, length - bodyStart)];
        System.arraycopy(head, bodyStart, rest, 0, length - bodyStart);
        return new JtlHeader(columns, rest, length - bodyStart);
    }

    private static byte detectDelimiter(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && (c == ',' || c == '\t' || c == ';' || c == '|')) {
                return (byte) c;
            }
        }
        return ',';
    }

    private static String abbreviate(String line) {
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    /** Splits one line by the delimiter, honouring quotes (for the header only: rows use the byte scanner). */
    static List<String> splitLine(String line, char delimiter) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cell.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == delimiter) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
