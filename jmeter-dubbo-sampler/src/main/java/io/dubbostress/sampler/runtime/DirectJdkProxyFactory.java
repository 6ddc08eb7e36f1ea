package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.Failure;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.AsyncRpcResult;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.ConsumerModel;
import org.apache.dubbo.rpc.proxy.AbstractProxyFactory;
import org.apache.dubbo.rpc.proxy.jdk.JdkProxyFactory;

/**
 * Dubbo proxy factory {@value #NAME}: JDK proxies whose handler calls the invoker directly. Dubbo 2.7's own handler
 * ({@code InvokerInvocationHandler}) opens {@code Throwable.stackTrace} by reflection in its static initialiser,
 * which fails on Java 9+ without {@code --add-opens java.base/java.lang}; this one does the same call without it
 * (a provider's exception is rethrown as it arrived). Registered in {@code META-INF/dubbo/} of the sampler's jar and
 * chosen with {@code proxy=dubbostressjdk} on the sampler's references.
 *
 * <p>With Dubbo 3.3 (the 3.3 jar) the invocation is built as Dubbo 3's own handler builds it, with the reference's
 * service model ({@link DubboVersion#invocation}), so the filters, the codec and the wire see the same call. What the
 * handler leaves out of Dubbo 3's ({@code InvocationUtil}): its simple profiler (an entry and a text per call, to log a
 * WARN for calls that come near their timeout: the sampler times every call itself), the copy and restore of the
 * thread's service context around each call, and the rewrapping of a failed call's RpcException into Dubbo 2's
 * {@code com.alibaba} class, which would hide a triple call's gRPC status from {@link Failure}.
 */
public class DirectJdkProxyFactory extends AbstractProxyFactory {

    /** The extension name. */
    public static final String NAME = "dubbostressjdk";

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getProxy(Invoker<T> invoker, Class<?>[] interfaces) {
        ClassLoader loader = invoker.getInterface().getClassLoader();
        if (loader == null) {
            loader = DirectJdkProxyFactory.class.getClassLoader();
        }
        return (T) Proxy.newProxyInstance(loader, interfaces, new DirectInvocationHandler(invoker));
    }

    /** Provider side (not used by the sampler): Dubbo's JDK invoker. */
    @Override
    public <T> Invoker<T> getInvoker(T proxy, Class<T> type, URL url) {
        return new JdkProxyFactory().getInvoker(proxy, type, url);
    }

    /**
     * A method returning {@code CompletableFuture} is called asynchronously by Dubbo (its result is not awaited, and
     * reading it at once gives null): the future of the provider's answer, completed with its value or failed with
     * its exception, or with Dubbo's own failure (a timeout, a lost connection).
     */
    static CompletableFuture<Object> answerOf(AsyncRpcResult result) {
        CompletableFuture<Object> answer = new CompletableFuture<>();
        result.getResponseFuture().whenComplete((response, error) -> {
            if (error != null) {
                answer.completeExceptionally(error instanceof java.util.concurrent.CompletionException
                        && error.getCause() != null ? error.getCause() : error);
            } else if (response.hasException()) {
                answer.completeExceptionally(response.getException());
            } else {
                answer.complete(response.getValue());
            }
        });
        return answer;
    }

    /** One RpcInvocation per call, the invoker's result unwrapped. */
    static final class DirectInvocationHandler implements InvocationHandler {

        private final Invoker<?> invoker;
        private final URL url;
        private final String serviceName;
        private final String serviceKey;
        private final String protocolServiceKey;
        private final ConsumerModel consumerModel;
        /** What each invocation carries of the reference's model ({@link DubboVersion#serviceModel}). */
        private final Object serviceModel;

        DirectInvocationHandler(Invoker<?> invoker) {
            this.invoker = invoker;
            this.url = invoker.getUrl();
            this.serviceName = invoker.getInterface().getName();
            this.serviceKey = url.getServiceKey();
            this.protocolServiceKey = url.getProtocolServiceKey();
            this.consumerModel = serviceKey == null ? null : ApplicationModel.getConsumerModel(serviceKey);
            this.serviceModel = DubboVersion.serviceModel(invoker);
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            if (method.getDeclaringClass() == Object.class) {
                if ("equals".equals(name)) {
                    return proxy == args[0];
                }
                if ("hashCode".equals(name)) {
                    return System.identityHashCode(proxy);
                }
                return method.invoke(invoker, args);
            }
            if (method.getParameterTypes().length == 0) {
                if ("toString".equals(name)) {
                    return invoker.toString();
                }
                if ("$destroy".equals(name)) {
                    invoker.destroy();
                    return null;
                }
            }
            RpcInvocation invocation = DubboVersion.invocation(serviceModel, method, serviceName, protocolServiceKey,
                    args);
            invocation.setTargetServiceUniqueName(serviceKey);
            RpcContext.setRpcContext(url);
            if (consumerModel != null) {
                invocation.put("consumerModel", consumerModel);
                invocation.put("methodModel", consumerModel.getMethodModel(method));
            }
            Result result = invoker.invoke(invocation);
            if (CompletableFuture.class.isAssignableFrom(method.getReturnType())
                    && result instanceof AsyncRpcResult) {
                return answerOf((AsyncRpcResult) result); // the caller waits for it, with its timeout
            }
            if (result.hasException()) {
                Throwable exception = result.getException();
                throw exception != null ? exception : new RpcException("the call failed without an exception");
            }
            return result.getValue();
        }
    }
}
