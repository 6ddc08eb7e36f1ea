package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.hop.HopRequest;
import io.dubbostress.sampler.value.CallAttachments;
import io.dubbostress.sampler.value.ValueConverter;

/**
 * What the sampler's fields mean for the consumer hop, worked out once: the GET request (its bytes ready, the
 * attachments in their header), the timeout (connect and read), the check, the response data kept. The hop reads no
 * service field: the consumer's own reference calls the provider, with the sampler's attachments as strings.
 *
 * <pre>{@code
 * if (HopPlan.names(fields)) {
 *     HopPlan plan = HopPlan.of(fields, loader);   // http://127.0.0.1:8080/stressTest/string1k
 * }
 * }</pre>
 */
final class HopPlan {

    private final HopRequest request;
    private final int timeoutMs;
    private final boolean echoCheck;
    private final int responseDataChars;
    private final String samplerData;

    private HopPlan(HopRequest request, int timeoutMs, boolean echoCheck, int responseDataChars) {
        this.request = request;
        this.timeoutMs = timeoutMs;
        this.echoCheck = echoCheck;
        this.responseDataChars = responseDataChars;
        this.samplerData = "GET " + request.url() + "\ntimeout " + timeoutMs + " ms" + (request.attachmentKeys().isEmpty()
                ? "" : ", attachments " + request.attachmentKeys());
    }

    /** Whether the fields name the hop (an {@code http://} or {@code https://} address) rather than Dubbo. */
    static boolean names(SamplerFields f) {
        return HopRequest.isHttp(f.address());
    }

    /**
     * The plan for these fields.
     *
     * @throws io.dubbostress.sampler.failure.ConfigurationException naming the field and the value
     */
    static HopPlan of(SamplerFields f, ClassLoader loader) {
        int timeout = f.timeoutMs();
        boolean echo = f.echoCheck();
        int keep = f.responseDataChars();
        // the attachments go through the consumer to the provider as text (HopAttachments)
        java.util.Map<String, String> attachments = CallAttachments.parse(f.raw(DubboSampler.ATTACHMENTS),
                new ValueConverter(loader), DubboSampler.ATTACHMENTS).overHop(DubboSampler.ATTACHMENTS);
        return new HopPlan(HopRequest.parse(f.address(), DubboSampler.ADDRESS, attachments), timeout, echo, keep);
    }

    HopRequest request() {
        return request;
    }

    int timeoutMs() {
        return timeoutMs;
    }

    boolean echoCheck() {
        return echoCheck;
    }

    int responseDataChars() {
        return responseDataChars;
    }

    String samplerData() {
        return samplerData;
    }
}
