package io.dubbostress.report.jtl;

import java.util.Locale;

/**
 * The JTL columns the report reads, by the header names JMeter's CSV writer uses ({@code CSVSaveService}), and the
 * extra columns our elements write ({@link #EXTRA}: the sample variables the Dubbo Sampler and the Target Rate Schedule
 * set, which {@code stress run} has JMeter write with {@link #sampleVariables()}). Every other column (URL, Latency,
 * ...) is skipped. The sampler jar spells the extra columns in its own {@code JtlVariables} (Java 8, loaded by JMeter);
 * a test in stress-cli holds the two spellings equal.
 *
 * <pre>{@code
 * jmeter -n ... -Jsample_variables=" + JtlColumn.sampleVariables()    // elapsed_us,due_us,lag_us,response_us
 * }</pre>
 */
public enum JtlColumn {
    TIME_STAMP("timeStamp"),
    ELAPSED("elapsed"),
    LABEL("label"),
    RESPONSE_CODE("responseCode"),
    RESPONSE_MESSAGE("responseMessage"),
    SUCCESS("success"),
    FAILURE_MESSAGE("failureMessage"),
    /** Read on demand only ({@link JtlRow#threadName()}): a distributed run's rows name their load generator there. */
    THREAD_NAME("threadName"),
    BYTES("bytes"),
    SENT_BYTES("sentBytes"),
    SAMPLE_COUNT("SampleCount"),
    ERROR_COUNT("ErrorCount"),
    /** Our Dubbo sampler's variable: elapsed in microseconds (plans set {@code sample_variables=elapsed_us}). */
    ELAPSED_US("elapsed_us"),
    /** The Target Rate Schedule's variables (a rate-driven plan): the due time, epoch microseconds... */
    DUE_US("due_us"),
    /** ...how late the call started after it, microseconds... */
    LAG_US("lag_us"),
    /** ...and our sampler's response time from the due time, microseconds. */
    RESPONSE_US("response_us"),
    /** Any column the report does not read. */
    OTHER("");

    /** The extra columns, in the order JMeter writes them (the order of {@code sample_variables}). */
    public static final java.util.List<JtlColumn> EXTRA = java.util.List.of(ELAPSED_US, DUE_US, LAG_US, RESPONSE_US);

    /**
     * JMeter's column order when every default {@code jmeter.save.saveservice.*} setting is on: what a header-less
     * JTL ({@code print_field_names=false}) is assumed to hold.
     */
    public static final String[] JMETER_DEFAULT_HEADER = {
        "timeStamp", "elapsed", "label", "responseCode", "responseMessage", "threadName", "dataType", "success",
        "failureMessage", "bytes", "sentBytes", "grpThreads", "allThreads", "URL", "Latency", "IdleTime", "Connect"};

    private final String headerName;

    JtlColumn(String headerName) {
        this.headerName = headerName;
    }

    public String headerName() {
        return headerName;
    }

    /** The value of JMeter's {@code sample_variables} that makes it write every extra column. */
    public static String sampleVariables() {
        return String.join(",", EXTRA.stream().map(JtlColumn::headerName).toList());
    }

    /** The column a header cell names; JMeter's spelling, compared without case. */
    public static JtlColumn ofHeader(String cell) {
        String name = cell.trim().toLowerCase(Locale.ROOT);
        for (JtlColumn column : values()) {
            if (column != OTHER && column.headerName.toLowerCase(Locale.ROOT).equals(name)) {
                return column;
            }
        }
        return OTHER;
    }
}
