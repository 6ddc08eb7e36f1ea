package io.dubbostress.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.PackageGraph;
import org.junit.jupiter.api.Test;

/**
 * The provider's packages (jdeps over target/classes): the application over {@code transport}, never the other way
 * round. A package added here has to be given its layer.
 */
class PackageDependenciesTest {

    @Test
    void everyUseRunsDownTheLayersWithoutACircle() {
        PackageGraph graph = PackageGraph.of(ProviderApplication.class, "io.dubbostress.provider");
        assertThat(graph.usesAgainst(".", "transport")).as("uses that run up or sideways").isEmpty();
        assertThat(graph.cycles()).isEmpty();
    }
}
