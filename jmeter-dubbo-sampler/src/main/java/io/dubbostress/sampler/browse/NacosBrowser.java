package io.dubbostress.sampler.browse;

import io.dubbostress.sampler.nacos.NacosOpenApi;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Lists the services Dubbo registered in a Nacos registry, through Nacos's open HTTP API ({@link NacosOpenApi}): the
 * registry address's {@code namespace} and {@code group} (Nacos group, {@code DEFAULT_GROUP} unless given), its
 * user and password (a login first, then the token) when given. Dubbo names an interface-level registration
 * {@code providers:<interface>:<version>:<group>} and puts the provider URL's parameters in each instance's metadata
 * ({@code interface}, {@code version}, {@code group}, {@code methods}, {@code protocol}): those become services with
 * their method names (types unknown; {@link ServiceBrowser} asks the providers for them). Application-level
 * registrations (a service named after the application, no {@code methods} in its metadata) are not services a
 * form can call and are left out.
 *
 * <pre>{@code
 * List<BrowsedService> services = new NacosBrowser(5000).browse("127.0.0.1:8848", "dev", "DEFAULT_GROUP", "nacos", pw);
 * }</pre>
 */
public final class NacosBrowser {

    private static final String PROVIDERS_PREFIX = "providers:";

    private final int timeoutMs;

    public NacosBrowser(int timeoutMs) {
        this.timeoutMs = timeoutMs;
    }

    /**
     * @param server {@code host:port} of the Nacos server's HTTP API
     * @param namespace the namespace id, "" for the public one
     * @param user registry user, or null/empty for none
     */
    public List<BrowsedService> browse(String server, String namespace, String group, String user, String password)
            throws BrowseException {
        NacosOpenApi nacos = new NacosOpenApi(server, timeoutMs);
        try {
            if (user != null && !user.isEmpty()) {
                nacos.login(user, password);
            }
            Map<String, String[]> idByKey = new LinkedHashMap<>();
            Map<String, List<String>> providersByKey = new LinkedHashMap<>();
            Map<String, TreeSet<String>> methodsByKey = new LinkedHashMap<>();
            for (String name : new TreeSet<>(nacos.serviceNames(namespace, group))) {
                if (!name.startsWith(PROVIDERS_PREFIX)) {
                    continue; // an application-level registration, consumers:..., or another client's service
                }
                String[] parts = name.split(":", -1);
                for (NacosOpenApi.Instance instance : nacos.instances(namespace, group, name)) {
                    Map<String, String> m = instance.metadata();
                    String protocol = m.containsKey("protocol") ? m.get("protocol") : "dubbo";
                    if (!"dubbo".equals(protocol) && !"tri".equals(protocol)) {
                        continue;
                    }
                    String iface = value(m, "interface", parts.length > 1 ? parts[1] : "");
                    String version = value(m, "version", parts.length > 2 ? parts[2] : "");
                    String serviceGroup = value(m, "group", parts.length > 3 ? parts[3] : "");
                    String key = serviceGroup + "/" + iface + ":" + version;
                    idByKey.put(key, new String[] {iface, version, serviceGroup});
                    List<String> providers = providersByKey.computeIfAbsent(key, k -> new ArrayList<>());
                    String address = instance.ip() + ":" + instance.port();
                    if (!providers.contains(address)) {
                        providers.add(address);
                    }
                    TreeSet<String> names = methodsByKey.computeIfAbsent(key, k -> new TreeSet<>());
                    for (String method : value(m, "methods", "").split(",")) {
                        if (!method.trim().isEmpty()) {
                            names.add(method.trim());
                        }
                    }
                }
            }
            if (idByKey.isEmpty()) {
                throw new BrowseException("no Dubbo provider registered in namespace "
                        + (namespace == null || namespace.isEmpty() ? "public" : namespace) + ", group "
                        + (group == null || group.isEmpty() ? "DEFAULT_GROUP" : group) + " of Nacos at " + server
                        + " (check the address's namespace= and group=)", null);
            }
            List<BrowsedService> services = new ArrayList<>();
            for (Map.Entry<String, String[]> e : idByKey.entrySet()) {
                List<BrowsedMethod> methods = new ArrayList<>();
                for (String name : methodsByKey.get(e.getKey())) {
                    methods.add(new BrowsedMethod(name, null, null));
                }
                String[] id = e.getValue();
                services.add(new BrowsedService(id[0], id[1], id[2], methods, providersByKey.get(e.getKey())));
            }
            return services;
        } catch (ConnectException e) {
            throw new BrowseException("cannot connect to Nacos at " + server + ": " + e.getMessage()
                    + " (is it running, and is that its HTTP port, 8848 by default?)", e);
        } catch (SocketTimeoutException e) {
            throw new BrowseException("Nacos at " + server + " did not answer within " + timeoutMs + " ms", e);
        } catch (IOException e) {
            throw new BrowseException(e.getMessage(), e);
        }
    }

    private static String value(Map<String, String> metadata, String key, String orElse) {
        String v = metadata.get(key);
        return v == null || v.isEmpty() ? orElse : v;
    }
}
