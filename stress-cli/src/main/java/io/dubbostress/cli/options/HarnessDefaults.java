package io.dubbostress.cli.options;

/**
 * The reference harness's settings, as every launcher of the stress command starts it ({@code run}, {@code bench},
 * {@code provider}, {@code consumer}): one place, as strings picocli can show as defaults. The provider's own
 * defaults (stress-provider's ProviderSettings) are the same numbers; ServiceCommandsTest holds them equal.
 */
public final class HarnessDefaults {

    /** JMeter threads (or raw-client threads) per scenario: the reference harness's 20. */
    public static final String THREADS = "20";
    /** Call timeout of the sampler, the consumer and the raw client, in ms. */
    public static final String TIMEOUT_MS = "5000";
    /** The provider's random additions per call: the reference harness does 10,000. */
    public static final String CPU_ITERATIONS = "10000";
    public static final String PROVIDER_PORT = "20880";
    /** The provider's Dubbo thread pool. */
    public static final String PROVIDER_THREADS = "200";
    public static final String CONSUMER_PORT = "8080";
    /** Heap and collector the services get unless told otherwise: the reference harness's G1 setup, sized for a
     *  small box (the harness ran 4 GiB heaps on 8-core servers; here everything shares 2 cores). */
    public static final String SERVICE_JVM_ARGS = "-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxGCPauseMillis=200";
    /** JMeter's (and every load generator's) heap and collector. */
    public static final String LOAD_JVM_ARGS = "-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxGCPauseMillis=100";

    private HarnessDefaults() {
    }
}
