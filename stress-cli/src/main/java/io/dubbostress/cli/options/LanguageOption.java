package io.dubbostress.cli.options;

import io.dubbostress.report.text.ReportText;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --lang}: the language of what a command writes for people (report.md and report.html, compare.md and
 * compare.html, the closing lines), {@code en} or {@code zh-CN}; report.json and compare.json are English in every
 * language. Without it, the locale's (LANG, LC_ALL): Simplified Chinese for a Chinese one, English for any other. A
 * picocli mixin: {@code @Mixin LanguageOption language;}.
 */
public final class LanguageOption {

    @Option(names = "--lang", paramLabel = "LANG", converter = Converter.class,
            description = "Language of the Markdown and HTML pages and of the closing lines: en or zh-CN (Simplified "
                    + "Chinese); the JSON is English in every language. Default: the locale's (LANG, LC_ALL), zh-CN "
                    + "for a Chinese one, else en.")
    ReportText text;

    /** The texts in the language asked for, or the locale's. */
    public ReportText text() {
        return text != null ? text : ReportText.fromLocale(Locale.getDefault());
    }

    /** {@code zh-CN}, {@code zh_CN}, {@code en}...: {@link ReportText#forLanguage}, failing as picocli expects. */
    public static final class Converter implements ITypeConverter<ReportText> {
        @Override
        public ReportText convert(String value) {
            try {
                return ReportText.forLanguage(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
