package io.dubbostress.report.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The report's words in Simplified Chinese: every key of ReportText.properties has a value in ReportText_zh_CN
 * .properties that is Chinese (not the English one, not a fallback to it), with the same arguments, and no key there is
 * stale; {@code --lang}'s values and the default from the locale choose the right file.
 */
class ReportTextBundleTest {

    private static final String ROOT = "/io/dubbostress/report/text/ReportText.properties";
    private static final String CHINESE = "/io/dubbostress/report/text/ReportText_zh_CN.properties";

    /** The keys whose text is the same in both: names and units, listed with why. */
    static final Map<String, String> SAME_IN_BOTH = Map.of(
            "answer.service.jmeter", "JMeter: a product name",
            "answer.jvmCpu.item", "{0} {1} %: a name and a percentage",
            "reference.p90Ms", "p90 ms: a percentile and its unit",
            "reference.p95Ms", "p95 ms: a percentile and its unit",
            "reference.p99Ms", "p99 ms: a percentile and its unit",
            "col.p99Ms", "p99 ms: a percentile and its unit",
            "js.chart.p99", "{0} p99: a scenario and a percentile",
            "js.flame.kind.cpu", "CPU",
            "verbatim", "{0}: a text from outside the report, shown as it is");

    private static final Pattern ARGUMENT = Pattern.compile("\\{(\\d+)[^}]*}");
    /** Chinese: a Han character, or Chinese punctuation (a translated separator is only that: "，", "；"). */
    private static final Pattern HAN = Pattern.compile("[\\p{IsHan}\\u3000-\\u303F\\uFF00-\\uFFEF]");

    @Test
    void everyKeyHasAChineseTextWithTheSameArguments() throws IOException {
        Properties english = load(ROOT);
        Properties chinese = load(CHINESE);
        assertThat(english).hasSizeGreaterThan(200);
        List<String> problems = new ArrayList<>();
        for (String key : new TreeSet<>(english.stringPropertyNames())) {
            String en = english.getProperty(key);
            String zh = chinese.getProperty(key);
            if (zh == null) {
                problems.add(key + ": missing");
                continue;
            }
            if (SAME_IN_BOTH.containsKey(key)) {
                if (!zh.equals(en)) {
                    problems.add(key + ": listed as the same in both, yet translated: " + zh);
                }
            } else if (zh.equals(en)) {
                problems.add(key + ": left in English: " + en);
            } else if (!HAN.matcher(zh).find()) {
                problems.add(key + ": no Chinese in it: " + zh);
            }
            if (!arguments(en).equals(arguments(zh))) {
                problems.add(key + ": arguments " + arguments(zh) + ", the English has " + arguments(en));
            }
            if (!key.startsWith(ReportText.SCRIPT_PREFIX)) {
                try {
                    new MessageFormat(zh, Locale.SIMPLIFIED_CHINESE);
                } catch (IllegalArgumentException e) {
                    problems.add(key + ": not a MessageFormat pattern: " + e.getMessage());
                }
            }
        }
        for (String key : chinese.stringPropertyNames()) {
            if (!english.containsKey(key)) {
                problems.add(key + ": in the Chinese file only (stale)");
            }
        }
        assertThat(problems).as("ReportText_zh_CN.properties").isEmpty();
    }

    @Test
    void theBundleGivesTheChineseTextAndTheScriptsTheirs() {
        ReportText zh = ReportText.forLanguage("zh-CN");
        assertThat(zh.get("report.title")).isEqualTo("dubbo-stress 报告");
        assertThat(zh.get("console.scenarios", "4")).isEqualTo("4 个场景");
        assertThat(zh.language()).isEqualTo("zh-CN");
        assertThat(zh.isEnglish()).isFalse();
        assertThat(zh.scriptMessages()).containsEntry("chart.time", "时间")
                .hasSize(ReportText.english().scriptMessages().size());
        assertThat(ReportText.english().get("report.title")).isEqualTo("dubbo-stress report");
        assertThat(ReportText.english().language()).isEqualTo("en");
    }

    @Test
    void languagesAsUsersWriteThemAndTheDefaultFromTheLocale() {
        for (String tag : new String[] {"zh-CN", "zh_CN", "zh", "ZH-cn", "zh-Hans", "zh-Hans-CN", "zh-SG"}) {
            assertThat(ReportText.forLanguage(tag).language()).as(tag).isEqualTo("zh-CN");
        }
        for (String tag : new String[] {"en", "en-US", "en_GB"}) {
            assertThat(ReportText.forLanguage(tag).isEnglish()).as(tag).isTrue();
        }
        assertThatThrownBy(() -> ReportText.forLanguage("fr")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'fr' is not a language of the report (en, zh-CN)");
        assertThatThrownBy(() -> ReportText.forLanguage("zh-TW")).hasMessageContaining("'zh-TW'");

        assertThat(ReportText.fromLocale(Locale.SIMPLIFIED_CHINESE).language()).isEqualTo("zh-CN");
        assertThat(ReportText.fromLocale(Locale.CHINESE).language()).isEqualTo("zh-CN");
        // no traditional Chinese translation: English, not the simplified one
        assertThat(ReportText.fromLocale(Locale.TRADITIONAL_CHINESE).isEnglish()).isTrue();
        assertThat(ReportText.fromLocale(Locale.forLanguageTag("zh-HK")).isEnglish()).isTrue();
        assertThat(ReportText.fromLocale(Locale.US).isEnglish()).isTrue();
        assertThat(ReportText.fromLocale(Locale.GERMANY).isEnglish()).isTrue();
        assertThat(ReportText.fromLocale(Locale.ROOT).isEnglish()).isTrue();
    }

    private static Set<String> arguments(String text) {
        Set<String> out = new TreeSet<>();
        Matcher m = ARGUMENT.matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    static Properties load(String resource) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = ReportTextBundleTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return properties;
    }
}
