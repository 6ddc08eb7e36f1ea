package io.dubbostress.cli.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.StressCommand;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41: {@code stress provider} (and {@code stress consumer}) killed ended without a last line. Its last line now
 * says how the service ended: by itself (its exit code, or the signal that killed it), or stopped with this command.
 */
class ForegroundProcessTest {

    @TempDir
    Path dir;

    @Test
    void aServiceThatEndsByItselfSaysHowInItsLastLine() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertThat(ForegroundProcess.run("provider", List.of("sh", "-c", "exit 3"), stream)).isEqualTo(3);
        assertThat(lastLine(err)).matches("stress provider: the provider \\(pid \\d+\\) exited with code 3");
        err.reset();
        assertThat(ForegroundProcess.run("consumer", List.of("sh", "-c", "kill -9 $$"), stream)).isEqualTo(137);
        assertThat(lastLine(err)).matches("stress consumer: the consumer \\(pid \\d+\\) was killed by signal 9 \\(exit"
                + " code 137\\)");
    }

    /** {@code stress provider} itself, as a user runs it, sent SIGTERM while its provider starts. */
    @Test
    void stressProviderStoppedBySigtermSaysSoInItsLastLine() {
        Path home = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();
        try (ChildJvm cli = ChildJvm.mainClass(StressCommand.class.getName(), System.getProperty("java.class.path"))
                .jvmArgs("-Dstress.home=" + home).args("provider", "--host", "127.0.0.1", "--port",
                        String.valueOf(FreePort.find())).log(dir.resolve("stress-provider.log")).start()) {
            // the provider's JVM started: the command waits for it in the foreground
            Awaitility.await("the provider's JVM").atMost(Duration.ofSeconds(60))
                    .until(() -> ProcessHandle.of(cli.pid()).map(p -> p.children().findAny().isPresent()).orElse(false)
                            || !cli.isAlive());
            assertThat(cli.isAlive()).as(cli.logTail(20)).isTrue();
            int code = cli.stop(Duration.ofSeconds(60));
            assertThat(code).isEqualTo(143);
            assertThat(cli.logText().lines().reduce((a, b) -> b)).as(cli.logTail(20)).hasValueSatisfying(line ->
                    assertThat(line).matches("stress provider: stopped \\(Ctrl-C or SIGTERM\\): the provider \\(pid"
                            + " \\d+\\) (exited with code \\d+|was killed by signal \\d+ \\(exit code \\d+\\))"));
        }
    }

    private static String lastLine(ByteArrayOutputStream err) {
        return err.toString(StandardCharsets.UTF_8).lines().reduce((a, b) -> b).orElse("");
    }
}
