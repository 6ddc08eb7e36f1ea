package io.dubbostress.perfmon;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.PackageGraph;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The agent's packages in layers, as the compiled classes use each other (jdeps over target/classes): every use runs
 * down, none sideways, no circle. The root package is the entry point (the command line, the agent that ties a server
 * to the metrics) and nothing below uses it.
 */
class PackageDependenciesTest {

    private static PackageGraph graph;

    @BeforeAll
    static void readClasses() {
        graph = PackageGraph.of(PerfMonAgent.class, "io.dubbostress.perfmon");
    }

    @Test
    void everyUseRunsDownTheLayers() {
        assertThat(graph.usesAgainst(
                ".",                // AgentMain, AgentCommand, PerfMonAgent
                "server",           // TCP and UDP servers, client sessions, the agent's settings
                "metrics",          // the metrics a client asks for
                "host protocol"))   // the machine as OSHI and /proc see it; the classic wire protocol
                .as("uses that run up or sideways (package -> package it uses)").isEmpty();
    }

    @Test
    void noPackagesUseEachOtherInACircle() {
        assertThat(graph.cycles()).isEmpty();
    }
}
