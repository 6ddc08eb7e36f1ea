package io.dubbostress.outside.suite;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One sampler of the plan and what its sample must be: response code, message (a regular expression, matched in
 * full), response data (exact, or null: not checked) and the least elapsed time the provider's delay implies.
 */
final class Case {

    final String label;
    final Map<String, String> fields = new LinkedHashMap<>();
    /** A Dubbo Defaults element of the sampler's own (its child in the plan), when not empty. */
    final Map<String, String> defaults = new LinkedHashMap<>();
    String code = "200";
    Pattern message = Pattern.compile("OK");
    String data;
    final java.util.List<String> dataParts = new java.util.ArrayList<>();
    long minElapsedMs;
    /** Not null: a failure matching it ({@code "CODE: message"}) is as good as the success. */
    Pattern refusedOr;

    private Case(String label) {
        this.label = label;
    }

    /** A typed call of {@code interfaceName.method} on {@code address}. */
    static Case typed(String label, String address, String interfaceName, String method) {
        return new Case(label).set("address", address).set("interface", interfaceName).set("method", method)
                .set("invocation", "typed").set("responseDataChars", "-1").set("timeout", "5000");
    }

    /** The same as a generic call. */
    static Case generic(String label, String address, String interfaceName, String method) {
        return typed(label, address, interfaceName, method).set("invocation", "generic");
    }

    /**
     * An IDL call of {@code service/method} on {@code address} (tri:// or grpc://) with {@code json} as the request,
     * the types from {@code protoFiles} (empty: the server's reflection), the answer kept as JSON. The timeout is long
     * (30 s): a call that works returns at once, and the first call of a target on a loaded 2-core machine (class loading
     * and JIT in JMeter and in the server, a TLS handshake) took more than 5 s.
     */
    static Case idl(String label, String address, String service, String method, String json, String protoFiles) {
        Case c = new Case(label).set("address", address).set("interface", service).set("method", method)
                .set("invocation", "idl").set("arguments", json).set("responseDataChars", "-1").set("timeout", "30000");
        return protoFiles.isEmpty() ? c : c.set("protoFiles", protoFiles);
    }

    /** A {@code DubboSampler.<key>} field. */
    Case set(String key, String value) {
        fields.put("DubboSampler." + key, value);
        return this;
    }

    /** A {@code DubboSampler.<key>} field of a Dubbo Defaults element in the sampler's scope. */
    Case defaults(String key, String value) {
        defaults.put("DubboSampler." + key, value);
        return this;
    }

    Case types(String types) {
        return set("parameterTypes", types);
    }

    Case args(String json) {
        return set("arguments", json);
    }

    Case ok(String expectedData) {
        this.code = "200";
        this.message = Pattern.compile("OK");
        this.data = expectedData;
        return this;
    }

    /** A failure: its code and a regular expression its whole message must match. */
    Case fails(String expectedCode, String messageRegex) {
        this.code = expectedCode;
        this.message = Pattern.compile(messageRegex, Pattern.DOTALL);
        this.data = null;
        return this;
    }

    /**
     * A success with the response data asked for, or a failure whose {@code "code: message"} matches {@code refused}
     * (where the outcome depends on the JVMs' flags, which the pattern names).
     */
    Case okOr(Pattern refused) {
        this.refusedOr = refused;
        return this;
    }

    /** Response data containing each part (where the order is the provider's, as in a HashMap). */
    Case okContaining(String... parts) {
        ok(null);
        dataParts.addAll(java.util.Arrays.asList(parts));
        return this;
    }

    Case atLeast(long ms) {
        this.minElapsedMs = ms;
        return this;
    }

    Case copy(String newLabel) {
        Case c = new Case(newLabel);
        c.fields.putAll(fields);
        c.code = code;
        c.message = message;
        c.data = data;
        c.dataParts.addAll(dataParts);
        c.minElapsedMs = minElapsedMs;
        c.refusedOr = refusedOr;
        return c;
    }

    @Override
    public String toString() {
        return label + " " + fields;
    }
}
