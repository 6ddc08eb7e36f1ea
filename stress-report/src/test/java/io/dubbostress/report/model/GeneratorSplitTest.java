package io.dubbostress.report.model;

import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.MarkdownReport;
import io.dubbostress.report.write.ReportJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dubbostress.report.jtl.JtlColumn;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.ScenarioStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A distributed run's JTL: rows from two load generators (thread names prefixed by the server, as JMeter's servers
 * write them), counted per generator and merged; the figures are recomputed here from the rows as written.
 */
class GeneratorSplitTest {

    private static final long T0 = 1_795_306_185_000L;

    @TempDir
    Path dir;

    /** gen A: 300 ok rows of 500 us; gen B (given without its port, JMeter writes :1099): 200 rows of 900 us, 20 failed. */
    private Path runFolder(String remote, boolean failedScenario) throws IOException {
        Path scenarioDir = Files.createDirectories(dir.resolve("scenarios/direct-1k"));
        List<String> rows = new ArrayList<>();
        rows.add(String.join(",", JtlColumn.JMETER_DEFAULT_HEADER) + ",\"elapsed_us\"");
        for (int i = 0; i < 500; i++) {
            boolean a = i < 300;
            String thread = a ? "10.0.0.7:1099-closed 1-" + (1 + i % 2) : "10.0.0.8:1099-closed 1-" + (1 + i % 2);
            boolean ok = a || i % 10 != 0;
            long us = a ? 500 : 900;
            rows.add(String.format(Locale.ROOT, "%d,%d,direct-1k,%s,%s,%s,text,%s,,1024,1024,2,4,null,0,0,0,%d",
                    T0 + i * 10L, us / 1000, ok ? "200" : "500", ok ? "OK" : "boom", thread, ok, us));
        }
        Files.write(scenarioDir.resolve("results.jtl"), rows, StandardCharsets.UTF_8);
        RunManifest manifest = new RunManifest();
        manifest.settings.put("remote", remote);
        RunManifest.ScenarioRecord record = new RunManifest.ScenarioRecord("direct-1k", "dubbo-direct.jmx", 1024, 0);
        record.startEpochMs = T0;
        record.endEpochMs = T0 + 5000;
        record.status = failedScenario ? ScenarioStatus.FAILED : ScenarioStatus.COMPLETED;
        if (failedScenario) {
            record.addMessage("load generator 10.0.0.8 was lost 4 s into the test");
        }
        manifest.scenarios.add(record);
        manifest.write(dir.resolve("run.json"));
        return dir;
    }

    @Test
    void rowsAreCountedPerGeneratorAndMerged() throws IOException {
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(runFolder("10.0.0.7:1099,10.0.0.8", false)));
        ScenarioResult scenario = report.scenarios().get(0);
        Map<String, ScenarioStats> gens = scenario.generators();
        assertThat(gens).containsOnlyKeys("10.0.0.7:1099", "10.0.0.8");
        ScenarioStats a = gens.get("10.0.0.7:1099");
        ScenarioStats b = gens.get("10.0.0.8");
        assertThat(a.samples()).isEqualTo(300);
        assertThat(a.errors()).isZero();
        assertThat(a.percentile(99)).isEqualTo(500);
        assertThat(b.samples()).isEqualTo(200);
        assertThat(b.errors()).isEqualTo(20);
        assertThat(b.percentile(50)).isEqualTo(900);
        assertThat(scenario.stats().samples()).isEqualTo(a.samples() + b.samples());
        assertThat(scenario.stats().errors()).isEqualTo(20);

        JsonNode json = ReportJson.of(report).at("/scenarios/0/generators");
        assertThat(json.size()).isEqualTo(2);
        assertThat(json.at("/1/name").asText()).isEqualTo("10.0.0.8");
        assertThat(json.at("/1/errors/count").asLong()).isEqualTo(20);
        assertThat(json.at("/1/latency/p50").asLong()).isEqualTo(900);
        String markdown = MarkdownReport.render(report);
        assertThat(markdown).contains("Load generators").contains("| direct-1k | 10.0.0.8 | 200 |")
                .contains("all (merged)");
    }

    @Test
    void aLocalRunHasNoGeneratorTableAndRowsOfNoListedGeneratorAreSaidSo() throws IOException {
        Report local = new ReportBuilder().warmupMs(0L).build(List.of(runFolder("", false)));
        assertThat(local.scenarios().get(0).generators()).isEmpty();
        assertThat(MarkdownReport.render(local)).doesNotContain("Load generators");
    }

    @Test
    void aRunJsonOfVersionOneSaidALocalRunInWordsAndIsStillRead() throws IOException {
        Path folder = runFolder("none (local JMeter)", false);
        // as stress run wrote it before run.json had a schema: no "schema" field, the settings in words
        com.fasterxml.jackson.databind.node.ObjectNode old = (com.fasterxml.jackson.databind.node.ObjectNode)
                io.dubbostress.report.Json.MAPPER.readTree(folder.resolve("run.json").toFile());
        old.remove("schema");
        Files.writeString(folder.resolve("run.json"), io.dubbostress.report.Json.MAPPER.writeValueAsString(old));
        RunManifest read = RunManifest.read(folder.resolve("run.json"));
        assertThat(read.schema).isNull();
        assertThat(read.remoteHosts()).isEmpty();
        Report local = new ReportBuilder().warmupMs(0L).build(List.of(folder));
        assertThat(local.scenarios().get(0).generators()).isEmpty();
        // the same words in a run.json of version 2 would be a host's name: version 2 writes data only
        RunManifest v2 = new RunManifest();
        v2.settings.put("remote", "10.0.0.7:1099,10.0.0.8");
        assertThat(v2.remoteHosts()).containsExactly("10.0.0.7:1099", "10.0.0.8");
        assertThat(RunManifest.read(runFolder("", false).resolve("run.json")).schema).isEqualTo(RunManifest.SCHEMA);
    }

    @Test
    void aRowOfNoListedGeneratorIsCountedApart() throws IOException {
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(runFolder("10.0.0.7:1099", false)));
        Map<String, ScenarioStats> gens = report.scenarios().get(0).generators();
        assertThat(gens.get("10.0.0.7:1099").samples()).isEqualTo(300);
        assertThat(gens.get(GeneratorSplit.UNKNOWN).samples()).isEqualTo(200);
    }

    @Test
    void aFailedScenarioSaysWhyInTheReport() throws IOException {
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(runFolder("10.0.0.7:1099,10.0.0.8", true)));
        assertThat(report.warnings()).contains("scenario direct-1k failed: load generator 10.0.0.8 was lost 4 s into"
                + " the test");
    }
}
