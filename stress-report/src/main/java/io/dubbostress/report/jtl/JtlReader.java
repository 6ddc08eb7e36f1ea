package io.dubbostress.report.jtl;

import io.dubbostress.report.UserError;

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
import java.util.Collections;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Streams the rows of a CSV JTL (JMeter's results file) with constant memory and no per-row allocation for the
 * numbers: the file is read in 1 MiB blocks, fields are found by scanning bytes (RFC 4180 quoting: delimiters,
 * doubled quotes and line breaks inside quoted fields), numbers are parsed from the bytes, labels are interned.
 * A row that does not fit the header (wrong field count, a number that is not one, an unterminated quote) is
 * counted in {@link #malformedRows()} and skipped, never fatal.
 *
 * <pre>{@code
 * try (JtlReader reader = JtlReader.open(Paths.get("results.jtl"))) {
 *     JtlRow row = reader.row();
 *     while (reader.next()) {
 *         histogram.recordValue(row.elapsedUs() >= 0 ? row.elapsedUs() : row.elapsedMs() * 1000);
 *     }
 *     System.out.println(reader.malformedRows() + " malformed rows");
 * }
 * }</pre>
 */
public final class JtlReader implements Closeable {

    static final int BLOCK = 1 << 20;
    /** The date forms of {@code timeStamp} (jmeter.save.saveservice.timestamp_format) read besides epoch ms. */
    static final String[] DATE_PATTERNS = {"yyyy/MM/dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ss.SSS", "yyyy/MM/dd HH:mm:ss",
        "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss.SSS"};
    /** A "row" longer than this is an unterminated quote swallowing the file: the line is dropped instead. */
    private static final int MAX_ROW_BYTES = 16 << 20;
    private static final int KEPT_EXAMPLES = 3;
    private static final long NOT_A_NUMBER = Long.MIN_VALUE;
    private static final long EMPTY = Long.MIN_VALUE + 1;

    private static final int ROW = 0;
    private static final int NEED_MORE = 1;
    private static final int BAD = 2;
    private static final int BLANK = 3;

    private final Path file;
    private final InputStream in;
    private final JtlColumns columns;
    private final JtlColumn[] kinds;
    /** The fields {@link #interpret} reads: those of a known kind. */
    private final int[] read;
    private final byte delimiter;
    private final JtlRow row = new JtlRow(this);
    private final LabelCache labels = new LabelCache();
    private final int codeIndex;
    private final int messageIndex;
    private final int failureIndex;
    private boolean signedElapsed;

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
    private long rows;
    private long malformed;
    private final List<String> malformedExamples = new ArrayList<>();
    private DateTimeFormatter dateTimestamps;

    private JtlReader(Path file, InputStream in, JtlColumns columns) {
        this.file = file;
        this.in = in;
        this.columns = columns;
        this.delimiter = columns.delimiter();
        this.kinds = new JtlColumn[columns.count()];
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = columns.kind(i);
        }
        this.read = java.util.stream.IntStream.range(0, kinds.length).filter(i -> kinds[i] != JtlColumn.OTHER).toArray();
        this.fieldStart = new int[kinds.length];
        this.fieldEnd = new int[kinds.length];
        this.fieldQuoted = new boolean[kinds.length];
        this.codeIndex = columns.indexOf(JtlColumn.RESPONSE_CODE);
        this.messageIndex = columns.indexOf(JtlColumn.RESPONSE_MESSAGE);
        this.failureIndex = columns.indexOf(JtlColumn.FAILURE_MESSAGE);
    }

    /**
     * Opens a JTL and reads its header. A missing, empty or XML file, or one without the columns a report needs, is
     * a {@link UserError} naming the file. {@code .gz} files are decompressed on the fly.
     */
    public static JtlReader open(Path file) {
        return open(file, "JTL file");
    }

    /** As {@link #open(Path)}, with {@code what} naming the file in messages ("PerfMon file"). */
    public static JtlReader open(Path file, String what) {
        InputStream in = openStream(file, what);
        try {
            JtlHeader probe = JtlHeader.read(file, what, in);
            JtlReader reader = new JtlReader(file, in, probe.columns);
            reader.pushBack(probe.unread, probe.unreadLength);
            return reader;
        } catch (RuntimeException e) {
            closeQuietly(in);
            throw e;
        }
    }

    /**
     * Continues reading {@code file} with known columns from byte {@code offset} on, after skipping the partial line
     * there: the last rows of a big file without reading all of it. {@code .gz} files cannot be entered in the
     * middle; for them (and for an offset of 0) this reads from the first data row.
     */
    public static JtlReader openAt(Path file, JtlColumns columns, long offset) {
        if (offset <= 0 || file.getFileName().toString().endsWith(".gz")) {
            return open(file);
        }
        InputStream in = openStream(file, "JTL file");
        try {
            long skipped = 0;
            while (skipped < offset) {
                long n = in.skip(offset - skipped);
                if (n <= 0) {
                    break;
                }
                skipped += n;
            }
            JtlReader reader = new JtlReader(file, in, columns);
            reader.skipLine();
            return reader;
        } catch (IOException e) {
            closeQuietly(in);
            throw new UncheckedIOException("could not read " + file, e);
        }
    }

    /**
     * Reads a JTL that is still being written (a running JMeter's): {@link #next()} returns false when no whole row is
     * there yet, and rows written later come with later calls. A row without its line break is never read half: it
     * waits for the rest. The file must already have its header line (null: not yet; try again later).
     *
     * <pre>{@code
     * JtlReader live = JtlReader.follow(jtl);        // null until JMeter wrote the header
     * while (live.next()) { ... live.row() ... }     // again every second, until JMeter ended
     * }</pre>
     */
    public static JtlReader follow(Path file) {
        try {
            if (!Files.isRegularFile(file) || !hasWholeLine(file)) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        JtlReader reader = open(file);
        reader.following = true;
        return reader;
    }

    private static boolean hasWholeLine(Path file) throws IOException {
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

    private static InputStream openStream(Path file, String what) {
        try {
            InputStream raw = Files.newInputStream(file);
            return file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw, BLOCK) : raw;
        } catch (NoSuchFileException e) {
            throw new UserError(what + " " + file + " does not exist");
        } catch (IOException e) {
            throw new UserError(what + " " + file + " cannot be read: " + e.getMessage());
        }
    }

    /**
     * Accepts negative {@code elapsed} values: a PerfMon collector CSV keeps its metric value there (x 1000) and writes
     * -1000 for "not available". Sample JTLs never have one, so by default it makes the row malformed.
     */
    public JtlReader signedElapsed() {
        this.signedElapsed = true;
        return this;
    }

    public Path file() {
        return file;
    }

    public JtlColumns columns() {
        return columns;
    }

    /** The row object {@link #next()} fills (always the same one). */
    public JtlRow row() {
        return row;
    }

    /** Data rows read so far, malformed ones not included. */
    public long rows() {
        return rows;
    }

    public long malformedRows() {
        return malformed;
    }

    /** Up to three malformed rows, each as "data row N: reason". */
    public List<String> malformedExamples() {
        return Collections.unmodifiableList(malformedExamples);
    }

    /** Reads the next well-formed row into {@link #row()}; false at the end of the file. */
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
                    countMalformed(badReason);
                    continue;
                }
                if (fieldsSeen != kinds.length) {
                    countMalformed(fieldsSeen + " fields where the header has " + kinds.length);
                    continue;
                }
                if (interpret()) {
                    rows++;
                    return true;
                }
                countMalformed(badReason);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
    }

    private void countMalformed(String reason) {
        malformed++;
        if (malformedExamples.size() < KEPT_EXAMPLES) {
            malformedExamples.add("data row " + rowNumber + ": " + reason);
        }
    }

    /**
     * Finds the fields of the row at {@link #pos}; on success moves {@code pos} past its line break. Returns
     * {@link #NEED_MORE} when the buffer ends inside the row and more input may come.
     */
    private int delimitRow() {
        final byte[] b = buf;
        final int end = limit;
        final byte delim = delimiter;
        final int expected = kinds.length;
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

    /** Turns the delimited fields into {@link #row}; false (and {@link #badReason}) when a number is not one. */
    private boolean interpret() {
        JtlRow r = row;
        r.elapsedUs = JtlRow.NO_MICROS;
        r.dueUs = JtlRow.NO_MICROS;
        r.lagUs = JtlRow.NO_MICROS;
        r.responseUs = JtlRow.NO_MICROS;
        r.success = true;
        r.bytes = 0;
        r.sentBytes = 0;
        r.sampleCount = 1;
        r.errorCount = -1;
        r.label = "";
        boolean haveTime = false;
        boolean haveElapsed = false;
        for (int f : read) {
            JtlColumn kind = kinds[f];
            int s = fieldStart[f];
            int e = fieldEnd[f];
            switch (kind) {
                case TIME_STAMP: {
                    long v = parseLong(buf, s, e);
                    if (v == NOT_A_NUMBER || v == EMPTY) {
                        v = parseDateTimestamp(s, e);
                        if (v == NOT_A_NUMBER) {
                            badReason = "timeStamp '" + text(f) + "' is not a timestamp (epoch milliseconds, or a"
                                    + " date as " + String.join(", ", DATE_PATTERNS) + ")";
                            return false;
                        }
                    }
                    r.timeStampMs = v;
                    haveTime = true;
                    break;
                }
                case ELAPSED: {
                    long v = parseLong(buf, s, e);
                    if (v == NOT_A_NUMBER || v == EMPTY || (v < 0 && !signedElapsed)) {
                        badReason = "elapsed '" + text(f) + "' is not a duration";
                        return false;
                    }
                    r.elapsedMs = v;
                    haveElapsed = true;
                    break;
                }
                case ELAPSED_US: {
                    long v = parseLong(buf, s, e);
                    if (v == EMPTY || isNullWord(s, e)) {
                        break;
                    }
                    if (v == NOT_A_NUMBER || v < 0) {
                        badReason = "elapsed_us '" + text(f) + "' is not a duration";
                        return false;
                    }
                    r.elapsedUs = v;
                    break;
                }
                case DUE_US:
                case LAG_US:
                case RESPONSE_US:
                    if (!readPacing(r, kind, f)) {
                        return false;
                    }
                    break;
                case LABEL:
                    r.label = fieldQuoted[f] ? labels.intern(text(f)) : labels.intern(buf, s, e);
                    break;
                case SUCCESS:
                    r.success = e > s && (buf[s] == 't' || buf[s] == 'T');
                    break;
                case BYTES:
                    r.bytes = countOrZero(s, e);
                    break;
                case SENT_BYTES:
                    r.sentBytes = countOrZero(s, e);
                    break;
                case SAMPLE_COUNT: {
                    long v = parseLong(buf, s, e);
                    r.sampleCount = v > 0 && v <= Integer.MAX_VALUE ? (int) v : 1;
                    break;
                }
                case ERROR_COUNT: {
                    long v = parseLong(buf, s, e);
                    r.errorCount = v >= 0 && v <= Integer.MAX_VALUE ? (int) v : -1;
                    break;
                }
                default:
                    break;
            }
        }
        if (!haveTime || !haveElapsed) {
            badReason = "no timeStamp or elapsed";
            return false;
        }
        if (r.errorCount < 0) {
            r.errorCount = r.success ? 0 : r.sampleCount;
        }
        return true;
    }

    /** A Target Rate Schedule column: empty or {@code null} stays {@link JtlRow#NO_MICROS}; else a whole number. */
    private boolean readPacing(JtlRow r, JtlColumn kind, int f) {
        int s = fieldStart[f];
        int e = fieldEnd[f];
        long v = parseLong(buf, s, e);
        if (v == EMPTY || isNullWord(s, e)) {
            return true;
        }
        if (v == NOT_A_NUMBER || (v < 0 && kind != JtlColumn.LAG_US)) {
            badReason = kind.headerName() + " '" + text(f) + "' is not a number of microseconds";
            return false;
        }
        if (kind == JtlColumn.DUE_US) {
            r.dueUs = v;
        } else if (kind == JtlColumn.LAG_US) {
            r.lagUs = Math.max(0, v);
        } else {
            r.responseUs = v;
        }
        return true;
    }

    private long countOrZero(int s, int e) {
        long v = parseLong(buf, s, e);
        return v == NOT_A_NUMBER || v == EMPTY || v < 0 ? 0 : v;
    }

    private boolean isNullWord(int s, int e) {
        return e - s == 4 && buf[s] == 'n' && buf[s + 1] == 'u' && buf[s + 2] == 'l' && buf[s + 3] == 'l';
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

    /** A timestamp written with {@code jmeter.save.saveservice.timestamp_format} set to a date pattern (slow path). */
    private long parseDateTimestamp(int s, int e) {
        String value = new String(buf, s, e - s, StandardCharsets.UTF_8).trim();
        if (value.isEmpty()) {
            return NOT_A_NUMBER;
        }
        if (dateTimestamps != null) {
            try {
                return LocalDateTime.parse(value, dateTimestamps).atZone(ZoneId.systemDefault()).toInstant()
                        .toEpochMilli();
            } catch (DateTimeParseException ignored) {
                // fall through: try the other patterns
            }
        }
        for (String pattern : DATE_PATTERNS) {
            DateTimeFormatter formatter = DateTimeFormatter.ofPattern(pattern);
            try {
                long ms = LocalDateTime.parse(value, formatter).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
                dateTimestamps = formatter;
                return ms;
            } catch (DateTimeParseException ignored) {
                // next pattern
            }
        }
        return NOT_A_NUMBER;
    }

    /** The text of a column of the current row, unquoted; "" when the file has no such column. */
    String text(JtlColumn column) {
        int index = column == JtlColumn.RESPONSE_CODE ? codeIndex
                : column == JtlColumn.RESPONSE_MESSAGE ? messageIndex
                : column == JtlColumn.FAILURE_MESSAGE ? failureIndex
                : columns.indexOf(column);
        return index < 0 ? "" : text(index);
    }

    private String text(int field) {
        int s = fieldStart[field];
        int e = fieldEnd[field];
        String value = new String(buf, s, e - s, StandardCharsets.UTF_8);
        return fieldQuoted[field] ? value.replace("\"\"", "\"") : value;
    }

    private void pushBack(byte[] bytes, int length) {
        if (length > buf.length) {
            buf = new byte[length];
        }
        System.arraycopy(bytes, 0, buf, 0, length);
        pos = 0;
        limit = length;
    }

    /** Keeps the unread bytes, reads more after them; false when nothing is left at all. */
    private boolean fill() throws IOException {
        if (eof) {
            return pos < limit;
        }
        int unread = limit - pos;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, unread);
            pos = 0;
            limit = unread;
        }
        if (limit == buf.length) {
            byte[] bigger = new byte[buf.length * 2];
            System.arraycopy(buf, 0, bigger, 0, limit);
            buf = bigger;
        }
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

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing was written; nothing to lose
        }
    }
}
