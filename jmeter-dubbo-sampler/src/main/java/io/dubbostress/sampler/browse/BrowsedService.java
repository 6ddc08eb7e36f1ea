package io.dubbostress.sampler.browse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One service a browse found: interface, version and service group (empty when none), its methods, where it runs, and
 * the registry group it was registered under (ZooKeeper's root node name; null when it was asked on its own port).
 */
public final class BrowsedService {

    /** ZooKeeper's root when a registry URL names no group. */
    public static final String DEFAULT_ZOOKEEPER_ROOT = "dubbo";

    private final String interfaceName;
    private final String version;
    private final String group;
    private final List<BrowsedMethod> methods;
    private final List<String> providers;
    private final String registryGroup;

    /** A service a provider listed on its own port: no registry group. */
    public BrowsedService(String interfaceName, String version, String group, List<BrowsedMethod> methods,
            List<String> providers) {
        this(interfaceName, version, group, methods, providers, null);
    }

    /** @param registryGroup the registry group (ZooKeeper root name) it was found under; null: not from a registry */
    public BrowsedService(String interfaceName, String version, String group, List<BrowsedMethod> methods,
            List<String> providers, String registryGroup) {
        this.registryGroup = registryGroup;
        this.interfaceName = interfaceName;
        this.version = version == null ? "" : version;
        this.group = group == null ? "" : group;
        this.methods = Collections.unmodifiableList(new ArrayList<>(methods));
        this.providers = Collections.unmodifiableList(new ArrayList<>(providers));
    }

    public String interfaceName() {
        return interfaceName;
    }

    public String version() {
        return version;
    }

    public String group() {
        return group;
    }

    public List<BrowsedMethod> methods() {
        return methods;
    }

    /** {@code host:port} of each provider seen serving it. */
    public List<String> providers() {
        return providers;
    }

    /** The registry group (ZooKeeper root name, {@code dubbo} by default) it was found under; null: not from a registry. */
    public String registryGroup() {
        return registryGroup;
    }

    /**
     * The Registry group field that finds it again: empty for ZooKeeper's default root (an empty field means it, and
     * keeps a plan's registry switchable), else the root's name; null when not from a registry.
     */
    public String registryGroupField() {
        if (registryGroup == null) {
            return null;
        }
        return DEFAULT_ZOOKEEPER_ROOT.equals(registryGroup) ? "" : registryGroup;
    }

    /** The method with that name, or null. */
    public BrowsedMethod method(String name) {
        for (BrowsedMethod method : methods) {
            if (method.name().equals(name)) {
                return method;
            }
        }
        return null;
    }

    /** Dubbo's service key: {@code group/interface:version}. */
    public String serviceKey() {
        return (group.isEmpty() ? "" : group + "/") + interfaceName + (version.isEmpty() ? "" : ":" + version);
    }

    /** The service key, and the registry group when it is not the default root: {@code io.x.Shop (registry group g)}. */
    @Override
    public String toString() {
        String field = registryGroupField();
        return serviceKey() + (field == null || field.isEmpty() ? "" : "  (registry group " + field + ")");
    }
}
