package io.dubbostress.sampler.browse;

import io.dubbostress.sampler.failure.Secrets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Browses what the sampler's Address field points to: {@code dubbo://host:port} (several: comma-separated) asks
 * each provider with {@link DubboPortBrowser}; {@code zookeeper://host:port} (with {@code ?backup=} hosts) lists the
 * registry with {@link ZooKeeperBrowser} under the root the Registry group field names, else the address's {@code
 * group}, else under every root that holds Dubbo providers; {@code nacos://host:port} (its {@code namespace}, and
 * the Nacos group from the Registry group field, else the address's {@code group}) with {@link NacosBrowser}; then it
 * asks the first provider of each
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
            String field = typedGroup(registryGroup);
            List<BrowsedService> registered = new ZooKeeperBrowser(timeoutMs).browse(connect,
                    field.isEmpty() ? url.parameter("group", "") : field, user, password);
            return withTypesFromProviders(registered, timeoutMs);
        }
        if ("nacos".equals(scheme)) {
            return withTypesFromProviders(browseNacos(value, registryGroup, user, password, timeoutMs), timeoutMs);
        }
        if ("http".equals(scheme) || "https".equals(scheme)) {
            throw new BrowseException("Address '" + value + "' is the HTTP hop: it has no Dubbo services to browse"
                    + " (browse the provider's dubbo:// port or its registry)");
        }
        throw new BrowseException("Address '" + value + "': browsing reads dubbo:// providers and zookeeper://"
                + " and nacos:// registries, not " + scheme + "://");
    }

    /**
     * A {@code nacos://host:port} registry (several hosts comma-separated or in {@code backup=}: the first that
     * answers): its {@code namespace}, its {@code group} ({@code nacos.group} too; {@code DEFAULT_GROUP} by default),
     * the user and password of the form, else of the address ({@code user:password@}, {@code username=},
     * {@code password=}).
     */
    /** The Registry group field, trimmed; a JMeter variable in it cannot be browsed. */
    private static String typedGroup(String registryGroup) throws BrowseException {
        String field = registryGroup == null ? "" : registryGroup.trim();
        if (field.contains("${")) {
            throw new BrowseException("Registry group '" + field + "' holds a JMeter variable, known only while a"
                    + " test runs: type the group itself to browse");
        }
        return field;
    }

    private static List<BrowsedService> browseNacos(String value, String registryGroup, String user, String password,
            int timeoutMs) throws BrowseException {
        ProviderUrl url = ProviderUrl.parse(value);
        if (url == null) {
            throw new BrowseException("Address: '" + Secrets.masked(value) + "' is not nacos://host:port");
        }
        String authority = url.address();
        int at = authority.lastIndexOf('@');
        String login = user;
        String secret = password;
        if ((login == null || login.isEmpty()) && at >= 0) {
            String info = authority.substring(0, at);
            int colon = info.indexOf(':');
            login = colon < 0 ? info : info.substring(0, colon);
            secret = colon < 0 ? "" : info.substring(colon + 1);
        }
        if (login == null || login.isEmpty()) {
            login = url.parameter("username", "");
            secret = url.parameter("password", "");
        }
        List<String> servers = new ArrayList<>();
        for (String hostPort : ((at < 0 ? authority : authority.substring(at + 1)) + "," + url.parameter("backup", ""))
                .split(",")) {
            if (!hostPort.trim().isEmpty()) {
                servers.add(hostPort.trim());
            }
        }
        String field = typedGroup(registryGroup);
        String group = !field.isEmpty() ? field
                : url.parameter("nacos.group", url.parameter("group", "DEFAULT_GROUP"));
        BrowseException last = null;
        for (String server : servers) {
            try {
                return new NacosBrowser(timeoutMs).browse(server, url.parameter("namespace", ""), group, login,
                        secret);
            } catch (BrowseException e) {
                last = e;
            }
        }
        throw last != null ? last : new BrowseException("Address: '" + Secrets.masked(value) + "' names no server");
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
