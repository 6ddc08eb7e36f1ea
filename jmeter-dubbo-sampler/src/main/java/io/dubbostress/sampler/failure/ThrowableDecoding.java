package io.dubbostress.sampler.failure;

import com.alibaba.com.caucho.hessian.io.AbstractDeserializer;
import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.AbstractSerializerFactory;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.Serializer;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes a provider's exception (hessian2) without {@code --add-opens java.base/java.lang}: hessian's own
 * deserializer writes {@code Throwable}'s private fields ({@code detailMessage}, {@code cause}, {@code stackTrace},
 * {@code suppressedExceptions}) by reflection, which Java 9+ refuses, and the answer then fails to decode on the
 * JMeter side ({@code HessianFieldException: java.lang.Throwable.suppressedExceptions}). This deserializer reads the
 * fields into a map and builds the exception through public API: a constructor (the message for its String
 * parameters, the cause for its Throwable one), {@code initCause}, {@code setStackTrace}, {@code addSuppressed}, and
 * the subclass's own fields (the service's classes, which reflection may write). Registered once on Dubbo's hessian2
 * {@link SerializerFactory}; the same with or without flags. {@link StackTraceElement}s are built by their public
 * constructor for the same reason.
 */
public final class ThrowableDecoding extends AbstractSerializerFactory {

    /** The start of the text a JDK immutable collection from a Dubbo 2.6 or 2.7 provider fails with. */
    static final String INCOMPLETE_COLLECTION = "the provider's hessian2 sent a JDK immutable collection";
    static final String INCOMPLETE_COLLECTION_ADVICE = " (List.of, Set.of, Map.of: java.util.CollSer) without its"
            + " elements, which the hessian2 of Dubbo 2.6 and 2.7 cannot write: the provider's method must return a"
            + " mutable collection (or the provider use Dubbo 3.3)";

    private static final String[] THROWABLE_FIELDS = {"detailMessage", "cause", "stackTrace", "suppressedExceptions"};

    /** Whether exceptions are decoded here too, or only the JDK immutable collections guarded. */
    private final boolean throwables;

    private ThrowableDecoding(boolean throwables) {
        this.throwables = throwables;
    }

    /** Adds the factory to {@code factory}; idempotent per factory. */
    public static void register(SerializerFactory factory) {
        register(factory, true);
    }

    /**
     * Adds the factory to {@code factory}, with its exception readers or only its guard against a {@code CollSer}
     * without elements (Dubbo 3.3's hessian-lite 4 decodes exceptions itself, without {@code java.lang} open);
     * idempotent per factory.
     */
    public static void register(SerializerFactory factory, boolean throwables) {
        synchronized (factory) {
            if (!Boolean.TRUE.equals(REGISTERED.get(factory))) {
                factory.addFactory(new ThrowableDecoding(throwables));
                REGISTERED.put(factory, Boolean.TRUE);
            }
        }
    }

