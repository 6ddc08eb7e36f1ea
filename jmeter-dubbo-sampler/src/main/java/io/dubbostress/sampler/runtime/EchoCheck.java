package io.dubbostress.sampler.runtime;

import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * "The echo must equal the request": the harness contract ({@code StressTestService.echo} returns its argument).
 * Strings and typed objects compare with {@code equals}; generic results (POJOs as maps) compare field by field,
 * ignoring the {@code class} entry Dubbo adds and comparing numbers by value ({@code 3} equals {@code 3L}).
 */
public final class EchoCheck {

    private EchoCheck() {
    }

    public static boolean matches(Object request, Object response) {
        if (request == response) {
            return true;
        }
        if (request == null || response == null) {
            return false;
        }
        if (request.equals(response)) {
            return true;
        }
        if (request instanceof Number && response instanceof Number) {
            return new BigDecimal(request.toString()).compareTo(new BigDecimal(response.toString())) == 0;
        }
        if (request instanceof Map && response instanceof Map) {
            Map<?, ?> a = (Map<?, ?>) request;
            Map<?, ?> b = (Map<?, ?>) response;
            for (Map.Entry<?, ?> e : a.entrySet()) {
                if (!"class".equals(e.getKey()) && !matches(e.getValue(), b.get(e.getKey()))) {
                    return false;
                }
            }
            for (Object k : b.keySet()) {
                if (!"class".equals(k) && !a.containsKey(k) && b.get(k) != null) {
                    return false;
                }
            }
            return true;
        }
        if (request instanceof List && response instanceof List) {
            List<?> a = (List<?>) request;
            List<?> b = (List<?>) response;
            if (a.size() != b.size()) {
                return false;
            }
            Iterator<?> ib = b.iterator();
            for (Object x : a) {
                if (!matches(x, ib.next())) {
                    return false;
                }
            }
            return true;
        }
        // a java.time value sent typed comes back as itself; as text it compares by its ISO form
        return request.toString().equals(response.toString())
                && (request instanceof CharSequence || response instanceof CharSequence
                    || request.getClass().getName().startsWith("java.time."));
    }

    /** A short description of a mismatch for the sample message. */
    public static String describeMismatch(Object request, Object response) {
        String got = response == null ? "null" : response instanceof String
                ? ((String) response).length() + " chars" : "a " + response.getClass().getName();
        String sent = request == null ? "null" : request instanceof String
                ? ((String) request).length() + " chars" : "a " + request.getClass().getName();
        return "the provider echoed " + got + " that differ from the request (" + sent + ")";
    }
}
