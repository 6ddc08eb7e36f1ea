package io.dubbostress.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./stress --version} as a user runs it (the launcher script and the built jar): the release and the Dubbo
 * versions it names are the ones the jars carry, read independently from the sampler jars' manifests (the section
 * Dubbo reads its own version from) and, for the Nacos client, from the file Nacos reads its version from.
 */
class StressVersionIT {

    private static final Path HOME = Path.of(System.getProperty("stress.home"));
    private static final String VERSION = System.getProperty("dubbo-stress.version");

    @TempDir
    Path dir;

    @Test
    void namesTheReleaseAndWhatItWasBuiltWith() throws Exception {
        Path out = dir.resolve("out");
        Process p = new ProcessBuilder("sh", HOME.resolve("stress").toString(), "--version")
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(String.join("\n", lines)).isZero();

        assertThat(VERSION).doesNotContain("$").doesNotEndWith("-SNAPSHOT");
        assertThat(lines.get(0)).isEqualTo("dubbo-stress " + VERSION);
        String dubbo27 = dubboVersionIn(HOME.resolve("jmeter-dubbo-sampler/target/jmeter-dubbo-sampler-" + VERSION + ".jar"));
        String dubbo33 = dubboVersionIn(HOME.resolve("jmeter-dubbo3-sampler/target/jmeter-dubbo3-sampler-" + VERSION + ".jar"));
        assertThat(dubbo27).startsWith("2.7.");
        assertThat(dubbo33).startsWith("3.3.");
        String nacos = nacosVersionIn(HOME.resolve("jmeter-dubbo3-sampler/target/jmeter-dubbo3-sampler-" + VERSION + ".jar"));
        assertThat(nacos).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(lines.get(1)).isEqualTo("Dubbo " + dubbo27 + " (provider, consumer, jmeter-dubbo-sampler), Dubbo "
                + dubbo33 + " and the Nacos client " + nacos + " (jmeter-dubbo3-sampler)");
        assertThat(lines.get(2)).matches("JMeter 5\\.6\\.\\d+ \\(the samplers run in 5\\.1\\.1 \\.\\.\\. 5\\.6\\.\\d+\\), "
                + "PerfMon collector \\d[\\d.]*, Spring Boot 2\\.7\\.\\d+");
        assertThat(lines.get(3)).startsWith("Java " + System.getProperty("java.version"));
        assertThat(lines).hasSize(4);
    }

    /** The Nacos client's version as Nacos itself reads it: its nacos-version.txt, which the shaded jar carries. */
    private static String nacosVersionIn(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            JarEntry entry = file.getJarEntry("nacos-version.txt");
            assertThat(entry).as("nacos-version.txt in " + jar).isNotNull();
            String text = new String(file.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8).trim();
            assertThat(text).startsWith("version=");
            return text.substring("version=".length());
        }
    }

    private static String dubboVersionIn(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Attributes dubbo = file.getManifest().getAttributes("org/apache/dubbo/common/");
            assertThat(dubbo).as("the Dubbo section of " + jar + "'s manifest").isNotNull();
            return dubbo.getValue(Attributes.Name.IMPLEMENTATION_VERSION);
        }
    }
}
