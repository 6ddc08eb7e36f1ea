package io.dubbostress.sampler.value;

import io.dubbostress.api.Payloads;
import io.dubbostress.sampler.failure.ConfigurationException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns parsed JSON ({@link io.dubbostress.sampler.json.JsonValues}) into the Java values a Dubbo call carries,
 * exactly: {@code int} from {@code 7} but not from {@code 7.5}, {@code long} and {@link BigDecimal} without going
 * through {@code double}, {@code java.time} values from ISO-8601 strings, enums from their names, arrays and
 * collections element by element, POJOs from objects (field by field, typed calls only).
 *
 * <p>Two forms are recognised anywhere in the JSON:
 * <ul>
 * <li>{@code {"$payload": 1024}}: the deterministic 1024-byte ASCII string of {@link Payloads#ofSize(int)}, so a
 *     plan needs no 100 KiB literal (and the provider, the consumer and the sampler all mean the same bytes);</li>
 * <li>{@code {"$type": "java.time.LocalDate", "value": "2024-01-31"}}: a value of an explicit type inside an
 *     untyped place (a generic POJO map, a {@code List<Object>}).</li>
 * </ul>
 * Errors are {@link ConfigurationException}s naming where ({@code argument 2 (int)}) and what was given.
 */
public final class ValueConverter {

    /** The key of the payload generator form. */
    public static final String PAYLOAD_KEY = "$payload";
    /** The key of the explicit type form. */
    public static final String TYPE_KEY = "$type";
    /** The key of the value in the explicit type form. */
    public static final String VALUE_KEY = "value";

    private final ClassLoader loader;

    public ValueConverter(ClassLoader loader) {
        this.loader = loader;
    }

    /**
     * Converts a JSON value to {@code type} (may be null: no type known, keep the natural JSON form with the two
     * special forms resolved).
     */
    public Object convert(Object json, Type type, String where) {
        if (json instanceof Map && isSpecial((Map<?, ?>) json)) {
            Object special = special((Map<?, ?>) json, where);
            if (type == null || special == null) {
                return special;
            }
            Class<?> raw = rawClass(type);
            if (box(raw).isInstance(special)) {
                return special;
            }
            json = special instanceof String ? special : json; // a payload string still converts (char[], ...)
            if (json instanceof Map) {
                throw new ConfigurationException(where + ": a " + special.getClass().getName()
                        + " does not fit " + raw.getName());
            }
        }
        if (type == null || type == Object.class) {
            return natural(json, where);
        }
        Class<?> raw = rawClass(type);
        if (json == null) {
            if (raw.isPrimitive()) {
                throw new ConfigurationException(where + ": null is not a " + raw.getName());
            }
            return null;
        }
        Object scalar = scalar(json, raw, where);
        if (scalar != NOT_SCALAR) {
            return scalar;
        }
        if (raw.isArray()) {
            List<?> list = asList(json, raw, where);
            Class<?> component = raw.getComponentType();
            Type componentType = type instanceof GenericArrayType
                    ? ((GenericArrayType) type).getGenericComponentType() : component;
            Object array = Array.newInstance(component, list.size());
            for (int i = 0; i < list.size(); i++) {
                Array.set(array, i, convert(list.get(i), componentType, where + "[" + i + "]"));
            }
            return array;
        }
        if (Collection.class.isAssignableFrom(raw)) {
            List<?> list = asList(json, raw, where);
            Type element = typeArgument(type, 0);
            Collection<Object> out = newCollection(raw, list.size(), where);
            for (int i = 0; i < list.size(); i++) {
                out.add(convert(list.get(i), element, where + "[" + i + "]"));
            }
            return out;
        }
        if (Map.class.isAssignableFrom(raw)) {
            Map<?, ?> map = asMap(json, raw, where);
            Type keyType = typeArgument(type, 0);
            Type valueType = typeArgument(type, 1);
            Map<Object, Object> out = SortedMap.class.isAssignableFrom(raw) ? new TreeMap<>() : new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object key = keyType == null || keyType == String.class || keyType == Object.class
                        ? e.getKey() : convert(e.getKey(), keyType, where + " key '" + e.getKey() + "'");
                out.put(key, convert(e.getValue(), valueType, where + "." + e.getKey()));
            }
            return out;
        }
        if (raw.isEnum()) {
            if (!(json instanceof String)) {
                throw new ConfigurationException(where + ": " + describe(json) + " is not a constant of "
                        + raw.getName() + " (give its name as a string)");
            }
            return enumConstant(raw, (String) json, where);
        }
        if (raw.isInterface() || Modifier.isAbstract(raw.getModifiers())) {
            throw new ConfigurationException(where + ": cannot build a " + raw.getName()
                    + " (an interface or abstract class) from " + describe(json));
        }
        return pojo(asMap(json, raw, where), raw, where);
    }

    /** The natural JSON form with {@code $payload}/{@code $type} resolved: what a generic call carries. */
    public Object natural(Object json, String where) {
        if (json instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) json;
            if (isSpecial(map)) {
                return special(map, where);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.put(String.valueOf(e.getKey()), natural(e.getValue(), where + "." + e.getKey()));
            }
            return out;
        }
        if (json instanceof List) {
            List<?> list = (List<?>) json;
            List<Object> out = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                out.add(natural(list.get(i), where + "[" + i + "]"));
            }
            return out;
        }
        return json;
    }

    private static boolean isSpecial(Map<?, ?> map) {
        return (map.size() == 1 && map.containsKey(PAYLOAD_KEY))
                || (map.size() == 2 && map.containsKey(TYPE_KEY) && map.containsKey(VALUE_KEY));
    }

    private Object special(Map<?, ?> map, String where) {
        if (map.containsKey(PAYLOAD_KEY)) {
            Object size = map.get(PAYLOAD_KEY);
            if (!(size instanceof Long) || (Long) size < 0 || (Long) size > Payloads.MAX_SIZE_BYTES) {
                throw new ConfigurationException(where + ": {\"$payload\": N} needs N in 0.." + Payloads.MAX_SIZE_BYTES
                        + " (bytes), was " + describe(size));
            }
            return Payloads.ofSize((int) (long) (Long) size);
        }
        Object typeName = map.get(TYPE_KEY);
        if (!(typeName instanceof String)) {
            throw new ConfigurationException(where + ": \"$type\" must be a class name, was " + describe(typeName));
        }
        String canonical = TypeNames.canonical((String) typeName);
        Class<?> type = TypeNames.load(canonical, loader, where);
        return convert(map.get(VALUE_KEY), type, where + " (" + canonical + ")");
    }

    private static final Object NOT_SCALAR = new Object();

    /**
     * A JSON value as one of the scalar types (text, boolean, char, numbers, dates, java.time), or
     * {@link #NOT_SCALAR} when {@code raw} is none of them; a value of the wrong shape is a mismatch naming the type.
     */
    private Object scalar(Object json, Class<?> raw, String where) {
        Class<?> t = box(raw);
        if (t == String.class || t == CharSequence.class) {
            if (json instanceof String) {
                return json;
            }
            throw mismatch(where, json, "String (quote it)");
        }
        if (t == Boolean.class) {
            return bool(json, raw, where);
        }
        if (t == Character.class) {
            if (json instanceof String && ((String) json).length() == 1) {
                return ((String) json).charAt(0);
            }
            throw mismatch(where, json, "char (a one-character string)");
        }
        if (Number.class.isAssignableFrom(t)) {
            return number(json, t, raw, where);
        }
        if (t == Date.class) {
            return date(json, where);
        }
        if (t.getName().startsWith("java.time.")) {
            return javaTime(json, t, where);
        }
        return NOT_SCALAR;
    }

    private Object bool(Object json, Class<?> raw, String where) {
        if (json instanceof Boolean) {
            return json;
        }
        if ("true".equals(json) || "false".equals(json)) {
            return Boolean.valueOf((String) json);
        }
        throw mismatch(where, json, raw.getName());
    }

    /** A number as the exact boxed type {@code t}: whole and in range, or a mismatch saying so. */
    private Object number(Object json, Class<?> t, Class<?> raw, String where) {
        if (t == Number.class) {
            if (json instanceof Number) {
                return json;
            }
            throw mismatch(where, json, "number");
        }
        BigDecimal number = toBigDecimal(json, where, raw);
        try {
            if (t == Integer.class) {
                return number.intValueExact();
            }
            if (t == Long.class) {
                return number.longValueExact();
            }
            if (t == Short.class) {
                return number.shortValueExact();
            }
            if (t == Byte.class) {
                return number.byteValueExact();
            }
            if (t == BigDecimal.class) {
                return number;
            }
            if (t == BigInteger.class) {
                return number.toBigIntegerExact();
            }
            if (t == Double.class) {
                return number.doubleValue();
            }
            if (t == Float.class) {
                return number.floatValue();
            }
        } catch (ArithmeticException e) {
            throw mismatch(where, json, raw.getName() + " (out of range or not whole)");
        }
        return NOT_SCALAR;
    }

    private Object date(Object json, String where) {
        if (json instanceof Long) {
            return new Date((Long) json);
        }
        if (json instanceof String) {
            try {
                return Date.from(Instant.parse((String) json));
            } catch (DateTimeParseException e) {
                throw mismatch(where, json, "java.util.Date (epoch millis or an ISO-8601 instant)");
            }
        }
        throw mismatch(where, json, "java.util.Date (epoch millis or an ISO-8601 instant)");
    }

    /** The java.time types, from their ISO-8601 text; NOT_SCALAR for another java.time type. */
    private Object javaTime(Object json, Class<?> t, String where) {
        if (!(json instanceof String)) {
            throw mismatch(where, json, t.getName() + " (an ISO-8601 string)");
        }
        String text = (String) json;
        try {
            if (t == LocalDate.class) {
                return LocalDate.parse(text);
            }
            if (t == LocalDateTime.class) {
                return LocalDateTime.parse(text);
            }
            if (t == LocalTime.class) {
                return LocalTime.parse(text);
            }
            if (t == Instant.class) {
                return Instant.parse(text);
            }
            if (t == Duration.class) {
                return Duration.parse(text);
            }
            if (t == OffsetDateTime.class) {
                return OffsetDateTime.parse(text);
            }
            if (t == ZonedDateTime.class) {
                return ZonedDateTime.parse(text);
            }
            if (t == Period.class) {
                return Period.parse(text);
            }
            if (t == Year.class) {
                return Year.parse(text);
            }
            if (t == YearMonth.class) {
                return YearMonth.parse(text);
            }
        } catch (DateTimeParseException e) {
            throw mismatch(where, json, t.getName() + " (ISO-8601)");
        }
        return NOT_SCALAR;
    }

    private static BigDecimal toBigDecimal(Object json, String where, Class<?> raw) {
        if (json instanceof Long) {
            return BigDecimal.valueOf((Long) json);
        }
        if (json instanceof BigInteger) {
            return new BigDecimal((BigInteger) json);
        }
        if (json instanceof BigDecimal) {
            return (BigDecimal) json;
        }
        if (json instanceof String) { // "12345678901234567890.5" as a string is fine too
            try {
                return new BigDecimal(((String) json).trim());
            } catch (NumberFormatException e) {
                throw mismatch(where, json, raw.getName());
            }
        }
        throw mismatch(where, json, raw.getName());
    }

    private Object pojo(Map<?, ?> map, Class<?> type, String where) {
        Object instance = PojoInstances.create(type, where);
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String name = String.valueOf(e.getKey());
            if ("class".equals(name)) {
                continue;
            }
            Field field = findField(type, name);
            if (field == null) {
                throw new ConfigurationException(where + ": " + type.getName() + " has no property '" + name + "'");
            }
            Object value = convert(e.getValue(), field.getGenericType(), where + "." + name);
            Method setter = Modifier.isFinal(field.getModifiers()) ? null : findSetter(type, name, field.getType());
            try {
                if (setter != null) {
                    setter.invoke(instance, value);
                } else {
                    field.setAccessible(true); // final fields too: hessian fills them the same way
                    field.set(instance, value);
                }
            } catch (ReflectiveOperationException | RuntimeException ex) {
                throw new ConfigurationException(where + "." + name + ": cannot set it: " + ex);
            }
        }
        return instance;
    }

    private static Field findField(Class<?> type, String name) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                if (!Modifier.isStatic(f.getModifiers())) {
                    return f;
                }
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        return null;
    }

    private static Method findSetter(Class<?> type, String name, Class<?> fieldType) {
        String setter = "set" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        try {
            return type.getMethod(setter, fieldType);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Object enumConstant(Class<?> type, String name, String where) {
        for (Object constant : type.getEnumConstants()) {
            if (((Enum<?>) constant).name().equals(name)) {
                return constant;
            }
        }
        throw new ConfigurationException(where + ": '" + name + "' is not a constant of " + type.getName());
    }

    @SuppressWarnings("unchecked")
    private static Collection<Object> newCollection(Class<?> raw, int size, String where) {
        if (!raw.isInterface() && !Modifier.isAbstract(raw.getModifiers())) {
            try {
                return (Collection<Object>) raw.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new ConfigurationException(where + ": cannot create a " + raw.getName());
            }
        }
        if (SortedSet.class.isAssignableFrom(raw)) {
            return new TreeSet<>();
        }
        if (Set.class.isAssignableFrom(raw)) {
            return new LinkedHashSet<>(size * 2);
        }
        if (java.util.Queue.class.isAssignableFrom(raw)) {
            return new LinkedList<>();
        }
        return new ArrayList<>(size);
    }

    private static List<?> asList(Object json, Class<?> raw, String where) {
        if (json instanceof List) {
            return (List<?>) json;
        }
        throw mismatch(where, json, raw.getSimpleName() + " (a JSON array)");
    }

    private static Map<?, ?> asMap(Object json, Class<?> raw, String where) {
        if (json instanceof Map) {
            return (Map<?, ?>) json;
        }
        throw mismatch(where, json, raw.getName() + " (a JSON object)");
    }

    static Class<?> rawClass(Type type) {
        if (type instanceof Class) {
            return (Class<?>) type;
        }
        if (type instanceof ParameterizedType) {
            return rawClass(((ParameterizedType) type).getRawType());
        }
        if (type instanceof GenericArrayType) {
            return Array.newInstance(rawClass(((GenericArrayType) type).getGenericComponentType()), 0).getClass();
        }
        return Object.class; // type variables, wildcards
    }

    private static Type typeArgument(Type type, int index) {
        if (type instanceof ParameterizedType) {
            Type[] args = ((ParameterizedType) type).getActualTypeArguments();
            if (index < args.length) {
                Type arg = args[index];
                return arg instanceof Class || arg instanceof ParameterizedType || arg instanceof GenericArrayType
                        ? arg : null;
            }
        }
        return null;
    }

    static Class<?> box(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        if (c == int.class) {
            return Integer.class;
        }
        if (c == long.class) {
            return Long.class;
        }
        if (c == boolean.class) {
            return Boolean.class;
        }
        if (c == double.class) {
            return Double.class;
        }
        if (c == float.class) {
            return Float.class;
        }
        if (c == short.class) {
            return Short.class;
        }
        if (c == byte.class) {
            return Byte.class;
        }
        if (c == char.class) {
            return Character.class;
        }
        return c;
    }

    private static ConfigurationException mismatch(String where, Object json, String expected) {
        return new ConfigurationException(where + ": " + describe(json) + " is not a " + expected);
    }

    /** A short rendering of a JSON value for messages: strings quoted, long ones cut. */
    static String describe(Object json) {
        if (json == null) {
            return "null";
        }
        String text;
        if (json instanceof String) {
            text = "\"" + json + "\"";
        } else if (json instanceof Map) {
            text = "a JSON object";
        } else if (json instanceof List) {
            text = "a JSON array";
        } else {
            text = String.valueOf(json);
        }
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
