package io.dubbostress.sampler.browse;

import java.io.UnsupportedEncodingException;
import java.net.URLDecoder;
import java.util.LinkedHashMap;
import java.util.Map;

/** A provider URL as Dubbo registers it: {@code dubbo://host:port/path?key=value&...}, parameters decoded. */
final class ProviderUrl {

    private final String address;
    private final String path;
    private final Map<String, String> parameters;

    private ProviderUrl(String address, String path, Map<String, String> parameters) {
        this.address = address;
        this.path = path;
        this.parameters = parameters;
    }

    /** Null when the text is not a URL with an address. */
    static ProviderUrl parse(String text) {
        int scheme = text.indexOf("://");
        if (scheme <= 0) {
            return null;
        }
        String rest = text.substring(scheme + 3);
        int query = rest.indexOf('?');
        String beforeQuery = query < 0 ? rest : rest.substring(0, query);
        int slash = beforeQuery.indexOf('/');
        String address = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
        String path = slash < 0 ? "" : beforeQuery.substring(slash + 1);
        if (address.isEmpty()) {
            return null;
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        if (query >= 0) {
            for (String pair : rest.substring(query + 1).split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    parameters.put(pair.substring(0, eq), decode(pair.substring(eq + 1)));
                }
            }
        }
        return new ProviderUrl(address, path, parameters);
    }

    private static String decode(String value) {
        try {
            return URLDecoder.decode(value, "UTF-8");
        } catch (UnsupportedEncodingException | IllegalArgumentException e) {
            return value;
        }
    }

    String address() {
        return address;
    }

    String path() {
        return path;
    }

    String parameter(String key, String orElse) {
        String value = parameters.get(key);
        return value == null ? orElse : value;
    }
}
