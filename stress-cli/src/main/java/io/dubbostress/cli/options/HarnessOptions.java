package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;
import picocli.CommandLine.Option;

/**
 * The options {@code stress run} and {@code stress bench} share: how hard to call, and how the services they start
 * are set up. A picocli mixin: {@code @Mixin HarnessOptions harness;}, then {@link #value()} (or {@link #validate()}).
 */
public final class HarnessOptions {

    @Option(names = "--threads", paramLabel = "N", defaultValue = HarnessDefaults.THREADS,
            description = "Threads of the load generator (JMeter, or the raw client) per scenario. "
                    + "Default: ${DEFAULT-VALUE}.")
    public int threads;

    @Option(names = "--timeout-ms", paramLabel = "MS", defaultValue = HarnessDefaults.TIMEOUT_MS,
            description = "Call timeout (sampler, consumer, raw client). Default: ${DEFAULT-VALUE}.")
    public int timeoutMs;

    @Option(names = "--cpu-iterations", paramLabel = "N", defaultValue = HarnessDefaults.CPU_ITERATIONS,
            description = "The provider's random additions per call. Default: ${DEFAULT-VALUE}.")
    public int cpuIterations;

    @Option(names = "--provider-jvm-args", paramLabel = "ARGS", defaultValue = HarnessDefaults.SERVICE_JVM_ARGS,
            description = "JVM options of the provider (heap, collector). Default: ${DEFAULT-VALUE}.")
    public String providerJvmArgs;

    @Option(names = "--consumer-jvm-args", paramLabel = "ARGS", defaultValue = HarnessDefaults.SERVICE_JVM_ARGS,
            description = "JVM options of the consumer. Default: ${DEFAULT-VALUE}.")
    public String consumerJvmArgs;

    /** What the options say, checked. */
    public record Harness(int threads, int timeoutMs, int cpuIterations, String providerJvmArgs,
                          String consumerJvmArgs) {
    }

    /** The options' values, range checked ({@link #validate()}). */
    public Harness value() {
        validate();
        return new Harness(threads, timeoutMs, cpuIterations, providerJvmArgs, consumerJvmArgs);
    }

    /** Range checks, failing with the option's name and value. */
    public HarnessOptions validate() {
        Validate.atLeast("--threads", threads, 1);
        Validate.atLeast("--timeout-ms", timeoutMs, 1);
        if (cpuIterations < 0) {
            throw new UserError("Invalid value for option '--cpu-iterations': " + cpuIterations + " (must be >= 0)");
        }
        return this;
    }
}
