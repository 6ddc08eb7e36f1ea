package io.dubbostress.sampler.runtime;

import io.dubbostress.sampler.failure.ThrowableDecoding;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.tools.ToolProvider;
import org.apache.dubbo.common.bytecode.NoSuchMethodException;
import org.apache.dubbo.common.bytecode.NoSuchPropertyException;
import org.apache.dubbo.common.bytecode.Wrapper;
import org.apache.dubbo.common.compiler.Compiler;
import org.apache.dubbo.common.compiler.support.AdaptiveCompiler;
import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.config.ApplicationConfig;
import org.slf4j.Logger;

/**
 * What the JVM needs once before the sampler's first Dubbo reference, so that Dubbo 2.7 runs on Java 9+ without
 * {@code --add-opens} on the consumer side:
 * <ul>
 * <li>Dubbo logs through SLF4J (JMeter's logging);</li>
 * <li>Dubbo's adaptive extension classes are compiled by the JDK compiler ({@code javax.tools}) into a class loader
 *     of its own, instead of by javassist, which defines classes through {@code ClassLoader.defineClass} by
 *     reflection (a {@code java.lang} open);</li>
 * <li>typed references get a reflection-based {@link Wrapper} (Dubbo only asks it for method names on the consumer
 *     side) instead of a javassist-generated one;</li>
 * <li>proxies are JDK proxies ({@code proxy=jdk} on every reference).</li>
 * </ul>
 * On Java 8, or when JMeter runs with {@code --add-opens java.base/java.lang=ALL-UNNAMED}, javassist stays the compiler
 * (much faster to start).
 */
public final class DubboRuntime {

    /** The application name the sampler's references register with. */
    public static final String APPLICATION_NAME = "jmeter-dubbo-sampler";

    private static final Logger log = org.slf4j.LoggerFactory.getLogger(DubboRuntime.class);

    private static ApplicationConfig application;

    private DubboRuntime() {
    }

    /** Idempotent. Returns the one {@link ApplicationConfig} all references share (Dubbo allows only one). */
    public static synchronized ApplicationConfig application() {
        if (application != null) {
            return application;
        }
        DubboVersion.useSlf4jLogging();
        // javassist when it can define classes (Java 8, or java.lang opened to us): it compiles Dubbo's adaptive
        // classes in milliseconds where the JDK compiler takes a second or more (several on a loaded machine), all
        // of it in the first sample's connect time
        if (DubboVersion.javassistNeedsJavaLangOpen() && javaMajorVersion() >= 9 && !javaLangOpen()
                && jdkCompilerAvailable()) {
            ClassLoader previous = Thread.currentThread().getContextClassLoader();
            // JdkCompiler takes its class path and parent loader from the context loader when it is created: ours,
            // which sees Dubbo (a JMeter RMI or Swing thread may carry another one)
            Thread.currentThread().setContextClassLoader(DubboRuntime.class.getClassLoader());
            try {
                AdaptiveCompiler.setDefaultCompiler(SerialJdkCompiler.NAME); // "jdk", one compilation at a time
                ExtensionLoader.getExtensionLoader(Compiler.class).getExtension(SerialJdkCompiler.NAME);
            } finally {
                Thread.currentThread().setContextClassLoader(previous);
            }
        }
        initialiseHessianQuietly();
        // a provider's exception decodes without java.lang open (ThrowableDecoding), with or without flags alike
        try {
            DubboVersion.installThrowableDecoding();
        } catch (RuntimeException | LinkageError e) {
            log.warn("hessian2's exception decoding could not be installed ({}): a provider's exception needs JMeter"
                    + " started with --add-opens java.base/java.lang=ALL-UNNAMED", e.toString());
        }
        // The sampler destroys its references at test end itself. Dubbo's JVM shutdown hook would log while JMeter's
        // log4j has already shut down, and log4j, starting again to take that line, reopens jmeter.log with
        // append=false: an empty jmeter.log, now and then (a race between the two hooks).
        DubboVersion.removeShutdownHook();
        ApplicationConfig app = new ApplicationConfig(APPLICATION_NAME);
        app.setQosEnable(false);
        app.setLogger("slf4j");
        application = app;
        return app;
    }

