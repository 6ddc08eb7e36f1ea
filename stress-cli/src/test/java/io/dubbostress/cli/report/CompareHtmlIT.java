package io.dubbostress.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.testkit.Cli;
import io.dubbostress.report.SyntheticJtl;
import io.dubbostress.report.run.RunLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare.html in a real browser: headless Chromium opens it offline, the page's own script draws the change chart
 * and one side-by-side chart per scenario without a console message, the intervals are drawn, and a screenshot is
 * taken (to docs/images/compare.png with {@code -Dstress.docs.images=true}). Two runs of two scenarios with two trials
 * each, as {@code stress run --repeat 2} lays them out: direct-1k 30 % slower in NEW, hop-1k the same.
 */
class CompareHtmlIT {

    @TempDir
    Path dir;

    private Path run(String name, double directMedianUs, long seed) throws Exception {
        Path root = dir.resolve(name);
        RunLayout layout = new RunLayout(root);
        StringBuilder records = new StringBuilder();
        long start = 1_795_000_000_000L;
        for (int trial = 1; trial <= 2; trial++) {
            for (String scenario : new String[] {"direct-1k", "hop-1k"}) {
                String folder = RunLayout.trialName(scenario, trial);
                double median = scenario.startsWith("direct") ? directMedianUs : 950;
                SyntheticJtl.write(layout.jtl(folder), scenario, true, start, 10_000, 12_000, median, 0,
                        seed + trial * 10 + scenario.length());
                records.append(records.length() == 0 ? "" : ",").append(String.format("{\"name\": \"%s\", "
                        + "\"startEpochMs\": %d, \"endEpochMs\": %d, \"warmupSeconds\": 1.0}", folder, start,
                        start + 10_000));
                start += 12_000;
            }
        }
        Files.writeString(layout.runJson(), "{\"status\": \"completed\", \"scenarios\": [" + records + "]}");
        return root;
    }

    @Test
    void compareHtmlDrawsItsChartsInHeadlessChromiumWithoutConsoleMessages() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.find(dir);
        Path base = run("before", 420, 1);
        Path news = run("after", 420 * 1.3, 50);
        Cli r = Cli.run("compare", base.toString(), news.toString(), "--quiet");
        assertThat(r.exit).as(r.toString()).isZero();
        Path html = news.resolve("compare.html");
        String source = Files.readString(html, StandardCharsets.UTF_8);
        assertThat(source).doesNotContain("<script src", "<link", "url(", "<img");

        HeadlessChromium.Run dom = chromium.run(html, Duration.ofSeconds(120), "--dump-dom");
        assertThat(dom.consoleLines()).as("console messages").isEmpty();
        String page = dom.stdout;
        String htmlTag = page.substring(page.indexOf("<html"), page.indexOf('>', page.indexOf("<html")));
        assertThat(htmlTag).doesNotContain("data-js-errors");
        assertThat(attribute(page, "data-charts-drawn")).isEqualTo("3");
        assertThat(attribute(page, "data-charts"))
                .isEqualTo("chart-change,chart-side-by-side/direct-1k,chart-side-by-side/hop-1k");
        // an interval per figure measured as a ratio: mean, p50, p90, p99, p99.9 and TPS of each scenario
        Matcher intervals = Pattern.compile("class=\"interval\"").matcher(page);
        int count = 0;
        while (intervals.find()) {
            count++;
        }
        assertThat(count).isEqualTo(12);
        assertThat(page).contains("<title>direct-1k p50: +", "slower", "<title>hop-1k p50: ", "no change");
        assertThat(page).contains("3 charts drawn");

        Path screenshot = dir.resolve("compare.png");
        HeadlessChromium.Run shot = chromium.run(html, Duration.ofSeconds(120), "--window-size=1400,1900",
                "--hide-scrollbars", "--screenshot=" + screenshot);
        assertThat(shot.consoleLines()).isEmpty();
        byte[] png = Files.readAllBytes(screenshot);
        assertThat(png.length).isGreaterThan(20_000);
        assertThat(new String(png, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        Path target = Paths.get(System.getProperty("basedir", System.getProperty("user.dir"))).resolve("target");
        Files.copy(screenshot, target.resolve("compare-overview.png"), StandardCopyOption.REPLACE_EXISTING);
        if (Boolean.getBoolean("stress.docs.images")) {
            Path docs = Paths.get(System.getProperty("stress.home")).resolve("docs/images/compare.png");
            Files.createDirectories(docs.getParent());
            Files.copy(screenshot, docs, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String attribute(String page, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(page);
        assertThat(m.find()).as(name + " in the dumped DOM").isTrue();
        return m.group(1);
    }
}