    private static final Map<SerializerFactory, Boolean> REGISTERED =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<SerializerFactory, Boolean>());

    @Override
    public Serializer getSerializer(Class cl) {
        return null; // writing is hessian's own
    }

    @Override
    public Deserializer getDeserializer(Class cl) {
        if (throwables && cl == StackTraceElement.class) {
            return new StackTraceElementReader();
        }
        if (throwables && Throwable.class.isAssignableFrom(cl)) {
            return new ThrowableReader(cl);
        }
        if ("java.util.CollSer".equals(cl.getName())) {
            return new IncompleteCollectionReader(cl);
        }
        if (cl == java.util.Map.class || cl == java.util.HashMap.class) {
            // a CollSer read where a Map is expected: hessian asks for Map's reader (Dubbo 3.3's, whose class checker
            // refuses to load CollSer: HashMap's)
            return new GuardedMapReader(cl);
        }
        if (cl == java.util.List.class || cl == java.util.Set.class || cl == Collection.class) {
            return new GuardedCollectionReader(cl); // the same for List.of / Set.of
        }
        return null;
    }

    /** Reads an object's fields as a map (hessian2 object with its definition, or a hessian map). */
    private abstract static class FieldsReader extends AbstractDeserializer {

        final Class<?> type;

        FieldsReader(Class<?> type) {
            this.type = type;
        }

        @Override
        public Class getType() {
            return type;
        }

        @Override
        public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
            Object placeholder = new Object();
            int ref = in.addRef(placeholder);
            Map<String, Object> fields = new LinkedHashMap<>();
            for (String name : fieldNames) {
                fields.put(name, in.readObject());
            }
            Object built = build(fields, placeholder);
            in.setRef(ref, built);
            return built;
        }

        @Override
        public Object readMap(AbstractHessianInput in) throws IOException {
            Object placeholder = new Object();
            int ref = in.addRef(placeholder);
            Map<String, Object> fields = new LinkedHashMap<>();
            while (!in.isEnd()) {
                fields.put(String.valueOf(in.readObject()), in.readObject());
            }
            in.readMapEnd();
            Object built = build(fields, placeholder);
            in.setRef(ref, built);
            return built;
        }

        abstract Object build(Map<String, Object> fields, Object self) throws IOException;
    }

    /**
     * {@code java.util.CollSer}, the serialization proxy of {@code List.of}/{@code Map.of}: hessian writes its fields,
     * and its elements are in a transient one, so only the kind ({@code tag}) arrives. Read as what it is, it would
     * be a wrong value ({@code {tag=3}}) reported as a success: it fails the decoding instead, saying why.
     */
    private static final class IncompleteCollectionReader extends FieldsReader {

        IncompleteCollectionReader(Class<?> type) {
            super(type);
        }

        @Override
        Object build(Map<String, Object> fields, Object self) throws IOException {
            if (fields.get("array") instanceof Object[]) {
                return fields.get("array"); // a writer that kept the elements
            }
            throw new IOException(INCOMPLETE_COLLECTION + INCOMPLETE_COLLECTION_ADVICE);
        }
    }

    /**
     * Map's own reader, except for an object whose only field is {@code tag}: a {@code Map.of} result from a Dubbo 2.7
     * provider (its {@code CollSer} proxy without the elements), which Map's reader would make {@code {tag=3}}.
     */
    private static final class GuardedMapReader extends com.alibaba.com.caucho.hessian.io.MapDeserializer {

        GuardedMapReader(Class<?> type) {
            super(type);
        }

        @Override
        public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
            if (isCollSer(fieldNames)) {
                throw new IOException(INCOMPLETE_COLLECTION + INCOMPLETE_COLLECTION_ADVICE);
            }
            return super.readObject(in, fieldNames);
        }
    }

    /** Collection's own reader, except for a {@code CollSer} without its elements (see {@link GuardedMapReader}). */
    private static final class GuardedCollectionReader extends com.alibaba.com.caucho.hessian.io.CollectionDeserializer {

        GuardedCollectionReader(Class<?> type) {
            super(type);
        }

        @Override
        public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
            if (isCollSer(fieldNames)) {
                throw new IOException(INCOMPLETE_COLLECTION + INCOMPLETE_COLLECTION_ADVICE);
            }
            return super.readObject(in, fieldNames);
        }
    }

    /** The fields of {@code java.util.CollSer} as hessian writes them: {@code tag} (its elements are transient). */
    static boolean isCollSer(String[] fieldNames) {
        return fieldNames.length >= 1 && "tag".equals(fieldNames[0])
                && (fieldNames.length == 1 || fieldNames.length == 2 && "array".equals(fieldNames[1]));
    }

    private static final class StackTraceElementReader extends FieldsReader {

        StackTraceElementReader() {
            super(StackTraceElement.class);
        }

        @Override
        Object build(Map<String, Object> f, Object self) {
            Object line = f.get("lineNumber");
            return new StackTraceElement(text(f.get("declaringClass")), text(f.get("methodName")),
                    (String) f.get("fileName"), line instanceof Number ? ((Number) line).intValue() : -1);
        }

        private static String text(Object o) {
            return o == null ? "" : String.valueOf(o);
        }
    }

    private static final class ThrowableReader extends FieldsReader {

        ThrowableReader(Class<?> type) {
            super(type);
        }

        @Override
        Object build(Map<String, Object> f, Object self) {
            String message = (String) f.get("detailMessage");
            Object causeValue = f.get("cause");
            Throwable cause = causeValue instanceof Throwable ? (Throwable) causeValue : null; // self: no cause
            Throwable t = instantiate(message, cause);
            if (cause != null && t.getCause() == null) {
                try {
                    t.initCause(cause);
                } catch (IllegalStateException | IllegalArgumentException e) {
                    // the constructor set one already
                }
            }
            Object trace = f.get("stackTrace");
            if (trace instanceof StackTraceElement[]) {
                t.setStackTrace((StackTraceElement[]) trace);
            } else if (trace instanceof Collection) {
                List<StackTraceElement> elements = new ArrayList<>();
                for (Object o : (Collection<?>) trace) {
                    if (o instanceof StackTraceElement) {
                        elements.add((StackTraceElement) o);
                    }
                }
                t.setStackTrace(elements.toArray(new StackTraceElement[0]));
            } else {
                t.setStackTrace(new StackTraceElement[0]);
            }
            Object suppressed = f.get("suppressedExceptions");
            if (suppressed instanceof Collection) {
                for (Object o : (Collection<?>) suppressed) {
                    if (o instanceof Throwable && o != t) {
                        t.addSuppressed((Throwable) o);
                    }
                }
            }
            setOwnFields(t, f, self);
            return t;
        }

        /** Through the constructor that takes what we have: Strings get the message, a Throwable the cause. */
        private Throwable instantiate(String message, Throwable cause) {
            List<Constructor<?>> constructors = new ArrayList<>(Arrays.asList(type.getDeclaredConstructors()));
            constructors.sort(Comparator.comparingInt(ThrowableReader::preference));
            for (Constructor<?> c : constructors) {
                Class<?>[] params = c.getParameterTypes();
                Object[] args = new Object[params.length];
                for (int i = 0; i < params.length; i++) {
                    args[i] = params[i] == String.class ? message
                            : Throwable.class.isAssignableFrom(params[i]) && params[i].isInstance(cause) ? cause
                            : defaultValue(params[i]);
                }
                try {
                    if (!Modifier.isPublic(c.getModifiers()) || !Modifier.isPublic(type.getModifiers())) {
                        c.setAccessible(true); // the service's own classes; a JDK class refuses, and is public
                    }
                    Throwable t = (Throwable) c.newInstance(args);
                    if (message == null || message.equals(t.getMessage())) {
                        return t;
                    }
                } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                    // try the next constructor
                }
            }
            // no constructor gives the message: say what it was, under a class of ours that names the original
            return new ProviderException(type.getName(), message, cause);
        }

        /** (String), (String, Throwable), (): the usual exception constructors first; then by fewest parameters. */
        private static int preference(Constructor<?> c) {
            List<Class<?>> p = Arrays.asList(c.getParameterTypes());
            if (p.equals(Arrays.<Class<?>>asList(String.class))) {
                return 0;
            }
            if (p.equals(Arrays.<Class<?>>asList(String.class, Throwable.class))) {
                return 1;
            }
            return 10 + p.size();
        }

        /** The fields the exception's own classes declare (not Throwable's), as they arrived. */
        private void setOwnFields(Throwable t, Map<String, Object> f, Object self) {
            if (t instanceof ProviderException) {
                return;
            }
            for (Class<?> c = type; c != null && c != Throwable.class; c = c.getSuperclass()) {
                if (c.getName().startsWith("java.")) {
                    continue; // the JDK's classes do not open their fields to us
                }
                for (Field field : c.getDeclaredFields()) {
                    int mod = field.getModifiers();
                    if (Modifier.isStatic(mod) || Modifier.isTransient(mod) || !f.containsKey(field.getName())
                            || Arrays.asList(THROWABLE_FIELDS).contains(field.getName())) {
                        continue;
                    }
                    Object value = f.get(field.getName());
                    if (value == self) {
                        value = t;
                    }
                    try {
                        field.setAccessible(true);
                        if (value != null || !field.getType().isPrimitive()) {
                            field.set(t, value);
                        }
                    } catch (ReflectiveOperationException | RuntimeException e) {
                        // a field we cannot write keeps what the constructor gave it
                    }
                }
            }
        }
    }

    public static Object defaultValue(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return Boolean.FALSE;
        }
        if (type == char.class) {
            return '\0';
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == double.class) {
            return 0d;
        }
        if (type == float.class) {
            return 0f;
        }
        if (type == byte.class) {
            return (byte) 0;
        }
        if (type == short.class) {
            return (short) 0;
        }
        return 0;
    }
}
