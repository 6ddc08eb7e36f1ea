package io.dubbostress.report;

import io.dubbostress.report.model.PacedFailures;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.HtmlReport;
import io.dubbostress.report.write.MarkdownReport;
import io.dubbostress.report.write.ReportJson;
import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the report says when there is nothing to measure, or only failures: the scenario is failed with the reason,
 * every figure over its steady state is null in report.json and "-" in the tables (never 0), its warm-up failures are
 * counted, and the failures our sampler pauses after are counted and said. The rows are written by hand, shaped as
 * {@code stress run}'s JTLs (JMeter 5.6.3's columns plus the sampler's variables).
 */
class NotMeasuredTest {

    static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,\"elapsed_us\","
            + "\"due_us\",\"lag_us\",\"response_us\"";
    static final long T0 = 1_795_660_896_000L;

    @TempDir
    Path dir;

    /** One row: start (ms after T0), elapsed µs, code, message, due (µs after T0·1000, or -1 for none). */
    static String row(long atMs, long elapsedUs, String code, String message, long dueUsAfter) {
        boolean ok = code.equals("200");
        String due = dueUsAfter < 0 ? "null" : String.valueOf(T0 * 1000 + dueUsAfter);
        String lag = dueUsAfter < 0 ? "null" : String.valueOf(Math.max(0, atMs * 1000 - dueUsAfter));
        String response = dueUsAfter < 0 ? "null" : String.valueOf(atMs * 1000 + elapsedUs - dueUsAfter);
        return (T0 + atMs) + "," + Math.round(elapsedUs / 1000.0) + ",direct," + code + "," + message
                + ",open 1-1,text," + ok + ",,1024,1024,1,1,null," + Math.round(elapsedUs / 1000.0) + ",0,0,"
                + elapsedUs + "," + due + "," + lag + "," + response;
    }

