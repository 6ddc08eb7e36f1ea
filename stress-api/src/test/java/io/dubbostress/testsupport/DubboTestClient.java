package io.dubbostress.testsupport;

import io.dubbostress.api.loopback.LoopbackAddress;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;

/**
 * A typed Dubbo reference for tests (plain Dubbo API, retries 0, no startup check), kept on loopback. Needs
 * {@code org.apache.dubbo:dubbo} on the test class path.
 *
 * <pre>{@code
 * try (DubboTestClient<StressTestService> client =
 *          DubboTestClient.direct(StressTestService.class, "dubbo://127.0.0.1:" + port, 5000)) {
 *     client.service().echo("x");
 * }
 * }</pre>
 */
public final class DubboTestClient<T> implements AutoCloseable {

    private static final ApplicationConfig APPLICATION = application();

    private final ReferenceConfig<T> reference;
    private final T service;

    private DubboTestClient(ReferenceConfig<T> reference) {
        this.reference = reference;
        this.service = reference.get();
    }

    private static ApplicationConfig application() {
        ApplicationConfig application = new ApplicationConfig("stress-test-client");
        application.setQosEnable(false);
        application.setLogger("slf4j");
        return application;
    }

    public static <T> DubboTestClient<T> direct(Class<T> type, String url, int timeoutMs) {
        LoopbackAddress.pinIfAnyLoopback(url);
        ReferenceConfig<T> reference = base(type, timeoutMs);
        reference.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        reference.setUrl(url);
        return new DubboTestClient<>(reference);
    }

    public static <T> DubboTestClient<T> viaRegistry(Class<T> type, String registryAddress, int timeoutMs) {
        LoopbackAddress.pinIfAnyLoopback(registryAddress);
        ReferenceConfig<T> reference = base(type, timeoutMs);
        reference.setRegistry(new RegistryConfig(registryAddress));
        return new DubboTestClient<>(reference);
    }

    private static <T> ReferenceConfig<T> base(Class<T> type, int timeoutMs) {
        ReferenceConfig<T> reference = new ReferenceConfig<>();
        reference.setApplication(APPLICATION);
        reference.setInterface(type);
        reference.setRetries(0);
        reference.setTimeout(timeoutMs);
        reference.setCheck(false);
        return reference;
    }

    public T service() {
        return service;
    }

    @Override
    public void close() {
        reference.destroy();
    }
}
