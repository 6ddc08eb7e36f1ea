package io.dubbostress.report.profile;

import java.util.List;
import java.util.Locale;

/**
 * Which part of a JVM a CPU sample belongs to: the library whose code asked for the time. A sample is given to the
 * Java frame nearest its leaf that belongs to a known library (its package: Tomcat, Spring MVC, Jackson, Dubbo,
 * Hessian, Netty, JMeter, ...), so the JDK and kernel code a library calls counts as that library's (a socket write
 * under Netty is Netty's, a {@code String.indexOf} under Tomcat's header parser is Tomcat's). A sample without such a
 * frame is the JVM's own (the JIT compiler, the garbage collector, other JVM threads) or the JDK's (Java code of the
 * JDK alone). Components add up: every sample has exactly one, so they split a service's CPU per call without
 * counting anything twice. The frame that decided is the sample's <em>place</em>: the library's own method where its
 * time went, the JDK and kernel work it asked for included ({@code Http11InputBuffer.parseHeader} with the string
 * scanning below it); for the JVM's and the JDK's samples, their leaf.
 *
 * <pre>
 * Component.of(List.of("java.lang.String.indexOf", "org.apache.coyote.http11.Http11InputBuffer.parseHeader"), "http-nio-8080-exec-1")
 *     // Attribution[component=Tomcat (HTTP server), place=org.apache.coyote.http11.Http11InputBuffer.parseHeader]
 * </pre>
 */
public final class Component {

    public static final String JIT = "JVM: JIT compiler";
    public static final String GC = "JVM: garbage collector";
    public static final String JVM = "JVM: other";
    public static final String JDK = "JDK";

    /** Package prefixes and the component they name, the first that matches wins (so Spring MVC before Spring). */
    private static final String[][] LIBRARIES = {
        {"io.dubbostress.", "dubbo-stress"},
        {"org.apache.coyote.", "Tomcat (HTTP server)"},
        {"org.apache.catalina.", "Tomcat (HTTP server)"},
        {"org.apache.tomcat.", "Tomcat (HTTP server)"},
        {"org.springframework.web.", "Spring MVC"},
        {"org.springframework.", "Spring"},
        {"com.fasterxml.jackson.", "Jackson (JSON)"},
        {"com.alibaba.com.caucho.hessian.", "Hessian (Dubbo's serialization)"},
        {"com.caucho.hessian.", "Hessian (Dubbo's serialization)"},
        {"org.apache.dubbo.common.serialize.", "Hessian (Dubbo's serialization)"},
        {"org.apache.dubbo.", "Dubbo"},
        {"com.alibaba.dubbo.", "Dubbo"},
        {"io.netty.", "Netty (Dubbo's transport)"},
        {"org.apache.jmeter.", "JMeter"},
        {"org.apache.jorphan.", "JMeter"},
        {"kg.apc.", "JMeter plugins (PerfMon)"},
        {"org.apache.http.", "Apache HttpClient"},
        {"ch.qos.logback.", "Logging"},
        {"org.slf4j.", "Logging"},
        {"org.apache.logging.", "Logging"},
        {"org.apache.log4j.", "Logging"},
        {"org.apache.zookeeper.", "ZooKeeper client"},
        {"org.apache.curator.", "ZooKeeper client"},
    };

    private static final String[] JDK_PREFIXES = {"java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.",
        "org.xml.", "org.ietf.", "org.jcp."};

    private Component() {
    }

    /** A sample's component and the frame that decided it (its place). */
    public record Attribution(String component, String place) {
    }

    /**
     * The component of one sample: its frames' names leaf first (as {@link FrameName} writes them) and the sampled
     * thread's name (null when the profile does not say).
     */
    public static Attribution of(List<String> leafFirst, String threadName) {
        String firstJava = null;
        for (String frame : leafFirst) {
            if (isNativeName(frame)) {
                continue;
            }
            if (firstJava == null) {
                firstJava = frame;
            }
            String library = library(frame);
            if (library != null) {
                return new Attribution(library, frame);
            }
        }
        String leaf = leafFirst.isEmpty() ? "(no stack)" : leafFirst.get(0);
        String thread = threadName == null ? "" : threadName;
        if (thread.contains("CompilerThread") || leafFirst.stream().anyMatch(f -> f.startsWith("CompileBroker::")
                || f.startsWith("C2Compiler::") || f.startsWith("Compilation::"))) {
            return new Attribution(JIT, leaf);
        }
        if (isGcThread(thread) || firstJava == null && leafFirst.stream().anyMatch(Component::isGcFrame)) {
            return new Attribution(GC, leaf);
        }
        return firstJava != null ? new Attribution(JDK, firstJava) : new Attribution(JVM, leaf);
    }

    /** The library a Java frame belongs to, {@code other: a.b} for an unknown non-JDK package, null for the JDK. */
    public static String library(String frame) {
        for (String[] library : LIBRARIES) {
            if (frame.startsWith(library[0])) {
                return library[1];
            }
        }
        for (String jdk : JDK_PREFIXES) {
            if (frame.startsWith(jdk)) {
                return null;
            }
        }
        String[] parts = frame.split("\\.");
        if (parts.length < 3) {
            return null; // no package: a frame of its own (a test's class in the default package)
        }
        return "other: " + parts[0] + "." + parts[1];
    }

    public static boolean isNativeName(String frame) {
        return frame.endsWith("]") && (frame.endsWith(" [kernel]") || frame.lastIndexOf(" [") > 0);
    }

    private static boolean isGcThread(String thread) {
        String t = thread.toLowerCase(Locale.ROOT);
        return t.startsWith("gc thread") || t.startsWith("g1 ") || t.contains("gc worker") || t.startsWith("zgc")
                || t.startsWith("shenandoah") || t.startsWith("parallel gc") || t.contains("concurrent mark");
    }

    private static boolean isGcFrame(String frame) {
        return frame.startsWith("G1") || frame.contains("GCTask") || frame.startsWith("PSPromotion")
                || frame.startsWith("ZMark") || frame.startsWith("ShenandoahHeap") || frame.contains("Collector::")
                || frame.startsWith("GangWorker") || frame.startsWith("WorkerThread::");
    }
}
