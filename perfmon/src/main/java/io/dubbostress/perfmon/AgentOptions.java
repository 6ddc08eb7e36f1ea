package io.dubbostress.perfmon;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * The command line of {@code java -jar perfmon-agent.jar}: our options, plus the classic agent's
 * ({@code --tcp-port}, {@code --udp-port}, {@code --interval}, {@code --auto-shutdown}, {@code --loglevel},
 * {@code --sysinfo}, {@code --no-exec}, {@code --agent-version}) so its start lines work unchanged, with safe
 * defaults. A bad option is an {@link IllegalArgumentException} naming it and its value.
 *
 * <pre>{@code
 * AgentOptions options = AgentOptions.parse(new String[] {"--tcp-port", "4444", "--bind", "0.0.0.0"});
 * AgentSettings settings = options.settings();
 * }</pre>
 */
public final class AgentOptions {

    public static final String USAGE = String.join("\n",
            "Usage: java -jar perfmon-agent.jar [options]",
            "A PerfMon server agent for JMeter's PerfMon Metrics Collector (the classic ServerAgent's protocol).",
            "",
            "  --bind ADDRESS        address to listen on (default 127.0.0.1; 0.0.0.0 = every interface, reachable",
            "                        from other hosts)",
            "  --tcp-port N          TCP port (default 4444; 0 = any free port, printed at start). Also: --port",
            "  --udp-port N          also listen on UDP, at port N (0 = no UDP, the default)",
            "  --interval SECONDS    seconds between lines until a client sends interval:N (default 1)",
            "  --max-clients N       clients served at once (default 16); more are told so and closed",
            "  --idle-timeout SEC    close a client that streams nothing and sends nothing this long (default 600)",
            "  --allow-exec          let clients run commands on this host (exec metric). Off by default",
            "  --allow-tail FILE     let clients read the last line of FILE (tail metric); repeat for more files",
            "  --allow-shutdown      let a client stop the agent with the shutdown command",
            "  --auto-shutdown       stop when the last client disconnects",
            "  --loglevel LEVEL      debug, info (default), warn or error",
            "  --sysinfo             print what the agent sees of this host, then start",
            "  --no-exec             accepted for the classic's command lines (exec is off unless --allow-exec)",
            "  --version             print the version and exit. Also: --agent-version",
            "  --help                print this and exit",
            "",
            "Stop it with Ctrl-C (SIGTERM), or with the shutdown command when --allow-shutdown is given.");

    private final AgentSettings settings;
    private final boolean help;
    private final boolean version;
    private final boolean sysinfo;
    private final String logLevel;

    private AgentOptions(AgentSettings settings, boolean help, boolean version, boolean sysinfo, String logLevel) {
        this.settings = settings;
        this.help = help;
        this.version = version;
        this.sysinfo = sysinfo;
        this.logLevel = logLevel;
    }

    public static AgentOptions parse(String[] args) {
        AgentSettings.Builder builder = AgentSettings.builder();
        boolean help = false;
        boolean version = false;
        boolean sysinfo = false;
        String logLevel = "info";
        Iterator<String> it = Arrays.asList(args).iterator();
        while (it.hasNext()) {
            String option = it.next();
            switch (option) {
                case "--bind":
                    builder.bind(value(option, it));
                    break;
                case "--tcp-port":
                case "--port":
                    builder.tcpPort(integer(option, value(option, it)));
                    break;
                case "--udp-port":
                    builder.udpPort(integer(option, value(option, it)));
                    break;
                case "--interval":
                    builder.intervalSeconds(decimal(option, value(option, it)));
                    break;
                case "--max-clients":
                    builder.maxClients(integer(option, value(option, it)));
                    break;
                case "--idle-timeout":
                    builder.idleTimeoutMillis((long) (decimal(option, value(option, it)) * 1000));
                    break;
                case "--allow-exec":
                    builder.allowExec(true);
                    break;
                case "--allow-tail":
                    builder.allowTail(value(option, it));
                    break;
                case "--allow-shutdown":
                    builder.allowShutdown(true);
                    break;
                case "--auto-shutdown":
                    builder.autoShutdown(true);
                    break;
                case "--loglevel":
                    logLevel = logLevel(value(option, it));
                    break;
                case "--sysinfo":
                    sysinfo = true;
                    break;
                case "--no-exec":
                    break;
                case "--version":
                case "--agent-version":
                    version = true;
                    break;
                case "--help":
                case "-h":
                    help = true;
                    break;
                default:
                    throw new IllegalArgumentException("unknown option '" + option + "' (--help lists the options)");
            }
        }
        return new AgentOptions(builder.build(), help, version, sysinfo, logLevel);
    }

    private static String value(String option, Iterator<String> it) {
        if (!it.hasNext()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return it.next();
    }

    private static int integer(String option, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + value + "' is not a whole number");
        }
    }

    private static double decimal(String option, String value) {
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + value + "' is not a number");
        }
    }

    private static String logLevel(String value) {
        String level = value.trim().toLowerCase(Locale.ROOT);
        List<String> known = Arrays.asList("trace", "debug", "info", "warn", "error");
        if (!known.contains(level)) {
            throw new IllegalArgumentException("--loglevel '" + value + "' is not one of debug, info, warn, error");
        }
        return level;
    }

    public AgentSettings settings() {
        return settings;
    }

    public boolean help() {
        return help;
    }

    public boolean version() {
        return version;
    }

    public boolean sysinfo() {
        return sysinfo;
    }

    public String logLevel() {
        return logLevel;
    }
}
