package io.dubbostress.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.PackageGraph;
import org.junit.jupiter.api.Test;

/**
 * The contract's packages (jdeps over target/classes): the service and its types, and {@code loopback}, the Dubbo
 * address helper beside it; neither uses the other. A package added here has to be given its layer.
 */
class PackageDependenciesTest {

    @Test
    void everyUseRunsDownTheLayersWithoutACircle() {
        PackageGraph graph = PackageGraph.of(StressTestService.class, "io.dubbostress.api");
        assertThat(graph.usesAgainst(". loopback")).as("uses that run up or sideways").isEmpty();
        assertThat(graph.cycles()).isEmpty();
    }
}
