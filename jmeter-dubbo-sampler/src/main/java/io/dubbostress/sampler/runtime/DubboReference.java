package io.dubbostress.sampler.runtime;

import io.dubbostress.api.loopback.LoopbackAddress;
import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.failure.FutureAnswers;
import io.dubbostress.sampler.failure.RegistryFailure;
import io.dubbostress.sampler.value.CallArguments;
import io.dubbostress.sampler.value.CallAttachments;
import io.dubbostress.sampler.value.TypeNames;
import java.lang.reflect.InvocationTargetException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.service.GenericService;

/**
 * One Dubbo reference ({@link ReferenceConfig} + its proxy) for one {@link ReferenceKey}, shared by every thread and
 * sample with that key; created by {@link ReferenceCache}, destroyed at test end. Generic by default
 * ({@link GenericService#$invoke}), typed when the key says so and the interface is on the class path.
 */
public final class DubboReference {

    private final ReferenceKey key;
    private final ReferenceConfig<Object> config;
    private final Object proxy;
    private final GenericService generic;
    private final Class<?> serviceInterface;
    /** The registry's address, for what a NO_PROVIDER searched ({@link RegistrySearch}); null for a direct one. */
    private final String registryUrl;

    private DubboReference(ReferenceKey key, ReferenceConfig<Object> config, Object proxy, Class<?> serviceInterface,
            String registryUrl) {
        this.key = key;
        this.registryUrl = registryUrl;
        this.config = config;
        this.proxy = proxy;
        this.generic = proxy instanceof GenericService && serviceInterface == null ? (GenericService) proxy : null;
        this.serviceInterface = serviceInterface;
    }

    /**
     * Creates the reference (connects to direct providers, or subscribes to the registry).
     *
     * @throws ConfigurationException for bad settings; Dubbo's exceptions for failures to connect or subscribe
     */
    static DubboReference create(ReferenceKey key, ClassLoader loader, String addressField, String interfaceField) {
        if (!TypeNames.isWellFormed(key.interfaceName())) {
            throw new ConfigurationException(interfaceField + ": '" + key.interfaceName()
                    + "' is not a Java interface name");
        }
        // before any Dubbo class initialises (ReferenceConfig's static fields build adaptive extensions)
        ApplicationConfig application = DubboRuntime.application();
        DubboAddress address = DubboAddress.parse(key.address(), addressField);
        ReferenceConfig<Object> config = new ReferenceConfig<>();
        config.setApplication(application);
        Class<?> serviceInterface = null;
        if (key.typed()) {
            serviceInterface = TypeNames.load(key.interfaceName(), loader, interfaceField);
            if (!serviceInterface.isInterface()) {
                throw new ConfigurationException(interfaceField + ": " + key.interfaceName() + " is a class, not an"
                        + " interface");
            }
            DubboRuntime.prepareWrapper(serviceInterface);
            config.setInterface(serviceInterface);
        } else {
            config.setInterface(key.interfaceName());
            config.setGeneric("true");
        }
        config.setProxy(DirectJdkProxyFactory.NAME);
        DubboVersion.configureReference(config);
        config.setCheck(false);
        if (!key.version().isEmpty()) {
            config.setVersion(key.version());
        }
        if (!key.group().isEmpty()) {
            config.setGroup(key.group());
        }
        config.setTimeout(key.timeoutMs());
        config.setRetries(key.retries());
        if (key.connections() > 0) {
            config.setConnections(key.connections());
        }
        if (!key.loadbalance().isEmpty()) {
            config.setLoadbalance(key.loadbalance());
        }
        if (!key.cluster().isEmpty()) {
            config.setCluster(key.cluster());
        }
        Map<String, String> parameters = new HashMap<>();
        if (!key.serialization().isEmpty()) {
            DubboVersion.setSerialization(config, parameters, key.serialization());
        }
        if (!parameters.isEmpty()) {
            config.setParameters(parameters);
        }
        // Dubbo 2.7 rewrites 127.x to the NIC address on both sides; keep loopback calls on loopback
        LoopbackAddress.pinIfAnyLoopback(address.url());
        if (address.isDirect()) {
            config.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
            config.setUrl(address.url());
        } else {
            // the credentials as the registry's user and password, not in the address Dubbo prints
            RegistryCredentials credentials = RegistryCredentials.of(address.url(), key.username(), key.password());
            RegistryConfig registry = new RegistryConfig(credentials.address());
            if (!credentials.user().isEmpty()) {
                registry.setUsername(credentials.user());
            }
            if (!credentials.password().isEmpty()) {
                registry.setPassword(credentials.password());
            }
            registry.setCheck(false);
            if (!address.url().contains("timeout=")) {
                // Dubbo's ZooKeeper client waits this long to connect (5 s by default, whatever the call's timeout):
                // an unreachable registry costs a sample its own timeout, not 5 s
                registry.setTimeout(key.timeoutMs());
            }
            // no provider list cached on disk (~/.dubbo): a stress test calls what the registry says now, and a
            // registry that refuses us must not be papered over with a list another run saved
            registry.setParameters(Collections.singletonMap("file.cache", "false"));
            DubboVersion.configureRegistry(registry);
            DubboVersion.applyRegistryAddress(config, address.url());
            config.setRegistry(registry);
        }
        Object proxy;
        try {
            if (!address.isDirect()) {
                DubboVersion.beforeReference(config.getRegistry(), address.url(), key.timeoutMs());
            }
            proxy = config.get();
        } catch (RuntimeException | LinkageError e) {
            try {
                config.destroy();
            } catch (RuntimeException ignored) {
                // the partial reference is gone either way
            }
            Throwable said = address.isDirect() ? e
                    : RegistryFailure.of(e, address.url(), key.username(), key.password(), key.timeoutMs(),
                            "3.3".equals(DubboVersion.LINE));
            if (said instanceof Error) {
                throw (Error) said;
            }
            throw (RuntimeException) said;
        }
        DubboVersion.afterReferenceCreated();
        return new DubboReference(key, config, proxy, serviceInterface, address.isDirect() ? null : address.url());
    }

