package io.dubbostress.gc;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

/**
 * One file of a GC log opened as lines of text, whatever it was stored as: gzip-compressed (known by its first bytes,
 * whatever its name: a rotated piece someone compressed, {@code gc.log.1.gz}), UTF-16 (a log that went through a
 * Windows console's {@code >}: a byte-order mark, or NULs between ASCII characters), with a UTF-8 byte-order mark, or
 * plain bytes (read one character per byte, as GC logs are ASCII). The one way every reader of a log opens it (the
 * format probe, the parsers, the pause counter, the rotation order, the GCeasy upload).
 *
 * <p>A compressed file cut short (a copy interrupted, a disk that filled) is read as far as it can be, and
 * {@code onCut} hears why it ended: the analysis then says its figures are partial. A zip archive, or bytes that are
 * no text at all, are a {@link GcException} naming the file and what it is.
 *
 * <pre>{@code
 * try (BufferedReader lines = GcLogText.open(Paths.get("gc.log.3.gz"), why -> cut.add(why))) {
 *     String line = lines.readLine();
 * }
 * }</pre>
 */
public final class GcLogText {

    private static final int SNIFF_BYTES = 4096;

    private GcLogText() {
    }

    /** Opens {@code file} as text (see above); {@code onCut} hears why a compressed file ended early, if it did. */
    public static BufferedReader open(Path file, Consumer<String> onCut) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        try {
            InputStream bytes = raw;
            if (startsWith(raw, 0x1f, 0x8b)) {
                bytes = new BufferedInputStream(new CutTolerant(new GZIPInputStream(raw, 1 << 16), onCut), 1 << 16);
            } else if (startsWith(raw, 'P', 'K', 3, 4)) {
                throw new GcException("GC log " + file + " is a zip archive: unzip it and give the log files in it");
            }
            Charset charset = sniff(file, bytes);
            return new BufferedReader(new InputStreamReader(bytes, charset), 1 << 16);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /**
     * Whether {@code file} is stored as plain bytes (no compression, no UTF-16, no byte-order mark): such a file can be
     * sent as it is; any other is sent as the text {@link #open} reads.
     */
    public static boolean isPlain(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            if (startsWith(in, 0x1f, 0x8b)) {
                return false;
            }
            return sniff(file, in) == StandardCharsets.ISO_8859_1 && !startsWith(in, 0xef, 0xbb, 0xbf);
        }
    }

    /** Whether {@code file} is gzip-compressed. */
    public static boolean isCompressed(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            return startsWith(in, 0x1f, 0x8b);
        }
    }

    private static boolean startsWith(InputStream in, int... magic) throws IOException {
        in.mark(magic.length);
        try {
            for (int b : magic) {
                if (in.read() != b) {
                    return false;
                }
            }
            return true;
        } finally {
            in.reset();
        }
    }

    /**
     * The text's encoding from its first bytes, leaving {@code in} after a byte-order mark: UTF-16 by its mark or by
     * NULs at every other byte, ISO-8859-1 (one character per byte) otherwise; NULs in no such pattern are no text.
     */
    private static Charset sniff(Path file, InputStream in) throws IOException {
        in.mark(SNIFF_BYTES);
        byte[] head = new byte[SNIFF_BYTES];
        int n = 0;
        for (int r; n < head.length && (r = in.read(head, n, head.length - n)) > 0; ) {
            n += r;
        }
        in.reset();
        if (n >= 2 && (head[0] & 0xff) == 0xff && (head[1] & 0xff) == 0xfe) {
            skip(in, 2);
            return StandardCharsets.UTF_16LE;
        }
        if (n >= 2 && (head[0] & 0xff) == 0xfe && (head[1] & 0xff) == 0xff) {
            skip(in, 2);
            return StandardCharsets.UTF_16BE;
        }
        if (n >= 3 && (head[0] & 0xff) == 0xef && (head[1] & 0xff) == 0xbb && (head[2] & 0xff) == 0xbf) {
            skip(in, 3);
            return StandardCharsets.ISO_8859_1;
        }
        int evenNul = 0;
        int oddNul = 0;
        for (int i = 0; i < n; i++) {
            if (head[i] == 0) {
                if (i % 2 == 0) {
                    evenNul++;
                } else {
                    oddNul++;
                }
            }
        }
        if (evenNul + oddNul == 0) {
            return StandardCharsets.ISO_8859_1;
        }
        int pairs = n / 2;
        if (oddNul >= pairs * 9 / 10 && evenNul == 0) {
            return StandardCharsets.UTF_16LE;
        }
        if (evenNul >= pairs * 9 / 10 && oddNul == 0) {
            return StandardCharsets.UTF_16BE;
        }
        throw new GcException("GC log " + file + " is not text (binary bytes in its first " + n + "): not a GC log");
    }

    private static void skip(InputStream in, int bytes) throws IOException {
        for (int i = 0; i < bytes; i++) {
            in.read();
        }
    }

    /** A decompressing stream that ends, instead of failing, where its data is cut off, and says why once. */
    private static final class CutTolerant extends FilterInputStream {
        private final Consumer<String> onCut;
        private boolean cut;

        CutTolerant(InputStream in, Consumer<String> onCut) {
            super(in);
            this.onCut = onCut;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (cut) {
                return -1;
            }
            try {
                return super.read(b, off, len);
            } catch (java.io.EOFException | java.util.zip.ZipException e) {
                cut = true;
                onCut.accept(e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
                return -1;
            }
        }
    }
}
