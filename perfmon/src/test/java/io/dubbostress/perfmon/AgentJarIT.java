package io.dubbostress.perfmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;

/** {@code java -jar perfmon-agent.jar} as a user runs it: starts, says where it listens, serves, stops, exits. */
class AgentJarIT {

    @TempDir
    Path dir;

    private static Path jar() {
        Path jar = Paths.get(System.getProperty("perfmon.agent.jar", "target/perfmon-agent.jar"));
        assertThat(jar).as("the shaded agent jar (built by package)").isRegularFile();
        return jar;
    }

    @Test
    void startsPrintsWhereItListensServesAndStopsOnShutdown() throws IOException {
        int port = FreePort.find();
        long started = System.nanoTime();
        try (ChildJvm agent = ChildJvm.jar(jar()).args("--tcp-port", String.valueOf(port), "--allow-shutdown")
                .log(dir.resolve("agent.log")).start()) {
            agent.awaitLog(line -> line.startsWith("perfmon agent listening on tcp 127.0.0.1:" + port),
                    "the listening line", Duration.ofSeconds(60));
            System.out.printf("java -jar perfmon-agent.jar: listening line after %d ms (JVM start included)%n",
                    (System.nanoTime() - started) / 1_000_000);
            try (AgentClient client = AgentClient.connect(port)) {
                assertThat(client.ask("test")).isEqualTo("Yep\n");
                assertThat(AgentClient.fields(client.ask("metrics-single:cpu\tmemory\tnetwork i/o:bytesrecv")))
                        .hasSize(3);
                client.send("shutdown");
            }
            assertThat(agent.waitFor(Duration.ofSeconds(30))).as("exits after shutdown").isTrue();
            assertThat(agent.logText()).contains("perfmon agent: stopped");
        }
    }

    @Test
    void aBadOptionIsOneLineAndExitCodeTwo() {
        try (ChildJvm agent = ChildJvm.jar(jar()).args("--tcp-port", "99999").log(dir.resolve("bad.log")).start()) {
            assertThat(agent.waitFor(Duration.ofSeconds(60))).isTrue();
            assertThat(agent.stop(Duration.ofSeconds(1))).isEqualTo(2);
            assertThat(agent.logText().trim()).isEqualTo("perfmon agent: tcp port 99999 is out of range (0 to 65535)");
        }
    }

    @Test
    void aPortInUseIsOneLineAndExitCodeOne() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ChildJvm agent = ChildJvm.jar(jar()).args("--tcp-port", String.valueOf(taken.getLocalPort()))
                        .log(dir.resolve("taken.log")).start()) {
            assertThat(agent.waitFor(Duration.ofSeconds(60))).isTrue();
            assertThat(agent.stop(Duration.ofSeconds(1))).isEqualTo(1);
            assertThat(agent.logText()).startsWith("perfmon agent: cannot listen on 127.0.0.1:"
                    + taken.getLocalPort() + ": ");
            assertThat(agent.logText().lines().count()).isEqualTo(1);
        }
    }

    @Test
    void theClassicAgentIsAssembledToRun() {
        Path home = ClassicAgent.home();
        assertThat(home.resolve("CMDRunner.jar")).isRegularFile();
        assertThat(home.resolve("startAgent.sh")).isExecutable();
        assertThat(home.resolve("lib/perfmon-2.2.2.jar")).isRegularFile();
        assertThat(home.resolve("lib/sigar-1.6.4.jar")).isRegularFile();
        assertThat(home.resolve("lib/libsigar-amd64-linux-1.6.4.so")).isRegularFile();
        assertThat(Files.exists(home.resolve("lib/jorphan-2.6.jar"))).isTrue();
    }
}
