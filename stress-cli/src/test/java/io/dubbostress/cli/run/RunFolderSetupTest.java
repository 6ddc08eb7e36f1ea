package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.report.write.ReportFiles;
import io.dubbostress.cli.UserError;
import io.dubbostress.report.run.RunLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFolderSetupTest {

    @TempDir
    Path dir;

    @Test
    void createsTheLayout() {
        RunLayout folder = RunFolderSetup.create(dir.resolve("run"), 1024);
        assertThat(folder.root().resolve("scenarios")).isDirectory();
        assertThat(folder.root().resolve("gc")).isDirectory();
        assertThat(folder.root().resolve("logs")).isDirectory();
        assertThat(RunFolderSetup.scenarioDir(folder, "direct-1k")).isDirectory();
        assertThat(folder.gcLog("provider")).hasFileName("provider-gc.log");
        assertThat(folder.root().toFile().list()).containsExactlyInAnyOrder("run.json", "scenarios", "gc", "logs");
    }

    @Test
    void refusesAFolderThatCannotBeCreated() throws Exception {
        Path file = Files.write(dir.resolve("a-file"), "x".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> RunFolderSetup.create(file.resolve("run"), 1024))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("cannot write the results folder " + file.resolve("run"));
        assertThatThrownBy(() -> RunFolderSetup.create(file, 1024))
                .hasMessage("Invalid value for option '--out': " + file + " exists and is not a folder");
    }

    @Test
    void refusesADiskWithoutRoomBeforeTheRunStarts() {
        assertThatThrownBy(() -> RunFolderSetup.create(dir.resolve("run"), Long.MAX_VALUE / 2))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("not enough disk space for the results folder")
                .hasMessageContaining("MiB free, this run needs at least");
    }

    @Test
    void refusesToMixTwoRunsInOneFolder() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.write(run.resolve("run.json"), "{}".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> RunFolderSetup.create(run, 1024))
                .hasMessageEndingWith("already holds a run (run.json); choose a new or empty folder");
    }

    @Test
    void writesFilesAtomically() throws Exception {
        Path target = dir.resolve("run.json");
        ReportFiles.writeAtomically(target, "{\"a\": 1}\n");
        ReportFiles.writeAtomically(target, "{\"a\": 2}\n");
        assertThat(target).hasContent("{\"a\": 2}");
        assertThat(dir.resolve("run.json.tmp")).doesNotExist();
    }

    @Test
    void refusesAFolderThatIsNotEmptyWithoutTouchingIt() throws Exception {
        Path used = Files.createDirectories(dir.resolve("used"));
        Files.write(used.resolve("results.jtl"), "old rows\n".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> RunFolderSetup.create(used, 1024))
                .isInstanceOf(UserError.class)
                .hasMessage("Invalid value for option '--out': " + used + " is not empty (it holds results.jtl);"
                        + " choose a new or empty folder");
        assertThat(used.toFile().list()).containsExactly("results.jtl");
        assertThat(used.resolve("results.jtl")).hasContent("old rows");
        // an empty folder that exists is fine
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThat(RunFolderSetup.create(empty, 1024).runJson()).exists();
    }

    /** Many runs claiming one --out at the same moment: exactly one gets it, every other is told. */
    @Test
    void ofRunsClaimingOneFolderAtOnceExactlyOneWins() throws Exception {
        for (int round = 0; round < 20; round++) {
            Path target = dir.resolve("race-" + round);
            List<Object> outcomes = race(8, () -> RunFolderSetup.create(target, 1024));
            assertThat(outcomes.stream().filter(o -> o instanceof RunLayout)).as("round " + round).hasSize(1);
            assertThat(outcomes.stream().filter(o -> o instanceof UserError)).hasSize(7)
                    .allSatisfy(e -> assertThat(((UserError) e).getMessage()).startsWith(
                            "Invalid value for option '--out': " + target));
        }
    }

    /** Runs without --out started in the same second: each gets a folder of its own. */
    @Test
    void runsStampedInTheSameSecondGetFoldersOfTheirOwn() throws Exception {
        Path stamp = dir.resolve("results/20261123-101500");
        List<Object> outcomes = race(6, () -> RunFolderSetup.create(stamp, 1024, true));
        assertThat(outcomes).allSatisfy(o -> assertThat(o).isInstanceOf(RunLayout.class));
        assertThat(outcomes.stream().map(o -> ((RunLayout) o).root().getFileName().toString()))
                .containsExactlyInAnyOrder("20261123-101500", "20261123-101500-2", "20261123-101500-3",
                        "20261123-101500-4", "20261123-101500-5", "20261123-101500-6");
    }

    /** Runs {@code task} on {@code n} threads released together; each result or the exception it threw. */
    private static List<Object> race(int n, java.util.concurrent.Callable<Object> task) throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(n);
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        try {
            List<java.util.concurrent.Future<Object>> futures = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(() -> {
                    go.await();
                    try {
                        return task.call();
                    } catch (UserError e) {
                        return e;
                    }
                }));
            }
            go.countDown();
            List<Object> outcomes = new java.util.ArrayList<>();
            for (java.util.concurrent.Future<Object> f : futures) {
                outcomes.add(f.get(60, java.util.concurrent.TimeUnit.SECONDS));
            }
            return outcomes;
        } finally {
            pool.shutdownNow();
        }
    }
}
