package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.ThrowableDecoding;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.registry.Registry;
import org.apache.dubbo.registry.support.AbstractRegistryFactory;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.RpcInvocation;

/**
 * The few calls whose Dubbo API differs between the sampler's two jars, for Dubbo <b>2.7</b>. The shared sources
 * ({@code jmeter-dubbo-sampler/src/main/java}) call these static methods; {@code jmeter-dubbo3-sampler} compiles the
 * same sources beside its own {@code DubboVersion} (the same methods, for Dubbo 3.3). Nothing else differs.
 */
public final class DubboVersion {

    /** The Dubbo line this jar is built on, for messages. */
    public static final String LINE = "2.7";

    private static final Set<String> DIRECT_PROTOCOLS = Collections.singleton("dubbo");

    private DubboVersion() {
    }

    /** The protocols a direct address may name ({@code dubbo://host:port}). */
    public static Set<String> directProtocols() {
        return DIRECT_PROTOCOLS;
    }

    /**
     * Whether Dubbo's javassist compiler needs {@code java.lang} open on Java 9+: Dubbo 2.7 defines its generated
     * classes through {@code ClassLoader.defineClass} by reflection, so without the open the sampler switches Dubbo
     * to the JDK compiler ({@link SerialJdkCompiler}).
     */
    static boolean javassistNeedsJavaLangOpen() {
        return true;
    }

    /** Settings every reference of this jar gets: none beyond the shared ones in Dubbo 2.7. */
    static void configureReference(ReferenceConfig<?> config) {
        // nothing
    }

    /** What the invocations of a reference carry of its model: nothing in Dubbo 2.7 ({@link #invocation}). */
    static Object serviceModel(Invoker<?> invoker) {
        return null;
    }

    /** One call's invocation through the sampler's proxy handler ({@link DirectJdkProxyFactory}), as Dubbo 2.7's. */
    static RpcInvocation invocation(Object serviceModel, Method method, String serviceName, String protocolServiceKey,
            Object[] arguments) {
        return new RpcInvocation(method, serviceName, protocolServiceKey, arguments);
    }

    /** Dubbo logs through SLF4J (JMeter's logging). */
    static void useSlf4jLogging() {
        LoggerFactory.setLoggerAdapter("slf4j");
    }

    /**
     * A provider's exception decodes without {@code java.lang} open: hessian-lite 3.2 writes a Throwable's private
     * fields by reflection, {@link ThrowableDecoding} builds it through its constructor instead.
     */
    static void installThrowableDecoding() {
        ThrowableDecoding.register(org.apache.dubbo.common.serialize.hessian2.dubbo.Hessian2FactoryInitializer
                .getInstance().getSerializerFactory());
    }

    /** Dubbo's JVM shutdown hook removed: the sampler destroys its references at test end itself. */
    static void removeShutdownHook() {
        DubboBootstrap.getInstance().unRegisterShutdownHook();
    }

    /** Nothing to do once a reference exists (the hook went before, {@link #removeShutdownHook}). */
    static void afterReferenceCreated() {
        // Dubbo 2.7: done in removeShutdownHook
    }

    /** The reference's serialization (hessian2, ...). */
    static void setSerialization(ReferenceConfig<?> config, Map<String, String> parameters, String serialization) {
        config.setSerialization(serialization);
    }

    /**
     * No consumer metadata written to the registry: a load generator has none to share, and Dubbo 2.7 writes it in
     * the background, where a test's end (closing the client) made it log an ERROR with a stack trace.
     */
    static void configureRegistry(RegistryConfig registry) {
        registry.setUseAsMetadataCenter(false);
    }

    /**
     * A Nacos registry refused before Dubbo 2.7 sees it when its client is missing (this jar does not carry it): Dubbo
     * printed the registry's settings (secret key included) on its way to failing, once per sample.
     */
    static void beforeReference(RegistryConfig registry, String address, int timeoutMs) {
        if (String.valueOf(registry.getAddress()).startsWith("nacos://")) {
            try {
                Class.forName("com.alibaba.nacos.api.NacosFactory", false, DubboVersion.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                throw new NoClassDefFoundError("com/alibaba/nacos/api/NacosFactory");
            }
        }
    }

    /** No metadata reports of the sampler's own in Dubbo 2.7. */
    static void closeMetadataReports() {
        // Dubbo 2.7: nothing
    }

    /** Nothing in a registry address configures a Dubbo 2.7 reference (interface-level discovery only). */
    static void applyRegistryAddress(ReferenceConfig<?> config, String registryUrl) {
        // Dubbo 2.7 has no application-level discovery
    }

    /** How a Dubbo 2.7 reference finds providers in a registry, for a NO_PROVIDER message. */
    static String discoveryStep(String registryUrl) {
        return "interface-level (the 2.7 jar's only discovery: providers registered application-level only need"
                + " jmeter-dubbo3-sampler)";
    }

    /** The registries Dubbo keeps open in this JVM. */
    static Collection<Registry> registries() {
        return AbstractRegistryFactory.getRegistries();
    }

    /** Forgets a destroyed registry, so that the next test connects again with its own settings. */
    static void forgetRegistry(Registry registry) {
        AbstractRegistryFactory.removeDestroyedRegistry(registry);
    }
}
