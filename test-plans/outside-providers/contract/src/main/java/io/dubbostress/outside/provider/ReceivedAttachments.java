package io.dubbostress.outside.provider;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The attachments of the call a provider is serving, read from whichever Dubbo runs it, as a service's own code reads
 * them: Dubbo 3's {@code RpcContext.getServerAttachment()}, Dubbo 2.7's {@code RpcContext.getContext()} (both {@code
 * org.apache.dubbo.rpc}), or Dubbo 2.6's {@code com.alibaba.dubbo.rpc.RpcContext.getContext()}; the whole map through
 * {@code getObjectAttachments()} where it exists (2.7.5+), else {@code getAttachments()}, and one value through the
 * String accessor {@code getAttachment(key)}. By reflection, so that one contract jar serves every version.
 *
 * <pre>{@code
 * Map<String, ?> all = ReceivedAttachments.all();        // {n=42 (a Long), ...}
 * String text = ReceivedAttachments.asString("n");       // what getAttachment("n") answers
 * }</pre>
 */
final class ReceivedAttachments {

    private ReceivedAttachments() {
    }

    /** Every attachment of the call being served, values as they arrived. */
    static Map<?, ?> all() {
        Object context = context();
        Method objects = method(context.getClass(), "getObjectAttachments");
        return (Map<?, ?>) call(objects != null ? objects : method(context.getClass(), "getAttachments"), context);
    }

    /**
     * What {@code getAttachment(key)} answers (its declared type is String).
     *
     * @throws ClassCastException where that Dubbo casts a value that is not a String (2.6)
     */
    static String asString(String key) {
        Object context = context();
        return (String) call(method(context.getClass(), "getAttachment", String.class), context, key);
    }

    /** A value with its class, and its elements' classes: {@code java.util.ArrayList [java.lang.Long 1]}. */
    static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        String type = value.getClass().getName();
        if (value instanceof String) {
            return type + " \"" + value + "\"";
        }
        if (value instanceof Collection) {
            StringBuilder out = new StringBuilder(type).append(" [");
            String separator = "";
            for (Object element : (Collection<?>) value) {
                out.append(separator).append(describe(element));
                separator = ", ";
            }
            return out.append(']').toString();
        }
        if (value instanceof Map) {
            Map<String, Object> sorted = new TreeMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                sorted.put(String.valueOf(e.getKey()), e.getValue());
            }
            StringBuilder out = new StringBuilder(type).append(" {");
            String separator = "";
            for (Map.Entry<String, Object> e : sorted.entrySet()) {
                out.append(separator).append(e.getKey()).append('=').append(describe(e.getValue()));
                separator = ", ";
            }
            return out.append('}').toString();
        }
        return type + " " + value;
    }

    private static Object context() {
        Class<?> rpcContext;
        try {
            rpcContext = Class.forName("org.apache.dubbo.rpc.RpcContext");
        } catch (ClassNotFoundException e) {
            try {
                rpcContext = Class.forName("com.alibaba.dubbo.rpc.RpcContext");
            } catch (ClassNotFoundException e2) {
                throw new IllegalStateException("no Dubbo RpcContext on the class path", e2);
            }
        }
        Method serverAttachment = method(rpcContext, "getServerAttachment");
        return call(serverAttachment != null ? serverAttachment : method(rpcContext, "getContext"), null);
    }

    private static Method method(Class<?> type, String name, Class<?>... parameters) {
        try {
            return type.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Object call(Method method, Object target, Object... arguments) {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            throw new IllegalStateException(cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
