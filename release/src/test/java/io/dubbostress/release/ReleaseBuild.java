package io.dubbostress.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.ZipFile;

/** What the build hands the tests (failsafe's system properties): versions, folders, jars. */
final class ReleaseBuild {

    static final String VERSION = property("dubbo-stress.version");
    static final Path HOME = Path.of(property("stress.home")).toAbsolutePath().normalize();
    static final Path DIST = Path.of(property("dist.dir"));
    static final String BASE_URL = property("dist.baseUrl");
    static final String MAVEN_URL = property("dist.mavenUrl");
    static final Path STAGING = Path.of(property("staging.repository"));
    /** The build's own local repository: third-party artifacts the build resolved (read only here). */
    static final Path LOCAL_REPOSITORY = Path.of(property("maven.repo.local"));

    private ReleaseBuild() {
    }

    static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank() || value.contains("${")) {
            throw new IllegalStateException("system property " + name + " is not set (" + value
                    + "): run the tests through Maven (failsafe sets it)");
        }
        return value;
    }

    static Path jmeterHome(String version) {
        return Path.of(property("jmeter.home." + version));
    }

    static Path samplerJar() {
        return DIST.resolve(DistCommand.samplerJarName(VERSION));
    }

    static Path sampler3Jar() {
        return DIST.resolve(DistCommand.sampler3JarName(VERSION));
    }

    /** What the 2.7 jar's line in jmeter.log names: {@code Dubbo 2.7.23}. */
    static String sampler27Clients() {
        return "Dubbo " + property("dubbo.version");
    }

    /**
     * What the 3.3 jar's line in jmeter.log names: {@code Dubbo 3.3.5, Nacos client 2.5.1}, the Nacos client's version
     * read as Nacos reads it (its {@code nacos-version.txt}, in the jar), not as the sampler does.
     */
    static String sampler3Clients() throws IOException {
        try (ZipFile jar = new ZipFile(sampler3Jar().toFile())) {
            String text = new String(jar.getInputStream(jar.getEntry("nacos-version.txt")).readAllBytes(),
                    StandardCharsets.UTF_8).trim();
            if (!text.startsWith("version=")) {
                throw new IllegalStateException("nacos-version.txt in " + sampler3Jar() + ": " + text);
            }
            return "Dubbo " + property("dubbo3.version") + ", Nacos client " + text.substring("version=".length());
        }
    }

    static Path agentJar() {
        return DIST.resolve(DistCommand.agentJarName(VERSION));
    }

    static Path plan(String name) {
        return DIST.resolve("plans").resolve(name);
    }
}
