package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code ./stress} launcher: a JAVA_HOME without a java is one clear line and exit 2, not the shell's 127. */
class StressScriptTest {

    @TempDir
    Path dir;

    private Process launch(String javaHome) throws IOException {
        ProcessBuilder builder = new ProcessBuilder("sh", StressCli.HOME.resolve("stress").toString(), "--help")
                .redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile());
        builder.environment().put("JAVA_HOME", javaHome);
        return builder.start();
    }

    private String err() throws IOException {
        return Files.readString(dir.resolve("err"), StandardCharsets.UTF_8);
    }

    @Test
    void aJavaHomeThatDoesNotExistIsNamedInOneLine() throws Exception {
        Process p = launch("/nonexistent");
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err()).isEqualTo(2);
        assertThat(err().lines()).containsExactly("stress: JAVA_HOME=/nonexistent has no bin/java: set JAVA_HOME to a"
                + " JDK 17 or newer, or unset it to use the java on PATH");
        assertThat(Files.readString(dir.resolve("out"))).isEmpty();
    }

    @Test
    void aJavaHomeThatIsNoJdkIsNamedToo() throws Exception {
        Path notAJdk = Files.createDirectories(dir.resolve("jdk-17/bin"));
        Process p = launch(notAJdk.getParent().toString());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err()).isEqualTo(2);
        assertThat(err()).startsWith("stress: JAVA_HOME=" + notAJdk.getParent() + " has no bin/java");
    }
}
