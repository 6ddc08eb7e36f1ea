package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.ConfigurationException;
import org.apache.dubbo.common.extension.ExtensionLoader;

/**
 * A sampler field that names a Dubbo extension (load balance, cluster, serialization) checked against the ones this
 * Dubbo has: Dubbo itself ignores an unknown load balance or serialization name on a direct call and fails an unknown
 * cluster with an internal message, so a typo would measure something else than asked, silently.
 *
 * <pre>{@code
 * ExtensionNames.require(LoadBalance.class, "roundrobin", "DubboSampler.loadbalance");
 * }</pre>
 */
public final class ExtensionNames {

    private ExtensionNames() {
    }

    /**
     * @throws ConfigurationException naming the field, the value and the names this Dubbo knows
     */
    public static void require(Class<?> extensionType, String name, String field) {
        if (name.isEmpty()) {
            return;
        }
        DubboRuntime.application(); // before the first extension is loaded (the compiler choice)
        ExtensionLoader<?> loader = ExtensionLoader.getExtensionLoader(extensionType);
        if (!loader.hasExtension(name)) {
            throw new ConfigurationException(field + ": unknown '" + name + "' (this Dubbo has: "
                    + loader.getSupportedExtensions() + ")");
        }
    }
}
