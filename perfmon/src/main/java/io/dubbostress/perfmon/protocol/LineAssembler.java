package io.dubbostress.perfmon.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Cuts the bytes a client sends into command lines ({@code \n}-terminated), with a cap on a line's length: an
 * overlong line is reported once and then skipped up to its newline, so a client streaming garbage costs a bounded
 * buffer, never memory without end.
 *
 * <pre>{@code
 * LineAssembler lines = new LineAssembler(64 * 1024);
 * lines.feed(bytes, 0, n, new LineAssembler.Listener() {
 *     public void line(String line) { ... }
 *     public void overlong(long length) { ... }
 * });
 * }</pre>
 */
public final class LineAssembler {

    /** Receives what {@link #feed} finds. */
    public interface Listener {
        /** A complete line, without its newline (UTF-8; undecodable bytes become U+FFFD). */
        void line(String line);

        /** A line went past the cap; it is dropped, up to and including its newline. */
        void overlong(long lengthSoFar);
    }

    private final int maxLineBytes;
    private final ByteArrayOutputStream current = new ByteArrayOutputStream(128);
    private boolean skipping;
    private long skipped;

    public LineAssembler(int maxLineBytes) {
        if (maxLineBytes < 16) {
            throw new IllegalArgumentException("maxLineBytes " + maxLineBytes + " is below 16");
        }
        this.maxLineBytes = maxLineBytes;
    }

    public void feed(byte[] bytes, int offset, int length, Listener listener) {
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            byte b = bytes[i];
            if (b == '\n') {
                if (skipping) {
                    skipping = false;
                    skipped = 0;
                } else {
                    String line = new String(current.toByteArray(), StandardCharsets.UTF_8);
                    current.reset();
                    listener.line(line);
                }
            } else if (skipping) {
                skipped++;
            } else if (current.size() == maxLineBytes) {
                skipping = true;
                skipped = current.size() + 1L;
                current.reset();
                listener.overlong(skipped);
            } else {
                current.write(b);
            }
        }
    }

    /** Bytes held for a line not yet complete. */
    public int pending() {
        return current.size();
    }
}
