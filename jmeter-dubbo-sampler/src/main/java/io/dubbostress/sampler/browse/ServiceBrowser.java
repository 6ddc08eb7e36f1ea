package io.dubbostress.sampler.browse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Browses what the sampler's Address field points to: {@code dubbo://host:port} (several: comma-separated) asks
 * each provider with {@link DubboPortBrowser}; {@code zookeeper://host:port} (with {@code ?backup=} hosts) lists the
 * registry with {@link ZooKeeperBrowser} under the root the Registry group field names, else the address's {@code
 * group}, else under every root that holds Dubbo providers; then it asks the first provider of each
 * service for its methods' parameter types (which a registry does not hold), keeping the registry's method names
 * when the provider does not answer {@code ls}. No Swing here: the GUI calls it off the
 * event thread.
 *
 * <pre>{@code
 * List<BrowsedService> services = ServiceBrowser.browse("zookeeper://127.0.0.1:2181", "", "", 5000);
 * }</pre>
 */
public final class ServiceBrowser {

    private ServiceBrowser() {
    }

    /** {@link #browse(String, String, String, String, int)} with no Registry group field. */
    public static List<BrowsedService> browse(String address, String user, String password, int timeoutMs)
            throws BrowseException {
        return browse(address, "", user, password, timeoutMs);
    }

    /**
     * @param registryGroup the Registry group field: the root to list (it wins over the address's {@code group});
     *     empty: the address's {@code group}, or every root
     */
    public static List<BrowsedService> browse(String address, String registryGroup, String user, String password,
            int timeoutMs) throws BrowseException {
        String value = address == null ? "" : address.trim();
        if (value.isEmpty()) {
            throw new BrowseException("Address is empty: give a provider (dubbo://host:port) or a registry"
                    + " (zookeeper://host:port) to browse");
        }
        if (value.contains("${")) {
            throw new BrowseException("Address '" + value + "' holds a JMeter variable, known only while a test"
                    + " runs: type the address itself to browse");
        }
        String firstEntry = value.split("[,;\\s]+")[0];
        String scheme = firstEntry.contains("://")
                ? firstEntry.substring(0, firstEntry.indexOf("://")).toLowerCase(Locale.ROOT) : "dubbo";
        if ("dubbo".equals(scheme)) {
            List<BrowsedService> services = new ArrayList<>();
            for (String part : value.split("[,;\\s]+")) {
                if (part.isEmpty()) {
                    continue;
                }
                String hostPort = part.startsWith("dubbo://") ? part.substring("dubbo://".length()) : part;
                int colon = hostPort.lastIndexOf(':');
                if (colon <= 0 || !hostPort.substring(colon + 1).matches("[0-9]{1,5}")) {
                    throw new BrowseException("Address: '" + part + "' is not host:port");
                }
                services.addAll(new DubboPortBrowser(timeoutMs).browse(hostPort.substring(0, colon),
                        Integer.parseInt(hostPort.substring(colon + 1))));
            }
            return services;
        }
        if ("zookeeper".equals(scheme)) {
            ProviderUrl url = ProviderUrl.parse(value);
            if (url == null) {
                throw new BrowseException("Address: '" + value + "' is not zookeeper://host:port");
            }
            String authority = url.address();
            int at = authority.lastIndexOf('@');
            String hosts = at < 0 ? authority : authority.substring(at + 1);
            String backup = url.parameter("backup", "");
            String connect = backup.isEmpty() ? hosts : hosts + "," + backup;
            String field = registryGroup == null ? "" : registryGroup.trim();
            if (field.contains("${")) {
                throw new BrowseException("Registry group '" + field + "' holds a JMeter variable, known only while a"
                        + " test runs: type the group itself to browse");
            }
            List<BrowsedService> registered = new ZooKeeperBrowser(timeoutMs).browse(connect,
                    field.isEmpty() ? url.parameter("group", "") : field, user, password);
            return withTypesFromProviders(registered, timeoutMs);
        }
        if ("http".equals(scheme) || "https".equals(scheme)) {
            throw new BrowseException("Address '" + value + "' is the HTTP hop: it has no Dubbo services to browse"
                    + " (browse the provider's dubbo:// port or its registry)");
        }
        throw new BrowseException("Address '" + value + "': browsing reads dubbo:// providers and zookeeper://"
                + " registries, not " + scheme + "://");
    }

    /**
     * A registry names methods without their types: asks the first provider of each service ({@code ls -l} on its
     * dubbo port, each provider address once) and takes the methods with their types from it when it answers.
     * A provider that refuses or cannot be reached leaves the registry's method names as they were.
     */
    static List<BrowsedService> withTypesFromProviders(List<BrowsedService> registered, int timeoutMs) {
        Map<String, Map<String, BrowsedService>> answers = new HashMap<>();
        List<BrowsedService> out = new ArrayList<>();
        for (BrowsedService service : registered) {
            BrowsedService typed = null;
            if (!service.providers().isEmpty()) {
                String address = service.providers().get(0);
                Map<String, BrowsedService> byKey = answers.get(address);
                if (byKey == null) {
                    byKey = new HashMap<>();
                    int colon = address.lastIndexOf(':');
                    try {
                        for (BrowsedService s : new DubboPortBrowser(timeoutMs).browse(address.substring(0, colon),
                                Integer.parseInt(address.substring(colon + 1)))) {
                            byKey.put(s.serviceKey(), s);
                        }
                    } catch (BrowseException | RuntimeException e) {
                        // the provider does not list its methods: the registry's names stay
                    }
                    answers.put(address, byKey);
                }
                typed = byKey.get(service.serviceKey());
            }
            out.add(typed == null || typed.methods().isEmpty() ? service : new BrowsedService(service.interfaceName(),
                    service.version(), service.group(), typed.methods(), service.providers(),
                    service.registryGroup()));
        }
        return out;
    }
}
