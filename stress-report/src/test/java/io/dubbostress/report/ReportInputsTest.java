package io.dubbostress.report;

import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.HtmlReport;
import io.dubbostress.report.write.MarkdownReport;
import io.dubbostress.report.write.ReportJson;
import io.dubbostress.report.write.Table;
import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.dubbostress.report.NotMeasuredTest.HEADER;
import static io.dubbostress.report.NotMeasuredTest.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The report's inputs as a new user hands them over: run.json cut off, empty or still "running" (the report is made
 * from the JTLs, with a warning); the same JTL twice (read once); two JTLs giving one scenario name (both reported,
 * told apart, said, and only the first paired); a listed scenario that recorded nothing (a failed row).
 */
class ReportInputsTest {

    @TempDir
    Path dir;

    private Path jtl(Path file, String label, int rows, String code) throws IOException {
        Files.createDirectories(file.getParent());
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (int i = 0; i < rows; i++) {
            lines.add(row(i * 10L, 300 + i, code, code.equals("200") ? "OK" : "boom", -1).replace(",direct,",
                    "," + label + ","));
        }
        return Files.write(file, lines, StandardCharsets.UTF_8);
    }

    @Test
    void aRunJsonCutOffOrEmptyCostsItsTimingNotTheReport() throws IOException {
        Path run = dir.resolve("run");
        jtl(run.resolve("scenarios/direct-1k/results.jtl"), "direct", 200, "200");
        String whole = "{\"tool\": \"dubbo-stress\", \"status\": \"completed\", \"scenarios\": [{\"name\": "
                + "\"direct-1k\", \"startEpochMs\": 1795660896000, \"endEpochMs\": 1795660898000}]}";
        for (String broken : new String[] {whole.substring(0, 70), "", "[1, 2]"}) {
            Files.writeString(run.resolve("run.json"), broken);
            Report report = new ReportBuilder().build(List.of(run));
            assertThat(report.scenarios()).extracting(ScenarioResult::name).containsExactly("direct-1k");
            assertThat(report.scenarios().get(0).stats().samples()).isPositive();
            assertThat(report.runJson()).isNull();
            assertThat(report.warnings()).as(broken).anySatisfy(w -> assertThat(w).startsWith(run.resolve("run.json")
                    + (broken.isEmpty() ? " is empty" : broken.startsWith("[") ? " is not a run.json"
                    : " is not valid JSON (Unexpected end-of-input")).endsWith(": the report is made from the JTLs"
                    + " in scenarios/ alone, each scenario timed by its own samples").doesNotContain("Source:"));
        }
        Files.writeString(run.resolve("run.json"), whole.replace("completed", "running"));
        Report running = new ReportBuilder().build(List.of(run));
        assertThat(running.warnings()).contains(run.resolve("run.json") + " says the run is still running: it is in"
                + " progress, or was killed before it could close run.json; the last scenario's figures may be"
                + " partial");
    }

    @Test
    void theSameJtlTwiceIsReadOnce() throws IOException {
        Path direct = jtl(dir.resolve("direct-1k.jtl"), "direct-1k", 100, "200");
        Path hop = jtl(dir.resolve("hop-1k.jtl"), "hop-1k", 100, "200");
        Path link = Files.createSymbolicLink(dir.resolve("again.jtl"), direct);
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(direct, hop, direct, link));
        assertThat(report.scenarios()).extracting(ScenarioResult::name).containsExactly("direct-1k", "hop-1k");
        assertThat(report.warnings()).contains(direct + " was given twice: it is read once",
                link + " is the same file as " + direct + ": it is read once");
        assertThat(report.hopOverhead()).hasSize(1);

