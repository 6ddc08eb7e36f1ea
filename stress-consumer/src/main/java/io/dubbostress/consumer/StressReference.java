package io.dubbostress.consumer;

import io.dubbostress.api.StressTestService;
import io.dubbostress.api.loopback.LoopbackAddress;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;

/**
 * The consumer's one Dubbo reference to {@link StressTestService}, built from {@link ConsumerSettings} with the plain
 * Dubbo API: {@code retries=0} (a stress test must see failures, not hide them in retries), random load balancing,
 * no startup check (the consumer may start before the provider). The consumer exports nothing: a Spring app that
 * exports the contract it references gets in-JVM calls, silently.
 */
public final class StressReference implements AutoCloseable {

    private final ReferenceConfig<StressTestService> config;
    private final StressTestService service;

    public StressReference(ConsumerSettings settings) {
        // Dubbo 2.7 would rewrite a 127.x provider address to the NIC address; keep loopback calls on loopback
        LoopbackAddress.pinIfAnyLoopback(settings.usesRegistry() ? settings.getRegistry() : settings.getProviderUrl());
        ApplicationConfig application = new ApplicationConfig("stress-consumer");
        application.setQosEnable(false);
        application.setLogger("slf4j");

        ReferenceConfig<StressTestService> reference = new ReferenceConfig<>();
        reference.setApplication(application);
        reference.setInterface(StressTestService.class);
        reference.setRetries(0);
        reference.setTimeout(settings.getTimeoutMs());
        reference.setLoadbalance("random");
        reference.setCheck(false);
        reference.setSerialization(settings.getSerialization());
        if (settings.usesRegistry()) {
            reference.setRegistry(new RegistryConfig(settings.getRegistry()));
        } else {
            if (settings.getProviderUrl().isEmpty()) {
                throw new IllegalArgumentException(
                        "stress.consumer.provider-url is empty and no stress.consumer.registry is set: nowhere to call");
            }
            reference.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
            reference.setUrl(settings.getProviderUrl());
        }
        this.config = reference;
        this.service = reference.get();
    }

    public StressTestService service() {
        return service;
    }

    @Override
    public void close() {
        config.destroy();
    }
}
