package io.dubbostress.report.model;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Our Dubbo Sampler's failed samples that repeat without a call reaching the provider: after each the sampler pauses
 * the thread ({@code dubbo.sampler.failure_pause_ms}, 100 ms by default, docs/SAMPLER.md "Failure codes"), so a plan
 * with a typo or a dead address records at most a few failures a second per thread instead of hundreds of thousands.
 * The report counts them by code and says so: their number is bounded by those pauses, not by what the provider did.
 *
 * <p>The codes are the sampler's ({@code FailurePause} in jmeter-dubbo-sampler applies the same rule to decide when
 * to pause; the two are kept in step by hand, both documented in SAMPLER.md): {@code CONFIG}, {@code JVM_ARGS},
 * {@code NETWORK}, {@code NO_PROVIDER}, {@code REGISTRY}, and {@code SERIALIZATION} / {@code PAYLOAD_LIMIT} when the
 * message says the request never left this side ({@value #REQUEST_NOT_ENCODED}..., {@value #REQUEST_TOO_LARGE}...).
 * Only rows with our sampler's {@code elapsed_us} are fed (JMeter's own samplers do not pause).
 *
 * <pre>{@code
 * PacedFailures paced = new PacedFailures();
 * paced.add("CONFIG", "DubboSampler.arguments: not JSON", 1);
 * paced.count();      // 1
 * paced.byCode();     // {CONFIG=1}
 * }</pre>
 */
public final class PacedFailures {

    /** How a request-side SERIALIZATION failure's message starts (the sampler's Failure). */
    static final String REQUEST_NOT_ENCODED = "cannot encode the request here";
    /** How a request-side PAYLOAD_LIMIT failure's message starts. */
    static final String REQUEST_TOO_LARGE = "the request is ";

    private final Map<String, Long> byCode = new TreeMap<>();
    private long count;

    /** Whether a failure of our sampler with this code and message was followed by a pause. */
    public static boolean paced(String code, String message) {
        if (code == null) {
            return false;
        }
        switch (code) {
            case "CONFIG":
            case "JVM_ARGS":
            case "NETWORK":
            case "NO_PROVIDER":
            case "REGISTRY":
                return true;
            case "SERIALIZATION":
                return message != null && message.startsWith(REQUEST_NOT_ENCODED);
            case "PAYLOAD_LIMIT":
                return message != null && message.startsWith(REQUEST_TOO_LARGE);
            default:
                return false;
        }
    }

    void add(String code, String message, long failed) {
        if (paced(code, message)) {
            byCode.merge(code, failed, Long::sum);
            count += failed;
        }
    }

    /** A failed row of our sampler: its message decoded only for the two codes whose message decides. */
    void add(io.dubbostress.report.jtl.JtlRow row, long failed) {
        String code = row.responseCode();
        boolean byMessage = "SERIALIZATION".equals(code) || "PAYLOAD_LIMIT".equals(code);
        add(code, byMessage ? row.errorText() : null, failed);
    }

    /** Failed samples followed by a pause. */
    public long count() {
        return count;
    }

    /** Their counts by response code, in code order. */
    public Map<String, Long> byCode() {
        return Collections.unmodifiableMap(byCode);
    }
}
