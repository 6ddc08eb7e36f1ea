package io.dubbostress.sampler.install;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;

/**
 * The {@code installerClass} of both plugins in {@code repo.json}: JMeter's Plugins Manager runs it, as {@code java
 * -classpath <the installed jar> io.dubbostress.sampler.install.PluginsManagerInstaller}, right after it has put this
 * jar into {@code lib/ext}. The two jars (Dubbo 2.7 and Dubbo 3.3) hold the same classes, and the Manager knows no
 * conflicts between plugins: so this moves every <em>other</em> jar in the same folder that holds the Dubbo Sampler's
 * classes (the other line's jar, or an older copy put there by hand) out of {@code lib/ext}, into
 * {@code dubbo-stress-replaced} under {@code java.io.tmpdir} (one folder: a jar of the same name there is replaced,
 * so installs do not pile jars up). It prints what it moved; the Manager keeps that output in a
 * {@code jpgc-installers-*.log} of its own in the temp folder, one per install (an empty one when it runs no
 * installer): this removes the older ones that hold nothing but this installer's output, or nothing (older than a
 * minute, never the one it writes to). Nothing else is touched.
 *
 * <pre>
 * java -classpath lib/ext/jmeter-dubbo3-sampler-0.2.0.jar io.dubbostress.sampler.install.PluginsManagerInstaller
 * dubbo-stress: moved lib/ext/jmeter-dubbo-sampler-0.2.0.jar to /tmp/dubbo-stress-replaced (it holds the same classes as jmeter-dubbo3-sampler-0.2.0.jar)
 * </pre>
 */
public final class PluginsManagerInstaller {

    private PluginsManagerInstaller() {
    }

    public static void main(String[] args) throws IOException, URISyntaxException {
        Path self = Paths.get(PluginsManagerInstaller.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!Files.isRegularFile(self)) {
            System.out.println("dubbo-stress: not run from a jar (" + self + "): nothing to do");
            return;
        }
        Path temp = Paths.get(System.getProperty("java.io.tmpdir"));
        List<Path> others = otherJarsWithOurClasses(self);
        if (others.isEmpty()) {
            System.out.println("dubbo-stress: " + self.getFileName() + " is the only Dubbo Sampler jar in " + self.getParent());
        } else {
            Path away = Files.createDirectories(temp.resolve(REPLACED));
            for (Path other : others) {
                Files.move(other, away.resolve(other.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                System.out.println("dubbo-stress: moved " + other + " to " + away + " (it holds the same classes as "
                        + self.getFileName() + ")");
            }
        }
        int removed = removeOlderLogs(temp, currentOutput(), System.currentTimeMillis() - 60_000L);
        if (removed > 0) {
            System.out.println("dubbo-stress: removed " + removed + " older jpgc-installers-*.log of this installer from " + temp);
        }
    }

    /** The folder under the temp folder the other jars are moved to. */
    static final String REPLACED = "dubbo-stress-replaced";

    /**
     * Deletes the Plugins Manager's installer logs in {@code temp} ({@code jpgc-installers-*.log}) that hold nothing but
     * this installer's lines ({@code dubbo-stress: ...}), or nothing, were last written before {@code olderThanMillis},
     * and are not {@code current} (the one this run writes to, or null); returns how many.
     */
    static int removeOlderLogs(Path temp, Path current, long olderThanMillis) throws IOException {
        int removed = 0;
        try (DirectoryStream<Path> logs = Files.newDirectoryStream(temp, "jpgc-installers-*.log")) {
            for (Path log : logs) {
                if ((current != null && Files.isSameFile(log, current))
                        || Files.getLastModifiedTime(log).toMillis() >= olderThanMillis || !onlyOurLines(log)) {
                    continue;
                }
                if (Files.deleteIfExists(log)) {
                    removed++;
                }
            }
        }
        return removed;
    }

    /**
     * Whether a log holds nothing but this installer's lines ({@code dubbo-stress: ...}) and the JVM's own notices
     * ({@code Picked up JAVA_TOOL_OPTIONS: ...}); an empty one too (the Manager writes one when it runs no installer).
     */
    private static boolean onlyOurLines(Path log) throws IOException {
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (!line.startsWith("dubbo-stress: ") && !line.startsWith("Picked up ") && !line.trim().isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** The file this process's standard output goes to (Linux: /proc/self/fd/1), or null. */
    private static Path currentOutput() {
        try {
            Path target = Files.readSymbolicLink(Paths.get("/proc/self/fd/1"));
            return Files.isRegularFile(target) ? target : null;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }

    /** The jars beside {@code self} (not {@code self}) that hold the Dubbo Sampler's classes. */
    static List<Path> otherJarsWithOurClasses(Path self) throws IOException {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(self.getParent(), "*.jar")) {
            for (Path jar : jars) {
                if (!Files.isSameFile(jar, self) && holdsOurClasses(jar)) {
                    found.add(jar);
                }
            }
        }
        return found;
    }

    private static boolean holdsOurClasses(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.getEntry(SamplerJar.SAMPLER_CLASS) != null;
        } catch (IOException e) {
            return false; // not a zip: not ours
        }
    }
}
