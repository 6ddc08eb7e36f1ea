package io.dubbostress.report.jtl;

import io.dubbostress.report.UserError;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * When a JTL's samples start and end, found without reading the whole file: the first rows give the start (rows are
 * written in completion order, so the earliest start is among the first ones), the last 256 KiB give the end. The
 * report needs both before its single pass: the default warm-up is a share of the span, and the time line's bucket
 * width is chosen from it.
 *
 * <pre>{@code
 * JtlSpan span = JtlSpan.probe(Paths.get("results.jtl"));
 * long seconds = span.durationMs() / 1000;
 * }</pre>
 */
public final class JtlSpan {

    private static final int HEAD_ROWS = 1000;
    private static final long TAIL_BYTES = 256 * 1024;

    private final long firstStartMs;
    private final long lastEndMs;

    public JtlSpan(long firstStartMs, long lastEndMs) {
        this.firstStartMs = firstStartMs;
        this.lastEndMs = Math.max(firstStartMs, lastEndMs);
    }

    /** The span of a file's samples; a file without well-formed rows is a {@link UserError}. */
    public static JtlSpan probe(Path file) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        JtlColumns columns;
        try (JtlReader head = JtlReader.open(file)) {
            columns = head.columns();
            JtlRow row = head.row();
            int seen = 0;
            while (seen < HEAD_ROWS && head.next()) {
                first = Math.min(first, row.timeStampMs());
                last = Math.max(last, row.timeStampMs() + row.elapsedMs());
                seen++;
            }
            if (seen == 0) {
                throw new UserError("JTL file " + file + " has no samples"
                        + (head.malformedRows() > 0 ? " (" + head.malformedRows() + " malformed rows, first: "
                        + head.malformedExamples().get(0) + ")" : ""));
            }
            if (seen < HEAD_ROWS) {
                return new JtlSpan(first, last);
            }
        }
        long size = size(file);
        boolean compressed = file.getFileName().toString().endsWith(".gz");
        long offset = compressed ? 0 : Math.max(0, size - TAIL_BYTES);
        try (JtlReader tail = JtlReader.openAt(file, columns, offset)) {
            // from offset 0 (a compressed file) the header row comes first: not a row, skipped as malformed
            JtlRow row = tail.row();
            while (tail.next()) {
                last = Math.max(last, row.timeStampMs() + row.elapsedMs());
            }
        }
        return new JtlSpan(first, last);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
    }

    /** The earliest sample start seen, epoch ms. */
    public long firstStartMs() {
        return firstStartMs;
    }

    /** The latest sample end (start + elapsed), epoch ms. */
    public long lastEndMs() {
        return lastEndMs;
    }

    public long durationMs() {
        return lastEndMs - firstStartMs;
    }

    @Override
    public String toString() {
        return "JtlSpan[" + firstStartMs + ".." + lastEndMs + "]";
    }
}
