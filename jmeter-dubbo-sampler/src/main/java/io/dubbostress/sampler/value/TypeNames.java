package io.dubbostress.sampler.value;

import io.dubbostress.sampler.failure.ConfigurationException;
import java.lang.reflect.Array;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Parameter type names as users write them ({@code int}, {@code String}, {@code java.util.List}, {@code Order[]},
 * {@code BigDecimal}) and as Dubbo's generic invocation expects them ({@code java.lang.String}, {@code int[]}).
 * Short names are accepted for {@code java.lang}, {@code java.math}, the common {@code java.util} collections and
 * {@code java.time}; anything else must be fully qualified.
 */
public final class TypeNames {

    private static final Map<String, Class<?>> KNOWN = new HashMap<>();

    static {
        Class<?>[] classes = {boolean.class, byte.class, short.class, int.class, long.class, float.class, double.class,
            char.class, Boolean.class, Byte.class, Short.class, Integer.class, Long.class, Float.class, Double.class,
            Character.class, String.class, Object.class, Number.class, CharSequence.class,
            java.math.BigDecimal.class, java.math.BigInteger.class,
            java.util.List.class, java.util.ArrayList.class, java.util.LinkedList.class, java.util.Collection.class,
            java.util.Set.class, java.util.HashSet.class, java.util.LinkedHashSet.class, java.util.Map.class,
            java.util.HashMap.class, java.util.LinkedHashMap.class, java.util.Date.class,
            java.time.LocalDate.class, java.time.LocalDateTime.class, java.time.LocalTime.class,
            java.time.Instant.class, java.time.Duration.class, java.time.OffsetDateTime.class,
            java.time.ZonedDateTime.class, java.time.Period.class, java.time.Year.class, java.time.YearMonth.class};
        for (Class<?> c : classes) {
            KNOWN.put(c.getName(), c);
            KNOWN.put(c.getSimpleName(), c);
        }
    }

    private TypeNames() {
    }

    /** {@code String} -> {@code java.lang.String}; unknown short names are returned as written. */
    public static String canonical(String written) {
        String name = written.trim();
        int dims = 0;
        while (name.endsWith("[]")) {
            name = name.substring(0, name.length() - 2).trim();
            dims++;
        }
        Class<?> known = KNOWN.get(name);
        StringBuilder out = new StringBuilder(known != null ? known.getName() : name);
        for (int i = 0; i < dims; i++) {
            out.append("[]");
        }
        return out.toString();
    }

    /** The JDK class for a type name, or null when it is not one this class knows (a user class). */
    public static Class<?> known(String canonicalName) {
        String name = canonicalName;
        int dims = 0;
        while (name.endsWith("[]")) {
            name = name.substring(0, name.length() - 2);
            dims++;
        }
        Class<?> c = KNOWN.get(name);
        if (c == null) {
            return null;
        }
        return dims == 0 ? c : Array.newInstance(c, new int[dims]).getClass();
    }

    /**
     * Loads a type by name (JDK types, then {@code loader}).
     *
     * @throws ConfigurationException naming the field and the class when it is not on JMeter's classpath
     */
    public static Class<?> load(String canonicalName, ClassLoader loader, String field) {
        Class<?> known = known(canonicalName);
        if (known != null) {
            return known;
        }
        String name = canonicalName;
        int dims = 0;
        while (name.endsWith("[]")) {
            name = name.substring(0, name.length() - 2);
            dims++;
        }
        try {
            Class<?> c = Class.forName(name, false, loader);
            return dims == 0 ? c : Array.newInstance(c, new int[dims]).getClass();
        } catch (ClassNotFoundException | LinkageError e) {
            throw new ConfigurationException(field + ": unknown class '" + canonicalName
                    + "' (not on JMeter's classpath: put its jar in lib/ext, or use generic invocation)");
        }
    }

    /** Whether the name looks like a Java type name (letters, digits, _, $, dots, trailing []). */
    public static boolean isWellFormed(String canonicalName) {
        String name = canonicalName;
        while (name.endsWith("[]")) {
            name = name.substring(0, name.length() - 2);
        }
        if (name.isEmpty() || name.startsWith(".") || name.endsWith(".") || name.contains("..")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isJavaIdentifierPart(c) || c == '.')) {
                return false;
            }
        }
        return !Character.isDigit(name.charAt(0)) && !name.toLowerCase(Locale.ROOT).equals("null");
    }
}
