package io.dubbostress.report.jtl;

/**
 * One JTL row as {@link JtlReader#next} fills it. The reader reuses the object: numbers are fields, and the text
 * fields that only failures need ({@link #responseCode()}, {@link #errorText()}) are decoded on demand from the
 * reader's buffer, so they are valid only until the next call to {@code next}.
 */
public final class JtlRow {

    /** {@link #elapsedUs} when the row has no microsecond value (no column, empty, or {@code null}). */
    public static final long NO_MICROS = -1;

    long timeStampMs;
    long elapsedMs;
    long elapsedUs = NO_MICROS;
    long dueUs = NO_MICROS;
    long lagUs = NO_MICROS;
    long responseUs = NO_MICROS;
    String label;
    boolean success = true;
    long bytes;
    long sentBytes;
    int sampleCount = 1;
    int errorCount;
    private final Text reader;

    /** Where the text fields of the current row are decoded from: the reader that filled the row. */
    interface Text {
        /** The text of {@code column} in the current row, unquoted; "" when the file has no such column. */
        String text(JtlColumn column);
    }

    JtlRow(Text reader) {
        this.reader = reader;
    }

    /** Epoch milliseconds; the sample's start with JMeter's default {@code sampleresult.timestamp.start=true}. */
    public long timeStampMs() {
        return timeStampMs;
    }

    public long elapsedMs() {
        return elapsedMs;
    }

    /** The {@code elapsed_us} value, or {@link #NO_MICROS}. */
    public long elapsedUs() {
        return elapsedUs;
    }

    /** The {@code due_us} value (a Target Rate Schedule's due time, epoch microseconds), or {@link #NO_MICROS}. */
    public long dueUs() {
        return dueUs;
    }

    /** The {@code lag_us} value (start minus due time), or {@link #NO_MICROS}. */
    public long lagUs() {
        return lagUs;
    }

    /** The {@code response_us} value (end minus due time, our sampler), or {@link #NO_MICROS}. */
    public long responseUs() {
        return responseUs;
    }

    public String label() {
        return label;
    }

    public boolean success() {
        return success;
    }

    /** Received bytes ({@code bytes} column), 0 when the column is absent. */
    public long bytes() {
        return bytes;
    }

    public long sentBytes() {
        return sentBytes;
    }

    /** Samples this row stands for: 1, or the {@code SampleCount} column (JMeter's batched sample mode). */
    public int sampleCount() {
        return sampleCount;
    }

    /** Failed samples this row stands for. */
    public int errorCount() {
        return errorCount;
    }

    public String responseCode() {
        return reader.text(JtlColumn.RESPONSE_CODE);
    }

    /**
     * The {@code threadName} column, decoded on demand ("" without the column). In JMeter's distributed mode it starts
     * with the server the thread ran on: {@code 10.0.0.7:1099-closed 1-1}.
     */
    public String threadName() {
        return reader.text(JtlColumn.THREAD_NAME);
    }

    /** What went wrong: {@code failureMessage} (assertion) when present, else {@code responseMessage}. */
    public String errorText() {
        String failure = reader.text(JtlColumn.FAILURE_MESSAGE);
        return failure.isEmpty() ? reader.text(JtlColumn.RESPONSE_MESSAGE) : failure;
    }
}
