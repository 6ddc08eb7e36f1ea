package io.dubbostress.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.testsupport.PackageGraph;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The 2.7 jar's packages in layers, as its compiled classes use each other (jdeps over target/classes): every use runs
 * down, none sideways, no circle. The 3.3 jar compiles the same sources beside its own and holds the same layers
 * (its PackageDependenciesTest); a package added to either has to be given its layer in both.
 */
class PackageDependenciesTest {

    /** Top to bottom; the 3.3 jar's test lists the same. */
    static final String[] LAYERS = {
        "control.gui jtl.gui",                  // the sampler's GUI; the Batched JTL Writer's
        "config.gui",                           // the Dubbo Defaults' GUI: fields, browsing, the IDL picker
        "idl",                                  // protobuf IDL and gRPC calls (3.3 jar; the 2.7 jar's browser stub)
        "sampler backend",                      // the elements JMeter runs: the sampler keeps the clock and verdict;
                                                //   the InfluxDB listener that stays asleep without a URL
        "runtime",                              // Dubbo references, addresses, set-up
        "browse hop value pacing.gui",          // registries browsed; the HTTP hop; arguments and attachments
        "failure config pacing",                // failure codes and decoding; the Defaults; the rate schedule
        "nacos install json jtl",               // the Nacos client's side; the jar itself; JSON; the JTL's columns
        "gui",                                  // the GUIs' texts in JMeter's language (GuiText)
    };

    private static PackageGraph graph;

    @BeforeAll
    static void readClasses() {
        graph = PackageGraph.of(DubboSampler.class, "io.dubbostress.sampler");
    }

    @Test
    void everyUseRunsDownTheLayers() {
        assertThat(graph.usesAgainst(LAYERS)).as("uses that run up or sideways (package -> package it uses)")
                .isEmpty();
    }

    @Test
    void noPackagesUseEachOtherInACircle() {
        assertThat(graph.cycles()).isEmpty();
    }
}
