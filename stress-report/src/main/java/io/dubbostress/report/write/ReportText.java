package io.dubbostress.report.write;

import java.math.BigDecimal;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The one place the report's sentences come from: {@code ReportText.properties} beside this class, keyed by message,
 * the numbers passed in already formatted ({@link #number}: numbers and units look the same in every language). A
 * translation is a {@code ReportText_<locale>.properties} with the same keys; English is the root.
 *
 * <pre>{@code
 * ReportText text = ReportText.of(Locale.ROOT);
 * text.get("answer.tps", ReportText.number(4609.0), ReportText.number(10549.0), ReportText.number(0.437), "");
 * }</pre>
 */
public final class ReportText {

    private static final String BUNDLE = "io.dubbostress.report.write.ReportText";

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
