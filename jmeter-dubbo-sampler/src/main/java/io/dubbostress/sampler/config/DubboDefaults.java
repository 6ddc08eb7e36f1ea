package io.dubbostress.sampler.config;

import org.apache.jmeter.config.ConfigTestElement;

/**
 * The Dubbo Defaults config element: holds {@code DubboSampler.*} properties (the same keys as
 * {@link io.dubbostress.sampler.sampler.DubboSampler}); JMeter merges them into every Dubbo Sampler in its scope
 * whose own field is empty. Typical use: one Defaults element with the address, timeout and interface, samplers
 * that only name the method and arguments.
 */
public class DubboDefaults extends ConfigTestElement {

    private static final long serialVersionUID = 1L;

    public DubboDefaults() {
        super();
    }
}
