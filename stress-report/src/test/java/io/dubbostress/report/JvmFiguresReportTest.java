package io.dubbostress.report;

import io.dubbostress.report.model.Report;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.MarkdownReport;
import io.dubbostress.report.write.ReportJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.dubbostress.report.perfmon.JvmMetricLabel;
import io.dubbostress.report.perfmon.PerfMonCsv;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.ScenarioStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run folder with perfmon-jvms.csv: the report's per-scenario JVM figures (steady state) and whole-run trends in
 * report.json and report.md, null and '-' for what was not measured, run.json's lines on what the run did not read.
 */
class JvmFiguresReportTest {

    private static final long T0 = 1_795_300_000_000L;

    @TempDir
    Path dir;

    @Test
    void showsEachJvmsContextSwitchesAndTheRunsTrendsAndSaysWhatWasNotRead() throws IOException {
        Path run = dir.resolve("run");
        RunLayout layout = new RunLayout(run);
        RunManifest manifest = new RunManifest();
        for (String name : List.of("direct-1k", "hop-1k")) {
            long start = name.equals("direct-1k") ? T0 : T0 + 300_000; // readings over 5.5 min: a verdict
            RunManifest.ScenarioRecord record = new RunManifest.ScenarioRecord(name, "plan.jmx", 1024, 5);
            record.status = ScenarioStatus.COMPLETED;
            record.startEpochMs = start;
            record.endEpochMs = start + 30_000;
            manifest.scenarios.add(record);
            SyntheticJtl.write(layout.jtl(name), name, true, start, 30_000, 3_000, 400, 0, 7);
            try (PerfMonCsv.Writer out = PerfMonCsv.create(layout.jvmsPerfMonCsv(name))) {
                for (long t = start; t < start + 30_000; t += 1000) {
                    double s = (t - T0) / 1000.0;
                    out.write(t, JvmMetricLabel.hostSwitches("127.0.0.1"), 4000);
                    out.write(t, JvmMetricLabel.jvm("127.0.0.1", "provider", 11, JvmMetricLabel.Kind.THREADS),
                            Math.floor(30 + s / 2)); // a thread every 2 s: rising
                    out.write(t, JvmMetricLabel.jvm("127.0.0.1", "provider", 11, JvmMetricLabel.Kind.FDS), 80);
                    out.write(t, JvmMetricLabel.jvm("127.0.0.1", "provider", 11, JvmMetricLabel.Kind.CSWITCH), 250);
                    out.write(t, JvmMetricLabel.jvm("127.0.0.1", JvmMetricLabel.JMETER, name.length(),
                            JvmMetricLabel.Kind.CSWITCH), 90);
                }
            }
        }
        manifest.jvmMetricsNotRead.add("JVM metrics: the consumer was given by address (--consumer-url"
                + " http://10.0.0.5:8080): the run does not know its process, so its threads, open files and context"
                + " switches are not read");
        manifest.write(layout.runJson());

        Report report = new ReportBuilder().build(List.of(run));
        JsonNode json = ReportJson.of(report);

        JsonNode direct = json.at("/scenarios/0/jvmMetrics");
        assertThat(direct.at("/hosts/0/host").asText()).isEqualTo("127.0.0.1");
        assertThat(direct.at("/hosts/0/contextSwitchesPerSecond").asDouble()).isCloseTo(4000, within(0.1));
        JsonNode provider = direct.at("/jvms/0");
        assertThat(provider.get("service").asText()).isEqualTo("provider");
        assertThat(provider.get("pid").asLong()).isEqualTo(11);
        assertThat(provider.get("contextSwitchesPerSecond").asDouble()).isCloseTo(250, within(0.1));
        assertThat(provider.at("/openFiles/avg").asDouble()).isEqualTo(80);
        // the steady state starts 5 s in (run.json's warm-up): threads 32..44
        assertThat(provider.at("/threads/max").asDouble()).isEqualTo(44);
        JsonNode jmeter = direct.at("/jvms/1");
        assertThat(jmeter.get("service").asText()).isEqualTo("jmeter");
        assertThat(jmeter.get("contextSwitchesPerSecond").asDouble()).isCloseTo(90, within(0.1));
        assertThat(jmeter.get("threads").isNull()).as("not read: null, not 0").isTrue();
        assertThat(jmeter.get("openFiles").isNull()).isTrue();
        assertThat(json.at("/scenarios/1/jvmMetrics/jvms")).extracting(j -> j.get("pid").asLong())
                .containsExactly(11L, 6L);

        JsonNode trends = json.at("/jvms/trends");
        assertThat(trends).hasSize(1);
        assertThat(trends.at("/0/service").asText()).isEqualTo("provider");
        assertThat(trends.at("/0/threads/verdict").asText()).isEqualTo("rising");
        assertThat(trends.at("/0/threads/first").asDouble()).isEqualTo(30);
        assertThat(trends.at("/0/threads/last").asDouble()).isEqualTo(194);
        assertThat(trends.at("/0/threads/slopePerHour").asDouble()).isCloseTo(1800, within(1800 * 0.05));
        assertThat(trends.at("/0/threads/readings").asInt()).isEqualTo(60);
        assertThat(trends.at("/0/threads/reason").isNull()).isTrue();
        assertThat(trends.at("/0/openFiles/verdict").asText()).isEqualTo("steady");
        assertThat(json.at("/jvms/notRead/0").asText()).contains("--consumer-url http://10.0.0.5:8080");
        assertThat(json.get("warnings")).extracting(JsonNode::asText)
                .anySatisfy(w -> assertThat(w).contains("provider's threads 30 -> 194", "keep rising"))
                .anySatisfy(w -> assertThat(w).contains("consumer was given by address"));

        String md = MarkdownReport.render(report);
        assertThat(md).contains("## JVMs (PerfMon agent, steady state)",
                "| direct-1k | jmeter | 9 | 90 | - | - |", "| direct-1k | host 127.0.0.1 | - | 4000 | - | - |",
                "## Threads and open files over the whole run (soak help)", "| provider | 11 | 60 |",
                "30 -> 194", "rising", "steady");
    }

    @Test
    void aRunWithoutTheFileHasNullFiguresAndNoTables() throws IOException {
        Path run = dir.resolve("old-run");
        RunLayout layout = new RunLayout(run);
        RunManifest manifest = new RunManifest();
        RunManifest.ScenarioRecord record = new RunManifest.ScenarioRecord("direct-1k", "plan.jmx", 1024, 2);
        record.status = ScenarioStatus.COMPLETED;
        record.startEpochMs = T0;
        record.endEpochMs = T0 + 10_000;
        manifest.scenarios.add(record);
        SyntheticJtl.write(layout.jtl("direct-1k"), "direct-1k", true, T0, 10_000, 1_000, 400, 0, 8);
        manifest.write(layout.runJson());
        Report report = new ReportBuilder().build(List.of(run));
        JsonNode json = ReportJson.of(report);
        assertThat(json.at("/scenarios/0/jvmMetrics").isNull()).isTrue();
        assertThat(json.at("/jvms/trends")).isEmpty();
        assertThat(MarkdownReport.render(report)).doesNotContain("## JVMs", "## Threads and open files");
        assertThat(Files.exists(layout.jvmsPerfMonCsv("direct-1k"))).isFalse();
    }
}
