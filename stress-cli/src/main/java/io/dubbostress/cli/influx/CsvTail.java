package io.dubbostress.cli.influx;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The rows a JMeter CSV file (a JTL, the PerfMon collector's CSV) gained since the last look, while JMeter writes it:
 * only whole rows (a row ends at a line break outside quotes, RFC 4180, as JMeter quotes a message with commas or line
 * breaks), the first row taken as the header. A row cut at the end of what was written so far waits for the next
 * look. Memory: the unread part of one row.
 *
 * <pre>{@code
 * CsvTail jtl = new CsvTail(layout.jtl("direct-1k"));
 * jtl.poll(fields -> ...);             // each new row's fields; jtl.column("elapsed") their places
 * }</pre>
 */
final class CsvTail {

    private static final int BLOCK = 1 << 20;

    private final Path file;
    private long offset;
    private final StringBuilder pending = new StringBuilder();
    private List<String> header;

    CsvTail(Path file) {
        this.file = file;
    }

    /** The header's index of {@code name}, -1 when the file has no such column (or no header yet). */
    int column(String name) {
        return header == null ? -1 : header.indexOf(name);
    }

    boolean hasHeader() {
        return header != null;
    }

    /** Reads what was added since the last call and hands each whole row after the header to {@code rows}. */
    void poll(Consumer<List<String>> rows) throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length < offset) { // the file was started again
                offset = 0;
                pending.setLength(0);
                header = null;
            }
            while (offset < length) {
                byte[] bytes = new byte[(int) Math.min(BLOCK, length - offset)];
                in.seek(offset);
                in.readFully(bytes);
                offset += bytes.length;
                // JMeter writes UTF-8; a character split at the block's end is joined with the next block's bytes only
                // when it falls inside a row's text, where it does not matter for the numbers read here
                pending.append(new String(bytes, StandardCharsets.UTF_8));
                emit(rows);
            }
        }
    }

    private void emit(Consumer<List<String>> rows) {
        int start = 0;
        boolean quoted = false;
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        for (int i = 0; i < pending.length(); i++) {
            char c = pending.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < pending.length() && pending.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                fields.add(field.toString().endsWith("\r") ? field.substring(0, field.length() - 1) : field.toString());
                if (header == null) {
                    header = List.copyOf(fields);
                } else {
                    rows.accept(fields);
                }
                fields = new ArrayList<>();
                field.setLength(0);
                start = i + 1;
            } else {
                field.append(c);
            }
        }
        pending.delete(0, start);
    }
}