    /**
     * hessian-lite's {@code SerializerFactory} prints two stack traces to stderr while it initialises when
     * {@code java.math} is not open (it prepares a BigInteger deserializer by reflection); everything but BigInteger
     * works regardless. Initialise it once with stderr held back, and say what it means in one log line instead of
     * two stack traces on the user's console.
     */
    static void initialiseHessianQuietly() {
        if (javaMajorVersion() < 9 || javaMathOpen()) {
            return;
        }
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(new ByteArrayOutputStream(), true));
        try {
            Class.forName("com.alibaba.com.caucho.hessian.io.SerializerFactory", true,
                    DubboRuntime.class.getClassLoader());
        } catch (ClassNotFoundException | RuntimeException | LinkageError e) {
            log.debug("hessian-lite not initialised up front: {}", e.toString());
        } finally {
            System.setErr(stderr);
        }
        log.info("java.math is not open to JMeter's class path: BigInteger arguments and results need JMeter started "
                + "with --add-opens java.base/java.math=ALL-UNNAMED; every other type works (docs/SAMPLER.md)");
    }

    /** Whether javassist may call {@code ClassLoader.defineClass} by reflection ({@code java.lang} open to us). */
    static boolean javaLangOpen() {
        try {
            ClassLoader.class.getDeclaredMethod("defineClass", String.class, byte[].class, int.class, int.class)
                    .setAccessible(true);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    static boolean javaMathOpen() {
        try {
            BigInteger.class.getDeclaredField("signum").setAccessible(true);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    static boolean jdkCompilerAvailable() {
        try {
            return ToolProvider.getSystemJavaCompiler() != null;
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** 8 for "1.8.0_x", 17 for "17.0.15". */
    public static int javaMajorVersion() {
        String version = System.getProperty("java.specification.version", "1.8");
        try {
            return version.startsWith("1.") ? Integer.parseInt(version.substring(2)) : Integer.parseInt(version);
        } catch (NumberFormatException e) {
            return 8;
        }
    }

    /**
     * Registers a reflection-based {@link Wrapper} for a typed interface before Dubbo generates one with javassist.
     * Harmless where javassist would work.
     */
    @SuppressWarnings("unchecked")
    static void prepareWrapper(Class<?> serviceInterface) {
        try {
            Field field = Wrapper.class.getDeclaredField("WRAPPER_MAP");
            field.setAccessible(true);
            Map<Class<?>, Wrapper> map = (Map<Class<?>, Wrapper>) field.get(null);
            map.putIfAbsent(serviceInterface, new MethodNamesWrapper(serviceInterface));
        } catch (ReflectiveOperationException | RuntimeException e) {
            // another Dubbo 2.7 layout: Dubbo generates its own wrapper (needs java.lang open on Java 9+)
        }
    }

    /** What a consumer-side Wrapper is asked for: the interface's method names. Nothing else is supported. */
    static final class MethodNamesWrapper extends Wrapper {

        private final String[] methodNames;
        private final String[] declaredMethodNames;

        MethodNamesWrapper(Class<?> type) {
            Set<String> names = new LinkedHashSet<>();
            for (Method m : type.getMethods()) {
                if (m.getDeclaringClass() != Object.class) {
                    names.add(m.getName());
                }
            }
            List<String> declared = new ArrayList<>();
            for (Method m : type.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !declared.contains(m.getName())) {
                    declared.add(m.getName());
                }
            }
            this.methodNames = names.toArray(new String[0]);
            this.declaredMethodNames = declared.toArray(new String[0]);
        }

        @Override
        public String[] getPropertyNames() {
            return new String[0];
        }

        @Override
        public Class<?> getPropertyType(String name) {
            return null;
        }

        @Override
        public boolean hasProperty(String name) {
            return false;
        }

        @Override
        public Object getPropertyValue(Object instance, String name) {
            throw new NoSuchPropertyException("no property " + name + " (consumer-side wrapper)");
        }

        @Override
        public void setPropertyValue(Object instance, String name, Object value) {
            throw new NoSuchPropertyException("no property " + name + " (consumer-side wrapper)");
        }

        @Override
        public String[] getMethodNames() {
            return methodNames.clone();
        }

        @Override
        public String[] getDeclaredMethodNames() {
            return declaredMethodNames.clone();
        }

        @Override
        public Object invokeMethod(Object instance, String name, Class<?>[] types, Object[] args)
                throws NoSuchMethodException {
            throw new NoSuchMethodException("consumer-side wrapper does not invoke " + name);
        }
    }
}
