package io.dubbostress.cli.agent;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.dubbostress.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stress agent}: the agent's own command ({@link io.dubbostress.perfmon.AgentCommand}, the one
 * {@code java -jar perfmon-agent.jar} runs: same options, defaults, exit codes and messages for bad values), in this
 * JVM (it starts in well under a second), until Ctrl-C or, when allowed, a client's {@code shutdown}. Safe by
 * default: 127.0.0.1 only, TCP only, no {@code exec}, no {@code tail}, no remote shutdown, JMX on loopback only. The
 * one option of its own: {@code --classic} runs the classic ServerAgent 2.2.2 the build assembled instead.
 *
 * <pre>{@code
 * ./stress agent --port 4444
 * ./stress agent --bind 0.0.0.0 --allow-tail /var/log/app.log
 * }</pre>
 */
@Command(name = "agent")
public class AgentCommand extends io.dubbostress.perfmon.AgentCommand {

    /** Where the build puts the classic agent, under the repository root. */
    static final String CLASSIC_HOME = "perfmon/target/classic-agent/ServerAgent-2.2.2";

    @Option(names = "--classic",
            description = "Run the classic ServerAgent 2.2.2 (SIGAR; x86-64 Linux here) instead: it listens on every "
                    + "interface and lets any client run commands. Takes --port, --udp-port and --auto-shutdown only.")
    boolean classic;

    @Override
    public Integer call() throws Exception {
        return classic ? runClassic() : super.call();
    }

    private int runClassic() throws IOException, InterruptedException {
        Path home = Path.of(System.getProperty("stress.home", ".")).toAbsolutePath().normalize().resolve(CLASSIC_HOME);
        Path runner = home.resolve("CMDRunner.jar");
        if (!Files.isRegularFile(runner)) {
            throw new UserError("the classic agent is missing (" + home + "): build it with ./mvnw -B -DskipTests "
                    + "package");
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", runner.toString(),
                "--tool", "PerfMonAgent", "--tcp-port", String.valueOf(tcpPort()), "--udp-port",
                String.valueOf(udpPort())));
        if (autoShutdown()) {
            command.add("--auto-shutdown");
        }
        PrintWriter err = spec().commandLine().getErr();
        err.println("stress agent --classic: the classic agent listens on every interface and runs any command a "
                + "client sends (exec); use it on a trusted network only");
        err.flush();
        Process process = new ProcessBuilder(command).inheritIO().start();
        Thread stop = new Thread(process::destroy, "stress-agent-classic-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            return process.waitFor();
        } finally {
            process.destroy();
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }
}
