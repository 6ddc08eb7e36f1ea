package io.dubbostress.outside.provider;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code Map.of} where the provider runs on Java 9+ (the class compiles for 8), else an unmodifiable map. */
final class JdkCollections {

    private JdkCollections() {
    }

    /** {@code List.of(a, b)} on 9+, else an unmodifiable list. */
    @SuppressWarnings("unchecked")
    static <T> java.util.List<T> listOf(T a, T b) {
        try {
            Method of = java.util.List.class.getMethod("of", Object.class, Object.class);
            return (java.util.List<T>) of.invoke(null, a, b);
        } catch (ReflectiveOperationException e) {
            return Collections.unmodifiableList(java.util.Arrays.asList(a, b));
        }
    }

    @SuppressWarnings("unchecked")
    static <K, V> Map<K, V> mapOf(K k1, V v1, K k2, V v2) {
        try {
            Method of = Map.class.getMethod("of", Object.class, Object.class, Object.class, Object.class);
            return (Map<K, V>) of.invoke(null, k1, v1, k2, v2);
        } catch (ReflectiveOperationException e) {
            Map<K, V> map = new LinkedHashMap<>();
            map.put(k1, v1);
            map.put(k2, v2);
            return Collections.unmodifiableMap(map);
        }
    }
}
