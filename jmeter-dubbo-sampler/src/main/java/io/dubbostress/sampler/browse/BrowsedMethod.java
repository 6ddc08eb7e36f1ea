package io.dubbostress.sampler.browse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One method of a browsed service: its name and, when the source says them, its parameter types and return type
 * ({@code ls -l} on a provider's dubbo port says them; a registry's provider URL only lists method names).
 */
public final class BrowsedMethod {

    private final String name;
    private final List<String> parameterTypes;
    private final String returnType;
    /** An IDL method's request as a JSON template (its message type's fields with their defaults); else null. */
    private final String requestTemplate;

    /** @param parameterTypes null when the source does not say them */
    public BrowsedMethod(String name, List<String> parameterTypes, String returnType) {
        this(name, parameterTypes, returnType, null);
    }

    /**
     * A protobuf IDL method: its request message type (the one "parameter type"), its response type, and the JSON
     * request to start from (the Arguments field of an IDL call).
     */
    public static BrowsedMethod idl(String name, String requestType, String responseType, String requestTemplate) {
        return new BrowsedMethod(name, Collections.singletonList(requestType), responseType, requestTemplate);
    }

    private BrowsedMethod(String name, List<String> parameterTypes, String returnType, String requestTemplate) {
        this.name = name;
        this.parameterTypes = parameterTypes == null ? null
                : Collections.unmodifiableList(new ArrayList<>(parameterTypes));
        this.returnType = returnType;
        this.requestTemplate = requestTemplate;
    }

    /** Whether this is a protobuf IDL method (its Arguments are a JSON request message). */
    public boolean idl() {
        return requestTemplate != null;
    }

    public String name() {
        return name;
    }

    /** The parameter types, fully qualified ({@code int}, {@code java.lang.String}, {@code io.x.Order[]}); null: unknown. */
    public List<String> parameterTypes() {
        return parameterTypes;
    }

    public boolean typesKnown() {
        return parameterTypes != null;
    }

    /** The return type, or null when unknown. */
    public String returnType() {
        return returnType;
    }

    /** The sampler's "Parameter types" field: comma-separated; empty when unknown or none. */
    public String parameterTypesField() {
        return parameterTypes == null ? "" : String.join(", ", parameterTypes);
    }

    /**
     * An IDL method's JSON request template; otherwise a JSON array with one placeholder per parameter, for the
     * sampler's "Arguments" field: {@code ""} for a
     * String, {@code 0} for numbers, {@code false}, {@code []} for arrays and collections, {@code {}} for maps and
     * objects; null when the types are unknown.
     */
    public String argumentsSkeleton() {
        if (requestTemplate != null) {
            return requestTemplate;
        }
        if (parameterTypes == null) {
            return null;
        }
        StringBuilder json = new StringBuilder("[");
        for (String type : parameterTypes) {
            if (json.length() > 1) {
                json.append(", ");
            }
            json.append(placeholder(type));
        }
        return json.append(']').toString();
    }

    private static String placeholder(String type) {
        if (type.endsWith("[]") || type.equals("java.util.List") || type.equals("java.util.Set")
                || type.equals("java.util.Collection")) {
            return "[]";
        }
        switch (type) {
            case "java.lang.String":
            case "char":
            case "java.lang.Character":
                return "\"\"";
            case "boolean":
            case "java.lang.Boolean":
                return "false";
            case "int": case "long": case "short": case "byte": case "double": case "float":
            case "java.lang.Integer": case "java.lang.Long": case "java.lang.Short": case "java.lang.Byte":
            case "java.lang.Double": case "java.lang.Float": case "java.math.BigDecimal": case "java.math.BigInteger":
                return "0";
            default:
                return "{}";
        }
    }

    /** {@code java.lang.String echo(java.lang.String)}, or {@code echo(?)} when the types are unknown. */
    @Override
    public String toString() {
        if (parameterTypes == null) {
            return name + "(?)";
        }
        return (returnType == null ? "" : returnType + " ") + name + "(" + String.join(", ", parameterTypes) + ")";
    }
}