    /**
     * A reference that calls {@code service} itself, with no {@link ReferenceConfig} behind it: nothing to connect,
     * nothing to destroy. The seam for measuring the sampler's own cost without Dubbo's (the JMH benchmarks install
     * one with {@link ReferenceCache#install}); a sampler never makes one.
     */
    public static DubboReference over(ReferenceKey key, GenericService service) {
        return new DubboReference(key, null, service, null, null);
    }


    /**
     * Calls the provider. Attachments (may be none) travel with this call only, their values as they are
     * ({@code setObjectAttachment}: a Long stays a Long): the thread's attachments are cleared when the call returns
     * or fails, as Dubbo's cluster invoker clears them after every call. A direct reference of the Dubbo 2.7 client
     * has no cluster invoker (one address: Dubbo 2.7 calls the protocol's invoker itself), so without this a
     * sampler's attachments went with every later call of the thread, and a value the encoder refused failed them all.
     *
     * @return the result: for generic calls, POJOs come back as maps
     */
    public Object invoke(String method, CallArguments arguments, CallAttachments attachments) throws Throwable {
        try {
            if (!attachments.isEmpty()) {
                RpcContext context = RpcContext.getContext();
                for (Map.Entry<String, Object> e : attachments.values().entrySet()) {
                    context.setObjectAttachment(e.getKey(), e.getValue());
                }
            }
            return call(method, arguments);
        } finally {
            // the thread's context now (Dubbo 2.7's cluster invoker replaces it after a call through a registry)
            RpcContext.getContext().clearAttachments();
        }
    }

    private Object call(String method, CallArguments arguments) throws Throwable {
        try {
            if (generic != null) {
                Object result = generic.$invoke(method, arguments.typeNames(), arguments.values());
                FutureAnswers.check(result);
                return result;
            }
            Object result;
            try {
                result = arguments.method().invoke(proxy, arguments.values());
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            return arguments.returnsFuture() && result instanceof Future ? await((Future<?>) result) : result;
        } catch (RpcException e) {
            throw registryUrl == null ? e : RegistrySearch.explained(e, key, registryUrl);
        }
    }

    /**
     * The answer of a method returning a {@code CompletableFuture}: waited for within the call's timeout (plus a
     * little, so that Dubbo's own timeout, with its message, comes first), as a synchronous call is.
     */
    private Object await(Future<?> future) throws Throwable {
        long waitMs = key.timeoutMs() + FUTURE_GRACE_MS;
        try {
            return future.get(waitMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new RpcException(RpcException.TIMEOUT_EXCEPTION, "no answer within " + key.timeoutMs()
                    + " ms: the CompletableFuture of " + key.interfaceName() + " did not complete (timeout: "
                    + key.timeoutMs() + " ms)");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof org.apache.dubbo.remoting.TimeoutException) {
                throw new RpcException(RpcException.TIMEOUT_EXCEPTION, cause.getMessage(), cause);
            }
            if (cause instanceof org.apache.dubbo.remoting.RemotingException) {
                throw new RpcException(RpcException.NETWORK_EXCEPTION, cause.getMessage(), cause);
            }
            throw cause;
        }
    }

    /** How long past the timeout a future is waited for before the sampler gives up on it itself. */
    private static final long FUTURE_GRACE_MS = 200;

    public ReferenceKey key() {
        return key;
    }

    public boolean typed() {
        return serviceInterface != null;
    }

    void destroy() {
        if (config != null) {
            config.destroy();
        }
    }
}
