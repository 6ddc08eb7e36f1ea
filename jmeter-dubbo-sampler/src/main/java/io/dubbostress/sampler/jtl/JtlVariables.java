package io.dubbostress.sampler.jtl;

/**
 * The JTL's extra columns, spelled once for the jar: the thread variables our elements set for every sample, which
 * JMeter writes as columns when {@code sample_variables} names them ({@link #SAMPLE_VARIABLES}, as {@code stress run}
 * sets it). The Dubbo Sampler writes {@link #ELAPSED_US}, {@link #RESPONSE_US} and an exact {@link #LAG_US}; the Target
 * Rate Schedule {@link #DUE_US} and {@link #LAG_US}. The report reads them by the same names
 * ({@code io.dubbostress.report.jtl.JtlColumn} in stress-report, the other side of the jar boundary; a test in
 * stress-cli holds the two spellings equal).
 *
 * <pre>{@code
 * jmeter -n -t plan.jmx -l results.jtl -Jsample_variables=elapsed_us,due_us,lag_us,response_us
 * variables.put(JtlVariables.ELAPSED_US, Long.toString(nanos / 1000));
 * }</pre>
 */
public final class JtlVariables {

    /** The sample's elapsed time in whole microseconds (the Dubbo Sampler's nanosecond clock). */
    public static final String ELAPSED_US = "elapsed_us";
    /** The sample's due time, epoch microseconds (a Target Rate Schedule in scope). */
    public static final String DUE_US = "due_us";
    /** How late the sample started after its due time, microseconds (0 when on time). */
    public static final String LAG_US = "lag_us";
    /** The Dubbo Sampler's response time from the due time, microseconds; unset for other samplers. */
    public static final String RESPONSE_US = "response_us";
    /** Every extra column, in the order JMeter writes them: the value of {@code sample_variables}. */
    public static final String SAMPLE_VARIABLES = ELAPSED_US + "," + DUE_US + "," + LAG_US + "," + RESPONSE_US;

    private JtlVariables() {
    }
}
