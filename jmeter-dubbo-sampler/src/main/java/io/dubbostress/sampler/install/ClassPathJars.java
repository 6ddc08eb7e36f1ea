package io.dubbostress.sampler.install;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;

/**
 * The jars on JMeter's class path that hold the Dubbo Sampler's classes, and what follows when there is more than one
 * (an old download beside a Plugins Manager install, both lines, two releases). JMeter puts every {@code lib/ext} jar
 * on one class path, in file name order, and takes each class from the first jar that has it: two different jars of
 * ours mix their classes (our elements from one, Dubbo's classes from both), which fails at the first call in ways
 * that name neither jar ({@code NoSuchMethodError ... URL.getScopeModel()}). The rule:
 *
 * <ul>
 * <li>one jar: it runs;</li>
 * <li>copies of one jar (the same entries, byte for byte, under other names): it runs, from the first; a warning names
 * the copies to remove;</li>
 * <li>different jars: every Dubbo Sampler sample fails as {@code CONFIG} with {@link #conflict()}, which names each jar
 * (each one's release and Dubbo version, from its manifest) and the ones to remove: the newest release is kept, of one release the jar with the newer Dubbo (the Dubbo 3.3 jar,
 * which runs every plan), of two builds of one release the first on the class path. The Target Rate Schedule and the
 * Dubbo Defaults, which do not call Dubbo, work as usual.</li>
 * </ul>
 *
 * <pre>{@code
 * ClassPathJars jars = ClassPathJars.of(SamplerJar.class.getClassLoader());
 * String message = jars.conflict();   // null unless different jars hold our classes
 * }</pre>
 */
public final class ClassPathJars {

    private final List<Jar> jars;

    private ClassPathJars(List<Jar> jars) {
        this.jars = jars;
    }

    /** The jars (and class folders) of {@code loader} that hold our sampler class, in class path order. */
    public static ClassPathJars of(ClassLoader loader) {
        List<Jar> found = new ArrayList<>();
        for (String location : SamplerJar.jarsWithOurClasses(loader)) {
            found.add(Jar.read(location));
        }
        return new ClassPathJars(found);
    }

    static ClassPathJars of(List<String> locations) {
        List<Jar> found = new ArrayList<>();
        for (String location : locations) {
            found.add(Jar.read(location));
        }
        return new ClassPathJars(found);
    }

    /** How many jars (or class folders) hold our classes. */
    public int size() {
        return jars.size();
    }

    /**
     * Null while one jar, or copies of one, hold our classes; else the one-line message every Dubbo Sampler sample
     * fails with (code {@code CONFIG}) and jmeter.log says once at start.
     */
    public String conflict() {
        if (jars.size() < 2 || allCopies()) {
            return null;
        }
        Jar keep = keep();
        List<String> remove = new ArrayList<>();
        for (Jar jar : jars) {
            if (jar != keep) {
                remove.add(jar.name(commonFolder()));
            }
        }
        return names() + ": JMeter would mix them, so no call is made. Remove " + join(remove) + " to keep "
                + keep.name(commonFolder()) + " (the newest release; of one release, the newer Dubbo), or keep"
                + " another; then restart JMeter";
    }

    /** Null unless copies of one jar hold our classes: then the warning that names the copies to remove. */
    public String copies() {
        if (jars.size() < 2 || !allCopies()) {
            return null;
        }
        List<String> remove = new ArrayList<>();
        for (Jar jar : jars.subList(1, jars.size())) {
            remove.add(jar.name(commonFolder()));
        }
        return names() + " are copies of one jar: JMeter runs the first, " + jars.get(0).name(commonFolder())
                + "; remove " + join(remove) + " (the next release may differ)";
    }

    /**
     * {@code 2 Dubbo Sampler jars in /opt/jmeter/lib/ext hold the same classes, a.jar (0.2.0, Dubbo 2.7.23) and b.jar
     * (0.2.0, Dubbo 3.3.5)}.
     */
    private String names() {
        String folder = commonFolder();
        List<String> described = new ArrayList<>();
        for (Jar jar : jars) {
            described.add(jar.name(folder) + " (" + jar.describe() + ")");
        }
        return jars.size() + " Dubbo Sampler jars " + (folder != null ? "in " + shortFolder(folder) : "on JMeter's class path")
                + " hold the same classes, " + join(described);
    }

    /**
     * The folder the jars are in, in full ({@code /opt/jmeter/lib/ext}), or null when they are in several: the
     * messages say {@code lib/ext} for JMeter's (a sample's response message is kept short).
     */
    public String folder() {
        return commonFolder();
    }

    private static String shortFolder(String folder) {
        File dir = new File(folder);
        File parent = dir.getParentFile();
        return "ext".equals(dir.getName()) && parent != null && "lib".equals(parent.getName()) ? "lib/ext" : folder;
    }

