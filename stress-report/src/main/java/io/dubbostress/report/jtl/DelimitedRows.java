package io.dubbostress.report.jtl;

import io.dubbostress.report.ReportException;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The rows of a JMeter CSV file (a JTL, or the PerfMon collector's CSV, which has the same shape), delimited with
 * constant memory: the file is read in 1 MiB blocks, fields are found by scanning bytes (RFC 4180 quoting: delimiters,
 * doubled quotes and line breaks inside quoted fields), numbers are parsed from the bytes, labels are interned. A row
 * that cannot be delimited or does not have the header's field count is counted in {@link #malformedRows()} and
 * skipped; so is a row its reader finds wrong ({@link #malformed}). What the fields mean is the readers' business:
 * {@link JtlReader} (samples) and {@code PerfMonCsv} (server metrics).
 *
 * <pre>{@code
 * try (DelimitedRows rows = DelimitedRows.open(Paths.get("results.jtl"), "JTL file")) {
 *     int elapsed = rows.columns().indexOf(JtlColumn.ELAPSED);
 *     while (rows.next()) {
 *         long ms = rows.number(elapsed);   // DelimitedRows.EMPTY or NOT_A_NUMBER when it is none
 *     }
 * }
 * }</pre>
 */
public final class DelimitedRows implements Closeable {

    static final int BLOCK = 1 << 20;
    /** The date forms of {@code timeStamp} (jmeter.save.saveservice.timestamp_format) read besides epoch ms. */
    static final String[] DATE_PATTERNS = {"yyyy/MM/dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ss.SSS", "yyyy/MM/dd HH:mm:ss",
        "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss.SSS"};
    /** {@link #number}: the field is not a whole number. */
    public static final long NOT_A_NUMBER = Long.MIN_VALUE;
    /** {@link #number}: the field is empty. */
    public static final long EMPTY = Long.MIN_VALUE + 1;
    /** A "row" longer than this is an unterminated quote swallowing the file: the line is dropped instead. */
    private static final int MAX_ROW_BYTES = 16 << 20;
    private static final int KEPT_EXAMPLES = 3;

    private static final int ROW = 0;
    private static final int NEED_MORE = 1;
    private static final int BAD = 2;
    private static final int BLANK = 3;

    private final Path file;
    private final InputStream in;
    private final JtlColumns columns;
    private final int expected;
    private final byte delimiter;
    private final LabelCache labels = new LabelCache();

    private byte[] buf = new byte[BLOCK];
    private int pos;
    private int limit;
    private boolean eof;
    /** {@link #follow}: the end of the file is only where the writer is now; a row without its line break waits. */
    private boolean following;

    private final int[] fieldStart;
    private final int[] fieldEnd;
    private final boolean[] fieldQuoted;
    private int fieldsSeen;
    private String badReason;

    private long rowNumber;
    private long malformed;
    private final DateTimeFormatter[] dateTimestamps = new DateTimeFormatter[1];
    private final List<String> malformedExamples = new ArrayList<>();

    private DelimitedRows(Path file, InputStream in, JtlColumns columns) {
        this.file = file;
        this.in = in;
        this.columns = columns;
        this.delimiter = columns.delimiter();
        this.expected = columns.count();
        this.fieldStart = new int[expected];
        this.fieldEnd = new int[expected];
        this.fieldQuoted = new boolean[expected];
    }

    /**
     * Opens a file and reads its header. A missing, empty or XML file, or one without the columns a report needs, is a
     * {@link ReportException} naming the file as {@code what} ("JTL file", "PerfMon file"). {@code .gz} files are
     * decompressed on the fly.
     */
    public static DelimitedRows open(Path file, String what) {
        InputStream in = openStream(file, what);
        try {
            JtlHeader probe = JtlHeader.read(file, what, in);
            DelimitedRows rows = new DelimitedRows(file, in, probe.columns);
            rows.pushBack(probe.unread, probe.unreadLength);
            return rows;
        } catch (RuntimeException e) {
            closeQuietly(in);
            throw e;
        }
    }

    /**
     * Reads a file that is still being written (a running JMeter's JTL): {@link #next()} returns false when no whole
     * row is there yet, and rows written later come with later calls. A row without its line break is never read half:
     * it waits for the rest. The file must already have its header line (null: not yet; try again later).
     */
    static DelimitedRows follow(Path file, String what) {
        try {
            if (!Files.isRegularFile(file) || !hasWholeLine(file)) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        DelimitedRows rows = open(file, what);
        rows.following = true;
        return rows;
    }

    /** Whether {@code file} holds a line break (a whole first line) yet. */
    static boolean hasWholeLine(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = new byte[8192];
            int n;
            while ((n = in.read(b)) > 0) {
                for (int i = 0; i < n; i++) {
                    if (b[i] == '\n') {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Continues reading {@code file} with known columns from byte {@code offset} on, after skipping the partial line
     * there: the last rows of a big file without reading all of it. {@code .gz} files cannot be entered in the middle;
     * for them (and for an offset of 0) this reads from the first data row.
     */
    static DelimitedRows openAt(Path file, String what, JtlColumns columns, long offset) {
        if (offset <= 0 || file.getFileName().toString().endsWith(".gz")) {
            return open(file, what);
        }
        InputStream in = openStream(file, what);
        try {
            long skipped = 0;
            while (skipped < offset) {
                long n = in.skip(offset - skipped);
                if (n <= 0) {
                    break;
                }
                skipped += n;
            }
            DelimitedRows rows = new DelimitedRows(file, in, columns);
            rows.skipLine();
            return rows;
        } catch (IOException e) {
            closeQuietly(in);
            throw new UncheckedIOException("could not read " + file, e);
        }
    }

    static InputStream openStream(Path file, String what) {
        try {
            InputStream raw = Files.newInputStream(file);
            return file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw, BLOCK) : raw;
        } catch (NoSuchFileException e) {
            throw new ReportException(what + " " + file + " does not exist");
        } catch (IOException e) {
            throw new ReportException(what + " " + file + " cannot be read: " + e.getMessage());
        }
    }

    public Path file() {
        return file;
    }

    public JtlColumns columns() {
        return columns;
    }

    /** Rows that could not be read (delimited, or {@link #malformed} by their reader). */
    public long malformedRows() {
        return malformed;
    }

    /** Up to three malformed rows, each as "data row N: reason". */
    public List<String> malformedExamples() {
        return Collections.unmodifiableList(malformedExamples);
    }

    /**
     * Delimits the next row with the header's field count; false at the end of the file. Rows that cannot be delimited
     * are counted malformed and passed over.
     */
    public boolean next() {
        try {
            while (true) {
                if (pos >= limit && !fill()) {
                    return false;
                }
                int result = delimitRow();
                if (result == NEED_MORE) {
                    if (!fill()) {
                        // fill() only fails at EOF with nothing left; delimitRow() handles EOF itself
                        return false;
                    }
                    continue;
                }
                if (result == BLANK) {
                    continue;
                }
                rowNumber++;
                if (result == BAD) {
                    malformed(badReason);
                    continue;
                }
                if (fieldsSeen != expected) {
                    malformed(fieldsSeen + " fields where the header has " + expected);
                    continue;
                }
                return true;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
    }

    /** Counts the current row malformed, for {@code reason} (its reader could not make sense of it). */
    public void malformed(String reason) {
        malformed++;
        if (malformedExamples.size() < KEPT_EXAMPLES) {
            malformedExamples.add("data row " + rowNumber + ": " + reason);
        }
    }

    /** A field of the current row as a whole number, or {@link #EMPTY} / {@link #NOT_A_NUMBER}. */
    public long number(int field) {
        return parseLong(buf, fieldStart[field], fieldEnd[field]);
    }

    /**
     * A {@code timeStamp} field of the current row: epoch milliseconds, or a date as JMeter writes one with
     * {@code jmeter.save.saveservice.timestamp_format} ({@link #DATE_PATTERNS}, local time); else {@link #NOT_A_NUMBER}.
     */
    public long timeStampMs(int field) {
        long v = number(field);
        return v == NOT_A_NUMBER || v == EMPTY ? parseDateTimestamp(field) : v;
    }

    /** Why a {@code timeStamp} field is malformed, naming its value and the forms read. */
    public String notATimestamp(int field) {
        return "timeStamp '" + text(field) + "' is not a timestamp (epoch milliseconds, or a date as "
                + String.join(", ", DATE_PATTERNS) + ")";
    }

    /** A timestamp written as a date (the slow path; the pattern that worked is tried first next time). */
    private long parseDateTimestamp(int field) {
        return dateMs(text(field), dateTimestamps);
    }

    /**
     * {@code text} as a date of one of {@link #DATE_PATTERNS} (local time), epoch ms, or {@link #NOT_A_NUMBER};
     * {@code last}, one element, holds the pattern that worked last, tried first.
     */
    static long dateMs(String text, DateTimeFormatter[] last) {
        String value = text.trim();
        if (value.isEmpty()) {
            return NOT_A_NUMBER;
        }
        if (last[0] != null) {
            try {
                return LocalDateTime.parse(value, last[0]).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
            } catch (DateTimeParseException ignored) {
                // fall through: try the other patterns
            }
        }
        for (String pattern : DATE_PATTERNS) {
            DateTimeFormatter formatter = DateTimeFormatter.ofPattern(pattern);
            try {
                long ms = LocalDateTime.parse(value, formatter).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
                last[0] = formatter;
                return ms;
            } catch (DateTimeParseException ignored) {
                // next pattern
            }
        }
        return NOT_A_NUMBER;
    }

    /** Whether a field of the current row is the word {@code null} (JMeter's text for an unset variable). */
    public boolean isNullWord(int field) {
        int s = fieldStart[field];
        byte[] b = buf;
        return fieldEnd[field] - s == 4 && b[s] == 'n' && b[s + 1] == 'u' && b[s + 2] == 'l' && b[s + 3] == 'l';
    }

    /** Whether a field of the current row starts with {@code t} or {@code T} (JMeter's {@code true}). */
    public boolean isTrue(int field) {
        int s = fieldStart[field];
        return fieldEnd[field] > s && (buf[s] == 't' || buf[s] == 'T');
    }

    /** A field of the current row as text, unquoted. */
    public String text(int field) {
        int s = fieldStart[field];
        int e = fieldEnd[field];
        String value = new String(buf, s, e - s, StandardCharsets.UTF_8);
        return fieldQuoted[field] ? value.replace("\"\"", "\"") : value;
    }

    /** A field of the current row as text, one String per distinct value in the file (labels repeat). */
    public String interned(int field) {
        return fieldQuoted[field] ? labels.intern(text(field)) : labels.intern(buf, fieldStart[field], fieldEnd[field]);
    }

    static long parseLong(byte[] b, int s, int e) {
        if (s >= e) {
            return EMPTY;
        }
        boolean negative = b[s] == '-';
        int i = negative ? s + 1 : s;
        if (i >= e || e - i > 18) {
            return NOT_A_NUMBER;
        }
        long v = 0;
        for (; i < e; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                return NOT_A_NUMBER;
            }
            v = v * 10 + d;
        }
        return negative ? -v : v;
    }

    /**
     * Finds the fields of the row at {@link #pos}; on success moves {@code pos} past its line break. Returns
     * {@link #NEED_MORE} when the buffer ends inside the row and more input may come.
     */
    private int delimitRow() {
        final byte[] b = buf;
        final int end = limit;
        final byte delim = delimiter;
        final int expected = this.expected;
        int i = pos;
        int field = 0;
        if (b[i] == '\n' || b[i] == '\r') {
            // an empty line: JMeter never writes one; skip it silently
            i++;
            if (b[i - 1] == '\r' && i < end && b[i] == '\n') {
                i++;
            }
            pos = i;
            return BLANK;
        }
        while (true) {
            int start;
            int stop;
            boolean quoted = false;
            if (i < end && b[i] == '"') {
                quoted = true;
                start = ++i;
                while (true) {
                    if (i >= end) {
                        return eof ? dropLine("a quoted field is not closed") : needMore();
                    }
                    if (b[i] == '"') {
                        if (i + 1 >= end && !eof) {
                            return needMore();
                        }
                        if (i + 1 < end && b[i + 1] == '"') {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i++;
                }
                stop = i++;
            } else {
                start = i;
                while (i < end) {
                    byte c = b[i];
                    if (c == delim || c == '\n' || c == '\r') {
                        break;
                    }
                    i++;
                }
                if (i >= end && !eof) {
                    return needMore();
                }
                stop = i;
            }
            if (field < expected) {
                fieldStart[field] = start;
                fieldEnd[field] = stop;
                fieldQuoted[field] = quoted;
            }
            field++;
            if (i >= end) {
                // the last row of a file without a final line break
                pos = i;
                fieldsSeen = field;
                return ROW;
            }
            byte c = b[i];
            if (c == delim) {
                i++;
                continue;
            }
            if (c == '\n') {
                pos = i + 1;
                fieldsSeen = field;
                return ROW;
            }
            if (c == '\r') {
                if (i + 1 >= end && !eof) {
                    return needMore();
                }
                pos = (i + 1 < end && b[i + 1] == '\n') ? i + 2 : i + 1;
                fieldsSeen = field;
                return ROW;
            }
            // text after a closing quote
            return dropLine("text after a quoted field");
        }
    }

    private int needMore() {
        if (limit - pos >= MAX_ROW_BYTES) {
            return dropLine("a row longer than " + (MAX_ROW_BYTES >> 20) + " MiB (an unclosed quote?)");
        }
        return NEED_MORE;
    }

    /** Drops the physical line at {@link #pos} (the row cannot be parsed) and reports it malformed. */
    private int dropLine(String reason) {
        int i = pos;
        while (i < limit && buf[i] != '\n') {
            i++;
        }
        pos = Math.min(i + 1, limit);
        badReason = reason;
        return BAD;
    }

    private void skipLine() throws IOException {
        while (true) {
            if (pos >= limit && !fill()) {
                return;
            }
            while (pos < limit) {
                if (buf[pos++] == '\n') {
                    return;
                }
            }
        }
    }

    private void pushBack(byte[] bytes, int length) {
        if (length > buf.length) {
            buf = new byte[length];
        }
        System.arraycopy(bytes, 0, buf, 0, length);
        pos = 0;
        limit = length;
    }

    /**
     * Moves the unread bytes {@code buf[pos, limit)} to the front of the buffer (the caller's {@code pos} becomes 0,
     * its {@code limit} {@code limit - pos}); when they fill it, they go into a buffer twice as big, which is returned.
     * Both readers' {@code fill()} keep a partial row this way.
     */
    static byte[] keepUnread(byte[] buf, int pos, int limit) {
        int unread = limit - pos;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, unread);
        }
        return unread == buf.length ? Arrays.copyOf(buf, buf.length * 2) : buf;
    }

    /** Keeps the unread bytes, reads more after them; false when nothing is left at all. */
    private boolean fill() throws IOException {
        if (eof) {
            return pos < limit;
        }
        buf = keepUnread(buf, pos, limit);
        limit -= pos;
        pos = 0;
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0 && following) {
            return false; // nothing more for now: a partial row stays in the buffer for the next call
        }
        if (n < 0) {
            eof = true;
            return pos < limit;
        }
        limit += n;
        return true;
    }

    @Override
    public void close() {
        closeQuietly(in);
    }

    static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing was written; nothing to lose
        }
    }
}