    private Path jtl(String name, List<String> rows) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        lines.addAll(rows);
        return Files.write(file, lines, StandardCharsets.UTF_8);
    }

    /** A run folder of one scenario with run.json's window and warm-up; returns the folder. */
    private Path runFolder(String scenario, List<String> rows, long startMs, long endMs, double warmupSeconds)
            throws IOException {
        Path run = dir.resolve("run-" + scenario);
        jtl("run-" + scenario + "/scenarios/" + scenario + "/results.jtl", rows);
        Files.writeString(run.resolve("run.json"), "{\"tool\": \"dubbo-stress\", \"status\": \"completed\","
                + " \"scenarios\": [{\"name\": \"" + scenario + "\", \"status\": \"completed\", \"startEpochMs\": "
                + (T0 + startMs) + ", \"endEpochMs\": " + (T0 + endMs) + ", \"warmupSeconds\": " + warmupSeconds
                + "}]}\n");
        return run;
    }

    @Test
    void oneCallInTheWarmupIsAFailedScenarioWithNoFigureNotZeros() throws IOException {
        // stress run --rate 0.001 against tri://127.0.0.1:1: the only call, a NETWORK failure, starts in the warm-up
        Path run = runFolder("direct-1k", List.of(row(400, 1_326, "NETWORK",
                "triple UNAVAILABLE: connection refused", 0)), 0, 5_000, 1.5);
        Report report = new ReportBuilder().build(List.of(run));
        ScenarioResult scenario = report.scenarios().get(0);
        assertThat(scenario.outcome().failed()).isTrue();
        assertThat(scenario.outcome().reason()).isEqualTo("no steady-state sample: its 1 sample(s) all started in the"
                + " warm-up (1.5 s, run.json), and 1 of them failed (NETWORK triple UNAVAILABLE: connection refused);"
                + " nothing was measured");

        JsonNode json = ReportJson.of(report).get("scenarios").get(0);
        assertThat(json.get("status").asText()).isEqualTo("failed");
        assertThat(json.get("failure").asText()).isEqualTo(scenario.outcome().reason());
        assertThat(json.get("samples").asLong()).isZero();
        assertThat(json.get("warmup").get("samples").asLong()).isEqualTo(1);
        assertThat(json.get("warmup").get("errors").asLong()).isEqualTo(1);
        for (String field : new String[] {"min", "mean", "p50", "p90", "p95", "p99", "p999", "max"}) {
            assertThat(json.get("latency").get(field).isNull()).as(field).isTrue();
        }
        assertThat(json.get("tps").isNull()).isTrue();
        assertThat(json.get("steadySeconds").isNull()).isTrue();
        assertThat(json.get("errors").get("percent").isNull()).as("never 'errors 0.00 %'").isTrue();
        assertThat(json.get("bytesPerSec").get("received").isNull()).isTrue();
        assertThat(json.has("targetRate")).as("no steady paced call: nothing to set a target against").isFalse();

        String markdown = MarkdownReport.render(report);
        assertThat(markdown).contains("| direct-1k | failed | 0 | - | - | ms | - | - | - | - | - | - | - |")
                .contains("- scenario direct-1k failed: no steady-state sample")
                .doesNotContain("| 0.00 |");
        assertThat(HtmlReport.chartData(report).get("scenarios").get(0).get("name").asText())
                .isEqualTo("direct-1k (failed)");
    }

    @Test
    void aScenarioWhoseEveryCallFailedIsFailedAndNotComparedWithItsTwin() throws IOException {
        List<String> direct = new ArrayList<>();
        List<String> hop = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            direct.add(row(i * 100L, 400 + i, "200", "OK", -1));
            hop.add(row(i * 100L, 150 + i, "NETWORK", "cannot connect to 127.0.0.1:1", -1));
        }
        Path d = jtl("direct-1k.jtl", direct);
        Path h = jtl("hop-1k.jtl", hop);
        Report report = new ReportBuilder().warmupMs(1_000L).build(List.of(d, h));
        ScenarioResult failed = report.scenarios().get(1);
        assertThat(failed.name()).isEqualTo("hop-1k");
        assertThat(failed.outcome().reason()).isEqualTo("every steady-state sample failed (30 of 30: NETWORK cannot"
                + " connect to 127.0.0.1:1)");
        assertThat(report.scenarios().get(0).outcome().failed()).isFalse();
        assertThat(report.hopOverhead()).isEmpty();
        assertThat(report.warnings()).contains("hop overhead hop-1k vs direct-1k not computed: hop-1k failed");
        // NETWORK repeats without a call: the sampler paused after each, and the report says how many
        assertThat(failed.stats().pacedFailures().count()).isEqualTo(40);
        assertThat(report.warnings()).anySatisfy(w -> assertThat(w).startsWith("hop-1k: 40 failed sample(s) never"
                + " reached a provider (NETWORK 40): the Dubbo Sampler pauses the thread after each"));
        JsonNode errors = ReportJson.of(report).get("scenarios").get(1).get("errors");
        assertThat(errors.get("pausedAfter").get("count").asLong()).isEqualTo(40);
        assertThat(errors.get("pausedAfter").get("byCode").get("NETWORK").asLong()).isEqualTo(40);
    }

    @Test
    void warmupFailuresOfAMeasuredScenarioAreCountedAndSaid() throws IOException {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            boolean early = i < 10;
            rows.add(row(i * 100L, 500, early && i % 2 == 0 ? "TIMEOUT" : "200", early && i % 2 == 0
                    ? "no answer within 1000 ms" : "OK", -1));
        }
        Report report = new ReportBuilder().warmupMs(1_000L).build(List.of(jtl("direct-1k.jtl", rows)));
        ScenarioStats stats = report.scenarios().get(0).stats();
        assertThat(report.scenarios().get(0).outcome().failed()).isFalse();
        assertThat(stats.errors()).isZero();
        assertThat(stats.warmupErrors()).isEqualTo(5);
        assertThat(report.warnings()).contains("direct-1k: 5 of the 10 warm-up samples failed (TIMEOUT no answer"
                + " within 1000 ms); the warm-up (1.0 s, --warmup) is left out of every figure, so they are not in"
                + " the errors above");
        assertThat(ReportJson.of(report).get("scenarios").get(0).get("warmup").get("errors").asLong()).isEqualTo(5);
        // 40 steady samples: the p99.9 and p99 are their maximum, said
        assertThat(report.warnings()).contains("direct-1k: 40 steady samples: its p99 and p99.9 are their maximum (a"
                + " percentile p needs at least 100 / (100 - p) samples: p99 100, p99.9 1,000)");
    }

    @Test
    void configFailuresAtFullSpeedAreCountedByCodeAndTheirRequestSideSerializationToo() throws IOException {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            rows.add(row(i * 10L, 3, "CONFIG", "DubboSampler.arguments: not a JSON array", -1));
        }
        rows.add(row(400, 90, "SERIALIZATION", "cannot encode the request here: java.io.NotSerializableException", -1));
        rows.add(row(410, 900, "SERIALIZATION", "cannot decode the provider's answer here: x", -1));
        rows.add(row(420, 900, "PROVIDER_ERROR", "the provider has no method nosuch", -1));
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(jtl("direct-1k.jtl", rows)));
        PacedFailures paced = report.scenarios().get(0).stats().pacedFailures();
        assertThat(paced.byCode()).containsOnly(java.util.Map.entry("CONFIG", 30L),
                java.util.Map.entry("SERIALIZATION", 1L));
        assertThat(paced.count()).isEqualTo(31);
    }

    @Test
    void mixedPacedAndUnpacedRowsAreSaidAndAchievedIsOverThePacedOnes() throws IOException {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) { // 20 calls/s paced for 10 s ...
            rows.add(row(i * 50L, 400, "200", "OK", i * 50_000L));
        }
        for (int i = 0; i < 500; i++) { // ... and a closed-model group beside it, 50 calls/s
            rows.add(row(i * 20L + 5, 300, "200", "OK", -1));
        }
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(jtl("direct-1k.jtl", rows)));
        ScenarioStats stats = report.scenarios().get(0).stats();
        assertThat(stats.samples()).isEqualTo(700);
        assertThat(stats.unpacedSamples()).isEqualTo(500);
        assertThat(stats.fromDue().targetRate()).isCloseTo(20, org.assertj.core.api.Assertions.within(0.01));
        // achieved over the same 200 calls as the target, not the scenario's 70/s
        assertThat(stats.pacedTps()).isCloseTo(200 / stats.steadySeconds(), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(stats.pacedTps()).isBetween(19.0, 21.0);
        assertThat(stats.tps()).isGreaterThan(60);
        JsonNode rate = ReportJson.of(report).get("scenarios").get(0).get("targetRate");
        assertThat(rate.get("unpacedSamples").asLong()).isEqualTo(500);
        assertThat(rate.get("achievedPerSec").asDouble()).isBetween(19.0, 21.0);
        assertThat(report.warnings()).anySatisfy(w -> assertThat(w).startsWith("direct-1k: mixed paced and unpaced"
                + " rows: 500 of its 700 steady samples carry no due time"));
    }
}
