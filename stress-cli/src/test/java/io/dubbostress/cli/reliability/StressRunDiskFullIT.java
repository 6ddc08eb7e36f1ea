package io.dubbostress.cli.reliability;

import io.dubbostress.cli.testkit.Jtl;
import io.dubbostress.cli.testkit.RunningCli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk of the run folder fills up mid-run: the folder is on a 512 MiB tmpfs the test mounts (CI runs as root),
 * and once the first scenario is sampling the test fills what is left to the last byte, so JMeter's next JTL writes
 * fail. The run must stop that scenario, mark it failed, not start the next, write run.json's final state and the
 * report from what was recorded, leave no half-written file, keep every row already written, and exit 1 saying why
 * once, at the end. Where mounting is not allowed the test is skipped (the checks behind it are covered with
 * simulated write failures in ScenarioRecordingTest).
 */
class StressRunDiskFullIT {

    static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();

    @TempDir
    static Path dir;
    static Path disk;
    static boolean mounted;
    static Path run;
    static ChildJvm cli;
    static int exitCode;
    static long rowsBeforeFull;
    static JsonNode runJson;

    @BeforeAll
    static void runUntilTheDiskIsFull() throws Exception {
        disk = Files.createDirectories(dir.resolve("disk"));
        // the run asks for about 460 MiB free up front for two 20 s scenarios; the tmpfs has that, and no more
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=512m", "tmpfs", disk.toString())
                .redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes()).trim();
        mounted = mount.waitFor(60, TimeUnit.SECONDS) && mount.exitValue() == 0;
        Assumptions.assumeTrue(mounted, "cannot mount a tmpfs here (" + said + "): needs root (CI runs as root)");

        run = disk.resolve("run");
        Path jar = Files.copy(Path.of(System.getProperty("stress.cli.jar", "target/stress-cli.jar")),
                dir.resolve("stress-cli.jar"));
        cli = ChildJvm.jar(jar)
                .jvmArgs("-Dstress.home=" + HOME)
                .args("run", "--scenarios", "direct-1k,direct-512", "--threads", "4", "--duration", "20s",
                        "--warmup", "1s", "--no-dashboard", "--out", run.toString())
                .log(dir.resolve("stress.out")).start();
        Path jtl = run.resolve("scenarios/direct-1k/results.jtl");
        await("direct-1k sampling", () -> Jtl.rowsSoFar(jtl) >= 2);
        rowsBeforeFull = wholeRows(jtl);
        fill(disk.resolve("filler"));
        assertThat(cli.waitFor(Duration.ofMinutes(5))).as("stress run ends by itself").isTrue();
        exitCode = cli.stop(Duration.ofSeconds(1));
        runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        System.out.println("rows before the disk was filled: " + rowsBeforeFull + "; stress run said:\n"
                + cli.logText());
    }

    /** Rows the JTL holds whole (JMeter writes in blocks: the last line is often a part of one). */
    private static long wholeRows(Path jtl) throws IOException {
        return Math.max(0, Files.readString(jtl, java.nio.charset.StandardCharsets.ISO_8859_1).chars()
                .filter(c -> c == '\n').count() - 1);
    }

    /** Writes until the disk refuses: nothing is left for anyone. */
    private static void fill(Path filler) {
        byte[] block = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            // "No space left on device": that was the point
        }
    }

    private static void await(String what, BooleanSupplier condition) {
        RunningCli.await(cli, what, Duration.ofMinutes(5), condition);
    }

    @AfterAll
    static void unmount() throws Exception {
        try {
            if (cli != null) {
                cli.close();
            }
        } finally {
            if (mounted) {
                Process umount = new ProcessBuilder("umount", disk.toString()).inheritIO().start();
                if (!umount.waitFor(60, TimeUnit.SECONDS) || umount.exitValue() != 0) {
                    new ProcessBuilder("umount", "-l", disk.toString()).inheritIO().start().waitFor(60,
                            TimeUnit.SECONDS);
                }
            }
        }
    }

    @Test
    void theRunEndsWithExitOneAndSaysWhyOnceAtTheEnd() {
        String log = cli.logText();
        assertThat(exitCode).as(log).isEqualTo(1);
        List<String> verdicts = log.lines().filter(l -> l.startsWith("stress run: failed: "))
                .collect(Collectors.toList());
        assertThat(verdicts).as(log).isNotEmpty().doesNotHaveDuplicates();
        assertThat(verdicts.get(0)).startsWith("stress run: failed: direct-1k: the disk of the run folder is full");
        List<String> lines = log.strip().lines().collect(Collectors.toList());
        assertThat(lines.subList(lines.size() - verdicts.size(), lines.size())).as("the verdict comes last")
                .isEqualTo(verdicts);
        assertThat(log).doesNotContain("could not write " + run.resolve("run.json"));
    }

    @Test
    void runJsonIsClosedAsFailedAndTheNextScenarioDidNotRun() {
        assertThat(runJson.get("status").asText()).isEqualTo("failed");
        assertThat(runJson.get("endedAt").asText()).isNotEmpty();
        JsonNode first = runJson.at("/scenarios/0");
        assertThat(first.get("status").asText()).isEqualTo("failed");
        assertThat(first.get("message").asText()).contains("the disk of the run folder is full");
        assertThat(runJson.at("/scenarios/1/status").asText()).isEqualTo("not run");
    }

    @Test
    void nothingHalfWrittenIsLeftAndTheReserveIsGiven() throws IOException {
        try (Stream<Path> files = Files.walk(run)) {
            assertThat(files.map(p -> run.relativize(p).toString())
                    .filter(p -> p.endsWith(".tmp") || p.endsWith(".space-reserve"))).isEmpty();
        }
    }

    @Test
    void theRowsWrittenBeforeTheDiskFilledAreKeptAndTheReportIsMadeFromThem() throws IOException {
        Path jtl = run.resolve("scenarios/direct-1k/results.jtl");
        assertThat(wholeRows(jtl)).as("rows in the JTL").isGreaterThanOrEqualTo(rowsBeforeFull);
        assertThat(run.resolve("report.md")).as(cli.logTail(30)).isNotEmptyFile();
        assertThat(Files.readString(run.resolve("report.md"))).contains("direct-1k");
    }
}
