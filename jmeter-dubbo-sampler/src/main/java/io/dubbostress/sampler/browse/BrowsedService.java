package io.dubbostress.sampler.browse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** One service a browse found: interface, version and group (empty when none), its methods and where it runs. */
public final class BrowsedService {

    private final String interfaceName;
    private final String version;
    private final String group;
    private final List<BrowsedMethod> methods;
    private final List<String> providers;

    public BrowsedService(String interfaceName, String version, String group, List<BrowsedMethod> methods,
            List<String> providers) {
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

    @Override
    public String toString() {
        return serviceKey();
    }
}
