package io.dubbostress.sampler.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.dubbo.common.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The line the sampler writes to jmeter.log when JMeter loads it, and the search for a second jar with our classes.
 * (In stock JMeter homes, once per JVM with either jar: the Plugins Manager test in release/.)
 */
class SamplerJarTest {

    @TempDir
    Path dir;

    @Test
    void namesTheReleaseAndTheDubboClientFromTheManifests() throws Exception {
        // the Dubbo jar on this class path says its own version in its manifest: read it independently
        Path dubboJar = Paths.get(Version.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String dubbo;
        try (JarFile jar = new JarFile(dubboJar.toFile())) {
            dubbo = jar.getManifest().getMainAttributes().getValue("Implementation-Version");
        }
        assertThat(dubbo).startsWith("2.7.");
        // the module's classes are a folder, not the jar: no Implementation-Version of ours
        assertThat(SamplerJar.describe()).isEqualTo("dubbo-stress Dubbo Sampler (development build) (Dubbo " + dubbo + ")");
        assertThat(SamplerJar.dubboVersion()).isEqualTo(dubbo);
    }

    @Test
    void readsBundledVersionsFromItsOwnJarOnly() throws Exception {
        // Dubbo's jar on this class path has its pom.properties, and the class path finds it; this module's class
        // folder (where SamplerJar comes from) has none: it is not bundled here, so there is no version to name
        String dubboPom = "META-INF/maven/org.apache.dubbo/dubbo/pom.properties";
        assertThat(SamplerJar.class.getClassLoader().getResource(dubboPom)).isNotNull();
        assertThat(SamplerJar.bundledVersion(dubboPom)).isNull();
        assertThat(SamplerJar.bundledVersion(SamplerJar.NACOS_CLIENT)).isNull();
        assertThat(SamplerJar.describe()).doesNotContain("Nacos");
    }

    @Test
    void findsEveryJarThatHoldsTheSamplerClassInClassPathOrder() throws Exception {
        Path first = jar("jmeter-dubbo-sampler-0.2.0.jar", SamplerJar.SAMPLER_CLASS);
        Path unrelated = jar("ApacheJMeter_core.jar", "org/apache/jmeter/engine/JMeterEngine.class");
        Path second = jar("jmeter-dubbo3-sampler-0.2.0.jar", SamplerJar.SAMPLER_CLASS);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {first.toUri().toURL(), unrelated.toUri().toURL(),
            second.toUri().toURL()}, null)) {
            assertThat(SamplerJar.jarsWithOurClasses(loader))
                    .containsExactly(first.toUri().toURL().toString(), second.toUri().toURL().toString());
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {unrelated.toUri().toURL(), second.toUri().toURL()}, null)) {
            assertThat(SamplerJar.jarsWithOurClasses(loader)).containsExactly(second.toUri().toURL().toString());
        }
    }

    @Test
    void theInstallerFindsTheOtherJarsWithOurClassesAndNothingElse() throws Exception {
        Path self = jar("jmeter-dubbo3-sampler-0.2.0.jar", SamplerJar.SAMPLER_CLASS);
        Path otherLine = jar("jmeter-dubbo-sampler-0.2.0.jar", SamplerJar.SAMPLER_CLASS);
        Path renamedByHand = jar("dubbo.jar", SamplerJar.SAMPLER_CLASS);
        jar("jmeter-plugins-perfmon-2.1.jar", "kg/apc/jmeter/perfmon/PerfMonCollector.class");
        Files.write(dir.resolve("broken.jar"), new byte[] {1, 2, 3});
        Files.createDirectories(dir.resolve("sub.jar"));
        assertThat(PluginsManagerInstaller.otherJarsWithOurClasses(self)).containsExactlyInAnyOrder(otherLine, renamedByHand);
    }

    private Path jar(String name, String entry) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry(entry));
            zip.write(new byte[] {(byte) 0xca, (byte) 0xfe});
            zip.closeEntry();
        }
        return file;
    }
}
