package io.dubbostress.sampler.value;

import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.json.JsonException;
import io.dubbostress.sampler.json.JsonValues;
import io.dubbostress.sampler.json.Utf8;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The parameter types and argument values of a call, parsed and converted once: {@link #parse} is called when the
 * fields change (never per sample when they hold no JMeter variable), and the result is shared read-only by every
 * sample that uses it.
 *
 * <pre>{@code
 * CallArguments args = CallArguments.parse("String", "[{\"$payload\": 1024}]", null, converter);
 * service.$invoke("echo", args.typeNames(), args.values());
 * }</pre>
 */
public final class CallArguments {

    private static final String[] NO_TYPES = new String[0];
    private static final Object[] NO_VALUES = new Object[0];

    private final String[] typeNames;
    private final Object[] values;
    private final long payloadBytes;
    private final Method method;
    private final boolean returnsFuture;

    private CallArguments(String[] typeNames, Object[] values, long payloadBytes, Method method) {
        this.typeNames = typeNames;
        this.values = values;
        this.payloadBytes = payloadBytes;
        this.method = method;
        this.returnsFuture = method != null && java.util.concurrent.Future.class.isAssignableFrom(method.getReturnType());
    }

    /**
     * Parses the two fields.
     *
     * @param typesField     comma-separated parameter types ({@code String, int, io.x.Order}); empty for none, or
     *                       (typed calls) to take the only method of that name
     * @param argumentsField a JSON array, one value per type; empty for no arguments
     * @param typedMethods   typed calls: the interface's methods with the called name; null for a generic call
     * @throws ConfigurationException naming the field and the value when something does not fit
     */
    public static CallArguments parse(String typesField, String argumentsField, List<Method> typedMethods,
            ValueConverter converter, String typesKey, String argumentsKey) {
        return parse(typesField, argumentsField, typedMethods, null, converter, typesKey, argumentsKey);
    }

    /**
     * As above, for a typed call of {@code service}: parameters declared as type variables of a generic base
     * interface ({@code interface UserService extends Service<UserQuery, User>}, {@code V get(P)}) take the type
     * {@code service} binds them to.
     */
    public static CallArguments parse(String typesField, String argumentsField, List<Method> typedMethods,
            Class<?> service, ValueConverter converter, String typesKey, String argumentsKey) {
        List<String> types = splitTypes(typesField, typesKey);
        List<?> jsonValues = parseValues(argumentsField, argumentsKey);
        Method method = null;
        Type[] parameterTypes = null;
        if (typedMethods != null) {
            method = pick(typedMethods, types, typesKey);
            parameterTypes = method.getGenericParameterTypes();
            for (int i = 0; i < parameterTypes.length; i++) {
                parameterTypes[i] = TypeVariables.resolve(parameterTypes[i], service);
            }
            if (types.isEmpty()) {
                for (Class<?> c : method.getParameterTypes()) {
                    types.add(nameOf(c));
                }
            }
        }
        if (types.size() != jsonValues.size()) {
            throw new ConfigurationException(types.size() + " parameter type(s) " + types + " in " + typesKey + " but "
                    + jsonValues.size() + " argument value(s) in " + argumentsKey + ": give one value per type");
        }
        Object[] values = jsonValues.isEmpty() ? NO_VALUES : new Object[jsonValues.size()];
        long bytes = 0;
        for (int i = 0; i < values.length; i++) {
            String where = argumentsKey + " argument " + (i + 1) + " (" + types.get(i) + ")";
            Type target = parameterTypes != null ? parameterTypes[i] : TypeNames.known(types.get(i));
            values[i] = converter.convert(jsonValues.get(i), target, where);
            bytes += payloadBytes(jsonValues.get(i));
        }
        return new CallArguments(types.isEmpty() ? NO_TYPES : types.toArray(new String[0]), values, bytes, method);
    }

    private static List<String> splitTypes(String typesField, String typesKey) {
        List<String> types = new ArrayList<>();
        String text = typesField == null ? "" : typesField.trim();
        if (text.isEmpty()) {
            return types;
        }
        for (String part : text.split(",")) {
            String canonical = TypeNames.canonical(part);
            if (!TypeNames.isWellFormed(canonical)) {
                throw new ConfigurationException(typesKey + ": '" + part.trim() + "' is not a Java type name (in '"
                        + text + "'; separate types with commas, no generics)");
            }
            types.add(canonical);
        }
        return types;
    }

    private static List<?> parseValues(String argumentsField, String argumentsKey) {
        String text = argumentsField == null ? "" : argumentsField.trim();
        if (text.isEmpty()) {
            return Collections.emptyList();
        }
        Object json;
        try {
            json = JsonValues.parse(text);
        } catch (JsonException e) {
            throw new ConfigurationException(argumentsKey + ": " + e.getMessage() + " in '" + abbreviate(text) + "'");
        }
        if (!(json instanceof List)) {
            throw new ConfigurationException(argumentsKey + ": must be a JSON array with one value per parameter type,"
                    + " like [\"abc\", 42], was '" + abbreviate(text) + "'");
        }
        return (List<?>) json;
    }

    private static Method pick(List<Method> candidates, List<String> types, String typesKey) {
        if (types.isEmpty()) {
            if (candidates.size() == 1) {
                return candidates.get(0);
            }
            List<String> signatures = new ArrayList<>();
            for (Method m : candidates) {
                signatures.add(signature(m));
            }
            throw new ConfigurationException(typesKey + ": empty, but the method is overloaded " + signatures
                    + ": name the parameter types");
        }
        for (Method m : candidates) {
            Class<?>[] params = m.getParameterTypes();
            if (params.length != types.size()) {
                continue;
            }
            boolean same = true;
            for (int i = 0; i < params.length && same; i++) {
                same = nameOf(params[i]).equals(types.get(i));
            }
            if (same) {
                return m;
            }
        }
        List<String> signatures = new ArrayList<>();
        for (Method m : candidates) {
            signatures.add(signature(m));
        }
        throw new ConfigurationException(typesKey + ": no method " + candidates.get(0).getName() + types
                + " in " + candidates.get(0).getDeclaringClass().getName() + "; it has " + signatures);
    }

    /** {@code int[]}, {@code java.lang.String}: the form Dubbo's generic invocation matches. */
    public static String nameOf(Class<?> c) {
        if (c.isArray()) {
            return nameOf(c.getComponentType()) + "[]";
        }
        return c.getName();
    }

    private static String signature(Method m) {
        List<String> params = new ArrayList<>();
        for (Class<?> c : m.getParameterTypes()) {
            params.add(nameOf(c));
        }
        return m.getName() + "(" + String.join(", ", params) + ")";
    }

    /** UTF-8 bytes of the strings, 8 per number, 1 per boolean, keys included: the payload a call carries. */
    static long payloadBytes(Object json) {
        if (json == null) {
            return 0;
        }
        if (json instanceof String) {
            return Utf8.length((String) json);
        }
        if (json instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) json;
            Object size = map.get(ValueConverter.PAYLOAD_KEY);
            if (map.size() == 1 && size instanceof Long) {
                return (Long) size;
            }
            long total = 0;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                total += Utf8.length(String.valueOf(e.getKey())) + payloadBytes(e.getValue());
            }
            return total;
        }
        if (json instanceof List) {
            long total = 0;
            for (Object o : (List<?>) json) {
                total += payloadBytes(o);
            }
            return total;
        }
        if (json instanceof Boolean) {
            return 1;
        }
        if (json instanceof Long) {
            return 8;
        }
        return String.valueOf(json).length(); // BigDecimal/BigInteger travel as their digits
    }

    static String abbreviate(String text) {
        String line = text.replace('\n', ' ').replace('\r', ' ');
        return line.length() <= 80 ? line : line.substring(0, 77) + "...";
    }

    /** Canonical parameter type names, as generic invocation sends them. Shared: do not modify. */
    public String[] typeNames() {
        return typeNames;
    }

    /** The converted values. Shared: do not modify. */
    public Object[] values() {
        return values;
    }

    /** The typed method, or null for a generic call. */
    public Method method() {
        return method;
    }

    /** A typed method whose result is a future (a {@code CompletableFuture}): the call waits for it. */
    public boolean returnsFuture() {
        return returnsFuture;
    }

    /** The payload size of the arguments (see {@link #payloadBytes(Object)}), computed once. */
    public long payloadBytes() {
        return payloadBytes;
    }

    /** The first argument, what an echo must equal; null without arguments. */
    public Object first() {
        return values.length == 0 ? null : values[0];
    }
}
