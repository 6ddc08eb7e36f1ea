package io.dubbostress.report.jtl;

import io.dubbostress.report.ReportException;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;

/**
 * Follows a CSV JTL that JMeter is still writing and reads of each row only what a live view of the calls needs, in
 * one pass over the bytes: {@code timeStamp}, {@code elapsed}, {@code success}, {@code SampleCount} /
 * {@code ErrorCount}, and our {@code elapsed_us}, {@code due_us}, {@code lag_us}, {@code response_us}; the
 * {@code responseCode} is decoded only when {@link JtlRow#responseCode()} asks (a failed call). The other fields
 * (label, messages, thread names, URLs) are stepped over, quoting honoured (RFC 4180 as JMeter writes it: a field
 * holding the delimiter, a quote or a line break is quoted, its quotes doubled), never turned into Strings. A row is
 * malformed for the same reasons {@link JtlReader} finds (the header's field count, a number that is not one, a
 * negative duration, a quote not closed) and counted, never fatal; the numbers it fills are those {@link JtlReader}
 * fills ({@link JtlRow}'s label, bytes and thread name are left empty). The live page's reader: its cost per row is
 * in docs/BENCHMARKS.md (the live page's cost).
 *
 * <pre>{@code
 * JtlTail tail = JtlTail.follow(jtl);        // null until JMeter wrote the header
 * JtlRow row = tail.row();
 * while (tail.next()) { ... row.elapsedUs() ... }   // again every second, until JMeter ended
 * }</pre>
 */
public final class JtlTail implements Closeable, JtlRow.Text {

    private static final String WHAT = "JTL file";
    private static final long NOT_A_NUMBER = DelimitedRows.NOT_A_NUMBER;
    private static final long EMPTY = DelimitedRows.EMPTY;
    /** A "row" longer than this is an unterminated quote swallowing the file: the line is dropped instead. */
    private static final int MAX_ROW_BYTES = 16 << 20;

    // what each column is to this reader
    private static final byte SKIP = 0;
    private static final byte TIME_STAMP = 1;
    private static final byte ELAPSED = 2;
    private static final byte ELAPSED_US = 3;
    private static final byte DUE_US = 4;
    private static final byte LAG_US = 5;
    private static final byte RESPONSE_US = 6;
    private static final byte SUCCESS = 7;
    private static final byte SAMPLE_COUNT = 8;
    private static final byte ERROR_COUNT = 9;
    private static final byte RESPONSE_CODE = 10;

    private static final int ROW = 0;
    private static final int NEED_MORE = 1;
    private static final int BAD = 2;
    private static final int BLANK = 3;

    private final Path file;
    private final InputStream in;
    private final JtlColumns columns;
    private final byte[] roles;
    private final byte delimiter;
    /** The highest of the bytes that end an unquoted field (the delimiter, CR, LF): most bytes are above it. */
    private final int highestStop;
    private final JtlRow row = new JtlRow(this);
    private final DateTimeFormatter[] datePattern = new DateTimeFormatter[1];
    private byte[] buf = new byte[DelimitedRows.BLOCK];
    private int pos;
    private int limit;
    private int codeStart;
    private int codeEnd;
    private boolean codeQuoted;
    private long rows;
    private long malformed;

    private JtlTail(Path file, InputStream in, JtlHeader header) {
        this.file = file;
        this.in = in;
        this.columns = header.columns;
        this.delimiter = columns.delimiter();
        this.highestStop = Math.max(delimiter & 0xff, '\r');
        this.roles = new byte[columns.count()];
        for (int i = 0; i < roles.length; i++) {
            roles[i] = role(columns.kind(i));
        }
        if (header.unreadLength > buf.length) {
            buf = new byte[header.unreadLength];
        }
        System.arraycopy(header.unread, 0, buf, 0, header.unreadLength);
        limit = header.unreadLength;
    }

    private static byte role(JtlColumn kind) {
        switch (kind) {
            case TIME_STAMP: return TIME_STAMP;
            case ELAPSED: return ELAPSED;
            case ELAPSED_US: return ELAPSED_US;
            case DUE_US: return DUE_US;
            case LAG_US: return LAG_US;
            case RESPONSE_US: return RESPONSE_US;
            case SUCCESS: return SUCCESS;
            case SAMPLE_COUNT: return SAMPLE_COUNT;
            case ERROR_COUNT: return ERROR_COUNT;
            case RESPONSE_CODE: return RESPONSE_CODE;
            default: return SKIP;
        }
    }

