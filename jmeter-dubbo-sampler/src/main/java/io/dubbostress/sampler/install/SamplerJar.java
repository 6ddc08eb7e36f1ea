package io.dubbostress.sampler.install;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This jar, as JMeter loaded it: its release (the manifest's {@code Implementation-Version}), the Dubbo client it
 * carries (the manifest section of Dubbo's package, which Dubbo reads its own version from) and, in
 * jmeter-dubbo3-sampler, the Nacos client bundled with it (the {@code pom.properties} that nacos-client's own jar put
 * into this one; read from this jar, not from whatever else is on JMeter's class path). The first of our
 * elements or GUIs that JMeter loads calls {@link #loaded()}; that writes one line to {@code jmeter.log}, once per JVM,
 * and, when more than one jar on JMeter's class path holds our classes ({@link ClassPathJars}: both jars in
 * {@code lib/ext}, or two releases), an error that says which to remove ({@link #conflict()}, the message every
 * Dubbo Sampler sample then fails with) or, for copies of one jar, a warning:
 *
 * <pre>
 * INFO i.d.s.i.SamplerJar: dubbo-stress Dubbo Sampler 0.2.0 (Dubbo 2.7.23)
 * INFO i.d.s.i.SamplerJar: dubbo-stress Dubbo Sampler 0.2.0 (Dubbo 3.3.5, Nacos client 2.5.1)
 * </pre>
 *
 * <p>Later calls cost a static call to an initialised class. Run from class folders (the module's own tests) the
 * release reads {@code (development build)}.
 *
 * <pre>{@code
 * static {
 *     SamplerJar.loaded();
 * }
 * }</pre>
 */
public final class SamplerJar {

    /** A class every jar of ours holds: another jar on the class path with it holds the same classes. */
    static final String SAMPLER_CLASS = "io/dubbostress/sampler/sampler/DubboSampler.class";

    private SamplerJar() {
    }

    /** Writes the line (the first call in this JVM) and returns. */
    public static void loaded() {
        Announcement.done();
    }

    /**
     * Null when this jar alone (or copies of it) holds our classes; else the one-line message naming the jars and the
     * ones to remove, which every Dubbo Sampler sample fails with as {@code CONFIG} ({@link ClassPathJars#conflict()}).
     * Read once per JVM, with {@link #loaded()}.
     */
    public static String conflict() {
        return Announcement.CONFLICT;
    }

    /** {@code dubbo-stress Dubbo Sampler 0.2.0 (Dubbo 2.7.23)}, or {@code (Dubbo 3.3.5, Nacos client 2.5.1)}. */
    public static String describe() {
        Package ours = SamplerJar.class.getPackage();
        String version = ours == null ? null : ours.getImplementationVersion();
        String nacos = bundledVersion(NACOS_CLIENT);
        return "dubbo-stress Dubbo Sampler " + (version == null ? "(development build)" : version)
                + " (Dubbo " + dubboVersion() + (nacos == null ? "" : ", Nacos client " + nacos) + ")";
    }

    /** Where a bundled artifact's own jar kept its coordinates; the shaded jar keeps them as they were. */
    static final String NACOS_CLIENT = "META-INF/maven/com.alibaba.nacos/nacos-client/pom.properties";

    /**
     * The {@code version} of a {@code pom.properties} inside the jar (or class folder) this class was loaded from, or
     * null when it has none: another jar's copy on the class path is never read.
     */
    static String bundledVersion(String pomProperties) {
        URL self = SamplerJar.class.getResource("SamplerJar.class");
        String ownPath = SamplerJar.class.getName().replace('.', '/') + ".class";
        if (self == null || !self.toString().endsWith(ownPath)) {
            return null;
        }
        String root = self.toString().substring(0, self.toString().length() - ownPath.length());
        try (InputStream in = new URL(root + pomProperties).openStream()) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            return null; // not bundled
        }
    }

    /** The Dubbo client's version, from its package's manifest entry (the class is loaded, not initialised). */
    static String dubboVersion() {
        try {
            Class<?> version = Class.forName("org.apache.dubbo.common.Version", false, SamplerJar.class.getClassLoader());
            Package dubbo = version.getPackage();
            String text = dubbo == null ? null : dubbo.getImplementationVersion();
            return text == null ? "version unknown" : text;
        } catch (ClassNotFoundException | LinkageError e) {
            return "not found: " + e;
        }
    }

    /** Every jar on this class loader's path that holds our sampler class, in class path order. */
    static List<String> jarsWithOurClasses(ClassLoader loader) {
        Set<String> jars = new LinkedHashSet<>();
        try {
            Enumeration<URL> found = loader.getResources(SAMPLER_CLASS);
            while (found.hasMoreElements()) {
                String url = found.nextElement().toString();
                int bang = url.indexOf("!/");
                jars.add(bang > 0 ? url.substring(url.startsWith("jar:") ? 4 : 0, bang) : url);
            }
        } catch (IOException e) {
            // the warning is a courtesy: no listing, no warning
        }
        return new ArrayList<>(jars);
    }

    /**
     * Holder: its initialisation, once per class loader (JMeter's lib/ext loader: once per JVM, when JMeter loads the
     * first of our elements or GUIs, at start), logs the line, and the conflict or the copies when there are some.
     */
    private static final class Announcement {

        static final String CONFLICT;

        static {
            Logger log = LoggerFactory.getLogger(SamplerJar.class);
            log.info(describe());
            ClassLoader loader = SamplerJar.class.getClassLoader();
            ClassPathJars jars = ClassPathJars.of(loader == null ? ClassLoader.getSystemClassLoader() : loader);
            CONFLICT = jars.conflict();
            String copies = jars.copies();
            String where = jars.folder() == null ? "" : " (" + jars.folder() + ")";
            if (CONFLICT != null) {
                log.error("{}. Every Dubbo Sampler sample fails as CONFIG until then{}.", CONFLICT, where);
            } else if (copies != null) {
                log.warn("{}{}", copies, where);
            }
        }

        private Announcement() {
        }

        static void done() {
            // the static initialiser did the work
        }
    }
}
