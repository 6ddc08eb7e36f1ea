package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.report.UserError;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFolderTest {

    @TempDir
    Path dir;

    @Test
    void createsTheLayout() {
        RunFolder folder = RunFolder.create(dir.resolve("run"), 1024);
        assertThat(folder.root().resolve("scenarios")).isDirectory();
        assertThat(folder.root().resolve("gc")).isDirectory();
        assertThat(folder.root().resolve("logs")).isDirectory();
        assertThat(folder.scenarioDir("direct-1k")).isDirectory();
        assertThat(folder.gcLog("provider")).hasFileName("provider-gc.log");
        assertThat(folder.root().toFile().list()).containsExactlyInAnyOrder("scenarios", "gc", "logs");
    }

    @Test
    void refusesAFolderThatCannotBeCreated() throws Exception {
        Path file = Files.write(dir.resolve("a-file"), "x".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> RunFolder.create(file.resolve("run"), 1024))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("cannot write the results folder " + file.resolve("run"));
        assertThatThrownBy(() -> RunFolder.create(file, 1024))
                .hasMessage("Invalid value for option '--out': " + file + " exists and is not a folder");
    }

    @Test
    void refusesADiskWithoutRoomBeforeTheRunStarts() {
        assertThatThrownBy(() -> RunFolder.create(dir.resolve("run"), Long.MAX_VALUE / 2))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("not enough disk space for the results folder")
                .hasMessageContaining("MiB free, this run needs at least");
    }

    @Test
    void refusesToMixTwoRunsInOneFolder() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.write(run.resolve("run.json"), "{}".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> RunFolder.create(run, 1024))
                .hasMessageEndingWith("already holds a run (run.json); choose a new folder");
    }

    @Test
    void writesFilesAtomically() throws Exception {
        Path target = dir.resolve("run.json");
        RunFolder.writeAtomically(target, "{\"a\": 1}\n");
        RunFolder.writeAtomically(target, "{\"a\": 2}\n");
        assertThat(target).hasContent("{\"a\": 2}");
        assertThat(dir.resolve("run.json.tmp")).doesNotExist();
    }
}