    /**
     * Follows {@code file} from its first row: null while it has no whole line yet (try again later); a file that is
     * XML or lacks the columns a report needs is a {@link ReportException} naming it.
     */
    public static JtlTail follow(Path file) {
        try {
            if (!Files.isRegularFile(file) || !DelimitedRows.hasWholeLine(file)) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        InputStream in = DelimitedRows.openStream(file, WHAT);
        try {
            return new JtlTail(file, in, JtlHeader.read(file, WHAT, in));
        } catch (RuntimeException e) {
            DelimitedRows.closeQuietly(in);
            throw e;
        }
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

    /** Rows that could not be read, as {@link JtlReader#malformedRows()} counts them. */
    public long malformedRows() {
        return malformed;
    }

    /** Reads the next well-formed whole row into {@link #row()}; false when none is there (yet). */
    public boolean next() {
        try {
            while (true) {
                if (pos >= limit && !fill()) {
                    return false;
                }
                int result = readRow();
                if (result == NEED_MORE) {
                    if (!fill()) {
                        return false; // the rest of the row is not written yet: it waits in the buffer
                    }
                    continue;
                }
                if (result == BLANK) {
                    continue;
                }
                if (result == BAD) {
                    malformed++;
                    continue;
                }
                rows++;
                return true;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
    }

    /**
     * Reads the row at {@link #pos} into {@link #row}, moving {@code pos} past its line break; {@link #NEED_MORE}
     * when the buffer ends inside it (more is to be written), {@link #BAD} for a malformed row (passed over).
     */
    private int readRow() {
        final byte[] b = buf;
        final int end = limit;
        final byte delim = delimiter;
        final int high = highestStop;
        final int d = delim & 0xff;
        final byte[] role = roles;
        final int expected = role.length;
        int i = pos;
        if (b[i] == '\n' || b[i] == '\r') {
            // an empty line: JMeter never writes one; skip it silently
            i++;
            if (b[i - 1] == '\r') {
                if (i >= end) {
                    return NEED_MORE;
                }
                if (b[i] == '\n') {
                    i++;
                }
            }
            pos = i;
            return BLANK;
        }
        JtlRow r = row;
        r.elapsedUs = JtlRow.NO_MICROS;
        r.dueUs = JtlRow.NO_MICROS;
        r.lagUs = JtlRow.NO_MICROS;
        r.responseUs = JtlRow.NO_MICROS;
        r.success = true;
        r.sampleCount = 1;
        r.errorCount = -1;
        r.label = "";
        codeStart = 0;
        codeEnd = 0;
        codeQuoted = false;
        boolean haveTime = false;
        boolean haveElapsed = false;
        boolean bad = false;
        int field = 0;
        while (true) {
            int start;
            int stop;
            boolean quoted = false;
            if (i < end && b[i] == '"') {
                quoted = true;
                start = ++i;
                while (true) {
                    if (i >= end) {
                        return needMore();
                    }
                    if (b[i] == '"') {
                        if (i + 1 >= end) {
                            return needMore();
                        }
                        if (b[i + 1] == '"') {
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
                    int c = b[i] & 0xff;
                    if (c <= high && (c == d || c == '\n' || c == '\r')) {
                        break;
                    }
                    i++;
                }
                if (i >= end) {
                    return needMore();
                }
                stop = i;
            }
            if (field < expected && role[field] != SKIP && !bad) {
                bad = !take(role[field], b, start, stop, quoted);
                haveTime |= role[field] == TIME_STAMP;
                haveElapsed |= role[field] == ELAPSED;
            }
            field++;
            byte c = b[i];
            if (c == delim) {
                i++;
                if (i >= end) {
                    return needMore();
                }
                continue;
            }
            if (c == '\n') {
                pos = i + 1;
                break;
            }
            if (c == '\r') {
                if (i + 1 >= end) {
                    return needMore();
                }
                pos = b[i + 1] == '\n' ? i + 2 : i + 1;
                break;
            }
            return dropLine(); // text after a closing quote
        }
        if (bad || field != expected || !haveTime || !haveElapsed) {
            return BAD;
        }
        if (r.errorCount < 0) {
            r.errorCount = r.success ? 0 : r.sampleCount;
        }
        return ROW;
    }

    /** One field the live view reads, into {@link #row}; false when it makes the row malformed (as JtlReader's). */
    private boolean take(byte what, byte[] b, int s, int e, boolean quoted) {
        JtlRow r = row;
        switch (what) {
            case TIME_STAMP: {
                long v = DelimitedRows.parseLong(b, s, e);
                if (v == NOT_A_NUMBER || v == EMPTY) {
                    v = DelimitedRows.dateMs(decode(b, s, e, quoted), datePattern);
                }
                r.timeStampMs = v;
                return v != NOT_A_NUMBER;
            }
            case ELAPSED: {
                long v = DelimitedRows.parseLong(b, s, e);
                r.elapsedMs = v;
                return v != NOT_A_NUMBER && v != EMPTY && v >= 0;
            }
            case ELAPSED_US: {
                long v = DelimitedRows.parseLong(b, s, e);
                if (v == EMPTY || isNullWord(b, s, e)) {
                    return true;
                }
                r.elapsedUs = v;
                return v != NOT_A_NUMBER && v >= 0;
            }
            case DUE_US:
            case LAG_US:
            case RESPONSE_US: {
                long v = DelimitedRows.parseLong(b, s, e);
                if (v == EMPTY || isNullWord(b, s, e)) {
                    return true;
                }
                if (v == NOT_A_NUMBER || (v < 0 && what != LAG_US)) {
                    return false;
                }
                if (what == DUE_US) {
                    r.dueUs = v;
                } else if (what == LAG_US) {
                    r.lagUs = Math.max(0, v);
                } else {
                    r.responseUs = v;
                }
                return true;
            }
            case SUCCESS:
                r.success = e > s && (b[s] == 't' || b[s] == 'T');
                return true;
            case SAMPLE_COUNT: {
                long v = DelimitedRows.parseLong(b, s, e);
                r.sampleCount = v > 0 && v <= Integer.MAX_VALUE ? (int) v : 1;
                return true;
            }
            case ERROR_COUNT: {
                long v = DelimitedRows.parseLong(b, s, e);
                r.errorCount = v >= 0 && v <= Integer.MAX_VALUE ? (int) v : -1;
                return true;
            }
            case RESPONSE_CODE:
                codeStart = s;
                codeEnd = e;
                codeQuoted = quoted;
                return true;
            default:
                return true;
        }
    }

    private static boolean isNullWord(byte[] b, int s, int e) {
        return e - s == 4 && b[s] == 'n' && b[s + 1] == 'u' && b[s + 2] == 'l' && b[s + 3] == 'l';
    }

    private static String decode(byte[] b, int s, int e, boolean quoted) {
        String value = new String(b, s, e - s, StandardCharsets.UTF_8);
        return quoted ? value.replace("\"\"", "\"") : value;
    }

    /**
     * The current row's {@code responseCode} (the only text the live view reads: a failed call's), unquoted; "" for
     * any other column.
     */
    @Override
    public String text(JtlColumn column) {
        return column == JtlColumn.RESPONSE_CODE ? decode(buf, codeStart, codeEnd, codeQuoted) : "";
    }

    private int needMore() {
        if (limit - pos >= MAX_ROW_BYTES) {
            return dropLine(); // an unclosed quote swallowing the file
        }
        return NEED_MORE;
    }

    /** Passes over the physical line at {@link #pos} (it cannot be read). */
    private int dropLine() {
        int i = pos;
        while (i < limit && buf[i] != '\n') {
            i++;
        }
        pos = Math.min(i + 1, limit);
        return BAD;
    }

    /** Keeps the unread bytes, reads what was written after them; false when nothing new was written. */
    private boolean fill() throws IOException {
        buf = DelimitedRows.keepUnread(buf, pos, limit);
        limit -= pos;
        pos = 0;
        int n = in.read(buf, limit, buf.length - limit);
        if (n <= 0) {
            return false;
        }
        limit += n;
        return true;
    }

    @Override
    public void close() {
        DelimitedRows.closeQuietly(in);
    }
}
