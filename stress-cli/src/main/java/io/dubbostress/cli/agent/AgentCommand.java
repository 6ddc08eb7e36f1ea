package io.dubbostress.cli.agent;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.dubbostress.report.UserError;
import io.dubbostress.perfmon.AgentSettings;
import io.dubbostress.perfmon.PerfMonAgent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stress agent}: our PerfMon server agent, in this JVM (it starts in well under a second), until Ctrl-C or,
 * when allowed, a client's {@code shutdown}. Safe by default: 127.0.0.1 only, TCP only, no {@code exec}, no
 * {@code tail}, no remote shutdown. {@code --classic} runs the classic ServerAgent 2.2.2 the build assembled instead.
 *
 * <pre>{@code
 * ./stress agent --port 4444
 * ./stress agent --bind 0.0.0.0 --allow-tail /var/log/app.log
 * }</pre>
 */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = {"Runs the PerfMon server agent that JMeter's PerfMon Metrics Collector reads",
            "(the classic ServerAgent's protocol): CPU, memory, swap, disks, network, TCP, JMX",
            "and container metrics of this host. Ctrl-C stops it."})
public class AgentCommand implements Callable<Integer> {

    /** Where the build puts the classic agent, under the repository root. */
    static final String CLASSIC_HOME = "perfmon/target/classic-agent/ServerAgent-2.2.2";

    @Spec
    CommandSpec spec;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on; 0.0.0.0 makes the agent reachable from other hosts. "
                    + "Default: ${DEFAULT-VALUE}.")
    String bind;

    @Option(names = {"--port", "--tcp-port"}, paramLabel = "PORT", defaultValue = "4444",
            description = "TCP port; 0 picks a free one (printed). Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--udp-port", paramLabel = "PORT", defaultValue = "0",
            description = "Also listen on UDP at PORT (as the classic can; a datagram's sender can be forged). "
                    + "Default: no UDP.")
    int udpPort;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "1",
            description = "Seconds between lines until a client sends interval:N. Default: ${DEFAULT-VALUE}.")
    double intervalSeconds;

    @Option(names = "--max-clients", paramLabel = "N", defaultValue = "16",
            description = "Clients served at once; more are told so and closed. Default: ${DEFAULT-VALUE}.")
    int maxClients;

    @Option(names = "--idle-timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "Close a client that streams nothing and sends nothing this long. Default: ${DEFAULT-VALUE}.")
    double idleTimeoutSeconds;

    @Option(names = "--allow-exec",
            description = "Let clients run commands on this host (the exec metric). Off by default.")
    boolean allowExec;

    @Option(names = "--allow-tail", paramLabel = "FILE",
            description = "Let clients read the last line of FILE (the tail metric); repeat for more files.")
    List<String> allowTail = new ArrayList<>();

    @Option(names = "--allow-shutdown", description = "Let a client stop the agent with the shutdown command.")
    boolean allowShutdown;

    @Option(names = "--auto-shutdown", description = "Stop when the last client disconnects.")
    boolean autoShutdown;

    @Option(names = "--classic",
            description = "Run the classic ServerAgent 2.2.2 (SIGAR; x86-64 Linux here) instead: it listens on every "
                    + "interface and lets any client run commands. Takes --port and --udp-port only.")
    boolean classic;

    @Override
    public Integer call() throws Exception {
        return classic ? runClassic() : runOurs();
    }

    private int runOurs() throws InterruptedException {
        AgentSettings settings;
        try {
            AgentSettings.Builder builder = AgentSettings.builder()
                    .bind(bind)
                    .tcpPort(port)
                    .udpPort(udpPort)
                    .intervalSeconds(intervalSeconds)
                    .maxClients(maxClients)
                    .idleTimeoutMillis((long) (idleTimeoutSeconds * 1000))
                    .allowExec(allowExec)
                    .allowShutdown(allowShutdown)
                    .autoShutdown(autoShutdown);
            for (String file : allowTail) {
                builder.allowTail(file);
            }
            settings = builder.build();
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        PerfMonAgent agent;
        try {
            agent = PerfMonAgent.start(settings);
        } catch (IOException e) {
            throw new UserError("cannot listen on " + settings.bindAddress().getHostAddress() + ":" + port + ": "
                    + e.getMessage(), 1);
        }
        Thread stop = new Thread(agent::close, "stress-agent-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        PrintWriter out = spec.commandLine().getOut();
        out.println(agent.listeningLine());
        if (!settings.loopbackOnly()) {
            out.println("stress agent: reachable from other hosts (--bind " + bind + ")");
        }
        out.flush();
        try {
            agent.awaitStop();
        } finally {
            agent.close();
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
        out.println("stress agent: stopped");
        out.flush();
        return 0;
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
                "--tool", "PerfMonAgent", "--tcp-port", String.valueOf(port), "--udp-port", String.valueOf(udpPort)));
        if (autoShutdown) {
            command.add("--auto-shutdown");
        }
        PrintWriter err = spec.commandLine().getErr();
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