    /** The newest release; of one release, the newer Dubbo; else the first on the class path. */
    private Jar keep() {
        Jar best = jars.get(0);
        for (Jar jar : jars.subList(1, jars.size())) {
            int release = Versions.compare(jar.release, best.release);
            if (release > 0 || (release == 0 && Versions.compare(jar.dubbo, best.dubbo) > 0)) {
                best = jar;
            }
        }
        return best;
    }

    private boolean allCopies() {
        Jar first = jars.get(0);
        for (Jar jar : jars.subList(1, jars.size())) {
            if (!jar.sameEntriesAs(first)) {
                return false;
            }
        }
        return true;
    }

    /** The folder every jar is in, or null (different folders, or a class folder among them). */
    private String commonFolder() {
        String folder = null;
        for (Jar jar : jars) {
            if (jar.file == null) {
                return null;
            }
            String parent = jar.file.getParent();
            if (folder == null) {
                folder = parent;
            } else if (!folder.equals(parent)) {
                return null;
            }
        }
        return folder;
    }

    private static String join(List<String> items) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                text.append(i == items.size() - 1 ? " and " : ", ");
            }
            text.append(items.get(i));
        }
        return text.toString();
    }

    /** One jar with our classes: where, and what its manifest says. */
    private static final class Jar {

        final String location;
        /** The jar file; null for a class folder or a location that is not a file. */
        final File file;
        final String release;
        final String dubbo;
        /** Entry name to CRC-32, read only when two jars are compared. */
        private Map<String, Long> entries;

        private Jar(String location, File file, String release, String dubbo) {
            this.location = location;
            this.file = file;
            this.release = release;
            this.dubbo = dubbo;
        }

        static Jar read(String location) {
            File file = toFile(location);
            if (file == null || !file.isFile()) {
                return new Jar(location, null, null, null);
            }
            try (JarFile jar = new JarFile(file, false)) {
                Manifest manifest = jar.getManifest();
                String release = manifest == null ? null
                        : manifest.getMainAttributes().getValue(Attributes.Name.IMPLEMENTATION_VERSION);
                Attributes dubboSection = manifest == null ? null : manifest.getAttributes("org/apache/dubbo/common/");
                String dubbo = dubboSection == null ? null : dubboSection.getValue(Attributes.Name.IMPLEMENTATION_VERSION);
                return new Jar(location, file, release, dubbo);
            } catch (IOException e) {
                return new Jar(location, file, null, null);
            }
        }

        private static File toFile(String location) {
            if (!location.startsWith("file:")) {
                return null;
            }
            try {
                return new File(new URI(location));
            } catch (URISyntaxException | IllegalArgumentException e) {
                return null;
            }
        }

        String name(String commonFolder) {
            if (file == null) {
                return location;
            }
            return commonFolder != null ? file.getName() : file.getPath();
        }

        String describe() {
            return (release == null ? "release unknown" : release) + ", Dubbo " + (dubbo == null ? "unknown" : dubbo);
        }

        boolean sameEntriesAs(Jar other) {
            if (file == null || other.file == null || file.length() != other.file.length()) {
                return false;
            }
            Map<String, Long> mine = entries();
            return !mine.isEmpty() && mine.equals(other.entries());
        }

        private Map<String, Long> entries() {
            if (entries == null) {
                Map<String, Long> read = new HashMap<>();
                try (JarFile jar = new JarFile(file, false)) {
                    for (Enumeration<? extends ZipEntry> all = jar.entries(); all.hasMoreElements(); ) {
                        ZipEntry entry = all.nextElement();
                        read.put(entry.getName(), entry.getCrc());
                    }
                } catch (IOException e) {
                    read = Collections.emptyMap();
                }
                entries = read;
            }
            return entries;
        }
    }

    /** Release and Dubbo versions compared as numbers, part by part ({@code 0.10.0 > 0.9.1}); unknown is oldest. */
    static final class Versions {

        private Versions() {
        }

        static int compare(String a, String b) {
            if (a == null || b == null) {
                return a == null ? (b == null ? 0 : -1) : 1;
            }
            String[] x = a.split("[.-]");
            String[] y = b.split("[.-]");
            for (int i = 0; i < Math.max(x.length, y.length); i++) {
                String p = i < x.length ? x[i] : "";
                String q = i < y.length ? y[i] : "";
                int c = part(p, q);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }

        /** Numbers as numbers; a missing part is older than a number ({@code 0.2 < 0.2.1}); text as text. */
        private static int part(String p, String q) {
            boolean pn = !p.isEmpty() && p.chars().allMatch(Character::isDigit);
            boolean qn = !q.isEmpty() && q.chars().allMatch(Character::isDigit);
            if (pn && qn) {
                return Long.compare(Long.parseLong(p), Long.parseLong(q));
            }
            if (p.isEmpty() || q.isEmpty()) {
                return p.isEmpty() ? (q.isEmpty() ? 0 : (qn ? -1 : 1)) : (pn ? 1 : -1);
            }
            return pn ? 1 : qn ? -1 : p.compareTo(q);
        }
    }
}
