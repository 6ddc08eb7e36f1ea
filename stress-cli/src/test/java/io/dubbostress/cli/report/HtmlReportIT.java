package io.dubbostress.cli.report;

import io.dubbostress.report.SyntheticJtl;
import io.dubbostress.report.SyntheticPerfMon;

import io.dubbostress.cli.StressCommand;
import io.dubbostress.gc.RealGcLog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * report.html in a real browser: headless Chromium opens it offline (no host name resolves), the page's own chart
 * code draws every chart without a console message, and a screenshot is taken (copied to docs/images with
 * {@code -Dstress.docs.images=true}). The run folder has a GC log from a real JVM, and JTLs and PerfMon CSVs shaped like
 * a loopback run's, timed to fall in the GC log's window.
 */
class HtmlReportIT {

    private static final String[] SCENARIOS = {"direct-1k", "hop-1k", "direct-100k", "hop-100k"};
    private static final double[] MEDIANS_US = {420, 950, 8_000, 10_500};
    private static final String[] CHARTS = {"chart-percentiles", "chart-latency-time", "chart-tps-time",
                                            "chart-cpu-memory", "chart-network", "chart-disk", "chart-gc"};

    @TempDir
    Path dir;

    @Test
    void reportHtmlDrawsEveryChartInHeadlessChromiumWithoutConsoleMessages() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.find(dir);
        Path run = dir.resolve("run");
        long before = System.currentTimeMillis();
        RealGcLog.write(run.resolve("gc"), "provider-gc.log", "-XX:+UseG1GC", 8_000, 40, 24);
        long after = System.currentTimeMillis();

