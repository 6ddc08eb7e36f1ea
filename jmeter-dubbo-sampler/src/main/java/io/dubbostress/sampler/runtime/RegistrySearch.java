package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.Secrets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.dubbo.rpc.RpcException;

/**
 * What a registry reference searched, and where, said when it found no provider: Dubbo's own text names its directory
 * and host ({@code No provider available ... from registry ServiceDiscoveryRegistryDirectory(registry: 127.0.0.1:8848,
 * ...)}), not the namespace, the group or the discovery step, which is what a user gets wrong.
 *
 * <pre>{@code
 * No provider available for io.x.Orders (group gold, version 2.0.0) in the nacos registry nacos://127.0.0.1:8848
 * (namespace dev, group DEFAULT_GROUP), discovery FORCE_APPLICATION (application-level only: ...); dubbo version 3.3.5
 * }</pre>
 */
final class RegistrySearch {

    private static final String NO_PROVIDER = "No provider available";

    private RegistrySearch() {
    }

    /** {@code error} itself, or the same failure (code and cause) saying what was searched where. */
    static RpcException explained(RpcException error, ReferenceKey key, String registryUrl) {
        if (error.getMessage() == null || !error.getMessage().contains(NO_PROVIDER)) {
            return error;
        }
        StringBuilder m = new StringBuilder(NO_PROVIDER).append(" for ").append(key.interfaceName());
        if (!key.group().isEmpty() || !key.version().isEmpty()) {
            m.append(" (").append(key.group().isEmpty() ? "" : "group " + key.group())
                    .append(!key.group().isEmpty() && !key.version().isEmpty() ? ", " : "")
                    .append(key.version().isEmpty() ? "" : "version " + key.version()).append(')');
        }
        String protocol = registryUrl.substring(0, Math.max(0, registryUrl.indexOf("://"))).toLowerCase(Locale.ROOT);
        String shown = Secrets.masked(registryUrl);
        int query = shown.indexOf('?');
        m.append(" in the ").append(protocol).append(" registry ").append(query < 0 ? shown : shown.substring(0, query))
                .append(" (").append(where(protocol, registryUrl)).append("), discovery ")
                .append(DubboVersion.discoveryStep(registryUrl)).append("; dubbo version ")
                .append(org.apache.dubbo.common.Version.getVersion());
        return new RpcException(error.getCode(), m.toString(), error);
    }

    /** Nacos: namespace and group (their defaults when not given); ZooKeeper and others: the root (registry group). */
    private static String where(String protocol, String url) {
        if ("nacos".equals(protocol)) {
            String namespace = parameter(url, "namespace");
            String group = parameter(url, "group");
            return "namespace " + (namespace == null ? "public" : namespace) + ", group "
                    + (group == null ? "DEFAULT_GROUP" : group);
        }
        String group = parameter(url, "group");
        return "root /" + (group == null ? "dubbo" : group.replaceFirst("^/", ""));
    }

    private static String parameter(String url, String name) {
        Matcher m = Pattern.compile("[?&]" + Pattern.quote(name) + "=([^&]*)").matcher(url);
        return m.find() && !m.group(1).isEmpty() ? m.group(1) : null;
    }
}
