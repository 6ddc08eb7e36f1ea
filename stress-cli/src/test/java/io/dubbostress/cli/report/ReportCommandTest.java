package io.dubbostress.cli.report;

import io.dubbostress.report.TestResources;

import io.dubbostress.report.write.ReportJson;
import io.dubbostress.report.SyntheticJtl;
import io.dubbostress.report.SyntheticPerfMon;

import io.dubbostress.cli.StressCommand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code stress report} end to end on a run folder: JTLs with microseconds, PerfMon CSVs, and the JDK 8 format GC
 * logs of the test resources (whose pauses fall in the scenarios' windows).
 */
class ReportCommandTest {

    /** When the resource GC logs' JVMs started: the scenarios run in the seconds after. */
    private static final long BASE = Instant.parse("2026-11-22T00:09:45Z").toEpochMilli();
    private static final String[] SCENARIOS = {"direct-1k", "hop-1k", "direct-100k", "hop-100k"};
    private static final double[] MEDIANS_US = {420, 900, 8_000, 11_000};

    @TempDir
    Path dir;

    private static final class Result {
        int exit;
        String out;
        String err;
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = StressCommand.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        Result result = new Result();
        result.exit = cli.execute(args);
        result.out = out.toString();
        result.err = err.toString();
        return result;
    }

    /** The resource copied into the test's folder (resources may sit in a jar). */
    private Path resource(String name) {
        return TestResources.copy(name, dir.resolve("resources").resolve(name));
    }

    /** A run folder as stress run writes it; returns the synthetic JTLs by scenario. */
    private Map<String, SyntheticJtl> runFolder(Path run) throws Exception {
        Map<String, SyntheticJtl> jtls = new LinkedHashMap<>();
        StringBuilder scenarios = new StringBuilder();
        for (int i = 0; i < SCENARIOS.length; i++) {
            long start = BASE + i * 1000L;
            Path folder = run.resolve("scenarios").resolve(SCENARIOS[i]);
            jtls.put(SCENARIOS[i], SyntheticJtl.write(folder.resolve("results.jtl"), "Dubbo " + SCENARIOS[i], true,
                    start, 990, 5_000, MEDIANS_US[i], i == 1 ? 25 : 0, 10 + i));
            SyntheticPerfMon.write(folder.resolve("perfmon.csv"), start, start + 900, 100, 20 + 10 * i);
            scenarios.append(String.format("{\"name\": \"%s\", \"startEpochMs\": %d, \"endEpochMs\": %d,"
                    + " \"warmupSeconds\": 0.1, \"status\": \"done\"},", SCENARIOS[i], start, start + 1000));
        }
        // a scenario that never ran: listed, no results
        scenarios.append("{\"name\": \"hop-http-1k\", \"startEpochMs\": 0, \"endEpochMs\": 0, \"warmupSeconds\": 0.1,"
                + " \"status\": \"failed\"}");
        Files.write(run.resolve("run.json"), ("{\"tool\": \"dubbo-stress\", \"startedAt\": \"2026-11-22T00:09:44Z\","
                + " \"settings\": {\"threads\": \"20\"}, \"scenarios\": [" + scenarios + "]}")
                .getBytes(StandardCharsets.UTF_8));
        Files.createDirectories(run.resolve("gc"));
        TestResources.copy("gc/jdk8/parallel-gc.log", run.resolve("gc/provider-gc.log"));
        TestResources.copy("gc/jdk8/g1-gc.log", run.resolve("gc/consumer-gc.log"));
        return jtls;
    }

    @Test
    void aRunFolderGivesTheSideBySideTablesJsonAndHtml() throws Exception {
        Path run = dir.resolve("run");
        Map<String, SyntheticJtl> jtls = runFolder(run);

        Result result = run("report", run.toString());

        // the scenario that never ran is a failed one: in the table, the warnings and the exit code
        assertThat(result.exit).as(result.err).isEqualTo(1);
        assertThat(result.err).contains("stress report: wrote " + run.resolve("report.md"),
                "stress report: failed: hop-http-1k: no sample: scenarios/hop-http-1k/results.jtl is missing");
        String markdown = Files.readString(run.resolve("report.md"));
        assertThat(result.out).isEqualTo(markdown);
        assertThat(markdown).contains("## Scenarios (steady state)", "## Hop overhead", "## GC logs (whole run)",
                "## Server (PerfMon, steady state)", "## GC during each scenario (steady state)",
                "scenario hop-http-1k failed: no sample: scenarios/hop-http-1k/results.jtl is missing",
                "| hop-http-1k | failed | 0 | - | - |");
        for (String name : SCENARIOS) {
            assertThat(markdown).containsPattern("\\n\\| " + name + " \\| ok \\| [\\d,]+ \\| ");
        }

        JsonNode report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
        assertThat(report.get("schema").asText()).isEqualTo(ReportJson.SCHEMA);
        assertThat(report.get("run").get("settings").get("threads").asText()).isEqualTo("20");
        JsonNode scenarios = report.get("scenarios");
        assertThat(scenarios).hasSize(5);
        JsonNode neverRan = scenarios.get(4);
        assertThat(neverRan.get("status").asText()).isEqualTo("failed");
        assertThat(neverRan.get("latency").get("p50").isNull()).isTrue();
        assertThat(neverRan.get("tps").isNull()).isTrue();
        assertThat(neverRan.get("errors").get("percent").isNull()).isTrue();
        List<GcPause> provider = GcPause.of(run.resolve("gc/provider-gc.log"));
        List<GcPause> consumer = GcPause.of(run.resolve("gc/consumer-gc.log"));
        for (int i = 0; i < SCENARIOS.length; i++) {
            JsonNode s = scenarios.get(i);
            SyntheticJtl jtl = jtls.get(SCENARIOS[i]);
            long steadyStart = BASE + i * 1000L + 100;
            long end = BASE + i * 1000L + 1000;
            assertThat(s.get("name").asText()).isEqualTo(SCENARIOS[i]);
            assertThat(s.get("steadyStartEpochMs").asLong()).isEqualTo(steadyStart);
            assertThat(s.get("warmup").get("rule").asText()).isEqualTo("run.json");
            assertThat(s.get("samples").asLong()).isEqualTo(jtl.values(steadyStart, true).length);
            JsonNode latency = s.get("latency");
            assertThat(latency.get("unit").asText()).isEqualTo("us");
            long p99 = jtl.percentile(99, steadyStart, true);
            assertThat(latency.get("p99").asLong()).isBetween(p99, p99 + p99 / 1024);
            JsonNode cpu = s.get("server").get(0).get("cpuPercent");
            // the synthetic CPU points inside the steady window, averaged
            double expectedCpu = 0;
            int n = 0;
            for (int k = 0; BASE + i * 1000L + k * 100L <= BASE + i * 1000L + 900; k++) {
                long t = BASE + i * 1000L + k * 100L;
                if (t >= steadyStart && t < end) {
                    expectedCpu += 20 + 10 * i + (k % 7) * 3.5;
                    n++;
                }
            }
            assertThat(cpu.get("avg").asDouble()).isCloseTo(expectedCpu / n, within(0.001));
            assertThat(cpu.get("points").asInt()).isEqualTo(n);
            assertThat(s.get("server").get(0).get("networkSentBytesPerSec").get("avg").asDouble())
                    .as("100 ms collection interval: bytes per interval x 10").isGreaterThan(1_600_000);
            Map<String, JsonNode> gc = new LinkedHashMap<>();
            s.get("gc").forEach(g -> gc.put(g.get("service").asText(), g));
            assertThat(gc.get("provider").get("count").asLong()).isEqualTo(GcPause.count(provider, steadyStart, end));
            assertThat(gc.get("consumer").get("count").asLong()).isEqualTo(GcPause.count(consumer, steadyStart, end));
            assertThat(gc.get("provider").get("totalMs").asDouble())
                    .isCloseTo(GcPause.total(provider, steadyStart, end), within(0.01));
        }
        assertThat(scenarios.get(1).get("errors").get("count").asLong()).isPositive();
        assertThat(scenarios.get(1).get("errors").get("top").get(0).get("message").asText())
                .isEqualTo("502 TIMEOUT: waited 5000 ms, provider busy");

        JsonNode hops = report.get("hopOverhead");
        assertThat(hops).hasSize(2);
        assertThat(hops.get(0).get("payload").asText()).isEqualTo("1k");
        assertThat(hops.get(0).get("hop").asText()).isEqualTo("hop-1k");
        assertThat(hops.get(0).get("direct").asText()).isEqualTo("direct-1k");
        for (JsonNode hop : hops) {
            JsonNode h = scenarios.get(hop.get("hop").asText().equals("hop-1k") ? 1 : 3).get("latency");
            JsonNode d = scenarios.get(hop.get("hop").asText().equals("hop-1k") ? 0 : 2).get("latency");
            for (String figure : new String[] {"p50", "p90", "p99", "p999", "max"}) {
                assertThat(hop.get("delta").get(figure).asDouble())
                        .isEqualTo(h.get(figure).asDouble() - d.get(figure).asDouble());
                assertThat(hop.get("ratio").get(figure).asDouble())
                        .isCloseTo(h.get(figure).asDouble() / d.get(figure).asDouble(), within(1e-4));
            }
            assertThat(hop.get("delta").get("p50").asDouble()).isPositive();
        }
        JsonNode gcLogs = report.get("gc");
        assertThat(gcLogs).hasSize(2);
        assertThat(gcLogs.get(0).get("file").asText()).isEqualTo("gc/consumer-gc.log");
        assertThat(gcLogs.get(0).get("pauses").get("count").asInt()).isEqualTo(consumer.size());
        assertThat(gcLogs.get(0).get("gceasy").isNull()).isTrue();
        assertThat(run.resolve("gc/provider-gc.analysis.json")).as("analysed when only the log was there").exists();

        String html = Files.readString(run.resolve("report.html"));
        assertThat(html).contains("<script type=\"application/json\" id=\"report-data\">", "id=\"chart-gc\"")
                .doesNotContainPattern("(src|href)\\s*=\\s*\"?(https?:)?//")
                .doesNotContain("fetch(", "XMLHttpRequest", "@import");
    }

    @Test
    void looseFilesRealJMeterJtlWithTwoLabelsPerfMonAndGcLogs() throws Exception {
        Path jtl = resource("report/jmeter-5.6.3/results.jtl");
        Path perfmon = resource("report/perfmon/perfmon.csv");
        Path parallel = TestResources.copy("gc/jdk8/parallel-gc.log", dir.resolve("provider-gc.log"));
        Path out = dir.resolve("out");

        Result result = run("report", jtl.toString(), perfmon.toString(), parallel.toString(), "--warmup", "0",
                "--out", out.toString(), "--quiet");

        // every hop-1k sample of the capture failed: a failed scenario (exit 1), not compared with direct-1k
        assertThat(result.exit).as(result.err).isEqualTo(1);
        assertThat(result.err).contains("stress report: failed: hop-1k: every steady-state sample failed");
        assertThat(result.out).isEmpty();
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        JsonNode scenarios = report.get("scenarios");
        assertThat(scenarios).extracting(s -> s.get("name").asText()).containsExactly("direct-1k", "hop-1k");
        assertThat(scenarios).extracting(s -> s.get("status").asText()).containsExactly("ok", "failed");
        List<String> lines = Files.readAllLines(jtl);
        long hopRows = lines.stream().filter(l -> l.contains(",hop-1k,")).count();
        long hopErrors = lines.stream().filter(l -> l.contains(",hop-1k,") && l.contains(",false,")).count();
        assertThat(scenarios.get(1).get("samples").asLong()).isEqualTo(hopRows);
        assertThat(scenarios.get(1).get("errors").get("count").asLong()).isEqualTo(hopErrors);
        assertThat(scenarios.get(1).get("errors").get("top").get(0).get("message").asText())
                .isEqualTo("502 TIMEOUT: waited 5000 ms, \"provider\" busy");
        assertThat(scenarios.get(0).get("latency").get("unit").asText()).isEqualTo("ms");
        assertThat(scenarios.get(0).get("latency").get("resolution").asText()).isEqualTo("ms");
        assertThat(scenarios.get(0).get("server").get(0).get("cpuPercent").get("avg").asDouble()).isPositive();
        assertThat(scenarios.get(0).get("gc").get(0).get("service").asText()).isEqualTo("provider");
        assertThat(report.get("hopOverhead")).isEmpty();
        assertThat(report.get("warnings").toString())
                .contains("hop overhead hop-1k vs direct-1k not computed: hop-1k failed");
    }

    @Test
    void scenariosOutsideTheNamingRuleAreRenamedOrPairedExplicitly() throws Exception {
        Path a = dir.resolve("a/results.jtl");
        Path b = dir.resolve("b/results.jtl");
        SyntheticJtl.write(a, "Dubbo call", true, BASE, 2000, 2000, 400, 0, 1);
        SyntheticJtl.write(b, "HTTP call", true, BASE, 2000, 2000, 900, 0, 2);

        Result renamed = run("report", a.toString(), b.toString(), "--name", "Dubbo call=direct-1k", "--name",
                "HTTP call=hop-http-1k", "--out", dir.resolve("renamed").toString(), "--quiet");
        assertThat(renamed.exit).as(renamed.err).isZero();
        JsonNode hops = new ObjectMapper().readTree(dir.resolve("renamed/report.json").toFile()).get("hopOverhead");
        assertThat(hops).hasSize(1);
        assertThat(hops.get(0).get("hop").asText()).isEqualTo("hop-http-1k");
        assertThat(hops.get(0).get("direct").asText()).isEqualTo("direct-1k");
        assertThat(hops.get(0).get("payload").asText()).isEqualTo("1k");

        Result paired = run("report", a.toString(), b.toString(), "--pair", "HTTP call=Dubbo call", "--out",
                dir.resolve("paired").toString(), "--quiet");
        assertThat(paired.exit).as(paired.err).isZero();
        hops = new ObjectMapper().readTree(dir.resolve("paired/report.json").toFile()).get("hopOverhead");
        assertThat(hops).hasSize(1);
        assertThat(hops.get(0).get("hop").asText()).isEqualTo("HTTP call");
        assertThat(hops.get(0).get("delta").get("p50").asDouble()).isPositive();

        Result unpaired = run("report", a.toString(), b.toString(), "--out", dir.resolve("plain").toString(),
                "--quiet");
        assertThat(unpaired.exit).isZero();
        assertThat(new ObjectMapper().readTree(dir.resolve("plain/report.json").toFile()).get("hopOverhead")).isEmpty();
    }

    @Test
    void badInputIsOneLineNamingTheFieldAndTheValue() throws Exception {
        Path empty = Files.write(dir.resolve("direct-1k.jtl"), new byte[0]);
        Result r = run("report", empty.toString());
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.err.trim()).isEqualTo("stress report: JTL file " + empty + " is empty");

        Path missing = dir.resolve("nope.jtl");
        r = run("report", missing.toString());
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.err.trim()).isEqualTo("stress report: " + missing + " does not exist");

        Path jtl = dir.resolve("x/hop-1k.jtl");
        SyntheticJtl.write(jtl, "x", true, BASE, 1000, 100, 500, 0, 1);
        r = run("report", jtl.toString(), "--warmup", "soon");
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.err.lines().findFirst()).hasValue("stress report: Invalid value for option '--warmup': 'soon' is"
                + " not a duration (use e.g. 30s, 1.5s, 500ms, 10m, 1h, 1m30s, or plain seconds)");

        r = run("report", jtl.toString(), "--pair", "hop-1k=direct-1k");
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.err.trim()).startsWith("stress report: --pair hop-1k=direct-1k: there is no scenario direct-1k");

        Path run = dir.resolve("badrun");
        Files.createDirectories(run);
        Files.write(run.resolve("run.json"),
                "{\"scenarios\": [{\"name\": \"direct-1k\", \"startEpochMs\": \"yesterday\"}]}".getBytes());
        r = run("report", run.toString());
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.err.trim()).isEqualTo("stress report: " + run.resolve("run.json")
                + ": scenarios[0].startEpochMs 'yesterday' is not epoch milliseconds");
        assertThat(r.err).doesNotContain("Exception", "\tat ");
    }

    @Test
    void malformedRowsAreReportedAndTheRestCounted() throws Exception {
        Path jtl = dir.resolve("direct-1k.jtl");
        SyntheticJtl written = SyntheticJtl.write(jtl, "x", true, BASE, 1000, 1000, 500, 0, 1);
        Files.write(jtl, "1795306185000,oops,x,200,OK,t,text,true,,1,1,1,1,null,0,0,0,1\n".getBytes(),
                java.nio.file.StandardOpenOption.APPEND);
        Result r = run("report", jtl.toString(), "--warmup", "0", "--out", dir.toString());
        assertThat(r.exit).isZero();
        assertThat(r.out).contains("direct-1k: 1 malformed rows skipped (data row 1001: elapsed 'oops' is not a "
                + "duration)");
        JsonNode report = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
        assertThat(report.get("scenarios").get(0).get("samples").asLong()).isEqualTo(written.samples.size());
        assertThat(report.get("scenarios").get(0).get("malformedRows").asLong()).isEqualTo(1);
    }

    /** A GC log's pauses by its own lines (the same ground truth as the gc package's tests). */
    static final class GcPause {
        private static final Pattern LINE = Pattern.compile(
                "^(\\S+): [\\d.]+: \\[(GC \\(|GC pause|GC remark|GC cleanup|Full GC).*?([\\d.]+) secs\\](?!.*secs\\]).*$");
        final long epochMs;
        final double ms;

        GcPause(long epochMs, double ms) {
            this.epochMs = epochMs;
            this.ms = ms;
        }

        static List<GcPause> of(Path log) throws Exception {
            List<GcPause> pauses = new java.util.ArrayList<>();
            for (String line : Files.readAllLines(log)) {
                Matcher m = LINE.matcher(line.replaceAll(" \\[Times:.*$", ""));
                if (m.matches()) {
                    long epoch = java.time.OffsetDateTime.parse(m.group(1),
                            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ"))
                            .toInstant().toEpochMilli();
                    pauses.add(new GcPause(epoch, Double.parseDouble(m.group(3)) * 1000));
                }
            }
            return pauses;
        }

        static long count(List<GcPause> pauses, long from, long to) {
            return pauses.stream().filter(p -> p.epochMs >= from && p.epochMs < to).count();
        }

        static double total(List<GcPause> pauses, long from, long to) {
            return pauses.stream().filter(p -> p.epochMs >= from && p.epochMs < to).mapToDouble(p -> p.ms).sum();
        }
    }
}
