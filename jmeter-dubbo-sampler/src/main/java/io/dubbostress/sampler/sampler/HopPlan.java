package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.hop.HopRequest;

/**
 * What the sampler's fields mean for the consumer hop, worked out once: the GET request (its bytes ready), the timeout
 * (connect and read), the check, the response data kept. The hop reads no service field.
 *
 * <pre>{@code
 * if (HopPlan.names(fields)) {
 *     HopPlan plan = HopPlan.of(fields);   // http://127.0.0.1:8080/stressTest/string1k
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
        this.samplerData = "GET " + request.url() + "\ntimeout " + timeoutMs + " ms";
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
    static HopPlan of(SamplerFields f) {
        int timeout = f.timeoutMs();
        boolean echo = f.echoCheck();
        int keep = f.responseDataChars();
        return new HopPlan(HopRequest.parse(f.address(), DubboSampler.ADDRESS), timeout, echo, keep);
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
