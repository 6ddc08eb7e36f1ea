package io.dubbostress.sampler.value;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.HashMap;
import java.util.Map;

/**
 * The type a service binds a type variable of its generic base interface to: for {@code interface UserService
 * extends Service<UserQuery, User>}, {@code P} of {@code Service.get(P)} is {@code UserQuery}.
 */
final class TypeVariables {

    private TypeVariables() {
    }

    /** {@code type} itself unless it is a type variable {@code service} (or its super types) binds. */
    static Type resolve(Type type, Class<?> service) {
        if (!(type instanceof TypeVariable) || service == null) {
            return type;
        }
        Map<TypeVariable<?>, Type> bindings = new HashMap<>();
        collect(service, bindings);
        Type resolved = type;
        for (int i = 0; i < 16 && resolved instanceof TypeVariable && bindings.containsKey(resolved); i++) {
            resolved = bindings.get(resolved);
        }
        return resolved;
    }

    private static void collect(Class<?> type, Map<TypeVariable<?>, Type> bindings) {
        for (Type parent : type.getGenericInterfaces()) {
            bind(parent, bindings);
        }
        if (type.getGenericSuperclass() != null) {
            bind(type.getGenericSuperclass(), bindings);
        }
    }

    private static void bind(Type parent, Map<TypeVariable<?>, Type> bindings) {
        Class<?> raw;
        if (parent instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) parent;
            raw = (Class<?>) p.getRawType();
            TypeVariable<?>[] variables = raw.getTypeParameters();
            Type[] actual = p.getActualTypeArguments();
            for (int i = 0; i < variables.length && i < actual.length; i++) {
                bindings.put(variables[i], actual[i]);
            }
        } else if (parent instanceof Class) {
            raw = (Class<?>) parent;
        } else {
            return;
        }
        collect(raw, bindings);
    }
}
