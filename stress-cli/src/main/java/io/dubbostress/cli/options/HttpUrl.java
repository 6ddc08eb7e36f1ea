package io.dubbostress.cli.options;

import java.net.URI;
import java.net.URISyntaxException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * An http(s) base URL as an option value, checked, without a trailing slash: {@code --consumer-url
 * http://10.0.0.6:8080}. picocli converter: {@code converter = HttpUrl.Converter.class}.
 */
public final class HttpUrl {

    private HttpUrl() {
    }

    /** The URL without a trailing slash; a {@link TypeConversionException} saying what is wrong otherwise. */
    public static String check(String text) {
        String t = text.trim();
        try {
            URI uri = new URI(t);
            if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
                throw new URISyntaxException(t, "not an http(s) URL with a host");
            }
        } catch (URISyntaxException e) {
            throw new TypeConversionException("'" + text + "' is not an http(s) URL like http://10.0.0.6:8080");
        }
        return t.endsWith("/") ? t.substring(0, t.length() - 1) : t;
    }

    /** picocli converter. */
    public static final class Converter implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return check(value);
        }
    }
}
