package io.dubbostress.perfmon;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The agent's command line, one for both ways to start it: {@code java -jar perfmon-agent.jar} ({@link AgentMain})
 * and {@code stress agent} (stress-cli registers a subclass that adds {@code --classic}). Our options, plus the
 * classic agent's ({@code --tcp-port}, {@code --udp-port}, {@code --interval}, {@code --auto-shutdown},
 * {@code --loglevel}, {@code --sysinfo}, {@code --no-exec}, {@code --agent-version}) so its start lines work
 * unchanged, with safe defaults.
 *
 * <p>Running it starts the agent, prints where it listens and serves until Ctrl-C (SIGTERM), a {@code shutdown} it
 * allows or, with {@code --auto-shutdown}, the last client leaving. Exit codes: 0 stopped, 1 could not listen, 2 a
 * bad value (one line {@code <name>: <what is wrong>} on stderr; picocli's own parse errors, an unknown option or a
 * value that is not a number, go to the entry point's parameter exception handler).
 *
 * <pre>{@code
 * CommandLine line = new CommandLine(new AgentCommand());
 * int exit = line.execute("--tcp-port", "4444", "--bind", "0.0.0.0");   // serves until stopped
 * }</pre>
 */
@Command(name = "agent", sortOptions = false, versionProvider = AgentCommand.Version.class,
        description = "Runs the PerfMon server agent that JMeter's PerfMon Metrics Collector reads (the classic "
                + "ServerAgent's protocol): CPU, memory, swap, disks, network, TCP, JMX and container metrics of this "
                + "host. Ctrl-C stops it.",
        footer = {"", "Stop it with Ctrl-C (SIGTERM), or with the shutdown command when --allow-shutdown is given."})
public class AgentCommand implements Callable<Integer> {

    /** The levels {@code --loglevel} takes ({@code trace} too, though the classic's help does not list it). */
    private static final List<String> LOG_LEVELS = Arrays.asList("trace", "debug", "info", "warn", "error");

    @Spec
    private CommandSpec spec;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on; 0.0.0.0 = every interface, reachable from other hosts. "
                    + "Default: ${DEFAULT-VALUE}.")
    private String bind;

    @Option(names = {"--tcp-port", "--port"}, paramLabel = "N", defaultValue = "4444",
            description = "TCP port; 0 picks a free one (printed at start). Default: ${DEFAULT-VALUE}.")
    private int tcpPort;

    @Option(names = "--udp-port", paramLabel = "N", defaultValue = "0",
            description = "Also listen on UDP, at port N (a datagram's sender can be forged). Default: 0, no UDP.")
    private int udpPort;

    @Option(names = "--prometheus-port", paramLabel = "N", defaultValue = "-1",
            description = "Also answer GET /metrics in Prometheus's text format at this port, on the --bind address "
                    + "(0 picks a free one, printed at start): the host's CPU, memory, disks and network, and each "
                    + "--watch-jvm's CPU, threads, open files, context switches and GC. Default: off.")
    private int prometheusPort;

    @Option(names = "--watch-jvm", paramLabel = "NAME=PID|NAME=EXE",
            description = "With --prometheus-port: a JVM /metrics describes, under the label jvm=NAME: by process id "
                    + "(provider=4242) or by executable name as PerfMon's name= (app=java#1). Repeatable.")
    private List<String> watchJvms = new ArrayList<>();

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "1",
            description = "Seconds between lines until a client sends interval:N. Default: ${DEFAULT-VALUE}.")
    private double intervalSeconds;

    @Option(names = "--max-clients", paramLabel = "N", defaultValue = "16",
            description = "Clients served at once (TCP and UDP); more are told so and closed. "
                    + "Default: ${DEFAULT-VALUE}.")
    private int maxClients;

    @Option(names = "--idle-timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "Close a client that streams nothing and sends nothing this long. Default: ${DEFAULT-VALUE}.")
    private double idleTimeoutSeconds;

    @Option(names = "--allow-exec",
            description = "Let clients run commands on this host (the exec metric). Off by default.")
    private boolean allowExec;

    @Option(names = "--allow-tail", paramLabel = "FILE",
            description = "Let clients read the last line of FILE (the tail metric); repeat for more files.")
    private List<String> allowTail = new ArrayList<>();

    @Option(names = "--allow-shutdown", description = "Let a client stop the agent with the shutdown command.")
    private boolean allowShutdown;

    @Option(names = "--auto-shutdown", description = "Stop when the last client disconnects.")
    private boolean autoShutdown;

    @Option(names = "--jmx-allow", paramLabel = "HOST:PORT,...",
            description = "Let clients have JMX read at these addresses too (jmx:url=); HOST:* = any port of HOST, "
                    + "* = anywhere. Repeatable. Default: loopback only (localhost, 127.x.x.x, ::1).")
    private List<String> jmxAllow = new ArrayList<>();

    @Option(names = "--loglevel", paramLabel = "LEVEL", defaultValue = "info",
            description = "debug, info (the default), warn or error: what the agent logs on stderr.")
    private String logLevel;

    @Option(names = "--sysinfo", description = "Print what the agent sees of this host, then start.")
    private boolean sysinfo;

    @Option(names = "--no-exec", description = "Accepted for the classic's command lines (exec is off unless "
            + "--allow-exec).")
    private boolean noExec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this and exit.")
    private boolean help;

    @Option(names = {"-V", "--version", "--agent-version"}, versionHelp = true,
            description = "Print the version and exit.")
    private boolean version;

    private final String displayName;
    private final boolean standalone;

    /** As a subcommand: messages start with the command's qualified name ({@code stress agent: ...}). */
    public AgentCommand() {
        this(null, false);
    }

    /**
     * @param displayName what messages start with ({@code perfmon agent}); null: the command's qualified name
     * @param standalone  whether this JVM is the agent's own, so the command sets up its logging (slf4j-simple)
     */
    public AgentCommand(String displayName, boolean standalone) {
        this.displayName = displayName;
        this.standalone = standalone;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String name = name();
        AgentSettings settings;
        try {
            checkLogLevel();
            settings = settings();
        } catch (IllegalArgumentException e) {
            err.println(name + ": " + e.getMessage());
            err.flush();
            return 2;
        }
        configureLogging();
        PerfMonAgent agent;
        try {
            agent = PerfMonAgent.start(settings);
        } catch (IOException e) {
            err.println(name + ": cannot listen on " + settings.bindAddress().getHostAddress() + ":"
                    + settings.tcpPort() + ": " + e.getMessage());
            err.flush();
            return 1;
        }
        Thread hook = new Thread(agent::close, "perfmon-agent-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (sysinfo) {
                out.println(name + " host: " + agent.host().describe());
            }
            out.println(agent.listeningLine());
            if (agent.prometheusAddress() != null) {
                out.println(name + ": Prometheus metrics at http://" + agent.prometheusAddress().getAddress()
                        .getHostAddress() + ":" + agent.prometheusAddress().getPort() + "/metrics");
            }
            if (!settings.loopbackOnly()) {
                out.println(name + ": reachable from other hosts (--bind " + settings.bindAddress().getHostAddress()
                        + "); anyone who can connect can read this host's metrics");
            }
            out.flush();
            agent.awaitStop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            agent.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
        out.println(name + ": stopped");
        out.flush();
        return 0;
    }

    /**
     * The settings the options describe.
     *
     * @throws IllegalArgumentException naming the setting and the value, when one is out of range
     */
    public AgentSettings settings() {
        AgentSettings.Builder builder = AgentSettings.builder()
                .bind(bind)
                .tcpPort(tcpPort)
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
        for (String list : jmxAllow) {
            builder.allowJmx(list);
        }
        builder.prometheusPort(prometheusPort);
        for (String jvm : watchJvms) {
            builder.watchJvm(jvm);
        }
        if (!watchJvms.isEmpty() && prometheusPort == -1) {
            throw new IllegalArgumentException("--watch-jvm needs --prometheus-port (the JVMs are described on "
                    + "/metrics)");
        }
        return builder.build();
    }

    /** The level {@code --loglevel} asked for, lower case. */
    public String logLevel() {
        return logLevel.trim().toLowerCase(Locale.ROOT);
    }

    public boolean sysinfo() {
        return sysinfo;
    }

    private void checkLogLevel() {
        if (!LOG_LEVELS.contains(logLevel())) {
            throw new IllegalArgumentException("--loglevel '" + logLevel + "' is not one of debug, info, warn, error");
        }
    }

    /** What messages start with: {@code perfmon agent}, {@code stress agent}. */
    protected String name() {
        return displayName != null ? displayName : spec.qualifiedName();
    }

    protected CommandSpec spec() {
        return spec;
    }

    protected int tcpPort() {
        return tcpPort;
    }

    protected int udpPort() {
        return udpPort;
    }

    protected boolean autoShutdown() {
        return autoShutdown;
    }

    /**
     * The agent's own log level; in its own JVM also slf4j-simple's format. slf4j-simple reads its settings when a
     * logger is made, so this runs before the agent's classes log anything; a level already set as a system
     * property wins.
     */
    private void configureLogging() {
        setIfAbsent("org.slf4j.simpleLogger.log.io.dubbostress.perfmon", logLevel());
        if (standalone) {
            setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
            setIfAbsent("org.slf4j.simpleLogger.showDateTime", "true");
            setIfAbsent("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd HH:mm:ss.SSS");
            setIfAbsent("org.slf4j.simpleLogger.showThreadName", "false");
        }
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }

    /** {@code --version}: this build of the agent. */
    public static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = AgentCommand.class.getPackage().getImplementationVersion();
            return new String[] {"dubbo-stress perfmon agent " + (version == null ? "(development build)" : version)};
        }
    }
}
