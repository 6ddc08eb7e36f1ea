package io.dubbostress.perfmon;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;

import io.dubbostress.testsupport.ChildJvm;

/**
 * The classic ServerAgent 2.2.2 the build assembled (target/classic-agent), started as its startAgent.sh does, for
 * tests that hold ours against it. It binds every interface (it has no option not to); tests only talk to it over
 * 127.0.0.1.
 */
final class ClassicAgent implements AutoCloseable {

    private final ChildJvm jvm;
    private final int port;

    private ClassicAgent(ChildJvm jvm, int port) {
        this.jvm = jvm;
        this.port = port;
    }

    static Path home() {
        return Paths.get(System.getProperty("perfmon.classic.home", "target/classic-agent/ServerAgent-2.2.2"));
    }

    /** Whether the classic can run here: its SIGAR library exists for x86-64 Linux (and old x86/macOS) only. */
    static boolean runsHere() {
        String os = System.getProperty("os.name", "").toLowerCase();
        String arch = System.getProperty("os.arch", "");
        return os.contains("linux") && ("amd64".equals(arch) || "x86_64".equals(arch))
                && Files.isRegularFile(home().resolve("CMDRunner.jar"));
    }

    static ClassicAgent start(int tcpPort, int udpPort, Path log) {
        ChildJvm jvm = ChildJvm.jar(home().resolve("CMDRunner.jar"))
                .args("--tool", "PerfMonAgent", "--tcp-port", String.valueOf(tcpPort),
                        "--udp-port", String.valueOf(udpPort))
                .log(log)
                .start();
        try {
            jvm.awaitLog(line -> line.contains("Agent v2.2.2 started"), "the classic agent's start line",
                    Duration.ofSeconds(60));
            jvm.awaitPort(tcpPort, Duration.ofSeconds(30));
        } catch (RuntimeException e) {
            jvm.close();
            throw e;
        }
        return new ClassicAgent(jvm, tcpPort);
    }

    int port() {
        return port;
    }

    String logText() {
        return jvm.logText();
    }

    @Override
    public void close() {
        jvm.close();
    }
}
