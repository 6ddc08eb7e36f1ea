package io.dubbostress.report.jtl;

import java.io.Closeable;
import java.nio.file.Path;
import java.util.List;

/**
 * Streams the samples of a CSV JTL (JMeter's results file) with constant memory and no per-row allocation for the
 * numbers: {@link DelimitedRows} finds the fields, this reader says what they mean ({@link JtlColumn}: JMeter's columns
 * and the extra ones our elements write). A row that does not fit the header (wrong field count, a number that is not
 * one, a negative duration, an unterminated quote) is counted in {@link #malformedRows()} and skipped, never fatal.
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
public final class JtlReader implements Closeable, JtlRow.Text {

    private static final long NOT_A_NUMBER = DelimitedRows.NOT_A_NUMBER;
    private static final long EMPTY = DelimitedRows.EMPTY;
    private static final String WHAT = "JTL file";

    private final DelimitedRows fields;
    private final JtlColumns columns;
    private final JtlColumn[] kinds;
    /** The fields {@link #interpret} reads: those of a known kind. */
    private final int[] read;
    private final JtlRow row = new JtlRow(this);
    private final int codeIndex;
    private final int messageIndex;
    private final int failureIndex;
    private String badReason;
    private long rows;

    private JtlReader(DelimitedRows fields) {
        this.fields = fields;
        this.columns = fields.columns();
        this.kinds = new JtlColumn[columns.count()];
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = columns.kind(i);
        }
        this.read = java.util.stream.IntStream.range(0, kinds.length).filter(i -> kinds[i] != JtlColumn.OTHER).toArray();
        this.codeIndex = columns.indexOf(JtlColumn.RESPONSE_CODE);
        this.messageIndex = columns.indexOf(JtlColumn.RESPONSE_MESSAGE);
        this.failureIndex = columns.indexOf(JtlColumn.FAILURE_MESSAGE);
    }

    /**
     * Opens a JTL and reads its header. A missing, empty or XML file, or one without the columns a report needs, is
     * a {@link io.dubbostress.report.ReportException} naming the file. {@code .gz} files are decompressed on the fly.
     */
    public static JtlReader open(Path file) {
        return new JtlReader(DelimitedRows.open(file, WHAT));
    }

    /**
     * Continues reading {@code file} with known columns from byte {@code offset} on, after skipping the partial line
     * there: the last rows of a big file without reading all of it. {@code .gz} files cannot be entered in the
     * middle; for them (and for an offset of 0) this reads from the first data row.
     */
    public static JtlReader openAt(Path file, JtlColumns columns, long offset) {
        return new JtlReader(DelimitedRows.openAt(file, WHAT, columns, offset));
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
        DelimitedRows rows = DelimitedRows.follow(file, WHAT);
        return rows == null ? null : new JtlReader(rows);
    }

    public Path file() {
        return fields.file();
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
        return fields.malformedRows();
    }

    /** Up to three malformed rows, each as "data row N: reason". */
    public List<String> malformedExamples() {
        return fields.malformedExamples();
    }

    /** Reads the next well-formed row into {@link #row()}; false at the end of the file. */
    public boolean next() {
        while (fields.next()) {
            if (interpret()) {
                rows++;
                return true;
            }
            fields.malformed(badReason);
        }
        return false;
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
            switch (kind) {
                case TIME_STAMP: {
                    long v = fields.timeStampMs(f);
                    if (v == NOT_A_NUMBER) {
                        badReason = fields.notATimestamp(f);
                        return false;
                    }
                    r.timeStampMs = v;
                    haveTime = true;
                    break;
                }
                case ELAPSED: {
                    long v = fields.number(f);
                    if (v == NOT_A_NUMBER || v == EMPTY || v < 0) {
                        badReason = "elapsed '" + text(f) + "' is not a duration";
                        return false;
                    }
                    r.elapsedMs = v;
                    haveElapsed = true;
                    break;
                }
                case ELAPSED_US: {
                    long v = fields.number(f);
                    if (v == EMPTY || fields.isNullWord(f)) {
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
                    r.label = fields.interned(f);
                    break;
                case SUCCESS:
                    r.success = fields.isTrue(f);
                    break;
                case BYTES:
                    r.bytes = countOrZero(f);
                    break;
                case SENT_BYTES:
                    r.sentBytes = countOrZero(f);
                    break;
                case SAMPLE_COUNT: {
                    long v = fields.number(f);
                    r.sampleCount = v > 0 && v <= Integer.MAX_VALUE ? (int) v : 1;
                    break;
                }
                case ERROR_COUNT: {
                    long v = fields.number(f);
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
        long v = fields.number(f);
        if (v == EMPTY || fields.isNullWord(f)) {
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

    private long countOrZero(int f) {
        long v = fields.number(f);
        return v == NOT_A_NUMBER || v == EMPTY || v < 0 ? 0 : v;
    }

    /** The text of a column of the current row, unquoted; "" when the file has no such column. */
    @Override
    public String text(JtlColumn column) {
        int index = column == JtlColumn.RESPONSE_CODE ? codeIndex
                : column == JtlColumn.RESPONSE_MESSAGE ? messageIndex
                : column == JtlColumn.FAILURE_MESSAGE ? failureIndex
                : columns.indexOf(column);
        return index < 0 ? "" : text(index);
    }

    private String text(int field) {
        return fields.text(field);
    }

    @Override
    public void close() {
        fields.close();
    }
}
