package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.Secrets;
import java.util.Arrays;

/**
 * Everything that makes two Dubbo references behave differently: two samplers with equal keys share one reference,
 * two that differ in anything (even only the timeout) get two. The password takes part in equality but is never
 * shown by {@link #toString()}.
 */
public final class ReferenceKey {

    private final String address;
    private final String username;
    private final String password;
    private final String interfaceName;
    private final String version;
    private final String group;
    private final int timeoutMs;
    private final int retries;
    private final int connections;
    private final String loadbalance;
    private final String cluster;
    private final String serialization;
    private final boolean typed;
    private final int hash;

    public ReferenceKey(String address, String username, String password, String interfaceName, String version,
            String group, int timeoutMs, int retries, int connections, String loadbalance, String cluster,
            String serialization, boolean typed) {
        this.address = address;
        this.username = username;
        this.password = password;
        this.interfaceName = interfaceName;
        this.version = version;
        this.group = group;
        this.timeoutMs = timeoutMs;
        this.retries = retries;
        this.connections = connections;
        this.loadbalance = loadbalance;
        this.cluster = cluster;
        this.serialization = serialization;
        this.typed = typed;
        this.hash = Arrays.hashCode(fields());
    }

    private Object[] fields() {
        return new Object[] {address, username, password, interfaceName, version, group, timeoutMs, retries,
            connections, loadbalance, cluster, serialization, typed};
    }

    public String address() {
        return address;
    }

    public String username() {
        return username;
    }

    public String password() {
        return password;
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

    public int timeoutMs() {
        return timeoutMs;
    }

    public int retries() {
        return retries;
    }

    public int connections() {
        return connections;
    }

    public String loadbalance() {
        return loadbalance;
    }

    public String cluster() {
        return cluster;
    }

    public String serialization() {
        return serialization;
    }

    public boolean typed() {
        return typed;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ReferenceKey)) {
            return false;
        }
        ReferenceKey that = (ReferenceKey) o;
        return hash == that.hash && Arrays.equals(fields(), that.fields());
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return (typed ? "typed " : "generic ") + interfaceName
                + (version.isEmpty() ? "" : ":" + version) + (group.isEmpty() ? "" : " group " + group)
                + " @ " + Secrets.masked(address) + (username.isEmpty() ? "" : " (user " + username + ", password ***)")
                + " timeout " + timeoutMs + " ms, retries " + retries + ", connections " + connections
                + (loadbalance.isEmpty() ? "" : ", loadbalance " + loadbalance)
                + (cluster.isEmpty() ? "" : ", cluster " + cluster)
                + (serialization.isEmpty() ? "" : ", serialization " + serialization);
    }
}
