package io.dubbostress.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.testsupport.PackageGraph;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * stress-report's packages in layers, as the compiled classes use each other (jdeps over target/classes): every use
 * runs down, none sideways, no circle. A package added to the module has to be given its layer here.
 */
class PackageDependenciesTest {

    private static PackageGraph graph;

    @BeforeAll
    static void readClasses() {
        graph = PackageGraph.of(ReportBuilder.class, "io.dubbostress.report");
    }

    @Test
    void everyUseRunsDownTheLayers() {
        assertThat(graph.usesAgainst(
                "compare",          // stress compare: runs read again, compared, written (comparison.*)
                "read write",       // a Report built from a run folder or JTLs; a Report written as report.md/json/html
                "change",           // a figure's change between trials with its interval (compare's and the answer's)
                "model",            // the report's figures: scenarios, percentiles, hop overhead, timelines, profiles
                "perfmon profile",  // PerfMon CSVs and JVM readings; async-profiler's JFR recordings
                "jtl run text",     // JMeter's CSV files; the run folder's layout and run.json; the pages' words
                "."))               // the library's error, JSON mapper, number format, leak rule, atomic writes
                .as("uses that run up or sideways (package -> package it uses)").isEmpty();
    }

    @Test
    void noPackagesUseEachOtherInACircle() {
        assertThat(graph.cycles()).isEmpty();
    }
}
