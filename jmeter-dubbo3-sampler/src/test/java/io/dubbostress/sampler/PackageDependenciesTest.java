package io.dubbostress.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.install.Dubbo33Jar;
import io.dubbostress.testsupport.PackageGraph;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The 3.3 jar's packages (jmeter-dubbo-sampler's sources and this module's own, compiled together here) in the same
 * layers as the 2.7 jar's (jmeter-dubbo-sampler's PackageDependenciesTest, whose list this one repeats: the modules
 * share no test code). Here {@code idl} holds the IDL calls, which the sampler finds through
 * {@code META-INF/services} ({@code IdlCallFactory}) instead of importing them: a use from {@code sampler} to
 * {@code idl} would run up.
 */
class PackageDependenciesTest {

    private static PackageGraph graph;

    @BeforeAll
    static void readClasses() {
        graph = PackageGraph.of(Dubbo33Jar.class, "io.dubbostress.sampler");
    }

    @Test
    void everyUseRunsDownTheLayers() {
        assertThat(graph.usesAgainst(
                "control.gui jtl.gui",
                "config.gui",
                "idl",
                "sampler backend",
                "runtime",
                "browse hop value pacing.gui",
                "failure config pacing",
                "nacos install json jtl",
                "gui"))
                .as("uses that run up or sideways (package -> package it uses)").isEmpty();
    }

    @Test
    void noPackagesUseEachOtherInACircle() {
        assertThat(graph.cycles()).isEmpty();
    }
}
