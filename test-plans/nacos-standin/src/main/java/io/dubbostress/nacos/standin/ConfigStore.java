package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Configurations by tenant (namespace), group and data id, with their MD5 (the client compares MD5s to know what
 * changed) and the connections listening to each; a publish or remove pushes {@code ConfigChangeNotifyRequest} to
 * them. Dubbo 3 keeps its interface-to-application mapping (group {@code mapping}) and service definitions here when
 * Nacos is its metadata centre.
 */
final class ConfigStore {

    static final String DEFAULT_GROUP = "DEFAULT_GROUP";

    /** One configuration: tenant, group, data id. */
    record ConfigKey(String tenant, String group, String dataId) {

        static ConfigKey of(String tenant, String group, String dataId) {
            return new ConfigKey(tenant == null || "public".equals(tenant) ? "" : tenant,
                    group == null || group.isEmpty() ? DEFAULT_GROUP : group, dataId);
        }
    }

    /** A stored configuration. */
    record Config(String content, String md5, long lastModified) {
    }

    private final Map<ConfigKey, Config> configs = new LinkedHashMap<>();
    private final Map<ConfigKey, Set<String>> listeners = new LinkedHashMap<>();
    /** Called with (connection id, ConfigChangeNotifyRequest body). */
    private final BiConsumer<String, ObjectNode> push;

    ConfigStore(BiConsumer<String, ObjectNode> push) {
        this.push = push;
    }

    static String md5(String content) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(content.getBytes(StandardCharsets.UTF_8));
            return String.format("%032x", new BigInteger(1, digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    synchronized Config get(ConfigKey key) {
        return configs.get(key);
    }

    /**
     * Stores the content; with a {@code casMd5}, only when the stored MD5 is that one (compare and swap, as Dubbo
     * writes its mapping). A configuration that does not exist yet is created whatever the {@code casMd5}, as the
     * Nacos server's {@code insertOrUpdateCas} does (Dubbo sends {@code "0"} for one it found absent).
     *
     * @return false when the compare failed
     */
    synchronized boolean publish(ConfigKey key, String content, String casMd5) {
        Config now = configs.get(key);
        if (casMd5 != null && !casMd5.isEmpty() && now != null && !now.md5().equals(casMd5)) {
            return false;
        }
        configs.put(key, new Config(content, md5(content), System.currentTimeMillis()));
        notifyListeners(key);
        return true;
    }

    synchronized void remove(ConfigKey key) {
        if (configs.remove(key) != null) {
            notifyListeners(key);
        }
    }

    /**
     * Registers (or drops) a connection's listener.
     *
     * @return whether the client's MD5 differs from what is stored (its copy is out of date)
     */
    synchronized boolean listen(ConfigKey key, String connection, String clientMd5, boolean listen) {
        if (listen) {
            listeners.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(connection);
        } else {
            Set<String> s = listeners.get(key);
            if (s != null) {
                s.remove(connection);
            }
        }
        Config now = configs.get(key);
        String stored = now == null ? "" : now.md5();
        return listen && !stored.equals(clientMd5 == null ? "" : clientMd5);
    }

    synchronized void connectionClosed(String connection) {
        for (Set<String> s : listeners.values()) {
            s.remove(connection);
        }
    }

    synchronized Map<ConfigKey, Config> all() {
        return new LinkedHashMap<>(configs);
    }

    private void notifyListeners(ConfigKey key) {
        for (String connection : listeners.getOrDefault(key, Set.of())) {
            ObjectNode request = Json.object();
            request.put("dataId", key.dataId());
            request.put("group", key.group());
            request.put("tenant", key.tenant());
            request.put("module", "config");
            push.accept(connection, request);
        }
    }
}
