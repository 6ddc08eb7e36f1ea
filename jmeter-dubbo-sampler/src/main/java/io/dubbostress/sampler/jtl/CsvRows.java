package io.dubbostress.sampler.jtl;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.CSVSaveService;

/**
 * A sample as the CSV line JMeter's own JTL writer would write for it, in bytes, byte for byte: the columns of a
 * {@link SampleSaveConfiguration} in JMeter's order ({@code CSVSaveService.resultToDelimitedString}), each quoted as
 * JMeter quotes (a value holding the delimiter, a double quote, CR or LF is quoted, its quotes doubled), booleans,
 * numbers and a missing value ({@code "null"}) written as JMeter writes them, then the line separator of
 * {@code println}. The common case (epoch-millisecond timestamps, UTF-8, no sub-results) is written straight into a
 * byte buffer; anything else (formatted timestamps, another file encoding, a sample with sub-results) goes through
 * JMeter's own {@code CSVSaveService}, so the file is JMeter's in every case.
 *
 * <pre>{@code
 * CsvRows rows = new CsvRows(new SampleSaveConfiguration(), StandardCharsets.UTF_8);
 * rows.prepare(event);                // on the sampler's thread
 * rows.append(event, buffer);          // on the writer's thread; one line, or several for sub-results
 * }</pre>
 *
 * {@link #prepare} may be called from any thread; {@link #append} from one thread at a time.
 */
final class CsvRows {

    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);
    private static final char QUOTE = '"';

    private final SampleSaveConfiguration config;
    private final Charset charset;
    private final String delimiter;
    private final char delimiterChar;
    private final byte[] lineSeparator;
    /** Whether this configuration and charset are written here; otherwise every row goes through JMeter's code. */
    private final boolean direct;
    private final StringWriter slowText = new StringWriter(256);
    private final PrintWriter slowLines = new PrintWriter(slowText);

    CsvRows(SampleSaveConfiguration config, Charset charset) {
        this.config = config;
        this.charset = charset;
        this.delimiter = config.getDelimiter();
        this.delimiterChar = delimiter.charAt(0);
        this.lineSeparator = System.lineSeparator().getBytes(charset);
        this.direct = StandardCharsets.UTF_8.equals(charset) && delimiterChar < 0x80
                && (!config.saveTimestamp() || config.printMilliseconds());
    }

    /** The header line JMeter writes at the top of a new CSV JTL (without its line separator). */
    String header() {
        return CSVSaveService.printableFieldNamesToString(config);
    }

    byte[] lineSeparator() {
        return lineSeparator;
    }

    /** Whether the common case is written here (false: every row through JMeter's own code). */
    boolean direct() {
        return direct;
    }

    /**
     * On the sampler's thread, before the event is handed over: a sample whose lines JMeter's own code will write (any
     * sample when this configuration is not written here; else one with sub-results, which JMeter versions write
     * differently: 5.1 one level, 5.5+ recursively) is given the configuration, as JMeter's {@code ResultCollector}
     * gives it on that thread.
     */
    void prepare(SampleEvent event) {
        SampleResult result = event.getResult();
        if (!direct || hasSubResults(result)) {
            result.setSaveConfig(config);
        }
    }

    private static boolean hasSubResults(SampleResult result) {
        return result.getSubResults().length > 0;
    }

    /** Appends the line(s) of {@code event} to {@code out}. */
    void append(SampleEvent event, Bytes out) {
        SampleResult sample = event.getResult();
        if (!direct || hasSubResults(sample)) {
            appendThroughJMeter(event, out);
            return;
        }
        boolean first = true;
        if (config.saveTimestamp()) {
            first = number(out, first, sample.getTimeStamp());
        }
        if (config.saveTime()) {
            first = number(out, first, sample.getTime());
        }
        if (config.saveLabel()) {
            first = text(out, first, sample.getSampleLabel());
        }
        if (config.saveCode()) {
            first = text(out, first, sample.getResponseCode());
        }
        if (config.saveMessage()) {
            first = text(out, first, sample.getResponseMessage());
        }
        if (config.saveThreadName()) {
            first = text(out, first, sample.getThreadName());
        }
        if (config.saveDataType()) {
            first = text(out, first, sample.getDataType());
        }
        if (config.saveSuccess()) {
            first = delimit(out, first);
            out.add(sample.isSuccessful() ? TRUE : FALSE);
        }
        if (config.saveAssertionResultsFailureMessage()) {
            String message = sample.getFirstAssertionFailureMessage();
            first = text(out, first, message != null ? message : "");
        }
        if (config.saveBytes()) {
            first = number(out, first, sample.getBytesAsLong());
        }
        if (config.saveSentBytes()) {
            first = number(out, first, sample.getSentBytes());
        }
        if (config.saveThreadCounts()) {
            first = number(out, first, sample.getGroupThreads());
            first = number(out, first, sample.getAllThreads());
        }
        if (config.saveUrl()) {
            first = text(out, first, String.valueOf(sample.getURL()));
        }
        if (config.saveFileName()) {
            first = text(out, first, sample.getResultFileName());
        }
        if (config.saveLatency()) {
            first = number(out, first, sample.getLatency());
        }
        if (config.saveEncoding()) {
            first = text(out, first, sample.getDataEncodingWithDefault());
        }
        if (config.saveSampleCount()) {
            first = number(out, first, sample.getSampleCount());
            first = number(out, first, sample.getErrorCount());
        }
        if (config.saveHostname()) {
            first = text(out, first, event.getHostname());
        }
        if (config.saveIdleTime()) {
            first = number(out, first, sample.getIdleTime());
        }
        if (config.saveConnectTime()) {
            first = number(out, first, sample.getConnectTime());
        }
        for (int i = 0; i < SampleEvent.getVarCount(); i++) {
            first = text(out, first, event.getVarValue(i));
        }
        out.add(lineSeparator);
    }

    /** JMeter's own lines for the event (its {@code CSVSaveService.saveSampleResult}, sub-results included). */
    private void appendThroughJMeter(SampleEvent event, Bytes out) {
        slowText.getBuffer().setLength(0);
        CSVSaveService.saveSampleResult(event, slowLines);
        slowLines.flush();
        out.add(slowText.toString().getBytes(charset));
    }

    private boolean delimit(Bytes out, boolean first) {
        if (!first) {
            out.add((byte) delimiterChar);
        }
        return false;
    }

    private boolean number(Bytes out, boolean first, long value) {
        delimit(out, first);
        out.addLong(value);
        return false;
    }

    /** A value that may hold the delimiter, quotes or line ends; null is written "null", as JMeter does. */
    private boolean text(Bytes out, boolean first, String value) {
        delimit(out, first);
        if (value == null) {
            out.add(NULL);
            return false;
        }
        int length = value.length();
        boolean quote = false;
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c == delimiterChar || c == QUOTE || c == '\r' || c == '\n') {
                quote = true;
                break;
            }
        }
        if (!quote) {
            out.addUtf8(value);
            return false;
        }
        out.add((byte) QUOTE);
        int from = 0;
        for (int i = 0; i < length; i++) {
            if (value.charAt(i) == QUOTE) {
                out.addUtf8(value.substring(from, i + 1));
                from = i; // the quote again: doubled
            }
        }
        out.addUtf8(value.substring(from));
        out.add((byte) QUOTE);
        return false;
    }
}