        long span = (after - before - 1_000) / SCENARIOS.length;
        StringBuilder scenarios = new StringBuilder();
        for (int i = 0; i < SCENARIOS.length; i++) {
            long start = before + 500 + i * span;
            Path folder = run.resolve("scenarios").resolve(SCENARIOS[i]);
            SyntheticJtl.write(folder.resolve("results.jtl"), SCENARIOS[i], true, start, span - 50,
                    (int) (span * (i < 2 ? 3 : 1)), MEDIANS_US[i], i % 2 == 1 ? 400 : 0, 20 + i);
            // readings for the first half of each scenario only (a gap the lines must not bridge), and a single one
            // in the third (a lone reading must still show)
            long readingsEnd = i == 2 ? start + span / 4 : start + span / 2;
            SyntheticPerfMon.write(folder.resolve("perfmon.csv"), i == 2 ? readingsEnd : start, readingsEnd, 100,
                    25 + 12 * i);
            scenarios.append(i == 0 ? "" : ",").append(String.format("{\"name\": \"%s\", \"startEpochMs\": %d, "
                    + "\"endEpochMs\": %d, \"warmupSeconds\": 0.2}", SCENARIOS[i], start, start + span - 50));
        }
        Files.write(run.resolve("run.json"), ("{\"scenarios\": [" + scenarios + "]}").getBytes(StandardCharsets.UTF_8));

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = StressCommand.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute("report", run.toString(), "--quiet", "--reference", "seed-003", "--pdf"))
                .as(err.toString()).isZero();
        Path html = run.resolve("report.html");
        // --pdf: printed by the same Chromium through the page's print stylesheet
        assertThat(err.toString()).contains("stress report: wrote " + run.resolve("report.pdf"));
        byte[] pdf = Files.readAllBytes(run.resolve("report.pdf"));
        assertThat(new String(pdf, 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
        assertThat(pdf.length).isGreaterThan(20_000);

        HeadlessChromium.Run dom = chromium.run(html, Duration.ofSeconds(120), "--dump-dom");
        assertThat(dom.consoleLines()).as("console messages").isEmpty();
        String page = dom.stdout;
        assertThat(attribute(page, "data-charts-drawn")).isEqualTo(String.valueOf(CHARTS.length));
        assertThat(attribute(page, "data-charts-empty")).isEmpty();
        String htmlTag = page.substring(page.indexOf("<html"), page.indexOf('>', page.indexOf("<html")));
        assertThat(htmlTag).doesNotContain("data-js-errors", "data-chart-error");
        for (String chart : CHARTS) {
            String svg = section(page, chart);
            assertThat(svg).as(chart).contains("<svg");
            assertThat(svg.contains("<path") || svg.contains("<circle")).as(chart + " has data drawn").isTrue();
        }
        assertThat(section(page, "chart-gc")).contains("class=\"point\"");
        // issue 15 item 6: no line across the gaps between scenarios, a lone value drawn, a tooltip on every value
        String cpu = section(page, "chart-cpu-memory");
        Matcher line = Pattern.compile("<path d=\"([^\"]*)\"[^>]*class=\"line\"").matcher(cpu);
        assertThat(line.find()).as("the CPU line").isTrue();
        assertThat(line.group(1).chars().filter(c -> c == 'M').count()).as("CPU line segments: " + line.group(1))
                .isGreaterThanOrEqualTo(3);
        assertThat(cpu).contains("class=\"point alone\"", "class=\"hover\"", "<title>127.0.0.1 CPU");
        assertThat(section(page, "chart-latency-time")).containsPattern("<title>direct-1k p99 \\d\\d:\\d\\d:\\d\\d: \\d+ µs</title>");
        assertThat(page).contains("7 charts drawn");
        // the answer first, then the seed's table with the reference beside ours
        assertThat(page.indexOf("id=\"answer\"")).isPositive().isLessThan(page.indexOf("Scenarios (steady state)"));
        assertThat(page).contains("1k seed 003", "not given", "the reference report this harness reproduces");

        // issue 38: at 1,400 px every table fits the window (the page measures its tables and records the wider)
        HeadlessChromium.Run fit = chromium.run(html, Duration.ofSeconds(120), "--window-size=1400,900",
                "--hide-scrollbars", "--dump-dom");
        assertThat(attribute(fit.stdout, "data-viewport")).isEqualTo("1400");
        assertThat(Integer.parseInt(attribute(fit.stdout, "data-tables"))).isGreaterThanOrEqualTo(10);
        assertThat(attribute(fit.stdout, "data-tables-wider")).as("tables wider than 1,400 px").isEmpty();
        Path firstScreen = dir.resolve("report-answer.png");
        assertThat(chromium.run(html, Duration.ofSeconds(120), "--window-size=1400,1000", "--hide-scrollbars",
                "--screenshot=" + firstScreen).consoleLines()).isEmpty();

        Path screenshot = dir.resolve("report-overview.png");
        HeadlessChromium.Run shot = chromium.run(html, Duration.ofSeconds(120), "--window-size=1400,2200",
                "--hide-scrollbars", "--screenshot=" + screenshot);
        assertThat(shot.consoleLines()).isEmpty();
        byte[] png = Files.readAllBytes(screenshot);
        assertThat(png.length).isGreaterThan(20_000);
        assertThat(new String(png, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        Path target = Paths.get(System.getProperty("basedir", System.getProperty("user.dir"))).resolve("target");
        Files.copy(screenshot, target.resolve("report-overview.png"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(firstScreen, target.resolve("report-answer.png"), StandardCopyOption.REPLACE_EXISTING);
        if (Boolean.getBoolean("stress.docs.images")) {
            Path docs = Paths.get(System.getProperty("stress.home")).resolve("docs/images");
            Files.createDirectories(docs);
            Files.copy(screenshot, docs.resolve("report-overview.png"), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(firstScreen, docs.resolve("report-answer.png"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String attribute(String page, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(page);
        assertThat(m.find()).as(name + " in the dumped DOM").isTrue();
        return m.group(1);
    }

    /** The markup of the element with {@code id}, up to the next chart. */
    private static String section(String page, String id) {
        int start = page.indexOf("id=\"" + id + "\"");
        assertThat(start).as(id).isPositive();
        int end = page.indexOf("class=\"chart\"", start + 1);
        return page.substring(start, end < 0 ? page.length() : end);
    }
}
