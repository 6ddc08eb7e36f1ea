package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.failure.Failure;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The pause after a failed sample that repeats without a call reaching a provider. Such failures cost microseconds:
 * a field error ({@code CONFIG}) one thread recorded 63,000-180,000 times in 3 s (18-42 MB of JTL), a refused
 * connection ({@code NETWORK}) thousands of times a second, {@code NO_PROVIDER} over a thousand; a plan with a typo
 * would fill a disk in a 10-minute run. After each, the thread pauses (outside the sample's time: the sample has
 * ended), so a thread records at most one such failure per pause, each still a failed sample with its code. Failures
 * a provider answered (TIMEOUT, BIZ, PROVIDER_ERROR, OVERLOAD, ...) cost what a call costs and are not paused.
 *
 * <p>Paused codes: {@code CONFIG}, {@code JVM_ARGS}, {@code NETWORK} (also the hop's), {@code NO_PROVIDER},
 * {@code REGISTRY}, and {@code SERIALIZATION} / {@code PAYLOAD_LIMIT} of a request that never left this side
 * ({@link Failure#REQUEST_NOT_ENCODED}, {@link Failure#REQUEST_TOO_LARGE}). stress report counts the same ones
 * ({@code PacedFailures} in stress-report: keep the two in step) and says how many there were.
 *
 * <p>JMeter property {@value #PROPERTY}, milliseconds, default {@value #DEFAULT_MS}, 0 for none; the older
 * {@value #NETWORK_PROPERTY} is still read when the new one is not set.
 *
 * <pre>{@code
 * record(result, failure);     // DubboSampler.sample: the verdict on the sample
 * FailurePause.after(result);   // sleeps 100 ms when the result is a CONFIG failure, say
 * }</pre>
 */
final class FailurePause {

    static final String PROPERTY = "dubbo.sampler.failure_pause_ms";
    /** The property of earlier versions, for NETWORK failures only. */
    static final String NETWORK_PROPERTY = "dubbo.sampler.network_failure_pause_ms";
    static final long DEFAULT_MS = 100;

    private FailurePause() {
    }

    /** Whether a failure with this code and message is paused after. */
    static boolean applies(String code, String message) {
        if (code == null) {
            return false;
        }
        switch (code) {
            case Failure.CONFIG:
            case Failure.JVM_ARGS:
            case Failure.NETWORK:
            case "NO_PROVIDER":
            case "REGISTRY":
                return true;
            case "SERIALIZATION":
                return message != null && message.startsWith(Failure.REQUEST_NOT_ENCODED);
            case Failure.PAYLOAD_LIMIT:
                return message != null && message.startsWith(Failure.REQUEST_TOO_LARGE);
            default:
                return false;
        }
    }

    /** Pauses the thread when {@code result} is such a failure; ends early when the thread is interrupted (Stop). */
    static void after(SampleResult result) {
        if (result.isSuccessful() || !applies(result.getResponseCode(), result.getResponseMessage())) {
            return;
        }
        long pauseMs = pauseMs();
        if (pauseMs <= 0) {
            return;
        }
        try {
            Thread.sleep(pauseMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static long pauseMs() {
        String own = JMeterUtils.getProperty(PROPERTY);
        if (own != null && !own.trim().isEmpty()) {
            return JMeterUtils.getPropDefault(PROPERTY, DEFAULT_MS);
        }
        return JMeterUtils.getPropDefault(NETWORK_PROPERTY, DEFAULT_MS);
    }
}
