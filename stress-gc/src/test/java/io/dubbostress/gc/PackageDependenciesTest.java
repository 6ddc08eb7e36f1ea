package io.dubbostress.gc;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.PackageGraph;
import org.junit.jupiter.api.Test;

/**
 * stress-gc is one package, with no dependency on the report (its pom has none; this test holds the package side):
 * a package added to it has to be given its layer here, every use running down.
 */
class PackageDependenciesTest {

    @Test
    void onePackageUsingNoOtherOfTheModule() {
        PackageGraph graph = PackageGraph.of(GcLogAnalyzer.class, "io.dubbostress.gc");
        assertThat(graph.usesAgainst(".")).isEmpty();
        assertThat(graph.cycles()).isEmpty();
    }
}
