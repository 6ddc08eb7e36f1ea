package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;
import java.net.URI;
import java.net.URISyntaxException;

/** An http(s) base URL as an option value, checked, without a trailing slash. */
public final class HttpUrl {

    private HttpUrl() {
    }

    public static String check(String option, String text) {
        String t = text.trim();
        try {
            URI uri = new URI(t);
            if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
                throw new URISyntaxException(t, "not an http(s) URL with a host");
            }
        } catch (URISyntaxException e) {
            throw new UserError("Invalid value for option '" + option + "': '" + text + "' is not an http(s) URL "
                    + "like http://10.0.0.6:8080");
        }
        return t.endsWith("/") ? t.substring(0, t.length() - 1) : t;
    }
}
