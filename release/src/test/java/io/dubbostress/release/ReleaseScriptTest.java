package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/release.sh's own behaviour, before it builds anything: {@code --help} prints the usage (its comment, not its
 * code), and a working tree with changes not committed is refused unless {@code --allow-dirty}. The script is run as
 * a copy in a throwaway git repository whose {@code mvnw} only says how it was called (the script works on the
 * repository it sits in), so nothing is built.
 */
class ReleaseScriptTest {

    private static final Path SCRIPT = Path.of(System.getProperty("user.dir")).resolve("../scripts/release.sh").normalize();

    @TempDir
    Path repo;

    @Test
    void helpPrintsTheUsageAndNoCode() throws Exception {
        Result help = run(SCRIPT.getParent().getParent(), SCRIPT.toString(), "--help");
        assertThat(help.exit).isZero();
        assertThat(help.output).startsWith("release.sh: builds the release into dist/")
                .contains("Usage: scripts/release.sh", "--base-url URL", "--maven-url URL", "--with-tests", "--allow-dirty")
                .doesNotContain("set -eu", "#!/bin/sh", "cd \"$(dirname");
        assertThat(help.output.lines()).allMatch(l -> !l.startsWith("#"));
    }

    @Test
    void aDirtyWorkingTreeIsRefusedUnlessAllowed() throws Exception {
        Path scripts = Files.createDirectories(repo.resolve("scripts"));
        Files.copy(SCRIPT, scripts.resolve("release.sh"));
        // a stand-in for the Maven wrapper that says it ran and stops: release.sh stops after it (set -e)
        Path mvnw = Files.writeString(repo.resolve("mvnw"), "#!/bin/sh\necho \"mvnw $*\"\nexit 3\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(repo.resolve(".mvn"));
        Files.writeString(repo.resolve(".mvn/maven.config"), "-Drevision=9.9.9\n");
        git("init", "-q");
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "a release");

        // committed: the build starts
        Result clean = run(repo, "sh", "scripts/release.sh");
        assertThat(clean.output).doesNotContain("not committed").contains("mvnw -B -ntp -Prelease clean verify -DskipTests");
        assertThat(clean.exit).isEqualTo(3);

        // a changed file and a new one: refused, naming them, before anything is built
        Files.writeString(repo.resolve(".mvn/maven.config"), "-Drevision=9.9.10\n");
        Files.writeString(repo.resolve("notes.txt"), "not committed\n");
        Result dirty = run(repo, "sh", "scripts/release.sh");
        assertThat(dirty.exit).isEqualTo(2);
        assertThat(dirty.output).contains("release.sh: the working tree has changes that are not committed")
                .contains(" M .mvn/maven.config", "?? notes.txt").contains("--allow-dirty")
                .doesNotContain("mvnw -B");

        // --allow-dirty: the build starts
        Result allowed = run(repo, "sh", "scripts/release.sh", "--allow-dirty");
        assertThat(allowed.output).doesNotContain("not committed").contains("mvnw -B -ntp -Prelease clean verify -DskipTests");
        assertThat(allowed.exit).isEqualTo(3);
    }

    private record Result(int exit, String output) {
    }

    private void git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Result result = run(repo, command.toArray(new String[0]));
        assertThat(result.exit).as(result.output).isZero();
    }

    private static Result run(Path dir, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
