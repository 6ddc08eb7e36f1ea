package io.dubbostress.consumer;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The consumer's settings, {@code stress.consumer.*} (environment: {@code STRESS_CONSUMER_*}). The HTTP side is
 * Spring Boot's own: {@code server.port} (default 8080), {@code server.address}.
 */
@ConfigurationProperties(prefix = "stress.consumer")
public class ConsumerSettings {

    /** Direct provider address, used when no registry is set. Several: comma-separated. */
    private String providerUrl = "dubbo://127.0.0.1:20880";
    /** {@code N/A} (default: direct connect to providerUrl) or a registry URL, e.g. zookeeper://127.0.0.1:2181. */
    private String registry = "N/A";
    /** Dubbo call timeout in milliseconds. */
    private int timeoutMs = 5000;
    /** Largest {@code size} the echo endpoint accepts, in bytes. */
    private int maxSizeBytes = 1024 * 1024;
    /** Dubbo serialization the reference asks for. */
    private String serialization = "hessian2";

    public String getProviderUrl() {
        return providerUrl;
    }

    public void setProviderUrl(String providerUrl) {
        this.providerUrl = providerUrl == null ? "" : providerUrl.trim();
    }

    public String getRegistry() {
        return registry;
    }

    public void setRegistry(String registry) {
        this.registry = registry == null ? "N/A" : registry.trim();
    }

    public int getTimeoutMs() {
        return timeoutMs;
    }

    public void setTimeoutMs(int timeoutMs) {
        if (timeoutMs <= 0) {
            throw new IllegalArgumentException("stress.consumer.timeout-ms must be > 0, was " + timeoutMs);
        }
        this.timeoutMs = timeoutMs;
    }

    public int getMaxSizeBytes() {
        return maxSizeBytes;
    }

    public void setMaxSizeBytes(int maxSizeBytes) {
        if (maxSizeBytes < 0) {
            throw new IllegalArgumentException("stress.consumer.max-size-bytes must be >= 0, was " + maxSizeBytes);
        }
        this.maxSizeBytes = maxSizeBytes;
    }

    public String getSerialization() {
        return serialization;
    }

    public void setSerialization(String serialization) {
        this.serialization = serialization;
    }

    public boolean usesRegistry() {
        return registry != null && !registry.isEmpty() && !"N/A".equalsIgnoreCase(registry);
    }

    /** Where calls go, for the startup line. */
    public String target() {
        return usesRegistry() ? "providers discovered in " + registry : providerUrl + " (direct)";
    }
}
