package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.ConfigurationException;
import java.util.Locale;

/**
 * The Registry group field carried into a registry address as its {@code group} parameter, which is what Dubbo's
 * registries read: ZooKeeper's root node ({@code /dubbo} when there is none), Nacos's group ({@code DEFAULT_GROUP}).
 * The field wins over a {@code group=} already written in the address (every such parameter is replaced by the
 * field's). Not the service group (the Service group field, a reference setting). Direct addresses ({@code dubbo://},
 * {@code tri://}, host:port) and the hop have no registry: they are left as they are.
 *
 * <pre>{@code
 * RegistryGroup.onAddress("zookeeper://127.0.0.1:2181?backup=127.0.0.1:2182&group=old", "dubbo-2.6", "DubboSampler.registryGroup");
 * // zookeeper://127.0.0.1:2181?backup=127.0.0.1:2182&group=dubbo-2.6
 * }</pre>
 */
public final class RegistryGroup {

    /** What a group may hold: a ZooKeeper node name (nested with /) or a Nacos group name. */
    private static final String ALLOWED = "[A-Za-z0-9._:/-]+";

    /** Schemes that are no registry whatever this jar speaks (the triple ones: a CONFIG failure in the 2.7 jar). */
    private static final java.util.Set<String> NOT_REGISTRIES = new java.util.HashSet<>(java.util.Arrays.asList(
            "http", "https", "dubbo", "tri", "triple", "grpc"));

    private RegistryGroup() {
    }

    /**
     * {@code address} with {@code group=<group>} as its only group parameter when it is a registry address and the
     * group is not empty; otherwise {@code address} unchanged.
     *
     * @throws ConfigurationException naming {@code field} and the value when the group holds other characters than
     *     letters, digits and {@code . _ : / -}
     */
    public static String onAddress(String address, String group, String field) {
        String value = group == null ? "" : group.trim();
        if (value.isEmpty() || !isRegistry(address)) {
            return address;
        }
        if (!value.matches(ALLOWED)) {
            throw new ConfigurationException(field + ": '" + value + "' is not a registry group (letters, digits and"
                    + " . _ : / - only)");
        }
        String text = address.trim();
        int query = text.indexOf('?');
        StringBuilder out = new StringBuilder(query < 0 ? text : text.substring(0, query)).append('?');
        if (query >= 0) {
            for (String parameter : text.substring(query + 1).split("&")) {
                if (!parameter.isEmpty() && !parameter.equals("group") && !parameter.startsWith("group=")) {
                    out.append(parameter).append('&');
                }
            }
        }
        return out.append("group=").append(value).toString();
    }

    /** Whether the address names a registry: a scheme that is neither a direct protocol of this jar nor http(s). */
    static boolean isRegistry(String address) {
        String text = address == null ? "" : address.trim();
        String first = text.split("[,;\\s]+")[0];
        int scheme = first.indexOf("://");
        if (scheme <= 0) {
            return false;
        }
        String protocol = first.substring(0, scheme).toLowerCase(Locale.ROOT);
        return !DubboVersion.directProtocols().contains(protocol) && !NOT_REGISTRIES.contains(protocol);
    }
}
