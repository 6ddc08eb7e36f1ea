package io.dubbostress.sampler.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A call's result as JSON, for the response data (where JMeter's JSON extractors and assertions read it), written
 * with jackson-core's generator: numbers as numbers (BigDecimal with its scale), enums by name, {@code java.time},
 * {@link Date}, {@code UUID} and other JDK values as their text, arrays and collections as arrays, maps as objects
 * (a generic call's POJOs arrive as maps, with their {@code "class"}), the service's own objects field by field.
 * Also the result's payload size for the {@code bytes} column ({@link #payloadBytes}), counted as the arguments'
 * are. Neither is on the default hot path: response data is off by default, and a String result needs neither.
 *
 * <pre>{@code
 * ResultJson.write(new int[] {1, 4, 9});   // [1,4,9]
 * }</pre>
 */
public final class ResultJson {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final int MAX_DEPTH = 32;
    private static final ClassValue<List<Field>> FIELDS = new ClassValue<List<Field>>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            List<Class<?>> chain = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                chain.add(0, c);
            }
            for (Class<?> c : chain) {
                for (Field f : c.getDeclaredFields()) {
                    int mod = f.getModifiers();
                    if (Modifier.isStatic(mod) || Modifier.isTransient(mod) || f.isSynthetic()) {
                        continue;
                    }
                    try {
                        f.setAccessible(true);
                        fields.add(f);
                    } catch (RuntimeException e) {
                        // a field this JVM does not let us read is left out
                    }
                }
            }
            return Collections.unmodifiableList(fields);
        }
    };

    private ResultJson() {
    }

    /** {@code value} as JSON text. */
    public static String write(Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            write(g, value, Collections.newSetFromMap(new IdentityHashMap<>()), 0);
        } catch (IOException e) { // a StringWriter does no I/O
            return String.valueOf(value);
        }
        return out.toString();
    }

    private static void write(JsonGenerator g, Object v, Set<Object> path, int depth) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String || v instanceof Character) {
            g.writeString(v.toString());
        } else if (v instanceof Boolean) {
            g.writeBoolean((Boolean) v);
        } else if (v instanceof BigDecimal) {
            g.writeNumber((BigDecimal) v);
        } else if (v instanceof BigInteger) {
            g.writeNumber((BigInteger) v);
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                g.writeString(v.toString());
            } else {
                g.writeNumber(v.toString());
            }
        } else if (v instanceof Number) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Enum) {
            g.writeString(((Enum<?>) v).name());
        } else if (v instanceof Date) {
            g.writeString(((Date) v).toInstant().toString());
        } else if (depth >= MAX_DEPTH || !path.add(v)) {
            g.writeString(String.valueOf(v.getClass().getName()) + " (cycle or too deep)");
        } else {
            try {
                container(g, v, path, depth);
            } finally {
                path.remove(v);
            }
        }
    }

    private static void container(JsonGenerator g, Object v, Set<Object> path, int depth) throws IOException {
        if (v.getClass().isArray()) {
            g.writeStartArray();
            int n = Array.getLength(v);
            for (int i = 0; i < n; i++) {
                write(g, Array.get(v, i), path, depth + 1);
            }
            g.writeEndArray();
        } else if (v instanceof Iterable) {
            g.writeStartArray();
            for (Object o : (Iterable<?>) v) {
                write(g, o, path, depth + 1);
            }
            g.writeEndArray();
        } else if (v instanceof Map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue(), path, depth + 1);
            }
            g.writeEndObject();
        } else if (isJdkValue(v.getClass())) {
            g.writeString(v.toString()); // java.time, UUID, Locale, ...: their text
        } else {
            g.writeStartObject();
            for (Field f : FIELDS.get(v.getClass())) {
                g.writeFieldName(f.getName());
                Object value;
                try {
                    value = f.get(v);
                } catch (IllegalAccessException e) {
                    value = null;
                }
                write(g, value, path, depth + 1);
            }
            g.writeEndObject();
        }
    }

    private static boolean isJdkValue(Class<?> type) {
        String name = type.getName();
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
                || name.startsWith("sun.");
    }

    /**
     * Where a generic call's answer names a POJO's class: Dubbo hands the POJO over as a map of its properties plus
     * {@code "class"} (its {@code PojoUtils.generalize}).
     */
    private static final String GENERIC_CLASS_KEY = "class";

    /**
     * The result's payload, counted as {@code sentBytes} counts the arguments: UTF-8 bytes of strings, 8 per number,
     * 1 per boolean, map keys and field values included; 0 for null. The same answer counts the same called typed or
     * generic: a map's {@code "class"} entry (a generic call's POJO, {@link #GENERIC_CLASS_KEY}) is left out.
     */
    public static long payloadBytes(Object v) {
        return payloadBytes(v, 0);
    }

    private static long payloadBytes(Object v, int depth) {
        if (v == null || depth > MAX_DEPTH) {
            return 0;
        }
        if (v instanceof String) {
            return Utf8.length((String) v);
        }
        if (v instanceof Boolean) {
            return 1;
        }
        if (v instanceof BigDecimal || v instanceof BigInteger) {
            return v.toString().length();
        }
        if (v instanceof Number) {
            return 8;
        }
        if (v instanceof Character) {
            return 2;
        }
        if (v instanceof Enum) {
            return ((Enum<?>) v).name().length();
        }
        Class<?> type = v.getClass();
        if (type.isArray()) {
            int n = Array.getLength(v);
            Class<?> component = type.getComponentType();
            if (component.isPrimitive()) {
                return component == boolean.class || component == byte.class ? n : (long) n * 8;
            }
            long total = 0;
            for (int i = 0; i < n; i++) {
                total += payloadBytes(Array.get(v, i), depth + 1);
            }
            return total;
        }
        if (v instanceof Iterable) {
            long total = 0;
            for (Object o : (Iterable<?>) v) {
                total += payloadBytes(o, depth + 1);
            }
            return total;
        }
        if (v instanceof Map) {
            long total = 0;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (GENERIC_CLASS_KEY.equals(e.getKey()) && e.getValue() instanceof String) {
                    continue; // a generic call's POJO: its class name, which the typed POJO does not carry
                }
                total += payloadBytes(e.getKey(), depth + 1) + payloadBytes(e.getValue(), depth + 1);
            }
            return total;
        }
        if (v instanceof Date || isJdkValue(type)) {
            return v.toString().length();
        }
        long total = 0;
        for (Field f : FIELDS.get(type)) {
            try {
                total += f.getName().length() + payloadBytes(f.get(v), depth + 1);
            } catch (IllegalAccessException e) {
                // not counted
            }
        }
        return total;
    }
}
