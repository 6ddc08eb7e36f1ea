package io.dubbostress.cli.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 41: a provider given by {@code --provider} on this machine was counted as "other processes" by the capacity
 * search; the process listening on its port is found and named. Checked on a port this JVM listens on.
 */
class ListeningProcessTest {

    @Test
    void theProcessListeningOnAPortIsFoundByItsSocket() throws Exception {
        Path proc = Path.of("/proc");
        Assumptions.assumeTrue(Files.isRegularFile(proc.resolve("net/tcp")), "Linux only: no /proc/net/tcp here");
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ListeningProcess found = ListeningProcess.onPort(proc, server.getLocalPort());
            assertThat(found).isNotNull();
            assertThat(found.pid()).isEqualTo(ProcessHandle.current().pid());
            assertThat(found.description()).startsWith("pid " + ProcessHandle.current().pid() + ", ")
                    .contains("java");
            int port = server.getLocalPort();
            server.close();
            assertThat(ListeningProcess.onPort(proc, port)).as("nothing listens there any more").isNull();
        }
    }
}
