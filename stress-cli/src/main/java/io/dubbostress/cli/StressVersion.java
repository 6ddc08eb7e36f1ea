package io.dubbostress.cli;

import io.dubbostress.cli.home.BuildVersions;
import io.dubbostress.report.ToolVersion;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code stress --version}: this release (from the jar's manifest), what it was built with, and the Java running it.
 *
 * <pre>
 * $ ./stress --version
 * dubbo-stress 0.2.0
 * Dubbo 2.7.23 (provider, consumer, jmeter-dubbo-sampler), Dubbo 3.3.5 and the Nacos client 2.5.1 (jmeter-dubbo3-sampler)
 * JMeter 5.6.3 (the samplers run in 5.1.1 ... 5.6.3), PerfMon collector 2.1, Spring Boot 2.7.18
 * Java 17.0.15 (OpenJDK 64-Bit Server VM)
 * </pre>
 */
public final class StressVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            ToolVersion.name(),
            "Dubbo " + BuildVersions.get("dubbo") + " (provider, consumer, jmeter-dubbo-sampler), Dubbo "
                    + BuildVersions.get("dubbo3") + " and the Nacos client " + BuildVersions.get("nacos-client")
                    + " (jmeter-dubbo3-sampler)",
            "JMeter " + BuildVersions.get("jmeter") + " (the samplers run in " + BuildVersions.get("jmeter-oldest")
                    + " ... " + BuildVersions.get("jmeter") + "), PerfMon collector "
                    + BuildVersions.get("jmeter-plugins-perfmon") + ", Spring Boot " + BuildVersions.get("spring-boot"),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}
