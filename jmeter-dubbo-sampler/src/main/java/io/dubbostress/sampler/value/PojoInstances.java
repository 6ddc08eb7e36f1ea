package io.dubbostress.sampler.value;

import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.failure.ThrowableDecoding;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * An empty instance of an argument's class, to be filled field by field, made the way hessian and Dubbo make them
 * on the provider: the no-argument constructor when there is one (any visibility), else the constructor with the
 * fewest parameters given default values (null, 0, false), else, when every constructor refuses those (one that
 * checks its arguments), an instance allocated without a constructor ({@code sun.misc.Unsafe}, in the
 * {@code jdk.unsupported} module every JDK opens to the class path). The official samples' POJOs have no no-argument
 * constructor.
 */
final class PojoInstances {

    private PojoInstances() {
    }

    static Object create(Class<?> type, String where) {
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw new ConfigurationException(where + ": " + type.getName() + " is abstract: give a concrete class"
                    + " (\"class\": \"...\" in a generic call's map, or the concrete type)");
        }
        List<Constructor<?>> constructors = new ArrayList<>(Arrays.asList(type.getDeclaredConstructors()));
        constructors.sort(Comparator.comparingInt(Constructor::getParameterCount));
        Throwable last = null;
        for (Constructor<?> c : constructors) {
            Class<?>[] params = c.getParameterTypes();
            Object[] args = new Object[params.length];
            for (int i = 0; i < params.length; i++) {
                args[i] = ThrowableDecoding.defaultValue(params[i]);
            }
            try {
                c.setAccessible(true);
                return c.newInstance(args);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                last = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null
                        ? e.getCause() : e;
            }
        }
        Object allocated = allocate(type);
        if (allocated != null) {
            return allocated;
        }
        throw new ConfigurationException(where + ": cannot create a " + type.getName() + ": no constructor accepts"
                + " default values (" + last + ") and this JVM cannot allocate one without a constructor");
    }

    private static Object allocate(Class<?> type) {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            Method allocateInstance = unsafeClass.getMethod("allocateInstance", Class.class);
            return allocateInstance.invoke(theUnsafe.get(null), type);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
