package io.dubbostress.nacos.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * Services and their instances by namespace, group and name, the connections subscribed to each, and the
 * {@code ServiceInfo} JSON the client reads ({@code nacos-api}'s {@code ServiceInfo} and {@code Instance}). An
 * ephemeral instance belongs to the connection that registered it and goes when that connection closes, as on a
 * Nacos 2 server; every change is pushed to the service's subscribers.
 */
final class NamingStore {

    static final String DEFAULT_NAMESPACE = "public";
    static final String DEFAULT_GROUP = "DEFAULT_GROUP";
    static final String DEFAULT_CLUSTER = "DEFAULT";
    private static final String GROUP_SEPARATOR = "@@";

    /** One service: namespace, group, name. */
    record ServiceKey(String namespace, String group, String name) {

        static ServiceKey of(String namespace, String group, String name) {
            String n = name;
            String g = group == null || group.isEmpty() ? DEFAULT_GROUP : group;
            int at = n.indexOf(GROUP_SEPARATOR);
            if (at >= 0) { // "group@@name": the grouped form the client sometimes sends
                g = n.substring(0, at);
                n = n.substring(at + GROUP_SEPARATOR.length());
            }
            return new ServiceKey(namespace == null || namespace.isEmpty() ? DEFAULT_NAMESPACE : namespace, g, n);
        }

        String grouped() {
            return group + GROUP_SEPARATOR + name;
        }
    }

    /** One instance as registered; {@code owner} is the connection of an ephemeral one, null for a persistent one. */
    record InstanceRecord(String ip, int port, double weight, boolean healthy, boolean enabled, boolean ephemeral,
            String cluster, Map<String, String> metadata, String owner) {

        String id() {
            return ip + "#" + port + "#" + cluster;
        }
    }

    private final Map<ServiceKey, Map<String, InstanceRecord>> services = new LinkedHashMap<>();
    private final Map<ServiceKey, Set<String>> subscribers = new LinkedHashMap<>();
    /** Called with (connection id, NotifySubscriberRequest body) for every push. */
    private final BiConsumer<String, ObjectNode> push;

    NamingStore(BiConsumer<String, ObjectNode> push) {
        this.push = push;
    }

    /** Reads an {@code Instance} JSON object as the client sends it. */
    static InstanceRecord instance(JsonNode json, String owner) {
        Map<String, String> metadata = new TreeMap<>();
        JsonNode m = json.get("metadata");
        if (m != null && m.isObject()) {
            m.fields().forEachRemaining(e -> metadata.put(e.getKey(), e.getValue().asText()));
        }
        boolean ephemeral = !json.has("ephemeral") || json.get("ephemeral").asBoolean(true);
        String cluster = json.hasNonNull("clusterName") && !json.get("clusterName").asText().isEmpty()
                ? json.get("clusterName").asText() : DEFAULT_CLUSTER;
        return new InstanceRecord(json.path("ip").asText(), json.path("port").asInt(),
                json.has("weight") ? json.get("weight").asDouble(1.0) : 1.0,
                !json.has("healthy") || json.get("healthy").asBoolean(true),
                !json.has("enabled") || json.get("enabled").asBoolean(true), ephemeral, cluster,
                metadata, ephemeral ? owner : null);
    }

    synchronized void register(ServiceKey key, InstanceRecord instance) {
        services.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(instance.id(), instance);
        changed(key);
    }

    /** A batch registration replaces what the connection had registered in that service. */
    synchronized void registerBatch(ServiceKey key, List<InstanceRecord> instances, String owner) {
        Map<String, InstanceRecord> all = services.computeIfAbsent(key, k -> new LinkedHashMap<>());
        all.values().removeIf(i -> owner.equals(i.owner()));
        for (InstanceRecord i : instances) {
            all.put(i.id(), i);
        }
        changed(key);
    }

    synchronized void deregister(ServiceKey key, String ip, int port, String cluster) {
        Map<String, InstanceRecord> all = services.get(key);
        if (all != null && all.remove(ip + "#" + port + "#" + (cluster == null || cluster.isEmpty()
                ? DEFAULT_CLUSTER : cluster)) != null) {
            changed(key);
        }
    }

    synchronized void subscribe(ServiceKey key, String connection) {
        subscribers.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(connection);
    }

    synchronized void unsubscribe(ServiceKey key, String connection) {
        Set<String> s = subscribers.get(key);
        if (s != null) {
            s.remove(connection);
        }
    }

    /** A connection closed: its ephemeral instances and subscriptions go. */
    synchronized void connectionClosed(String connection) {
        for (Set<String> s : subscribers.values()) {
            s.remove(connection);
        }
        for (Map.Entry<ServiceKey, Map<String, InstanceRecord>> e : services.entrySet()) {
            if (e.getValue().values().removeIf(i -> connection.equals(i.owner()))) {
                changed(e.getKey());
            }
        }
    }

    synchronized List<InstanceRecord> instances(ServiceKey key) {
        Map<String, InstanceRecord> all = services.get(key);
        return all == null ? List.of() : new ArrayList<>(all.values());
    }

    /** The names of the services of a namespace and group that have or had instances, sorted. */
    synchronized List<String> serviceNames(String namespace, String group) {
        Set<String> names = new java.util.TreeSet<>();
        for (ServiceKey k : services.keySet()) {
            if (k.namespace().equals(namespace) && k.group().equals(group)) {
                names.add(k.name());
            }
        }
        return new ArrayList<>(names);
    }

    synchronized Set<String> subscribers(ServiceKey key) {
        return new LinkedHashSet<>(subscribers.getOrDefault(key, Set.of()));
    }

    /** {@code ServiceInfo} as the client reads it ({@code healthyOnly}: only healthy, enabled instances). */
    synchronized ObjectNode serviceInfo(ServiceKey key, String clusters, boolean healthyOnly) {
        ObjectNode info = Json.object();
        info.put("name", key.name());
        info.put("groupName", key.group());
        info.put("clusters", clusters == null ? "" : clusters);
        info.put("cacheMillis", 10_000L);
        ArrayNode hosts = info.putArray("hosts");
        Set<String> wanted = new LinkedHashSet<>();
        if (clusters != null && !clusters.isEmpty()) {
            wanted.addAll(List.of(clusters.split(",")));
        }
        for (InstanceRecord i : instances(key)) {
            if ((healthyOnly && (!i.healthy() || !i.enabled())) || (!wanted.isEmpty() && !wanted.contains(i.cluster()))) {
                continue;
            }
            hosts.add(instanceJson(key, i));
        }
        info.put("lastRefTime", System.currentTimeMillis());
        info.put("checksum", Integer.toHexString(hosts.toString().hashCode()));
        info.put("allIPs", false);
        info.put("reachProtectionThreshold", false);
        info.put("valid", true);
        return info;
    }

    private static ObjectNode instanceJson(ServiceKey key, InstanceRecord i) {
        ObjectNode host = Json.object();
        host.put("instanceId", i.ip() + "#" + i.port() + "#" + i.cluster() + "#" + key.grouped());
        host.put("ip", i.ip());
        host.put("port", i.port());
        host.put("weight", i.weight());
        host.put("healthy", i.healthy());
        host.put("enabled", i.enabled());
        host.put("ephemeral", i.ephemeral());
        host.put("clusterName", i.cluster());
        host.put("serviceName", key.grouped());
        ObjectNode metadata = host.putObject("metadata");
        i.metadata().forEach(metadata::put);
        return host;
    }

    /** Pushes the service's new state to every subscriber (outside the lock's callers' concern: push is async). */
    private void changed(ServiceKey key) {
        Set<String> s = subscribers.get(key);
        if (s == null || s.isEmpty()) {
            return;
        }
        for (Iterator<String> it = s.iterator(); it.hasNext();) {
            String connection = it.next();
            ObjectNode request = Json.object();
            request.put("namespace", key.namespace());
            request.put("serviceName", key.name());
            request.put("groupName", key.group());
            request.set("serviceInfo", serviceInfo(key, "", false));
            request.put("module", "naming");
            push.accept(connection, request);
        }
    }
}
