package io.dubbostress.sampler.install;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;

/**
 * The {@code installerClass} of both plugins in {@code repo.json}: JMeter's Plugins Manager runs it, as {@code java
 * -classpath <the installed jar> io.dubbostress.sampler.install.PluginsManagerInstaller}, right after it has put this
 * jar into {@code lib/ext}. The two jars (Dubbo 2.7 and Dubbo 3.3) hold the same classes, and the Manager knows no
 * conflicts between plugins: so this moves every <em>other</em> jar in the same folder that holds the Dubbo Sampler's
 * classes (the other line's jar, or an older copy put there by hand) out of {@code lib/ext}, into a new folder under
 * {@code java.io.tmpdir}, as the Manager does with the jars it uninstalls. It prints what it moved (the Manager keeps
 * its installers' output in {@code jpgc-installers-*.log} in the temp folder). Nothing else is touched.
 *
 * <pre>
 * java -classpath lib/ext/jmeter-dubbo3-sampler-0.2.0.jar io.dubbostress.sampler.install.PluginsManagerInstaller
 * dubbo-stress: moved lib/ext/jmeter-dubbo-sampler-0.2.0.jar to /tmp/dubbo-stress-replaced-1764123456789 (it holds the same classes as jmeter-dubbo3-sampler-0.2.0.jar)
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
        List<Path> others = otherJarsWithOurClasses(self);
        if (others.isEmpty()) {
            System.out.println("dubbo-stress: " + self.getFileName() + " is the only Dubbo Sampler jar in " + self.getParent());
            return;
        }
        Path away = Files.createTempDirectory("dubbo-stress-replaced-");
        for (Path other : others) {
            Files.move(other, away.resolve(other.getFileName()));
            System.out.println("dubbo-stress: moved " + other + " to " + away + " (it holds the same classes as "
                    + self.getFileName() + ")");
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
