package io.dubbostress.report.profile;

import java.util.regex.Pattern;

/**
 * How a stack frame of a profile is named in the report: {@code package.Class.method} for Java code, {@code symbol
 * [library]} for native code (the JVM's own C++ included: {@code PhaseChaitin::Split [libjvm.so]}), {@code symbol
 * [kernel]} for the kernel. Names that differ from one JVM to the next for the same code are made equal, so that a hop
 * and a direct scenario (each with its own JMeter) compare frame by frame: a lambda's generated class
 * ({@code Foo$$Lambda$845+0x00007f59.1288608470.accept} is {@code Foo$$Lambda.accept}), reflection's generated
 * accessors and Dubbo's generated wrappers and proxies ({@code Wrapper12}, {@code proxy3} become {@code Wrapper#},
 * {@code proxy#}).
 *
 * <pre>
 * FrameName.java("org.apache.dubbo.common.bytecode.Wrapper12", "invokeMethod")  // "org.apache.dubbo.common.bytecode.Wrapper#.invokeMethod"
 * FrameName.of("Kernel", "", "finish_task_switch.isra.0")                     // "finish_task_switch.isra.0 [kernel]"
 * </pre>
 */
public final class FrameName {

    /** The frame types a JFR file names (JFR's own, and async-profiler's "Kernel", "Native", "C++"). */
    static final String KERNEL = "Kernel";
    static final String NATIVE = "Native";
    static final String CPP = "C++";

    private static final Pattern LAMBDA = Pattern.compile("\\$\\$Lambda[^.]*(\\.\\d+)?");
    private static final Pattern GENERATED = Pattern.compile(
            "(GeneratedMethodAccessor|GeneratedConstructorAccessor|GeneratedSerializationConstructorAccessor"
                    + "|Wrapper|proxy|Proxy|\\$Proxy)\\d+(?=$|\\$)");
    private static final Pattern HIDDEN = Pattern.compile("/0x[0-9a-fA-F]+");

    private FrameName() {
    }

    /**
     * A frame's name from its JFR frame type ({@code "JIT compiled"}, {@code "Inlined"}, {@code "Interpreted"},
     * {@code "Native"}, {@code "C++"}, {@code "Kernel"}), its type's name (a class, or a native library; empty for the
     * kernel) and its method's name (or native symbol).
     */
    public static String of(String frameType, String typeName, String method) {
        String type = typeName == null ? "" : typeName;
        if (KERNEL.equals(frameType)) {
            return method + " [kernel]";
        }
        if (NATIVE.equals(frameType) || CPP.equals(frameType)) {
            return type.isEmpty() ? method + " [native]" : method + " [" + type + "]";
        }
        return java(type, method);
    }

    /** A Java frame: {@code class.method}, generated class names made stable. */
    public static String java(String className, String method) {
        String type = normalise(className);
        return type.isEmpty() ? method : type + "." + method;
    }

    /** Whether a frame's type is native (kernel, C++, a native library) rather than Java code. */
    public static boolean isNative(String frameType) {
        return KERNEL.equals(frameType) || NATIVE.equals(frameType) || CPP.equals(frameType);
    }

    static String normalise(String className) {
        String name = className;
        if (name.indexOf("$$Lambda") >= 0) {
            name = LAMBDA.matcher(name).replaceAll("\\$\\$Lambda");
        }
        if (name.indexOf("/0x") >= 0) {
            name = HIDDEN.matcher(name).replaceAll("");
        }
        return GENERATED.matcher(name).replaceAll("$1#");
    }
}