        Path run = dir.resolve("run");
        jtl(run.resolve("scenarios/direct-1k/results.jtl"), "direct", 100, "200");
        Report twice = new ReportBuilder().build(List.of(run, dir.resolve("run/")));
        assertThat(twice.scenarios()).hasSize(1);
        assertThat(twice.warnings()).contains(dir.resolve("run/") + " is the run folder " + run + " again: it is read"
                + " once");
    }

    @Test
    void twoJtlsGivingOneScenarioNameAreToldApartAndSaid() throws IOException {
        Path a = jtl(dir.resolve("monday/results.jtl"), "direct-1k", 100, "200");
        Path b = jtl(dir.resolve("tuesday/results.jtl"), "direct-1k", 120, "200");
        Path hop = jtl(dir.resolve("hop-1k.jtl"), "hop-1k", 100, "200");
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(a, b, hop));
        assertThat(report.scenarios()).extracting(ScenarioResult::name)
                .containsExactly("direct-1k", "hop-1k", "direct-1k (tuesday/results.jtl)");
        assertThat(report.scenarios().get(2).stats().samples()).isEqualTo(120);
        assertThat(report.warnings()).contains("two inputs give the scenario direct-1k: " + a + " and " + b
                + "; the second is reported as 'direct-1k (tuesday/results.jtl)', and only the first is paired by the"
                + " name rule (--name and --pair choose otherwise)");
        assertThat(report.hopOverhead()).singleElement().satisfies(h -> {
            assertThat(h.direct().stats().samples()).isEqualTo(100);
            assertThat(h.hop().name()).isEqualTo("hop-1k");
        });
    }

    @Test
    void aListedScenarioThatRecordedNothingIsAFailedRowAndItsGcWindowHasNoPause() throws IOException {
        Path run = dir.resolve("run");
        jtl(run.resolve("scenarios/direct-1k/results.jtl"), "direct", 300, "200");
        Files.createDirectories(run.resolve("scenarios/hop-1k"));
        Files.writeString(run.resolve("scenarios/hop-1k/results.jtl"), "");
        Files.writeString(run.resolve("run.json"), "{\"status\": \"failed\", \"scenarios\": ["
                + "{\"name\": \"direct-1k\", \"startEpochMs\": 1795660896000, \"endEpochMs\": 1795660899100,"
                + " \"warmupSeconds\": 0.5},"
                + "{\"name\": \"hop-1k\", \"startEpochMs\": 1795660899200, \"endEpochMs\": 1795660901000},"
                + "{\"name\": \"hop-100k\", \"startEpochMs\": 0, \"endEpochMs\": 0},"
                + "{\"name\": \"direct-100k\", \"status\": \"not run\"}]}");
        // a G1 log whose only pause is before the scenarios: their windows hold no pause
        Files.createDirectories(run.resolve("gc"));
        Files.writeString(run.resolve("gc/provider-gc.log"), String.join("\n",
                "[2026-11-26T02:41:30.000+0000][0.010s][info][gc] Using G1",
                "[2026-11-26T02:41:31.000+0000][1.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause)"
                        + " 9M->1M(32M) 1.500ms",
                "[2026-11-26T02:41:50.000+0000][20.000s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause)"
                        + " 9M->1M(32M) 2.500ms") + "\n");
        Report report = new ReportBuilder().build(List.of(run));
        assertThat(report.scenarios()).extracting(ScenarioResult::name)
                .containsExactly("direct-1k", "hop-1k", "hop-100k", "direct-100k");
        assertThat(report.scenarios()).extracting(s -> s.outcome().status()).containsExactly("ok", "failed",
                "failed", "failed");
        assertThat(report.scenarios().get(1).outcome().reason()).startsWith("no sample: JTL file ")
                .endsWith("is empty");
        assertThat(report.scenarios().get(2).outcome().reason())
                .isEqualTo("no sample: scenarios/hop-100k/results.jtl is missing");
        assertThat(report.scenarios().get(3).outcome().reason())
                .isEqualTo("no sample: the run ended before it (run.json: not run)");
        assertThat(HtmlReport.chartData(report).get("scenarios")).extracting(n -> n.get("name").asText())
                .containsExactly("direct-1k", "hop-1k (failed)");
        JsonNode gc = ReportJson.of(report).get("scenarios").get(0).get("gc").get(0);
        assertThat(gc.get("count").asInt()).isZero();
        for (String field : new String[] {"meanMs", "maxMs", "p99Ms"}) {
            assertThat(gc.get(field).isNull()).as(field + " without a pause").isTrue();
        }
        assertThat(gc.get("throughputPercent").asDouble()).isEqualTo(100.0);
        assertThat(MarkdownReport.render(report)).contains("| direct-1k | provider | 0 | 0.0 | - | - | - | 0 | 100.00 |");
    }

    @Test
    void htmlInLabelsAndMessagesIsTextInReportMd() throws IOException {
        // a label and a provider's answer that carry HTML (a 502's body): report.md shows them as text, never as
        // markup a Markdown viewer would render (an <img onerror=...> runs script in some)
        String label = "<img src=x onerror=alert(1)>";
        Path file = dir.resolve("labels.jtl");
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (int i = 0; i < 200; i++) {
            boolean failed = i % 10 == 3;
            lines.add(row(i * 10L, 300 + i, failed ? "502" : "200", failed ? "<html><body>Bad Gateway</body></html>"
                    : "OK", -1).replace(",direct,", i % 2 == 0 ? ",direct-1k," : "," + label + ","));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
        Report report = new ReportBuilder().build(List.of(file));
        assertThat(report.scenarios()).extracting(ScenarioResult::name).contains(label);
        String md = MarkdownReport.render(report);
        assertThat(md).contains("\\<img src=x onerror=alert(1)>", "\\<html>\\<body>Bad Gateway\\</body>\\</html>");
        // no tag left that is not escaped: every '<' before a letter or '/' has its backslash
        assertThat(md).doesNotContainPattern("(^|[^\\\\])<[A-Za-z/!?]");
        // the arrows and comparisons the tables use stay as they are
        assertThat(Table.markdownText("62 -> 63, a < b")).isEqualTo("62 -> 63, a < b");
        assertThat(Table.markdownText("<b>x</b>")).isEqualTo("\\<b>x\\</b>");
    }

    @Test
    void aPerfMonCsvAloneSaysAJtlIsNeeded() throws IOException {
        // the collector's CSV as kg.apc's PerfMonCollector writes it: JMeter's results shape, the metric in the label
        List<String> lines = new ArrayList<>();
        lines.add("timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,"
                + "bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect");
        for (int i = 0; i < 20; i++) {
            lines.add((1_795_660_896_000L + i * 1000L) + "," + (12_000 + i * 100) + ",localhost CPU,200,,,text,true,,"
                    + "0,0,0,0,null,0,0,0");
            lines.add((1_795_660_896_000L + i * 1000L) + ",52000,localhost Memory,200,,,text,true,,0,0,0,0,null,0,0,"
                    + "0");
        }
        Path perfmon = Files.write(dir.resolve("perfmon.csv"), lines, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new ReportBuilder().build(List.of(perfmon))).isInstanceOf(ReportException.class)
                .hasMessage("no scenario in [" + perfmon + "]: " + perfmon + " (PerfMon server metrics) is read beside "
                        + "the samples of a JTL, not instead of them: give the JTL too (stress report results.jtl "
                        + "perfmon.csv), or the run folder");
        // under a name that does not say so, it used to be a scenario called "localhost CPU"
        Path other = Files.write(dir.resolve("server.csv"), lines, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new ReportBuilder().build(List.of(other))).hasMessageStartingWith("no scenario in ["
                + other + "]: " + other + " (PerfMon server metrics) is read beside the samples of a JTL");
        // beside a JTL, it is the server's record
        Path jtl = jtl(dir.resolve("direct-1k.jtl"), "direct-1k", 200, "200");
        Report report = new ReportBuilder().build(List.of(jtl, other));
        assertThat(report.scenarios()).extracting(ScenarioResult::name).containsExactly("direct-1k");
        assertThat(report.warnings()).anySatisfy(w -> assertThat(w).startsWith(other + " is a PerfMon CSV (its labels "
                + "are PerfMon metrics: localhost CPU, localhost Memory): read as server metrics"));
        assertThat(report.perfMon().files()).containsExactly(other);
    }
}
