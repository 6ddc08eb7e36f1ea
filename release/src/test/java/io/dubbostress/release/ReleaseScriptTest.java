package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/release.sh before it builds (issue 41): a work tree with uncommitted changes is refused without
 * {@code --allow-dirty} (an uncommitted CHANGELOG line shipped under a valid SHA256SUMS), and {@code --help} is the
 * usage only. The script runs from a copy in a git repository made here; its {@code ./mvnw} there records that the
 * build was reached and stops (the build itself is {@code DistIT}'s).
 */
class ReleaseScriptTest {

    private static final Path SCRIPT = Path.of("..", "scripts", "release.sh");

    @TempDir
    Path repo;

    @TempDir
    Path output;

    @BeforeEach
    void aCommittedCopy() throws Exception {
        Files.createDirectories(repo.resolve("scripts"));
        Files.copy(SCRIPT, repo.resolve("scripts/release.sh"));
        Files.writeString(repo.resolve("CHANGELOG.md"), "# Changelog\n\n## 0.2.0\n\nThe first release.\n");
        Path mvnw = Files.writeString(repo.resolve("mvnw"), "#!/bin/sh\necho \"$@\" > mvnw.called\nexit 3\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(repo.resolve(".gitignore"), "mvnw.called\n");
        git("init", "-q");
        git("add", "-A");
        git("-c", "user.name=release-test", "-c", "user.email=release-test@localhost", "commit", "-q", "-m", "one");
    }

    @Test
    void aChangedFileIsRefusedNamingItAndNothingIsBuilt() throws Exception {
        Files.writeString(repo.resolve("CHANGELOG.md"), "- a line nobody committed\n", java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(repo.resolve("NEW.txt"), "new\n");
        Result result = release();
        assertThat(result.exit).isEqualTo(2);
        assertThat(result.err).isEqualTo("release.sh: 2 uncommitted change(s) in the work tree: CHANGELOG.md, NEW.txt;"
                + " a release is built from a commit: commit or stash them, or give --allow-dirty\n");
        assertThat(repo.resolve("mvnw.called")).doesNotExist();
    }

    @Test
    void allowDirtyBuildsAndSaysWhat() throws Exception {
        Files.delete(repo.resolve("CHANGELOG.md"));
        Result result = release("--allow-dirty");
        assertThat(result.err).startsWith("release.sh: --allow-dirty: building with 1 uncommitted change(s) in the work"
                + " tree: CHANGELOG.md (dist/ holds what no commit has)\n");
        assertThat(Files.readString(repo.resolve("mvnw.called"))).contains("-Prelease clean verify -DskipTests");
        assertThat(result.exit).as(result.err).isEqualTo(3); // the recording ./mvnw's own exit: the build was reached
    }

    @Test
    void aCleanTreeBuildsWithoutAWord() throws Exception {
        Result result = release();
        assertThat(result.err).doesNotContain("uncommitted").startsWith("release.sh: ./mvnw -B -ntp -Prelease clean");
        assertThat(repo.resolve("mvnw.called")).exists();
    }

    @Test
    void helpIsTheUsageAndNothingElse() throws Exception {
        Result result = release("--help");
        assertThat(result.exit).isZero();
        List<String> lines = Arrays.asList(result.out.split("\n"));
        assertThat(lines.get(0)).startsWith("release.sh: builds the release into dist/");
        assertThat(lines).anyMatch(l -> l.contains("--allow-dirty")).noneMatch(l -> l.startsWith("set "))
                .noneMatch(l -> l.startsWith("#"));
        assertThat(lines.get(lines.size() - 1)).contains("under valid SHA256SUMS");
    }

    private Result release(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", "scripts/release.sh"));
        command.addAll(Arrays.asList(args));
        return run(command);
    }

    private void git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(Arrays.asList(args));
        Result result = run(command);
        assertThat(result.exit).as(String.join(" ", command) + ": " + result.err).isZero();
    }

    private Result run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(repo.toFile());
        builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        builder.environment().put("HOME", repo.toString());
        Path out = output.resolve("stdout.txt");
        Path err = output.resolve("stderr.txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(command + " did not end within 60 s");
        }
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private record Result(int exit, String out, String err) {
    }
}
