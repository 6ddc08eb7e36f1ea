package io.dubbostress.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.PackageGraph;
import org.junit.jupiter.api.Test;

/**
 * The benchmark is one package (jdeps over target/classes): a package added here has to be given its layer, every use
 * running down.
 */
class PackageDependenciesTest {

    @Test
    void everyUseRunsDownTheLayersWithoutACircle() {
        PackageGraph graph = PackageGraph.of(BenchCommand.class, "io.dubbostress.bench");
        assertThat(graph.usesAgainst(".")).as("uses that run up or sideways").isEmpty();
        assertThat(graph.cycles()).isEmpty();
    }
}
