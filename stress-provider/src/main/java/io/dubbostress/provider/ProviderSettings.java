package io.dubbostress.provider;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The provider's settings, {@code stress.provider.*} (environment: {@code STRESS_PROVIDER_*}). application.yml maps
 * them onto Dubbo's own {@code dubbo.*} configuration; these are the names users type.
 */
@ConfigurationProperties(prefix = "stress.provider")
public class ProviderSettings {

    /** Dubbo protocol port. */
    private int port = 20880;
    /** Provider thread pool size (Dubbo's fixed pool). */
    private int threads = 200;
    /** Random additions per call: the reference harness does 10,000; 0 disables the CPU work. */
    private int cpuIterations = 10_000;
    /** {@code N/A} (direct connect, the default) or a registry URL such as {@code zookeeper://127.0.0.1:2181}. */
    private String registry = "N/A";
    /**
     * Address to bind and advertise. Empty (default): Dubbo's choice, the host's NIC address. A loopback address
     * (127.x.x.x): bind exactly that and advertise it, which Dubbo 2.7 refuses to do by itself; see
     * {@link io.dubbostress.api.loopback.LoopbackAddress}.
     */
    private String host = "";
    /** Dubbo serialization. */
    private String serialization = "hessian2";

    public int getPort() {
        return port;
    }

    public void setPort(int port) {
        this.port = port;
    }

    public int getThreads() {
        return threads;
    }

    public void setThreads(int threads) {
        this.threads = threads;
    }

    public int getCpuIterations() {
        return cpuIterations;
    }

    public void setCpuIterations(int cpuIterations) {
        if (cpuIterations < 0) {
            throw new IllegalArgumentException("stress.provider.cpu-iterations must be >= 0, was " + cpuIterations);
        }
        this.cpuIterations = cpuIterations;
    }

    public String getRegistry() {
        return registry;
    }

    public void setRegistry(String registry) {
        this.registry = registry;
    }

    public String getHost() {
        return host;
    }

    public void setHost(String host) {
        this.host = host == null ? "" : host.trim();
    }

    public String getSerialization() {
        return serialization;
    }

    public void setSerialization(String serialization) {
        this.serialization = serialization;
    }

    public boolean isDirectConnect() {
        return registry == null || registry.trim().isEmpty() || "N/A".equalsIgnoreCase(registry.trim());
    }
}
