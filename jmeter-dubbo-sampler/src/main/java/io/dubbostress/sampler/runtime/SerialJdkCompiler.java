package io.dubbostress.sampler.runtime;

import org.apache.dubbo.common.compiler.support.JdkCompiler;

/**
 * Dubbo compiler {@value #NAME}: Dubbo's JDK compiler ({@code javax.tools}), one compilation at a time. Dubbo 2.7's
 * {@code JdkCompiler} shares one class loader and file manager between compilations and is not safe to call from
 * two threads: when several thread groups create their first references together (each compiling the adaptive
 * classes it needs), one fails with a {@code ConcurrentModificationException}, and Dubbo keeps that failure for the
 * life of the JVM ("Can't create adaptive extension ... Transporter"): every later sample of every thread failed
 * (seen by {@code OutsideProvidersIT} without JVM flags, four thread groups). Compilations happen while references
 * are created, never per call, so taking them one at a time costs nothing afterwards. Registered in
 * {@code META-INF/dubbo/org.apache.dubbo.common.compiler.Compiler} and made Dubbo's default by {@link DubboRuntime}.
 */
public class SerialJdkCompiler extends JdkCompiler {

    /** The extension name. */
    public static final String NAME = "dubbostressjdk";

    private static final Object LOCK = new Object();

    @Override
    public Class<?> compile(String code, ClassLoader classLoader) {
        synchronized (LOCK) {
            return super.compile(code, classLoader);
        }
    }
}
