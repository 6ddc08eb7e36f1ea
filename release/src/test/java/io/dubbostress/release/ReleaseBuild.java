package io.dubbostress.release;

import java.nio.file.Path;

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

    static Path agentJar() {
        return DIST.resolve(DistCommand.agentJarName(VERSION));
    }

    static Path plan(String name) {
        return DIST.resolve("plans").resolve(name);
    }
}
