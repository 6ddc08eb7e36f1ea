package io.dubbostress.cli.jmeter;

import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JMeter installation: the embedded 5.6.3 one (default) or the user's own ({@code --jmeter-home}, 5.1.1 through
 * 5.6.3). Knows its version, the JVM flags that version needs on Java 9+, and whether our sampler and the PerfMon
 * collector are installed in its lib/ext (if not, a run adds them from the embedded home through
 * {@code user.classpath} and {@code search_paths}, leaving the user's installation untouched).
 */
public final class JMeterHome {

    /** JMeter before 5.6 on Java 9+ (measured with 5.1.1 on 17: without them it fails reading plans and fonts). */
    static final List<String> OLD_JMETER_OPENS = List.of(
            "--add-opens", "java.base/java.util=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/java.text=ALL-UNNAMED",
            "--add-opens", "java.desktop/java.awt.font=ALL-UNNAMED");

    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)(?:\\.(\\d+))?");

    private final Path root;
    private final String version;
    private final int[] versionParts;

    private JMeterHome(Path root, String version) {
        this.root = root;
        this.version = version;
        Matcher m = VERSION.matcher(version);
        this.versionParts = m.find()
                ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    m.group(3) == null ? 0 : Integer.parseInt(m.group(3))}
                : new int[] {0, 0, 0};
    }

    /** Validates a JMeter home: bin/ApacheJMeter.jar and lib/ext/ApacheJMeter_core*.jar, and reads its version. */
    public static JMeterHome at(Path dir) {
        Path root = dir.toAbsolutePath().normalize();
        if (!Files.isRegularFile(root.resolve("bin/ApacheJMeter.jar"))) {
            throw new UserError("Invalid value for option '--jmeter-home': " + root + " is not a JMeter home (no "
                    + "bin/ApacheJMeter.jar)");
        }
        Path core = findJar(root.resolve("lib/ext"), "ApacheJMeter_core");
        if (core == null) {
            throw new UserError("Invalid value for option '--jmeter-home': " + root + " has no "
                    + "lib/ext/ApacheJMeter_core.jar");
        }
        return new JMeterHome(root, readVersion(core));
    }

    private static String readVersion(Path coreJar) {
        try (JarFile jar = new JarFile(coreJar.toFile())) {
            String v = jar.getManifest() == null ? null
                    : jar.getManifest().getMainAttributes().getValue("Implementation-Version");
            if (v != null) {
                return v.trim().split("\\s+")[0];
            }
        } catch (IOException e) {
            // fall back to the file name
        }
        Matcher m = VERSION.matcher(coreJar.getFileName().toString());
        return m.find() ? m.group() : "unknown";
    }

    static Path findJar(Path dir, String prefix) {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, prefix + "*.jar")) {
            for (Path jar : jars) {
                return jar;
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    public Path root() {
        return root;
    }

    public Path launcherJar() {
        return root.resolve("bin/ApacheJMeter.jar");
    }

    public String version() {
        return version;
    }

    public boolean isAtLeast(int major, int minor) {
        return versionParts[0] > major || (versionParts[0] == major && versionParts[1] >= minor);
    }

    /** Supported: 5.1.1 through 5.6.x. */
    public boolean isSupported() {
        return isAtLeast(5, 1) && !isAtLeast(5, 7);
    }

    /** The flags this JMeter version needs on the given Java feature version. */
    public List<String> jvmFlagsFor(int javaFeatureVersion) {
        if (javaFeatureVersion >= 9 && !isAtLeast(5, 6)) {
            return OLD_JMETER_OPENS;
        }
        return List.of();
    }

    /** Whether a jar in lib/ext holds {@code classResource} (e.g. {@code io/dubbostress/sampler/}). */
    public boolean hasInLibExt(String classResourcePrefix) {
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(root.resolve("lib/ext"), "*.jar")) {
            stream.forEach(jars::add);
        } catch (IOException e) {
            return false;
        }
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                if (file.stream().anyMatch(entry -> entry.getName().startsWith(classResourcePrefix))) {
                    return true;
                }
            } catch (IOException e) {
                // not a readable jar: not ours
            }
        }
        return false;
    }

    /**
     * Whether plans run here may carry the sampler jar's Batched JTL Writer: the jar in lib/ext has it, or no jar of
     * ours is there (a run then adds the embedded home's, which has it). An older jar of ours in a user's home has not:
     * JMeter's own writer ({@code -l}) then writes the JTL.
     */
    public boolean runsBatchedJtlWriter() {
        return !hasInLibExt("io/dubbostress/sampler/") || hasInLibExt(PlanWithBatchedJtl.WRITER_CLASS_FILE);
    }

    @Override
    public String toString() {
        return "JMeter " + version + " at " + root;
    }
}
