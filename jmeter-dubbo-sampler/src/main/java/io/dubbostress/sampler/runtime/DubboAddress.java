package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.ConfigurationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.registry.RegistryFactory;

/**
 * The sampler's target field read as Dubbo understands it: provider addresses for a direct call
 * ({@code dubbo://127.0.0.1:20880}, several separated by commas or semicolons, the scheme optional), or a registry
 * URL ({@code zookeeper://127.0.0.1:2181}, {@code ?backup=} allowed) of a registry this Dubbo has.
 */
public final class DubboAddress {

    private final boolean direct;
    private final String url;

    private DubboAddress(boolean direct, String url) {
        this.direct = direct;
        this.url = url;
    }

    /**
     * @throws ConfigurationException naming {@code field} and the value when it is empty or malformed
     */
    public static DubboAddress parse(String text, String field) {
        String value = text == null ? "" : text.trim();
        if (value.isEmpty()) {
            throw new ConfigurationException(field + ": empty: give provider addresses (dubbo://host:port) or a"
                    + " registry (zookeeper://host:port)");
        }
        int scheme = value.indexOf("://");
        String firstEntry = value.split("[,;\\s]+")[0];
        String protocol = !firstEntry.contains("://") ? "dubbo" : value.substring(0, scheme).toLowerCase(Locale.ROOT);
        if (DubboVersion.directProtocols().contains(protocol)) {
            List<String> urls = new ArrayList<>();
            for (String part : value.split("[,;\\s]+")) {
                if (part.isEmpty()) {
                    continue;
                }
                String hostPort = part.startsWith(protocol + "://") ? part.substring(protocol.length() + 3) : part;
                if (hostPort.contains("://")) {
                    throw new ConfigurationException(field + ": '" + part + "' in '" + value
                            + "': a direct target lists " + protocol + ":// addresses only");
                }
                checkHostPort(hostPort, part, value, field);
                urls.add(protocol + "://" + hostPort);
            }
            return new DubboAddress(true, String.join(";", urls));
        }
        if (!protocol.matches("[a-z][a-z0-9+.-]*")) {
            throw new ConfigurationException(field + ": malformed URL '" + value + "'");
        }
        if ("tri".equals(protocol) || "triple".equals(protocol) || "grpc".equals(protocol)) {
            throw new ConfigurationException(field + ": '" + value + "': " + unsupportedTriple(protocol));
        }
        if (!ExtensionLoader.getExtensionLoader(RegistryFactory.class).hasExtension(protocol)) {
            throw new ConfigurationException(field + ": unknown registry '" + protocol + "' in '" + value
                    + "' (this Dubbo has: " + ExtensionLoader.getExtensionLoader(RegistryFactory.class)
                    .getSupportedExtensions() + ")");
        }
        String rest = value.substring(scheme + 3);
        int end = rest.length();
        for (char stop : new char[] {'/', '?'}) {
            int i = rest.indexOf(stop);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        String authority = rest.substring(0, end);
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            authority = authority.substring(at + 1);
        }
        if (!"multicast".equals(protocol) || !authority.isEmpty()) {
            for (String hostPort : authority.split(",")) {
                checkHostPort(hostPort, authority, value, field);
            }
        }
        return new DubboAddress(false, value);
    }

    /**
     * A direct address's service group and version, written as Dubbo's own URLs write them
     * ({@code dubbo://127.0.0.1:20880?group=gold&version=2.0.0}, every listed address alike): {@code {address without
     * them, group, version}} ("" where absent); null for an address that is not direct (a registry's {@code group=} is
     * its registry group, {@link RegistryGroup}) or has no query. Any other parameter is refused: a direct address has
     * no settings of its own, the sampler's fields are the reference's settings.
     *
     * @throws ConfigurationException naming {@code field} and the value
     */
    public static String[] serviceParameters(String text, String field) {
        String value = text == null ? "" : text.trim();
        if (value.indexOf('?') < 0) {
            return null;
        }
        String firstEntry = value.split("[,;\\s]+")[0];
        int scheme = firstEntry.indexOf("://");
        String protocol = scheme < 0 ? "dubbo" : firstEntry.substring(0, scheme).toLowerCase(Locale.ROOT);
        if (!DubboVersion.directProtocols().contains(protocol)) {
            return null;
        }
        List<String> addresses = new ArrayList<>();
        String[] said = null;
        for (String part : value.split("[,;\\s]+")) {
            if (part.isEmpty()) {
                continue;
            }
            int q = part.indexOf('?');
            String[] these = {"", ""};
            if (q >= 0) {
                for (String parameter : part.substring(q + 1).split("&")) {
                    int eq = parameter.indexOf('=');
                    String name = eq < 0 ? parameter : parameter.substring(0, eq);
                    int slot = "group".equals(name) ? 0 : "version".equals(name) ? 1 : -1;
                    if (slot < 0 || eq < 0) {
                        if (parameter.isEmpty()) {
                            continue;
                        }
                        throw new ConfigurationException(field + ": '" + parameter + "' in '" + value + "': a direct"
                                + " address takes group= and version= only (the service's; every other setting is a"
                                + " field of the sampler)");
                    }
                    these[slot] = parameter.substring(eq + 1).trim();
                }
            }
            if (said != null && !java.util.Arrays.equals(said, these)) {
                throw new ConfigurationException(field + ": '" + value + "': its addresses name different groups or"
                        + " versions; one reference calls one service (group and version)");
            }
            said = these;
            addresses.add(q < 0 ? part : part.substring(0, q));
        }
        return new String[] {String.join(",", addresses), said == null ? "" : said[0], said == null ? "" : said[1]};
    }

    /** Why {@code protocol} (tri, triple, grpc) cannot be called directly by this jar, and what to do instead. */
    private static String unsupportedTriple(String protocol) {
        if (DubboVersion.directProtocols().contains("tri")) {
            return "the triple protocol's scheme here is tri:// (not " + protocol + "://)";
        }
        return "the triple protocol (" + protocol + "://) is not supported by this jar, which speaks Dubbo 2.7's"
                + " dubbo:// protocol only: call a port where the provider exports the dubbo protocol"
                + " (dubbo://host:port; Dubbo 3 providers can export both), or use jmeter-dubbo3-sampler";
    }

    private static void checkHostPort(String hostPort, String part, String value, String field) {
        int colon = hostPort.lastIndexOf(':');
        String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
        String port = colon < 0 ? "" : hostPort.substring(colon + 1);
        if (host.isEmpty() || port.isEmpty() || !port.matches("[0-9]{1,5}") || Integer.parseInt(port) > 65535
                || !host.matches("[A-Za-z0-9._\\-\\[\\]:]+")) {
            throw new ConfigurationException(field + ": malformed address '" + part + "' in '" + value
                    + "' (expected host:port)");
        }
    }

    /** Whether calls go straight to the listed providers (no registry). */
    public boolean isDirect() {
        return direct;
    }

    /** Direct: {@code dubbo://a:1;dubbo://b:2} (Dubbo's form); registry: the URL as given. */
    public String url() {
        return url;
    }
}
