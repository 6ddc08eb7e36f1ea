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
 * with a local repository of its own, empty at the start: the build's local repository as a read-only tail (the
 * third-party artifacts the build resolved, jmeter-maven-plugin and JMeter's among them; seen through a folder of links
 * that leaves out {@code io/dubbostress}, so that nothing of ours comes from it even after an {@code install}), and our
 * artifacts only from a file:// repository: the release's staged repository (target/staging-deploy) named in a settings
 * file, or the one the project names itself ({@link #withoutStaging}; offline mode lets file:// through). So nothing is
 * fetched from the network, nothing of ours is taken from the shared local repository, and nothing is written to it.
 */
final class NestedMaven {

    private final Path work;
    private final Path settings;
    private final Path localRepository;
    private final Path tail;

    NestedMaven(Path work) throws IOException {
        this.work = Files.createDirectories(work);
        this.localRepository = work.resolve("local-repository");
        DistCommand.deleteTree(localRepository);
        this.tail = tailWithoutOurs(work.resolve("tail"));
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
        List<String> command = new ArrayList<>(List.of(ReleaseBuild.HOME.resolve("mvnw").toString(), "-s",
                settings.toString(), "-f", pom.toString()));
        command.addAll(List.of(args));
        return runIn(name, pom.getParent(), timeoutSeconds, command);
    }

    /**
     * A command as a user types it in {@code dir} ({@code ../../mvnw verify}, {@code ./mvnw -f x/pom.xml verify}), the
     * project's own repositories only (no settings file), offline, with this local repository and tail.
     */
    int withoutStaging(String name, Path dir, long timeoutSeconds, String... typed) throws Exception {
        return runIn(name, dir, timeoutSeconds, new ArrayList<>(List.of(typed)));
    }

    private int runIn(String name, Path dir, long timeoutSeconds, List<String> typed) throws Exception {
        List<String> command = new ArrayList<>(typed.subList(0, 1));
        command.addAll(List.of("-B", "-ntp", "-o", "-Daether.offline.protocols=file",
                "-Dmaven.repo.local=" + localRepository, "-Dmaven.repo.local.tail=" + tail));
        command.addAll(typed.subList(1, typed.size()));
        Path out = work.resolve(name + ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("MAVEN_OPTS");
        Process process = builder.start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
            throw new AssertionError(String.join(" ", typed) + " did not end in " + timeoutSeconds + " s:\n"
                    + tail(out));
        }
        return process.exitValue();
    }

    /**
     * The build's local repository without {@code io/dubbostress}: a folder of symbolic links to its folders (and, one
     * level down, to those of {@code io/} but ours). Made once per NestedMaven; nothing is copied.
     */
    private static Path tailWithoutOurs(Path view) throws IOException {
        DistCommand.deleteTree(view);
        Files.createDirectories(view.resolve("io"));
        Path build = ReleaseBuild.LOCAL_REPOSITORY;
        try (var top = Files.list(build)) {
            for (Path entry : (Iterable<Path>) top::iterator) {
                if (!entry.getFileName().toString().equals("io")) {
                    Files.createSymbolicLink(view.resolve(entry.getFileName().toString()), entry);
                }
            }
        }
        if (Files.isDirectory(build.resolve("io"))) {
            try (var io = Files.list(build.resolve("io"))) {
                for (Path entry : (Iterable<Path>) io::iterator) {
                    if (!entry.getFileName().toString().equals("dubbostress")) {
                        Files.createSymbolicLink(view.resolve("io").resolve(entry.getFileName().toString()), entry);
                    }
                }
            }
        }
        return view;
    }

    String output(String name) throws IOException {
        return Files.readString(work.resolve(name + ".txt"), StandardCharsets.UTF_8);
    }

    static String tail(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }
}
