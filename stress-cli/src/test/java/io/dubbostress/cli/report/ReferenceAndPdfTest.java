package io.dubbostress.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.testkit.Cli;
import io.dubbostress.report.SyntheticJtl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress report --reference}: the built-in seed 003 beside our figures, payload by payload, with its origin; a
 * user's own file in the same shape; a bad file as one line naming the field and the value, nothing written. And
 * {@code --pdf} without Chromium: one line, the other files written, exit code 1 (Chromium itself: HtmlReportIT).
 */
class ReferenceAndPdfTest {

    private static final long T0 = 1_795_500_000_000L;

    @TempDir
    Path dir;

    private Path direct;
    private Path hop;

    @BeforeEach
    void jtls() {
        direct = dir.resolve("direct-1k.jtl");
        hop = dir.resolve("hop-1k.jtl");
        SyntheticJtl.write(direct, "direct-1k", true, T0, 10_000, 5_000, 400, 0, 1);
        SyntheticJtl.write(hop, "hop-1k", true, T0 + 11_000, 10_000, 2_500, 950, 0, 2);
    }

    @Test
    void seed003StandsBesideOurFiguresWithItsOrigin() throws IOException {
        Path out = dir.resolve("seed");
        Cli r = Cli.run("report", direct.toString(), hop.toString(), "--out", out.toString(), "--reference",
                "seed-003");
        assertThat(r.exit).as(r.err).isZero();
        String md = Files.readString(out.resolve("report.md"));
        JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertThat(md).contains("## In the reference report's shape, beside seed 003",
                "| figure | direct-1k | hop-1k | 1k seed 003 | 100k seed 003 |",
                "| TPS | " + tps(json, 0) + " | " + tps(json, 1) + " | 2,164 | 132 |", " | 10 | 213 |",
                " | 18 | 288 |", String.format("| samples | %,d | %,d | not given | not given |",
                        json.at("/scenarios/0/samples").asLong(), json.at("/scenarios/1/samples").asLong()),
                "seed 003: the reference report this harness reproduces; its published figures",
                "Dubbo 2.7 + hessian2, 20 threads, 10 minutes per payload, a 2-core VM");
        // our p99 beside theirs: the report's own figure, in ms
        assertThat(md).contains(String.format(java.util.Locale.ROOT, "| p99 ms | %s | ",
                io.dubbostress.report.write.ReportText.number(io.dubbostress.report.model.Answer.ms(
                        json.at("/scenarios/0/latency/p99").asDouble() / 1000))));
        // the answer opens report.md, and report.json has it
        assertThat(md.indexOf("## The answer")).isLessThan(md.indexOf("## Scenarios"));
        assertThat(json.at("/answer/payloads/0/hop").asText()).isEqualTo("hop-1k");
    }

    @Test
    void aUsersOwnFileInTheSameShape() throws IOException {
        Path file = dir.resolve("last-year.json");
        Files.writeString(file, "{\"name\": \"last year\", \"origin\": \"our wiki, 2025-03\", \"payloads\": "
                + "{\"1k\": {\"tps\": 1234.5, \"p99Ms\": null, \"cpuPercent\": 97}}}");
        Path out = dir.resolve("own");
        Cli r = Cli.run("report", direct.toString(), hop.toString(), "--out", out.toString(), "--reference",
                file.toString());
        assertThat(r.exit).as(r.err).isZero();
        JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertThat(Files.readString(out.resolve("report.md"))).contains("| figure | direct-1k | hop-1k | 1k last year |",
                "| TPS | " + tps(json, 0) + " | " + tps(json, 1) + " | 1,234.5 |", "| p95 ms | ", " | not given |",
                "| server CPU % (avg) | - | - | 97 |", "last year: our wiki, 2025-03.");
    }

    private static String tps(JsonNode json, int scenario) {
        return String.format(java.util.Locale.ROOT, "%.1f", json.at("/scenarios/" + scenario + "/tps").asDouble());
    }

    @Test
    void aBadReferenceFileIsOneLineNamingTheFieldAndNothingIsWritten() throws IOException {
        Map<String, String> bad = Map.of(
                "{\"name\": \"x\", \"origin\": \"y\", \"payloads\": {\"1k\": {\"tps\": \"fast\"}}}",
                "--reference %s: payloads.1k.tps \"fast\" is not a number of zero or more",
                "{\"name\": \"x\", \"origin\": \"y\", \"payloads\": {\"1k\": {\"p99\": 18}}}",
                "--reference %s: payloads.1k.p99 is not a figure (figures: samples, tps, meanMs",
                "{\"name\": \"x\", \"payloads\": {\"1k\": {}}}", "--reference %s: origin is missing",
                "{\"name\": \"x\", \"origin\": \"y\", \"payloads\": {\"one kilo\": {}}}",
                "--reference %s: payloads.one kilo: 'one kilo' is not a payload name",
                "{\"name\": \"x\", \"origin\": \"y\"", "--reference %s is not valid JSON");
        int i = 0;
        for (Map.Entry<String, String> c : bad.entrySet()) {
            Path file = dir.resolve("bad-" + i++ + ".json");
            Files.writeString(file, c.getKey());
            Path out = dir.resolve("bad-out-" + i);
            Cli r = Cli.run("report", direct.toString(), hop.toString(), "--out", out.toString(), "--reference",
                    file.toString());
            assertThat(r.exit).as(r.err).isEqualTo(2);
            assertThat(r.err.trim()).as(c.getKey()).doesNotContain("\n", "at io.")
                    .contains(String.format(c.getValue(), file));
            assertThat(out.resolve("report.md")).doesNotExist();
        }
        Cli missing = Cli.run("report", direct.toString(), "--out", dir.resolve("x").toString(), "--reference",
                "seed-004");
        assertThat(missing.exit).isEqualTo(2);
        assertThat(missing.err.trim()).contains("--reference seed-004: no such file (and not a built-in reference:"
                + " seed-003)");
    }

    @Test
    void pdfWithoutChromiumIsOneLineAndTheOtherFilesAreWritten() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("no-chromium-here"));
        PdfPrinter printer = PdfPrinter.fromEnvironment(Map.of("PATH", empty.toString()));
        Path html = dir.resolve("page.html");
        Files.writeString(html, "<html><body>x</body></html>");
        String problem = printer.print(html, dir.resolve("page.pdf"));
        assertThat(problem).startsWith("no Chromium found (looked for chromium, chromium-browser, google-chrome")
                .contains("STRESS_CHROMIUM").doesNotContain("\n");
        assertThat(dir.resolve("page.pdf")).doesNotExist();
        assertThat(PdfPrinter.fromEnvironment(Map.of("STRESS_CHROMIUM", empty.resolve("chrome").toString()))
                .print(html, dir.resolve("page.pdf"))).isEqualTo("STRESS_CHROMIUM=" + empty.resolve("chrome")
                + " is not an executable file");
    }
}
