package io.dubbostress.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.PackageGraph;
import org.junit.jupiter.api.Test;

/**
 * The contract's packages (jdeps over target/classes): the service and its types, {@code loopback}, the Dubbo
 * address helper, and {@code hop}, the hop's attachments header (the sampler writes it, the consumer reads it), beside
 * it; none uses another. A package added here has to be given its layer.
 */
class PackageDependenciesTest {

    @Test
    void everyUseRunsDownTheLayersWithoutACircle() {
        PackageGraph graph = PackageGraph.of(StressTestService.class, "io.dubbostress.api");
        assertThat(graph.usesAgainst(". loopback hop")).as("uses that run up or sideways").isEmpty();
        assertThat(graph.cycles()).isEmpty();
    }
}
