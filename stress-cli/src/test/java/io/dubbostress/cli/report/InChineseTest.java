package io.dubbostress.cli.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dubbostress.cli.compare.CompareCommandTest;
import io.dubbostress.cli.testkit.Cli;
import io.dubbostress.cli.testkit.EnglishLeft;
import io.dubbostress.report.Json;
import io.dubbostress.report.SyntheticJtl;
import io.dubbostress.report.SyntheticPerfMon;
import io.dubbostress.report.TestResources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --lang zh-CN} end to end ({@code stress report}, {@code stress compare}): the same run folder written in
 * English and in Simplified Chinese gives the same JSON, the same numbers in the same tables, and pages whose words
 * are Chinese: no English sentence is left (the words English sentences cannot do without are looked for, outside
 * names, paths, units and what the user typed), and the lines on the console too. {@code --lang} refuses a language it
 * does not have in one line; without it, the locale chooses.
 */
class InChineseTest {

    /** When the resource GC logs' JVMs started: the scenarios run in the seconds after. */
    private static final long BASE = Instant.parse("2026-11-22T00:09:45Z").toEpochMilli();
    private static final String[] SCENARIOS = {"direct-1k", "hop-1k", "direct-100k", "hop-100k"};
    private static final double[] MEDIANS_US = {420, 900, 8_000, 11_000};

    @TempDir
    static Path dir;

    static Path run;

    @BeforeAll
    static void runFolder() throws IOException {
        run = dir.resolve("run");
        StringBuilder scenarios = new StringBuilder();
        for (int i = 0; i < SCENARIOS.length; i++) {
            long start = BASE + i * 1000L;
            Path folder = run.resolve("scenarios").resolve(SCENARIOS[i]);
            SyntheticJtl.write(folder.resolve("results.jtl"), "Dubbo " + SCENARIOS[i], true, start, 990, 5_000,
                    MEDIANS_US[i], i == 1 ? 25 : 0, 10 + i);
            SyntheticPerfMon.write(folder.resolve("perfmon.csv"), start, start + 900, 100, 20 + 10 * i);
            scenarios.append(i == 0 ? "" : ",").append(String.format("{\"name\": \"%s\", \"startEpochMs\": %d,"
                    + " \"endEpochMs\": %d, \"warmupSeconds\": 0.1, \"status\": \"done\"}", SCENARIOS[i], start,
                    start + 1000));
        }
        Files.write(run.resolve("run.json"), ("{\"tool\": \"dubbo-stress\", \"startedAt\": \"2026-11-22T00:09:44Z\","
                + " \"settings\": {\"threads\": \"20\"}, \"scenarios\": [" + scenarios + "]}")
                .getBytes(StandardCharsets.UTF_8));
        Files.createDirectories(run.resolve("gc"));
        TestResources.copy("gc/jdk8/parallel-gc.log", run.resolve("gc/provider-gc.log"));
        TestResources.copy("gc/jdk8/g1-gc.log", run.resolve("gc/consumer-gc.log"));
    }

    @Test
    void theReportInChineseHasTheSameJsonAndNumbersAndNoEnglishSentence() throws IOException {
        Path en = dir.resolve("report-en");
        Path zh = dir.resolve("report-zh");
        // the GC logs analysed once (beside them, as a run's are), so both languages read the same analyses
        assertThat(Cli.run("report", run.toString(), "--out", dir.resolve("report-first").toString(), "--quiet").exit)
                .isZero();
        Cli english = Cli.run("report", run.toString(), "--out", en.toString(), "--lang", "en");
        Cli chinese = Cli.run("report", run.toString(), "--out", zh.toString(), "--lang", "zh-CN");
        assertThat(english.exit).as(english.toString()).isZero();
        assertThat(chinese.exit).as(chinese.toString()).isZero();

        assertThat(withoutTime(Json.MAPPER.readTree(zh.resolve("report.json").toFile())))
                .as("report.json is the same in every language")
                .isEqualTo(withoutTime(Json.MAPPER.readTree(en.resolve("report.json").toFile())));
        String md = Files.readString(zh.resolve("report.md"));
        String enMd = Files.readString(en.resolve("report.md"));
        assertThat(chinese.out).isEqualTo(md);
        assertThat(md).startsWith("# dubbo-stress 报告").contains("## 结论", "## 各场景（稳态）：延迟与吞吐量",
                "## 中转开销（中转减直连，以及中转 / 直连）", "## GC 日志（整个运行）", "| 场景 | 状态 | 样本数 | TPS |",
                "| direct-1k | 正常 |");
        assertThat(difference(numbers(body(md)), numbers(body(enMd)))).as("the numbers of report.md, Chinese vs English")
                .isEmpty();
        assertThat(EnglishLeft.in(md)).as("English left in report.md").isEmpty();

        String html = Files.readString(zh.resolve("report.html"));
        assertThat(html).contains("<html lang=\"zh-CN\">", "<title>dubbo-stress 报告</title>", "<h2>图表</h2>")
                .containsPattern("\"chart.percentiles\"\\s*:\\s*\"按百分位的延迟（对数坐标）\"");
        assertThat(EnglishLeft.in(EnglishLeft.visibleText(html))).as("English left in report.html").isEmpty();

        assertThat(chinese.err).contains("stress report: 已写入 " + zh.resolve("report.md") + "、report.json、report.html（4 个场景");
        assertThat(EnglishLeft.in(chinese.err.replace("stress report:", ""))).isEmpty();
    }

