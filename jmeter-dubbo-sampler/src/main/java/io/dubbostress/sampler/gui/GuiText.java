package io.dubbostress.sampler.gui;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.PropertyResourceBundle;
import java.util.ResourceBundle;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Every text our JMeter elements' GUI shows (Dubbo Sampler, Dubbo Defaults, Target Rate Schedule, the Browse...
 * dialog), from {@code GuiText.properties} beside this class (English, the root) and {@code GuiText_zh_CN.properties}
 * (Simplified Chinese), in JMeter's language: {@code language=zh_CN} in jmeter.properties or on the command line
 * ({@code -Jlanguage=zh_CN}), or Options > Choose Language (JMeter then builds the GUIs again). The files are read as
 * UTF-8 on every Java (Java 8's own reading is ISO-8859-1), and a language without a file of its own gets English,
 * never the machine's language.
 *
 * <pre>{@code
 * new JLabel(GuiText.get("field.address"));                  // "Address", "地址" with language=zh_CN
 * GuiText.format("field.timeout", DubboSampler.TIMEOUT_DEFAULT); // "Timeout ms [1000]"
 * }</pre>
 *
 * JMeter names an element in its menus and tree by {@code getStaticLabel()}, which by default looks {@code
 * getLabelResource()} up in JMeter's own messages (where a plugin's key is not: "[res_key=...]"), so our GUIs return
 * {@link #get} of their key from {@code getStaticLabel()}.
 */
public final class GuiText {

    private static final String BUNDLE = "io.dubbostress.sampler.gui.GuiText";

    private GuiText() {
    }

    /** The text of {@code key} in JMeter's language (as written: no MessageFormat). */
    public static String get(String key) {
        return bundle(JMeterUtils.getLocale()).getString(key);
    }

    /** The pattern of {@code key} in JMeter's language, with its arguments ({@link MessageFormat}). */
    public static String format(String key, Object... arguments) {
        Locale locale = JMeterUtils.getLocale();
        return new MessageFormat(bundle(locale).getString(key), locale).format(arguments);
    }

    /** The texts in {@code locale} (English, the root, for a language without a file). */
    public static ResourceBundle bundle(Locale locale) {
        return ResourceBundle.getBundle(BUNDLE, locale == null ? Locale.ROOT : locale, GuiText.class.getClassLoader(),
                Utf8Control.INSTANCE);
    }

    /** Reads {@code .properties} as UTF-8, and falls back to the root, not to the JVM's default locale. */
    private static final class Utf8Control extends ResourceBundle.Control {

        static final Utf8Control INSTANCE = new Utf8Control();

        @Override
        public java.util.List<String> getFormats(String baseName) {
            return FORMAT_PROPERTIES;
        }

        @Override
        public Locale getFallbackLocale(String baseName, Locale locale) {
            return null;
        }

        @Override
        public ResourceBundle newBundle(String baseName, Locale locale, String format, ClassLoader loader,
                boolean reload) throws IOException {
            String resource = toResourceName(toBundleName(baseName, locale), "properties");
            InputStream in = loader.getResourceAsStream(resource);
            if (in == null) {
                return null;
            }
            try (InputStreamReader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                return new PropertyResourceBundle(reader);
            }
        }
    }
}
