package io.dubbostress.perfmon.metrics;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import io.dubbostress.perfmon.protocol.MetricSpec;

/**
 * {@code tail:/path/to/file}: the last line appended to a file since the previous reading ("" when none), as the
 * classic (whose first reading is the file's last line). Only for files the agent was started with
 * ({@code --allow-tail PATH}); the factory checks that. Reads at most the last 64 KiB per reading, and starts over
 * when the file shrinks (rotated or truncated).
 */
final class TailMetric implements Metric {

    private static final int MAX_READ = 64 * 1024;
    private static final int MAX_FIELD = 1024;

    private final Path file;
    private long position = -1;

    TailMetric(Path file) {
        this.file = file;
    }

    static Path pathOf(MetricSpec spec) {
        // the classic joins the parameters back with ':' (C:\logs\app.log arrives split at the drive's colon)
        return java.nio.file.Paths.get(String.join(":", spec.params()));
    }

    @Override
    public String read() {
        try (RandomAccessFile reader = new RandomAccessFile(file.toFile(), "r")) {
            long length = reader.length();
            if (position < 0 || length < position) {
                position = 0; // first reading, or the file was truncated / rotated
            }
            long start = Math.max(position, length - MAX_READ);
            byte[] bytes = new byte[(int) (length - start)];
            reader.seek(start);
            reader.readFully(bytes);
            int lastNewline = bytes.length - 1;
            while (lastNewline >= 0 && bytes[lastNewline] != '\n') {
                lastNewline--; // an unfinished last line waits for its newline
            }
            if (lastNewline < 0) {
                return "";
            }
            position = start + lastNewline + 1;
            int lineStart = lastNewline;
            while (lineStart > 0 && bytes[lineStart - 1] != '\n') {
                lineStart--;
            }
            int lineEnd = lastNewline > lineStart && bytes[lastNewline - 1] == '\r' ? lastNewline - 1 : lastNewline;
            return field(new String(bytes, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return "";
        }
    }

    /** Text made safe for a field: no TAB, no line breaks, at most 1024 characters. */
    static String field(String text) {
        String cleaned = text.replace('\t', ' ').replace('\r', ' ').replace('\n', ' ');
        return cleaned.length() <= MAX_FIELD ? cleaned : cleaned.substring(0, MAX_FIELD);
    }
}
