package io.dubbostress.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Maven run by a test as a user runs it on a project of their own (the repository's {@code mvnw}), but offline and
 * with a local repository of its own: the build's local repository as a read-only tail (the third-party artifacts the
 * build resolved, jmeter-maven-plugin and JMeter's among them), and our artifacts only from the release's staged
 * repository (target/staging-deploy, a file:// repository named in a settings file; offline mode lets file:// through).
 * So nothing is fetched from the network, nothing of ours is taken from the shared local repository, and nothing is
 * written to it.
 */
final class NestedMaven {

    private final Path work;
    private final Path settings;
    private final Path localRepository;

    NestedMaven(Path work) throws IOException {
        this.work = Files.createDirectories(work);
        this.localRepository = work.resolve("local-repository");
        DistCommand.deleteTree(localRepository);
        this.settings = work.resolve("settings.xml");
        Files.writeString(settings, """
                <settings>
                  <profiles>
                    <profile>
                      <id>release-staging</id>
                      <repositories>
                        <repository>
                          <id>dubbo-stress-staging</id>
                          <url>%s</url>
                          <releases><enabled>true</enabled></releases>
                          <snapshots><enabled>false</enabled></snapshots>
                        </repository>
                      </repositories>
                    </profile>
                  </profiles>
                  <activeProfiles>
                    <activeProfile>release-staging</activeProfile>
                  </activeProfiles>
                </settings>
                """.formatted(ReleaseBuild.STAGING.toUri()));
    }

    Path localRepository() {
        return localRepository;
    }

    /** {@code mvnw -f pom args...}; the output goes to {@code name}.txt; returns the exit code. */
    int run(String name, Path pom, long timeoutSeconds, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(ReleaseBuild.HOME.resolve("mvnw").toString(), "-B", "-ntp", "-o",
                "-Daether.offline.protocols=file", "-s", settings.toString(),
                "-Dmaven.repo.local=" + localRepository, "-Dmaven.repo.local.tail=" + ReleaseBuild.LOCAL_REPOSITORY,
                "-f", pom.toString()));
        command.addAll(List.of(args));
        Path out = work.resolve(name + ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(pom.getParent().toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("MAVEN_OPTS");
        Process process = builder.start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
            throw new AssertionError("mvn " + String.join(" ", args) + " did not end in " + timeoutSeconds + " s:\n"
                    + tail(out));
        }
        return process.exitValue();
    }

    String output(String name) throws IOException {
        return Files.readString(work.resolve(name + ".txt"), StandardCharsets.UTF_8);
    }

    static String tail(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }
}