    @Test
    void compareInChineseHasTheSameJsonAndNumbers() throws IOException {
        Path base = CompareCommandTest.run(dir, "base", 420, 1);
        Path news = CompareCommandTest.run(dir, "new", 420 * 1.3, 100);
        Path en = dir.resolve("compare-en");
        Path zh = dir.resolve("compare-zh");
        Cli english = Cli.run("compare", base.toString(), news.toString(), "--out", en.toString(), "--lang", "en",
                "--fail-on", "p50=+10%");
        Cli chinese = Cli.run("compare", base.toString(), news.toString(), "--out", zh.toString(), "--lang", "zh-CN",
                "--fail-on", "p50=+10%");
        assertThat(english.exit).as(english.toString()).isEqualTo(1);
        assertThat(chinese.exit).as(chinese.toString()).isEqualTo(1);
        assertThat(withoutTime(Json.MAPPER.readTree(zh.resolve("compare.json").toFile())))
                .isEqualTo(withoutTime(Json.MAPPER.readTree(en.resolve("compare.json").toFile())));
        String md = Files.readString(zh.resolve("compare.md"));
        assertThat(md).startsWith("# dubbo-stress 对比").contains("| 指标 | BASE | NEW | 变化 | 95 % 置信区间 |",
                "| p50 (µs) |", "| 变慢 |", "门禁未通过（退出码 1）：");
        assertThat(difference(numbers(body(md)), numbers(body(Files.readString(en.resolve("compare.md"))))))
                .as("the numbers of compare.md, Chinese vs English").isEmpty();
        assertThat(Files.readString(zh.resolve("compare.html"))).contains("<html lang=\"zh-CN\">",
                "\"compare.changeAxis\" : \"NEW / BASE - 1（延迟上升为变慢；TPS 上升为变快）\"");
        assertThat(chinese.err).contains("stress compare: 已写入 " + zh.resolve("compare.md")
                + "、compare.json、compare.html（1 个场景）");
    }

    @Test
    void aLanguageItDoesNotHaveIsOneLineAndTheLocaleChoosesWithoutTheOption() {
        Cli fr = Cli.run("report", run.toString(), "--out", dir.resolve("fr").toString(), "--lang", "fr");
        assertThat(fr.exit).isEqualTo(2);
        assertThat(fr.firstErrLine()).isEqualTo(
                "stress report: Invalid value for option '--lang': 'fr' is not a language of the report (en, zh-CN)");
        assertThat(dir.resolve("fr")).doesNotExist();

        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            Cli chinese = Cli.run("report", run.toString(), "--out", dir.resolve("locale-zh").toString(), "--quiet");
            assertThat(chinese.err).contains("stress report: 已写入 ");
            Locale.setDefault(Locale.TRADITIONAL_CHINESE); // no traditional translation: English
            Cli taiwan = Cli.run("report", run.toString(), "--out", dir.resolve("locale-tw").toString(), "--quiet");
            assertThat(taiwan.err).contains("stress report: wrote ");
        } finally {
            Locale.setDefault(before);
        }
    }

    /** The Markdown without its first lines (source, times: not figures). */
    private static String body(String md) {
        return md.substring(md.indexOf("\n## "));
    }

    /** Every number of a text, sorted: the same multiset in both languages. */
    private static List<String> numbers(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("[-+]?\\d(?:[\\d,]*\\d)?(?:\\.\\d+)?").matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        Collections.sort(out);
        return out;
    }

    /** What one multiset has that the other has not, each side said. */
    private static List<String> difference(List<String> chinese, List<String> english) {
        List<String> onlyChinese = new ArrayList<>(chinese);
        english.forEach(onlyChinese::remove);
        List<String> onlyEnglish = new ArrayList<>(english);
        chinese.forEach(onlyEnglish::remove);
        List<String> out = new ArrayList<>();
        onlyChinese.forEach(n -> out.add("only in Chinese: " + n));
        onlyEnglish.forEach(n -> out.add("only in English: " + n));
        return out;
    }

    private static JsonNode withoutTime(JsonNode json) {
        ((ObjectNode) json).remove("generatedAt");
        return json;
    }
}
