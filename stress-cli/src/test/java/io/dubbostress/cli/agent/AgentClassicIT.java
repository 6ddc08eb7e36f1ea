package io.dubbostress.cli.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress agent --classic}: the classic ServerAgent the build assembled, run by the shaded command as a user
 * runs it; it stops by itself when its last client leaves ({@code --auto-shutdown}).
 */
class AgentClassicIT {

    @TempDir
    Path dir;

    @Test
    void runsTheClassicAgentTheBuildAssembled() throws Exception {
        Path home = Path.of(System.getProperty("stress.home"));
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64")
                && Files.isRegularFile(home.resolve(AgentCommand.CLASSIC_HOME).resolve("CMDRunner.jar")),
                "the classic agent (SIGAR) runs on x86-64 here");
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dstress.home=" + home, "-jar", System.getProperty("stress.cli.jar"),
                "agent", "--classic", "--port", String.valueOf(port), "--auto-shutdown"));
        Path log = dir.resolve("classic.log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            // not a probe connection: with --auto-shutdown the classic stops when that first client leaves
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> text(log).contains("JP@GC Agent v2.2.2 started") || !process.isAlive());
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                socket.setSoTimeout(10_000);
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.UTF_8));
                socket.getOutputStream().write("test\n".getBytes(StandardCharsets.UTF_8));
                assertThat(in.readLine()).isEqualTo("Yep");
                socket.getOutputStream().write("exit\n".getBytes(StandardCharsets.UTF_8));
            }
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("auto-shutdown; log:\n%s", text(log)).isTrue();
            assertThat(text(log)).contains("the classic agent listens on every interface", "JP@GC Agent v2.2.2 started");
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private static String text(Path file) throws IOException {
        return Files.exists(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "";
    }
}
