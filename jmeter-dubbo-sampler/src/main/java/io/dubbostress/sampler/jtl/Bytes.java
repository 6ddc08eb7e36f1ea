package io.dubbostress.sampler.jtl;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer the JTL lines are written into before one write to the file: ASCII text and decimal
 * numbers without a {@code String} in between, other text as UTF-8. Not thread-safe.
 */
final class Bytes {

    private static final byte[] LONG_MIN = Long.toString(Long.MIN_VALUE).getBytes(StandardCharsets.US_ASCII);

    private byte[] bytes;
    private int size;

    Bytes(int capacity) {
        bytes = new byte[capacity];
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    /** Drops everything after the first {@code size} bytes. */
    void truncate(int newSize) {
        size = newSize;
    }

    void add(byte b) {
        ensure(1);
        bytes[size++] = b;
    }

    void add(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
    }

    /** {@code value} in decimal, as {@code Long.toString} writes it. */
    void addLong(long value) {
        if (value == Long.MIN_VALUE) {
            add(LONG_MIN);
            return;
        }
        ensure(20);
        if (value < 0) {
            bytes[size++] = '-';
            value = -value;
        }
        int digits = 1;
        for (long v = value; v >= 10; v /= 10) {
            digits++;
        }
        int end = size + digits;
        for (int i = end - 1; i >= size; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        size = end;
    }

    /** {@code text} as UTF-8 (as {@code String.getBytes(UTF_8)}: an unpaired surrogate becomes {@code ?}). */
    void addUtf8(String text) {
        int length = text.length();
        ensure(length);
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                add(text.substring(i).getBytes(StandardCharsets.UTF_8));
                return;
            }
            bytes[size++] = (byte) c;
        }
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, size);
    }

    /** The bytes from {@code from} (inclusive) to the end, as a new array. */
    byte[] copy(int from) {
        return Arrays.copyOfRange(bytes, from, size);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
