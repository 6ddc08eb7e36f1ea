package io.dubbostress.report.text;

import java.math.BigDecimal;
import java.text.MessageFormat;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.TreeMap;

/**
 * The one place the report's words come from (report.md, report.html with its charts' labels, compare.md/html, the
 * console's closing lines): {@code ReportText.properties} beside this class, keyed by message, the numbers passed in
 * already formatted ({@link #number}: numbers and units look the same in every language). A translation is a {@code
 * ReportText_<locale>.properties} with the same keys; English is the root, and report.json and compare.json are
 * always in English (the machine interface). The languages: {@link #LANGUAGES}, chosen with {@link #forLanguage}
 * ({@code --lang}) or {@link #fromLocale} (the default).
 *
 * <pre>{@code
 * ReportText text = ReportText.forLanguage("zh-CN");
 * text.get("answer.tps", ReportText.number(4609.0), ReportText.number(10549.0), ReportText.number(0.437), "");
 * }</pre>
 */
public final class ReportText {

    private static final String BUNDLE = "io.dubbostress.report.text.ReportText";

    /** The report's languages, as {@code --lang} takes them: English (the root) and Simplified Chinese. */
    public static final String ENGLISH = "en";
    public static final String SIMPLIFIED_CHINESE = "zh-CN";
    public static final java.util.List<String> LANGUAGES = java.util.List.of(ENGLISH, SIMPLIFIED_CHINESE);

    /** The keys of the texts report.js and flamegraph.js show: {@link #scriptMessages()}. */
    static final String SCRIPT_PREFIX = "js.";

    private final ResourceBundle bundle;
    private final Locale locale;

    private ReportText(ResourceBundle bundle, Locale locale) {
        this.bundle = bundle;
        this.locale = locale;
    }

    /** The sentences in {@code locale}'s language, English where there is no translation (report.json: always). */
    public static ReportText of(Locale locale) {
        return new ReportText(ResourceBundle.getBundle(BUNDLE, locale,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES)), locale);
    }

    /** English: report.json's sentences, and every file when no language is asked for. */
    public static ReportText english() {
        return of(Locale.ROOT);
    }

    /**
     * The report in {@code language}: {@code en} or {@code zh-CN} (also written {@code zh_CN}, {@code zh}, {@code
     * zh-Hans}, case as you like); any other is refused with a message naming it and the languages there are.
     */
    public static ReportText forLanguage(String language) {
        Locale locale = localeOf(language);
        if (locale == null) {
            throw new IllegalArgumentException("'" + language + "' is not a language of the report ("
                    + String.join(", ", LANGUAGES) + ")");
        }
        return of(locale);
    }

    /**
     * The report in the language of {@code locale} (the default of {@code --lang}: the JVM's, from LANG / LC_ALL):
     * Simplified Chinese for a Chinese locale that is not a traditional one (zh_TW, zh_HK, zh_MO, Hant), else English.
     */
    public static ReportText fromLocale(Locale locale) {
        Locale chosen = localeOf(locale.toLanguageTag());
        return of(chosen == null ? Locale.ROOT : chosen);
    }

    private static Locale localeOf(String language) {
        Locale asked = Locale.forLanguageTag(language.trim().replace('_', '-'));
        String country = asked.getCountry();
        if (asked.getLanguage().equals("en")) {
            return Locale.ROOT;
        }
        if (asked.getLanguage().equals("zh") && !asked.getScript().equals("Hant")
                && !java.util.Set.of("TW", "HK", "MO").contains(country)) {
            return Locale.SIMPLIFIED_CHINESE;
        }
        return null;
    }

    /** The language, as {@code --lang} and HTML's {@code lang} attribute write it: {@code en}, {@code zh-CN}. */
    public String language() {
        return locale.getLanguage().isEmpty() ? ENGLISH : locale.toLanguageTag();
    }

    /** Whether these are the English texts (the root): the files are then exactly what they were before translations. */
    public boolean isEnglish() {
        return locale.getLanguage().isEmpty();
    }

    /**
     * The texts the page's scripts draw (chart titles, axes, the flame graph's controls), by key without the {@code
     * js.} prefix: what report.html carries in its {@code report-text} element.
     */
    public Map<String, String> scriptMessages() {
        Map<String, String> out = new TreeMap<>();
        for (String key : Collections.list(bundle.getKeys())) {
            if (key.startsWith(SCRIPT_PREFIX)) {
                out.put(key.substring(SCRIPT_PREFIX.length()), bundle.getString(key));
            }
        }
        return out;
    }

    /** Whether there is a message {@code key} (names the report says as they are have none). */
    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    /** The message {@code key} with its arguments. */
    public String get(String key, Object... arguments) {
        String pattern = bundle.getString(key);
        return new MessageFormat(pattern, locale).format(arguments);
    }

    /**
     * A number as the sentences show it: its digits as they are (no trailing zero), thousands grouped with commas
     * (10,549), "-" for null. The value is already rounded ({@link io.dubbostress.report.model.Answer#round}).
     */
    public static String number(Double value) {
        if (value == null) {
            return "-";
        }
        String plain = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        boolean negative = plain.startsWith("-");
        String digits = negative ? plain.substring(1) : plain;
        int dot = digits.indexOf('.');
        String whole = dot < 0 ? digits : digits.substring(0, dot);
        StringBuilder grouped = new StringBuilder();
        for (int i = 0; i < whole.length(); i++) {
            if (i > 0 && (whole.length() - i) % 3 == 0) {
                grouped.append(',');
            }
            grouped.append(whole.charAt(i));
        }
        return (negative ? "-" : "") + grouped + (dot < 0 ? "" : digits.substring(dot));
    }

    /** As {@link #number}, with its sign: {@code +1.23}, {@code -0.5}, {@code 0}. */
    public static String signed(Double value) {
        if (value == null) {
            return "-";
        }
        return value > 0 ? "+" + number(value) : number(value);
    }
}
