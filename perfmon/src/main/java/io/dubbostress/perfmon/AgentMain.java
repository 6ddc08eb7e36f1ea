package io.dubbostress.perfmon;

import java.io.IOException;
import java.io.PrintStream;

/**
 * {@code java -jar perfmon-agent.jar [options]}: starts an agent, prints where it listens, runs until stopped
 * (Ctrl-C / SIGTERM, or a {@code shutdown} it allows). Exit codes: 0 stopped, 1 could not start (port in use),
 * 2 a bad option (the message names it).
 *
 * <pre>{@code
 * $ java -jar perfmon/target/perfmon-agent.jar --tcp-port 4444
 * perfmon agent listening on tcp 127.0.0.1:4444 (udp off); exec off, tail off, shutdown off; at most 16 clients
 * }</pre>
 */
public final class AgentMain {

    private AgentMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs until the agent stops; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("perfmon agent: " + e.getMessage());
            return 2;
        }
        if (options.help()) {
            out.println(AgentOptions.USAGE);
            return 0;
        }
        if (options.version()) {
            out.println("dubbo-stress perfmon agent " + version());
            return 0;
        }
        configureLogging(options.logLevel());
        PerfMonAgent agent;
        try {
            agent = PerfMonAgent.start(options.settings());
        } catch (IOException e) {
            AgentSettings settings = options.settings();
            err.println("perfmon agent: cannot listen on " + settings.bindAddress().getHostAddress() + ":"
                    + settings.tcpPort() + ": " + e.getMessage());
            return 1;
        }
        Thread hook = new Thread(agent::close, "perfmon-agent-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        if (options.sysinfo()) {
            out.println("perfmon agent host: " + agent.host().describe());
        }
        out.println(agent.listeningLine());
        if (!options.settings().loopbackOnly()) {
            out.println("perfmon agent: reachable from other hosts (--bind "
                    + options.settings().bindAddress().getHostAddress() + "); anyone who can connect can read"
                    + " this host's metrics");
        }
        out.flush();
        try {
            agent.awaitStop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            agent.close();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
        out.println("perfmon agent stopped");
        return 0;
    }

    /** slf4j-simple reads its settings once, when the first logger is made: before anything logs. */
    private static void configureLogging(String level) {
        setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        setIfAbsent("org.slf4j.simpleLogger.log.io.dubbostress.perfmon", level);
        setIfAbsent("org.slf4j.simpleLogger.showDateTime", "true");
        setIfAbsent("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd HH:mm:ss.SSS");
        setIfAbsent("org.slf4j.simpleLogger.showThreadName", "false");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }

    static String version() {
        String version = AgentMain.class.getPackage().getImplementationVersion();
        return version == null ? "(development build)" : version;
    }
}
