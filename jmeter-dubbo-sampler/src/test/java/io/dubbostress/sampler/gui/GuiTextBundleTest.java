package io.dubbostress.sampler.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Our elements' GUI in Simplified Chinese: every key of GuiText.properties has a Chinese value in GuiText_zh_CN
 * .properties (not the English one: no fallback), with the same arguments and the same property keys, option values,
 * addresses and placeholders it quotes; the bundle reads it as UTF-8 and gives English to a language it lacks.
 */
class GuiTextBundleTest {

    private static final Pattern ARGUMENT = Pattern.compile("\\{(\\d+)[^}]*}");
    /** Chinese: a Han character, or Chinese punctuation. */
    private static final Pattern CHINESE = Pattern.compile("[\\p{IsHan}\\u3000-\\u303F\\uFF00-\\uFFEF]");
    /** What a tooltip quotes for the user to type, the same in every language: addresses, JSON, options, variables. */
    private static final Pattern TYPED = Pattern.compile("[a-z0-9]+://[\\w:./]*|\\$\\{[^}]*}|\\{\"[^}]*}"
            + "|\\b(?:generic|typed|idl|echo|failover|failfast|opening-call|each-thread|first-call|DEFAULT_GROUP"
            + "|GenericService|lib/ext|sample_variables)\\b|--[a-z-]+");

    @Test
    void everyKeyHasAChineseTextWithTheSameArgumentsAndTypedValues() throws IOException {
        Properties english = load("GuiText.properties");
        Properties chinese = load("GuiText_zh_CN.properties");
        assertThat(english).hasSizeGreaterThan(70);
        List<String> problems = new ArrayList<>();
        for (String key : new TreeSet<>(english.stringPropertyNames())) {
            String en = english.getProperty(key);
            String zh = chinese.getProperty(key);
            if (zh == null) {
                problems.add(key + ": missing");
                continue;
            }
            if (zh.equals(en)) {
                problems.add(key + ": left in English: " + en);
            } else if (!CHINESE.matcher(zh).find()) {
                problems.add(key + ": no Chinese in it: " + zh);
            }
            if (!matches(ARGUMENT, en, 1).equals(matches(ARGUMENT, zh, 1))) {
                problems.add(key + ": arguments " + matches(ARGUMENT, zh, 1) + ", the English has "
                        + matches(ARGUMENT, en, 1));
            }
            if (!matches(TYPED, zh, 0).containsAll(matches(TYPED, en, 0))) {
                problems.add(key + ": lost what the user types: " + matches(TYPED, en, 0) + " vs "
                        + matches(TYPED, zh, 0));
            }
            if (!matches(ARGUMENT, en, 1).isEmpty()) {
                new MessageFormat(zh, Locale.SIMPLIFIED_CHINESE); // a pattern, as GuiText.format reads it
            }
        }
        for (String key : chinese.stringPropertyNames()) {
            if (!english.containsKey(key)) {
                problems.add(key + ": in the Chinese file only (stale)");
            }
        }
        assertThat(problems).as("GuiText_zh_CN.properties").isEmpty();
    }

    @Test
    void theBundleIsReadAsUtf8AndALanguageWithoutAFileGetsEnglish() {
        assertThat(GuiText.bundle(Locale.SIMPLIFIED_CHINESE).getString("dubbo_sampler")).isEqualTo("Dubbo 取样器");
        assertThat(GuiText.bundle(Locale.ROOT).getString("dubbo_sampler")).isEqualTo("Dubbo Sampler");
        // no traditional Chinese, no German: English, whatever the machine's own language
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            assertThat(GuiText.bundle(Locale.TRADITIONAL_CHINESE).getString("dubbo_sampler"))
                    .isEqualTo("Dubbo Sampler");
            assertThat(GuiText.bundle(Locale.GERMAN).getString("group.target")).isEqualTo("Target");
        } finally {
            Locale.setDefault(before);
        }
        assertThat(GuiText.bundle(null).getString("group.target")).isEqualTo("Target");
    }

    private static Set<String> matches(Pattern pattern, String text, int group) {
        Set<String> out = new TreeSet<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            out.add(m.group(group));
        }
        return out;
    }

    static Properties load(String name) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = GuiText.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return properties;
    }
}
