package io.dubbostress.report.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.profile.Component;
import io.dubbostress.report.text.Message;
import io.dubbostress.report.text.ReportText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code --profile}'s sentence of where the hop's time goes, said in English (report.json's {@code profileSummary},
 * word for word what it was before the catalogue) and in Chinese (the same figures and names, no English word left).
 */
class HopSentenceTest {

    private static final ReportText CHINESE = ReportText.forLanguage(ReportText.SIMPLIFIED_CHINESE);
    private static final Pattern ENGLISH = Pattern.compile("(?i)(?<![\\w./-])(the|of|and|is|are|was|not|with|for"
            + "|from|by|on|at|in|to|each|per|its|than|most|all|biggest|set|apart|compare|profiled|profiles?)"
            + "(?![\\w./-])");

    @Test
    void contributorsTotalsTheLoadGeneratorAndTheJitInBothLanguages() {
        Map<String, ProfileDiff> diffs = new LinkedHashMap<>();
        diffs.put("consumer", new ProfileDiff("consumer", 110.7, 10.0, List.of(
                new ProfileDiff.Delta("Tomcat (HTTP server)", "Tomcat (HTTP server)", 70.0, 8.8),
                new ProfileDiff.Delta("Dubbo", "Dubbo", 40.0, 2.0),
                new ProfileDiff.Delta(Component.JIT, Component.JIT, 1.5, 0)),
                List.of(new ProfileDiff.Delta("org.apache.coyote.http11.Http11InputBuffer.parseHeader",
                        "Tomcat (HTTP server)", 30, 1)), List.of()));
        diffs.put("provider", new ProfileDiff("provider", 12.1, 10.0, List.of(
                new ProfileDiff.Delta("Dubbo", "Dubbo", 4.1, 2.0)), List.of(), List.of()));
        diffs.put("jmeter", new ProfileDiff("jmeter", 20.0, 34.0, List.of(), List.of(), List.of()));
        Message sentence = HopSentence.of("hop-1k", "direct-1k", diffs, List.of());

        assertThat(sentence.english()).isEqualTo("hop-1k vs direct-1k (CPU per call, from the profiles): the biggest"
                + " contributors are the consumer's Tomcat (HTTP server) (+61.2 \u00b5s, most at"
                + " Http11InputBuffer.parseHeader), the consumer's Dubbo (+38.0 \u00b5s) and the provider's Dubbo"
                + " (+2.1 \u00b5s); in all the consumer +100.7 \u00b5s, the provider +2.1 \u00b5s; JMeter (the load"
                + " generator) -14.0 \u00b5s; set apart, the JIT compiler: the consumer's +1.5 \u00b5s (code still"
                + " being compiled: a longer --warmup leaves it out).");
        String chinese = sentence.in(CHINESE);
        assertThat(chinese).isEqualTo("hop-1k 对比 direct-1k（每次调用的 CPU，来自剖析）：贡献最大的是消费者的 Tomcat"
                + " (HTTP server)（+61.2 µs，主要位于 Http11InputBuffer.parseHeader）、消费者的 Dubbo（+38.0 µs）和提供者的"
                + " Dubbo（+2.1 µs）；消费者合计 +100.7 µs、提供者合计 +2.1 µs；JMeter（压力机）-14.0 µs；另列 JIT 编译器："
                + "消费者的 +1.5 µs（仍在编译的代码：更长的 --warmup 可以将其排除）。");
        assertThat(englishWord(chinese)).isNull();
    }

    @Test
    void aServiceNotComparedAndNoContributorAreSaid() {
        Map<String, ProfileDiff> diffs = new LinkedHashMap<>();
        diffs.put("consumer", new ProfileDiff("consumer", 9.0, 10.0, List.of(
                new ProfileDiff.Delta("Dubbo", "Dubbo", 1.0, 2.0)), List.of(), List.of()));
        Message sentence = HopSentence.of("hop-1k", "direct-1k", diffs, List.of(
                Message.of("hopSentence.notProfiled", HopSentence.service("provider"), "direct-1k"),
                Message.of("hopSentence.profileMissing", HopSentence.service("gateway"), "hop-1k",
                        Message.verbatim("no recording"))));
        assertThat(sentence.english()).isEqualTo("hop-1k vs direct-1k (CPU per call, from the profiles): no component"
                + " of the services takes more CPU per call in the hop scenario; in all the consumer -1.0 \u00b5s; not"
                + " compared: the provider was not profiled in direct-1k; the gateway's profile of hop-1k is missing"
                + " (no recording).");
        String chinese = sentence.in(CHINESE);
        assertThat(chinese).contains("-1.0 µs", "direct-1k 中未剖析提供者", "gateway在 hop-1k 中的剖析缺失（no recording）");
        assertThat(englishWord(chinese.replace("no recording", ""))).isNull();
        assertThat(HopSentence.of("hop-1k", "direct-1k", Map.of(), List.of()).in(CHINESE))
                .isEqualTo("hop-1k 对比 direct-1k（每次调用的 CPU，来自剖析）：没有可以比较的 JVM 剖析。");
    }

    private static String englishWord(String text) {
        Matcher m = ENGLISH.matcher(text);
        return m.find() ? m.group() : null;
    }
}
