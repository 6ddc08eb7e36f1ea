package io.dubbostress.sampler.config;

import io.dubbostress.sampler.install.SamplerJar;
import org.apache.jmeter.config.ConfigTestElement;

/**
 * The Dubbo Defaults config element: holds {@code DubboSampler.*} properties (the same keys as
 * {@link io.dubbostress.sampler.sampler.DubboSampler}); every Dubbo Sampler in its scope takes from it the fields it
 * leaves empty. (JMeter hands the element to the sampler before every sample; the sampler reads it there rather than
 * letting JMeter copy its fields in and out again, see {@code DubboSampler.addTestElement}.) Typical use: one
 * Defaults element with the address, timeout and interface, samplers that only name the method and arguments.
 */
public class DubboDefaults extends ConfigTestElement {

    static {
        SamplerJar.loaded(); // one line in jmeter.log, once per JVM, when JMeter loads the plugin
    }

    private static final long serialVersionUID = 1L;

    public DubboDefaults() {
        super();
    }
}
