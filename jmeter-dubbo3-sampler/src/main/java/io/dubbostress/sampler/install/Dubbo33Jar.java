package io.dubbostress.sampler.install;

/**
 * A class only the Dubbo 3.3 jar ({@code jmeter-dubbo3-sampler}) holds, so that JMeter's Plugins Manager can tell
 * which of the two jars is installed: the {@code markerClass} of the {@code dubbo-stress-dubbo3} plugin in
 * {@code repo.json} (the Manager looks the class up and reads the installed version from the name of the jar it comes
 * from). The element classes cannot serve: both jars hold them. jmeter-dubbo-sampler has {@code Dubbo27Jar} instead.
 */
public final class Dubbo33Jar {

    private Dubbo33Jar() {
    }
}
