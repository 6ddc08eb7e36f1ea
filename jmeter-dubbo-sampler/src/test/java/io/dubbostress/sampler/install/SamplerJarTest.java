package io.dubbostress.sampler.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
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

    @Test
    void differentJarsAreAConflictThatNamesEachJarAndTheOnesToRemove() throws Exception {
        Path dubbo27 = samplerJar("jmeter-dubbo-sampler-0.2.0.jar", "0.2.0", "2.7.23", 1);
        Path dubbo33 = samplerJar("jmeter-dubbo3-sampler-0.2.0.jar", "0.2.0", "3.3.5", 2);
        ClassPathJars both = ClassPathJars.of(urls(dubbo27, dubbo33));
        assertThat(both.copies()).isNull();
        assertThat(both.conflict()).isEqualTo("2 Dubbo Sampler jars in " + dir + " hold the same classes,"
                + " jmeter-dubbo-sampler-0.2.0.jar (0.2.0, Dubbo 2.7.23) and jmeter-dubbo3-sampler-0.2.0.jar (0.2.0, Dubbo 3.3.5):"
                + " JMeter would mix them, so no call is made. Remove jmeter-dubbo-sampler-0.2.0.jar to keep"
                + " jmeter-dubbo3-sampler-0.2.0.jar (the newest release; of one release, the newer Dubbo), or keep"
                + " another; then restart JMeter");
        assertThat(both.folder()).isEqualTo(dir.toString());

        // two releases of one line: the newest is kept, whichever comes first (0.10.0 is newer than 0.9.1)
        Path old = samplerJar("jmeter-dubbo-sampler-0.10.0.jar", "0.10.0", "2.7.23", 3);
        Path older = samplerJar("jmeter-dubbo-sampler-0.9.1.jar", "0.9.1", "2.7.23", 4);
        assertThat(ClassPathJars.of(urls(old, older)).conflict())
                .contains("Remove jmeter-dubbo-sampler-0.9.1.jar to keep jmeter-dubbo-sampler-0.10.0.jar");
        // three: the others are all named; a jar without versions (an old or hand-made one) is the oldest
        Path unknown = samplerJar("dubbo.jar", null, null, 5);
        assertThat(ClassPathJars.of(urls(unknown, dubbo27, older)).conflict())
                .contains("dubbo.jar (release unknown, Dubbo unknown)")
                .contains("Remove dubbo.jar and jmeter-dubbo-sampler-0.2.0.jar to keep jmeter-dubbo-sampler-0.9.1.jar")
                .startsWith("3 Dubbo Sampler jars in ");
    }

    @Test
    void inJMetersLibExtTheMessageSaysLibExtAndFitsAResponseMessage() throws Exception {
        Path ext = Files.createDirectories(dir.resolve("a-rather-long-folder-name/of-a-company/apache-jmeter-5.6.3/lib/ext"));
        Path a = Files.move(samplerJar("jmeter-dubbo-sampler-0.2.0.jar", "0.2.0", "2.7.23", 1), ext.resolve("jmeter-dubbo-sampler-0.2.0.jar"));
        Path b = Files.move(samplerJar("jmeter-dubbo3-sampler-0.2.0.jar", "0.2.0", "3.3.5", 2), ext.resolve("jmeter-dubbo3-sampler-0.2.0.jar"));
        ClassPathJars both = ClassPathJars.of(urls(a, b));
        assertThat(both.conflict()).startsWith("2 Dubbo Sampler jars in lib/ext hold the same classes, jmeter-dubbo-sampler")
                .hasSizeLessThanOrEqualTo(io.dubbostress.sampler.failure.Failure.MAX_MESSAGE_CHARS);
        assertThat(both.folder()).isEqualTo(ext.toString());
    }

    @Test
    void copiesOfOneJarRunFromTheFirstWithAWarning() throws Exception {
        Path first = samplerJar("jmeter-dubbo-sampler-0.2.0.jar", "0.2.0", "2.7.23", 1);
        Path copy = dir.resolve("jmeter-dubbo-sampler-0.2.0 (1).jar");
        Files.copy(first, copy);
        ClassPathJars copies = ClassPathJars.of(urls(first, copy));
        assertThat(copies.conflict()).isNull();
        assertThat(copies.copies()).endsWith("are copies of one jar: JMeter runs the first, jmeter-dubbo-sampler-0.2.0.jar;"
                + " remove jmeter-dubbo-sampler-0.2.0 (1).jar (the next release may differ)");
        // one entry different, same size: not a copy
        Path rebuilt = samplerJar("jmeter-dubbo-sampler-0.2.0-rebuilt.jar", "0.2.0", "2.7.23", 9);
        assertThat(Files.size(rebuilt)).isEqualTo(Files.size(first));
        assertThat(ClassPathJars.of(urls(first, rebuilt)).conflict()).startsWith("2 Dubbo Sampler jars");
        // one jar: nothing to say
        assertThat(ClassPathJars.of(urls(first)).conflict()).isNull();
        assertThat(ClassPathJars.of(urls(first)).copies()).isNull();
    }

    @Test
    void theModulesOwnClassPathHoldsOneSamplerAndNoConflict() {
        assertThat(ClassPathJars.of(SamplerJar.class.getClassLoader()).size()).isEqualTo(1);
        assertThat(SamplerJar.conflict()).isNull();
    }

    @Test
    void releasesCompareAsNumbersPartByPart() {
        assertThat(ClassPathJars.Versions.compare("0.10.0", "0.9.1")).isPositive();
        assertThat(ClassPathJars.Versions.compare("0.2.1", "0.2")).isPositive();
        assertThat(ClassPathJars.Versions.compare("0.2.0", "0.2.0-SNAPSHOT")).isPositive();
        assertThat(ClassPathJars.Versions.compare("3.3.5", "2.7.23")).isPositive();
        assertThat(ClassPathJars.Versions.compare("0.2.0", "0.2.0")).isZero();
        assertThat(ClassPathJars.Versions.compare(null, "0.1.0")).isNegative();
    }

    @Test
    void theInstallerRemovesOnlyItsOwnOlderLogs() throws Exception {
        long anHourAgo = System.currentTimeMillis() - 3_600_000L;
        Path ours = log("jpgc-installers-1.log", "dubbo-stress: moved a.jar to /tmp/dubbo-stress-replaced (...)\n", anHourAgo);
        Path current = log("jpgc-installers-2.log", "dubbo-stress: x.jar is the only Dubbo Sampler jar in lib/ext\n", anHourAgo);
        Path recent = log("jpgc-installers-3.log", "dubbo-stress: moved b.jar to ...\n", System.currentTimeMillis());
        Path anotherPlugins = log("jpgc-installers-4.log", "dubbo-stress: moved c.jar\nsomething else: done\n", anHourAgo);
        Path empty = log("jpgc-installers-5.log", "", anHourAgo);
        Path notALog = log("jpgc-cleaner-6.log", "dubbo-stress: moved d.jar\n", anHourAgo);
        Path withJvmNotice = log("jpgc-installers-7.log",
                "Picked up JAVA_TOOL_OPTIONS: -Djava.io.tmpdir=/x\ndubbo-stress: moved e.jar\n", anHourAgo);
        assertThat(PluginsManagerInstaller.removeOlderLogs(dir, current, System.currentTimeMillis() - 60_000L)).isEqualTo(3);
        assertThat(ours).doesNotExist();
        assertThat(empty).doesNotExist();
        assertThat(withJvmNotice).doesNotExist();
        assertThat(current).exists();
        assertThat(recent).exists();
        assertThat(anotherPlugins).exists();
        assertThat(notALog).exists();
    }

    private Path log(String name, String text, long modified) throws IOException {
        Path file = Files.write(dir.resolve(name), text.getBytes(StandardCharsets.UTF_8));
        Files.setLastModifiedTime(file, FileTime.fromMillis(modified));
        return file;
    }

    private static List<String> urls(Path... jars) throws IOException {
        List<String> urls = new ArrayList<>();
        for (Path jar : jars) {
            urls.add(jar.toUri().toURL().toString());
        }
        return urls;
    }

    /** A jar with our sampler class (its content {@code marker}) and a manifest as the release's says. */
    private Path samplerJar(String name, String release, String dubbo, int marker) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (release != null) {
            manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, release);
        }
        if (dubbo != null) {
            Attributes section = new Attributes();
            section.put(Attributes.Name.IMPLEMENTATION_VERSION, dubbo);
            manifest.getEntries().put("org/apache/dubbo/common/", section);
        }
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.putNextEntry(new ZipEntry(SamplerJar.SAMPLER_CLASS));
            jar.write(new byte[] {(byte) 0xca, (byte) 0xfe, (byte) marker});
            jar.closeEntry();
        }
        return file;
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
