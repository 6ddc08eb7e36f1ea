package io.dubbostress.sampler;

import io.dubbostress.sampler.sampler.DubboSampler;

/** Dubbo Samplers for tests, configured as the GUI would (only the fields given are set). */
public final class SamplerBuilder {

    private final DubboSampler sampler = new DubboSampler();

    private SamplerBuilder(String name) {
        sampler.setName(name);
    }

    public static SamplerBuilder named(String name) {
        return new SamplerBuilder(name);
    }

    /** The harness's echo of an N-byte payload, generic, echo checked. */
    public static SamplerBuilder echo(String name, String address, int payloadBytes) {
        return named(name).set(DubboSampler.ADDRESS, address)
                .set(DubboSampler.INTERFACE, "io.dubbostress.api.StressTestService")
                .set(DubboSampler.METHOD, "echo")
                .set(DubboSampler.PARAMETER_TYPES, "java.lang.String")
                .set(DubboSampler.ARGUMENTS, "[{\"$payload\": " + payloadBytes + "}]")
                .set(DubboSampler.RESPONSE_CHECK, DubboSampler.CHECK_ECHO);
    }

    public SamplerBuilder set(String key, String value) {
        sampler.setProperty(key, value);
        return this;
    }

    public SamplerBuilder set(String key, int value) {
        return set(key, Integer.toString(value));
    }

    public DubboSampler build() {
        return sampler;
    }
}
