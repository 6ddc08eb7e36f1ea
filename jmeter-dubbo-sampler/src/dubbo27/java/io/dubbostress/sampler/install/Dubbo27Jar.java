package io.dubbostress.sampler.install;

/**
 * A class only the Dubbo 2.7 jar ({@code jmeter-dubbo-sampler}) holds, so that JMeter's Plugins Manager can tell which
 * of the two jars is installed: the {@code markerClass} of the {@code dubbo-stress} plugin in {@code repo.json} (the
 * Manager looks the class up and reads the installed version from the name of the jar it comes from). The element
 * classes cannot serve: both jars hold them. jmeter-dubbo3-sampler has {@code Dubbo33Jar} instead.
 */
public final class Dubbo27Jar {

    private Dubbo27Jar() {
    }
}
