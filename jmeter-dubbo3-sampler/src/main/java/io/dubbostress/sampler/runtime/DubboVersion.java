package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.ThrowableDecoding;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.common.serialize.hessian2.Hessian2FactoryManager;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.registry.Registry;
import org.apache.dubbo.registry.support.RegistryManager;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.ServiceModel;

/**
 * The few calls whose Dubbo API differs between the sampler's two jars, for Dubbo <b>3.3</b>. The shared sources
 * ({@code jmeter-dubbo-sampler/src/main/java}) call these static methods; {@code jmeter-dubbo-sampler} has its own
 * {@code DubboVersion} (the same methods, for Dubbo 2.7) in {@code src/dubbo27/java}. Nothing else differs.
 */
public final class DubboVersion {

    /** The Dubbo line this jar is built on, for messages. */
    public static final String LINE = "3.3";

    private static final Set<String> DIRECT_PROTOCOLS =
            Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("dubbo", "tri")));

    private DubboVersion() {
    }

    /** The protocols a direct address may name ({@code dubbo://host:port}, {@code tri://host:port}). */
    public static Set<String> directProtocols() {
        return DIRECT_PROTOCOLS;
    }

    /**
     * Whether Dubbo's javassist compiler needs {@code java.lang} open on Java 9+: not in Dubbo 3, which defines its
     * generated classes beside a neighbour class ({@code MethodHandles.Lookup}); javassist stays the compiler, flags
     * or not.
     */
    static boolean javassistNeedsJavaLangOpen() {
        return false;
    }

    /**
     * Settings every reference of this jar gets: without Dubbo 3's consumer filter {@code rpc-exception}, which
     * rethrows a failed call's RpcException from its response callback, where Dubbo logs it as an ERROR with a stack
     * trace (twice per failed triple call) before the sample gets the same exception.
     */
    static void configureReference(ReferenceConfig<?> config) {
        config.setFilter("-rpc-exception");
    }

    /** What the invocations of a reference carry of its model: the consumer's service model, from its URL. */
    static Object serviceModel(Invoker<?> invoker) {
        return invoker.getUrl().getServiceModel();
    }

    /**
     * One call's invocation through the sampler's proxy handler ({@link DirectJdkProxyFactory}), built as Dubbo 3's own
     * handler builds it: with the service model, whose method descriptor gives the parameter and return types. Without
     * it (Dubbo 2.7's constructor) Dubbo 3 looked for the model in every call, a stream over the provider models, and
     * built the descriptors again by reflection: 1.4 KB allocated per call, the same call on the wire.
     */
    static RpcInvocation invocation(Object serviceModel, Method method, String serviceName, String protocolServiceKey,
            Object[] arguments) {
        return new RpcInvocation((ServiceModel) serviceModel, method.getName(), serviceName, protocolServiceKey,
                method.getParameterTypes(), arguments);
    }

    /** Dubbo logs through SLF4J (JMeter's logging). */
    static void useSlf4jLogging() {
        LoggerFactory.setLoggerAdapter(FrameworkModel.defaultModel(), "slf4j");
    }

    /**
     * The sampler's hessian2 readers in Dubbo 3.3's serializer factories (one per class loader: the sampler's and the
     * calling thread's): hessian-lite 4 decodes exceptions without {@code java.lang} open by itself, but reads a Dubbo
     * 2.7 provider's {@code Map.of} result (its {@code CollSer} proxy without the elements) as {@code {tag=3}}, a wrong
     * value; {@link ThrowableDecoding}'s guard makes that a {@code SERIALIZATION} failure, as in the 2.7 jar (its exception
     * readers are left out: hessian-lite 4 calls readers in ways they were not written for).
     */
    static void installThrowableDecoding() {
        // Dubbo 3.3's class checker would refuse to load CollSer: hessian then read it as a HashMap ({tag=3}), printed a
        // warning on the console and Dubbo logged an ERROR; loaded, it reaches the guard's reader
        FrameworkModel.defaultModel().getBeanFactory().getOrRegisterBean(SerializeSecurityManager.class)
                .addToAllowed("java.util.CollSer");
        Hessian2FactoryManager factories = FrameworkModel.defaultModel().getBeanFactory()
                .getOrRegisterBean(Hessian2FactoryManager.class);
        ClassLoader[] loaders = {DubboVersion.class.getClassLoader(), Thread.currentThread().getContextClassLoader()};
        for (ClassLoader loader : loaders) {
            if (loader != null) {
                ThrowableDecoding.register(factories.getSerializerFactory(loader), false);
            }
        }
    }

    /** Nothing before the application starts: Dubbo 3 adds its shutdown hook then ({@link #afterReferenceCreated}). */
    static void removeShutdownHook() {
        // see afterReferenceCreated
    }

    /**
     * Dubbo 3's JVM shutdown hook removed once the application has started (its deployer adds it then, whatever the
     * settings): the sampler destroys its references at test end itself, and Dubbo's hook, logging while JMeter's log4j
     * shuts down, once emptied jmeter.log (the 2.7 jar removes it the same way). Idempotent; per reference, not per call.
     */
    static void afterReferenceCreated() {
        try {
            Object deployer = ApplicationModel.defaultModel().getDeployer();
            java.lang.reflect.Field hook = deployer.getClass().getDeclaredField("dubboShutdownHook");
            hook.setAccessible(true);
            ((org.apache.dubbo.config.DubboShutdownHook) hook.get(deployer)).unregister();
        } catch (ReflectiveOperationException | RuntimeException e) {
            // another Dubbo 3 layout: its hook stays (it destroys what the sampler has destroyed already)
        }
    }

    /** The reference's serialization (hessian2, ...): a URL parameter in Dubbo 3. */
    static void setSerialization(ReferenceConfig<?> config, Map<String, String> parameters, String serialization) {
        parameters.put("serialization", serialization);
    }

    /**
     * The registry is also the reference's metadata centre, as Dubbo 3's default has it ({@code
     * use-as-metadata-center}): application-level discovery reads the interface-to-application mapping the providers
     * wrote there ({@link RegistryMetadataCentres}, set up by {@link #beforeReference}). Nothing of the sampler's own
     * is reported (a consumer's metadata is local). Not its config centre: Dubbo reads one once, when the application
     * starts, which is the sampler's first reference, whatever registry it names.
     * <p>
     * Its creation is checked ({@code check=true} on the registry only; the reference stays unchecked): with it
     * off, Dubbo 3 logs a registry it cannot create as a warning and goes on without it, and every call then failed
     * with a NullPointerException. A Nacos server is checked once by the sampler before Dubbo creates anything
     * ({@link NacosServerCheck}); Dubbo then makes its clients once without checking again ({@code nacos.check=false},
     * {@code nacos.retry=1}: Dubbo reads 0 as its default 10 and retried 11 times, holding its registry lock) unless
     * the address says otherwise.
     */
    static void configureRegistry(RegistryConfig registry) {
        daemonNotificationThreads();
        registry.setUseAsMetadataCenter(true);
        registry.setUseAsConfigCenter(false);
        registry.setCheck(true);
        String address = String.valueOf(registry.getAddress());
        if (address.startsWith("nacos://")) {
            NacosLogSecrets.install();
            Map<String, String> parameters = new java.util.HashMap<>();
            if (registry.getParameters() != null) {
                parameters.putAll(registry.getParameters());
            }
            if (!address.contains("nacos.check=")) {
                parameters.put("nacos.check", "false");
            }
            if (!address.contains("nacos.retry=")) {
                parameters.put("nacos.retry", "1");
            }
            registry.setParameters(parameters);
        }
    }

    /**
     * What a registry reference needs just before Dubbo creates it ({@code address}: the sampler's, for messages),
     * inside the sampler's failure handling: a Nacos
     * server checked once within the sample's timeout ({@link NacosServerCheck}), then the registry's metadata report
     * ({@link RegistryMetadataCentres}).
     */
    static void beforeReference(RegistryConfig registry, String address, int timeoutMs) {
        if (address.startsWith("nacos://")) {
            NacosServerCheck.check(registry, address, timeoutMs);
        } else if (address.startsWith("zookeeper://") && !anyAccepts(address, timeoutMs)) {
            // said as Dubbo's ZooKeeper client says it (RegistryFailure: NETWORK), without waiting the timeout under
            // Dubbo's registry and metadata-report locks, which held every other thread's registry behind it
            throw new IllegalStateException("zookeeper not connected: nothing accepts a connection at "
                    + String.join(", ", io.dubbostress.sampler.failure.RegistryFailure.servers(address)));
        }
        RegistryMetadataCentres.attach(registry);
    }

    /** Whether one of the address's servers takes a TCP connection within the timeout (as a ZooKeeper client first must). */
    private static boolean anyAccepts(String address, int timeoutMs) {
        long deadline = System.nanoTime() + Math.max(1, timeoutMs) * 1_000_000L;
        for (String server : io.dubbostress.sampler.failure.RegistryFailure.servers(address)) {
            int colon = server.lastIndexOf(':');
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (colon <= 0 || left <= 0) {
                continue;
            }
            try (java.net.Socket socket = new java.net.Socket()) {
                socket.connect(new java.net.InetSocketAddress(server.substring(0, colon),
                        Integer.parseInt(server.substring(colon + 1))), (int) left);
                return true;
            } catch (java.io.IOException | RuntimeException e) {
                // the next one
            }
        }
        return false;
    }

    /** The metadata reports {@link #beforeReference} made, destroyed at test end. */
    static void closeMetadataReports() {
        RegistryMetadataCentres.closeAll();
    }

    /**
     * What a registry address says of Dubbo 3's discovery for this reference: {@code provided-by=app1,app2} names the
     * applications (Dubbo's own {@code provided-by} reference setting; without it they come from the mapping in the
     * registry), {@code migration.step=} the discovery step.
     */
    static void applyRegistryAddress(ReferenceConfig<?> config, String registryUrl) {
        java.util.regex.Matcher providedBy = PROVIDED_BY.matcher(registryUrl);
        if (providedBy.find()) {
            config.setProvidedBy(providedBy.group(1));
        }
        // Dubbo 3's discovery step for this reference (a consumer URL parameter): FORCE_INTERFACE (interface-level
        // only), FORCE_APPLICATION (application-level only), APPLICATION_FIRST (Dubbo's default)
        java.util.regex.Matcher step = MIGRATION_STEP.matcher(registryUrl);
        if (step.find()) {
            Map<String, String> parameters = new java.util.HashMap<>();
            if (config.getParameters() != null) {
                parameters.putAll(config.getParameters());
            }
            parameters.put("migration.step", step.group(1).toUpperCase(java.util.Locale.ROOT));
            config.setParameters(parameters);
        }
    }

    /**
     * How a Dubbo 3.3 reference found (or did not find) providers in a registry, for a NO_PROVIDER message: its
     * discovery step and where the applications came from.
     */
    static String discoveryStep(String registryUrl) {
        java.util.regex.Matcher step = MIGRATION_STEP.matcher(registryUrl);
        String name = step.find() ? step.group(1).toUpperCase(java.util.Locale.ROOT) : "APPLICATION_FIRST";
        java.util.regex.Matcher providedBy = PROVIDED_BY.matcher(registryUrl);
        String apps = providedBy.find() ? "the applications " + providedBy.group(1) + " (provided-by)"
                : "the applications the interface-to-application mapping in the registry names (none, or none"
                        + " registered there)";
        switch (name) {
            case "FORCE_INTERFACE":
                return name + " (interface-level only)";
            case "FORCE_APPLICATION":
                return name + " (application-level only: " + apps + ")";
            default:
                return name + (step.find(0) ? "" : " (Dubbo's default)") + ": application-level (" + apps
                        + "), then interface-level";
        }
    }

    private static final java.util.regex.Pattern PROVIDED_BY =
            java.util.regex.Pattern.compile("[?&]provided-by=([^&]+)");
    private static final java.util.regex.Pattern MIGRATION_STEP =
            java.util.regex.Pattern.compile("[?&]migration\\.step=([^&]+)");

    private static boolean notificationThreadsDaemon;

    /**
     * Dubbo 3's registry and service-discovery notification executors run on non-daemon threads that nothing but
     * Dubbo's own shutdown (which the sampler leaves to itself, see {@link #afterReferenceCreated}) ends: a Nacos
     * registry starts them, and {@code bin/jmeter -n} then never exited after "... end of run". Replaced once, before
     * the first registry is created, by the same executors on daemon threads.
     */
    private static synchronized void daemonNotificationThreads() {
        if (notificationThreadsDaemon) {
            return;
        }
        notificationThreadsDaemon = true;
        try {
            org.apache.dubbo.common.threadpool.manager.FrameworkExecutorRepository executors = FrameworkModel
                    .defaultModel().getBeanFactory()
                    .getBean(org.apache.dubbo.common.threadpool.manager.FrameworkExecutorRepository.class);
            if (executors == null) {
                return;
            }
            for (String ring : new String[] {"registryNotificationExecutorRing",
                "serviceDiscoveryAddressNotificationExecutorRing"}) {
                java.lang.reflect.Field ringField = executors.getClass().getDeclaredField(ring);
                ringField.setAccessible(true);
                Object items = ringField.get(executors);
                java.lang.reflect.Field listField = items.getClass().getDeclaredField("itemList");
                listField.setAccessible(true);
                @SuppressWarnings("unchecked")
                java.util.List<java.util.concurrent.ScheduledExecutorService> list =
                        (java.util.List<java.util.concurrent.ScheduledExecutorService>) listField.get(items);
                for (int i = 0; i < list.size(); i++) {
                    java.util.concurrent.ScheduledExecutorService old = list.get(i);
                    list.set(i, java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                            new org.apache.dubbo.common.utils.NamedThreadFactory("Dubbo-framework-" + ring + "-" + i,
                                    true)));
                    old.shutdown();
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // another Dubbo 3 layout: its threads stay as they are
        }
    }

    /** The registries Dubbo keeps open in this JVM. */
    static Collection<Registry> registries() {
        return RegistryManager.getInstance(ApplicationModel.defaultModel()).getRegistries();
    }

    /** Forgets a destroyed registry, so that the next test connects again with its own settings. */
    static void forgetRegistry(Registry registry) {
        RegistryManager.getInstance(ApplicationModel.defaultModel()).removeDestroyedRegistry(registry);
    }
}
