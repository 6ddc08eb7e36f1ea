package io.dubbostress.report.perfmon;

import io.dubbostress.report.jtl.DelimitedRows;
import io.dubbostress.report.jtl.JtlColumn;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The PerfMon collector's CSV ({@code kg.apc:jmeter-plugins-perfmon}): JMeter's results shape, in which the label names
 * the metric and {@code elapsed} holds the value times 1000 ({@code PerfMonSampleResult.setValue}); a metric that is
 * not available comes as {@code -1000} or with {@code success=false}. The collector writes {@code perfmon.csv} (in
 * JMeter); {@code stress run} writes the load generators' readings in the same shape with {@link Writer}
 * ({@code perfmon-generators.csv}); this class reads both. A row without a timestamp or a value is counted malformed
 * and skipped.
 *
 * <pre>{@code
 * try (PerfMonCsv csv = PerfMonCsv.open(Paths.get("run/scenarios/direct-1k/perfmon.csv"))) {
 *     while (csv.next()) {
 *         series(csv.label()).add(csv.timeStampMs(), csv.value(), csv.success());
 *     }
 * }
 * }</pre>
 */
public final class PerfMonCsv implements Closeable {

    private final DelimitedRows rows;
    private final int timeStamp;
    private final int elapsed;
    private final int label;
    private final int success;
    private final int responseMessage;
    private final int failureMessage;
    private long timeStampMs;
    private long valueTimes1000;

    private PerfMonCsv(DelimitedRows rows) {
        this.rows = rows;
        this.timeStamp = rows.columns().indexOf(JtlColumn.TIME_STAMP);
        this.elapsed = rows.columns().indexOf(JtlColumn.ELAPSED);
        this.label = rows.columns().indexOf(JtlColumn.LABEL);
        this.success = rows.columns().indexOf(JtlColumn.SUCCESS);
        this.responseMessage = rows.columns().indexOf(JtlColumn.RESPONSE_MESSAGE);
        this.failureMessage = rows.columns().indexOf(JtlColumn.FAILURE_MESSAGE);
    }

    /**
     * Opens the CSV and reads its header; a missing, empty or XML file, or one without a results header, is a
     * {@link io.dubbostress.report.ReportException} naming the file.
     */
    public static PerfMonCsv open(Path file) {
        return new PerfMonCsv(DelimitedRows.open(file, "PerfMon file"));
    }

    /** Reads the next reading; false at the end of the file. */
    public boolean next() {
        while (rows.next()) {
            long time = rows.timeStampMs(timeStamp);
            long value = rows.number(elapsed);
            if (time == DelimitedRows.NOT_A_NUMBER) {
                rows.malformed(rows.notATimestamp(timeStamp));
            } else if (value == DelimitedRows.NOT_A_NUMBER || value == DelimitedRows.EMPTY) {
                rows.malformed("elapsed '" + rows.text(elapsed) + "' is not a number (the value x 1000)");
            } else {
                timeStampMs = time;
                valueTimes1000 = value;
                return true;
            }
        }
        return false;
    }

    public long timeStampMs() {
        return timeStampMs;
    }

    /** The metric, as the collector labels it ({@link PerfMonLabel#parse}). */
    public String label() {
        return label < 0 ? "" : rows.interned(label);
    }

    /** The reading (the collector's {@code elapsed} / 1000); -1 when the agent said it is not available. */
    public double value() {
        return valueTimes1000 / 1000.0;
    }

    /** Whether the collector marked the reading successful. */
    public boolean success() {
        return success < 0 || rows.isTrue(success);
    }

    /** Why a reading failed: the failure message, else the response message. */
    public String errorText() {
        String failure = failureMessage < 0 ? "" : rows.text(failureMessage);
        return failure.isEmpty() && responseMessage >= 0 ? rows.text(responseMessage) : failure;
    }

    /** Rows that were not readings. */
    public long malformedRows() {
        return rows.malformedRows();
    }

    public List<String> malformedExamples() {
        return rows.malformedExamples();
    }

    @Override
    public void close() {
        rows.close();
    }

    /** Creates {@code file} with the collector's header: readings follow with {@link Writer#write}. */
    public static Writer create(Path file) throws IOException {
        BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        out.write(Writer.HEADER);
        out.newLine();
        out.flush();
        return new Writer(out);
    }

    /**
     * Writes readings as the collector does: the value x 1000 in {@code elapsed}, successful, every line flushed (a run
     * cut short keeps what was read). Safe for several threads.
     */
    public static final class Writer implements Closeable {

        static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
                + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,Latency,IdleTime,Connect";

        private final BufferedWriter out;

        private Writer(BufferedWriter out) {
            this.out = out;
        }

        /** One reading of the metric {@code label} ({@code 10.0.0.7 CPU combined}) at {@code timeMs}. */
        public synchronized void write(long timeMs, String label, double value) throws IOException {
            String cell = label.indexOf(',') >= 0 || label.indexOf('"') >= 0
                    ? "\"" + label.replace("\"", "\"\"") + "\"" : label;
            out.write(String.format(Locale.ROOT, "%d,%d,%s,,,,,true,,0,0,0,0,0,0,0", timeMs, Math.round(value * 1000),
                    cell));
            out.newLine();
            out.flush();
        }

        @Override
        public synchronized void close() throws IOException {
            out.close();
        }
    }
}
