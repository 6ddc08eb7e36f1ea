package io.dubbostress.cli.run;

import io.dubbostress.report.UserError;
import io.dubbostress.report.Warmup;
import io.dubbostress.cli.options.HarnessDefaults;
import io.dubbostress.cli.options.HarnessOptions;
import io.dubbostress.cli.service.ServiceCommands;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stress run}: the whole comparison from one command. Starts the provider, the consumer and the PerfMon agent
 * on free loopback ports (or uses servers given), runs each scenario's plan in JMeter, gathers JTLs, PerfMon CSVs and
 * GC logs into one folder, and ends with the report.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs the comparison: starts the provider, the consumer and the PerfMon agent on this machine (loopback, "
                    + "free ports), runs each scenario's plan in JMeter (non-GUI), collects everything into one "
                    + "folder and writes the report.",
            "",
            "Scenarios are <kind>-<payload>. Kinds: direct (Dubbo Sampler -> provider), hop (the Dubbo Sampler's "
                    + "HTTP target -> consumer -> provider), hop-http (JMeter's own HTTP Request sampler -> consumer "
                    + "-> provider). Payloads: 1k, 100k, 512 (bytes), ...",
            "",
            "Ctrl-C stops the run cleanly: JMeter finishes the samples in flight, the services stop, and what was "
                    + "recorded is reported.",
            ""},
        footer = {"", "Examples:",
            "  stress run --duration 30s        the four scenarios, 30 s each",
            "  stress run                       20 threads x 10 minutes x 4 scenarios",
            "  stress run --scenarios direct-1k,hop-1k --threads 50 --rate 2000",
            "  stress run --scenarios direct-1k,hop-1k --duration 20s --find-max-rate --slo p99=20ms",
            "  stress run --provider 10.0.0.5:20880 --consumer-url http://10.0.0.6:8080 \\",
            "             --agent 10.0.0.5:4444"})
public class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results folder. Default: results/<yyyyMMdd-HHmmss> under the current folder.")
    Path out;

    @Mixin
    HarnessOptions harness = new HarnessOptions();

    @Option(names = "--scenarios", paramLabel = "LIST", defaultValue = Scenario.DEFAULT_MATRIX,
            description = "Comma-separated scenarios, run in this order. Default: ${DEFAULT-VALUE}.")
    String scenarios;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "10m", converter = DurationConverter.class,
            description = "Length of each scenario (30s, 10m, 1h). Default: ${DEFAULT-VALUE}.")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Start of each scenario left out of the report's steady-state figures. Default: the "
                    + "ramp-up plus 10%% of --duration (at most 60s), never more than half the duration: every "
                    + "thread's first call (its connect) starts inside it.")
    Duration warmup;

    @Option(names = "--rampup", paramLabel = "TIME", defaultValue = "1s", converter = DurationConverter.class,
            description = "Time to start all threads. Default: ${DEFAULT-VALUE}.")
    Duration rampup;

    @Option(names = "--rate", paramLabel = "RATE", defaultValue = "0", converter = RateSchedule.Converter.class,
            description = "Target calls/s for all threads together, paced by the plans' Target Rate Schedule (response "
                    + "times counted from each call's due time): 0 = none (closed model, default), 500 = constant, "
                    + "100,200,400 = steps splitting the duration evenly, 100:30s,200:1m = steps with lengths, "
                    + "0..1000:60s,1000 = a linear ramp. With --find-max-rate: the first trial's rate (default 100).")
    RateSchedule rate;

    @Option(names = "--find-max-rate", description = "Capacity search: per scenario, steps of --duration at a "
            + "constant rate, doubling from --rate while the --slo holds, then bisecting, up to --search-trials; the "
            + "steps run as steps of one JMeter run (after every thread's opening call), each judged over its own "
            + "window after --warmup: held, broke or not sure, and what limited it (the provider, the load generator, "
            + "the machine, the SLO). Reports the answer and the curve (capacity.md, capacity.json, the console).")
    boolean findMaxRate;

    @Option(names = "--slo", paramLabel = "SLO", converter = Slo.Converter.class,
            description = "With --find-max-rate: limits on the response time from the due time and an error budget, "
                    + "e.g. p99=20ms or p50=2ms,p99=20ms,errors=0.5%% (default error budget 1%%).")
    Slo slo;

    @Option(names = "--search-trials", paramLabel = "N", defaultValue = "8",
            description = "With --find-max-rate: at most this many steps per scenario. Default: ${DEFAULT-VALUE}.")
    int searchTrials;

    @Option(names = "--jmeter-jvm-args", paramLabel = "ARGS", defaultValue = HarnessDefaults.LOAD_JVM_ARGS,
            description = "JVM options of JMeter. Default: ${DEFAULT-VALUE}.")
    String jmeterJvmArgs;

    @Option(names = "--jmeter-home", paramLabel = "DIR",
            description = "Use this JMeter (5.1.1 to 5.6.3) instead of the embedded 5.6.3. Our sampler and the PerfMon "
                    + "collector are added to it for the run if it lacks them; its files are not changed.")
    Path jmeterHome;

    @Option(names = "--provider", paramLabel = "HOST:PORT",
            description = "Use this running provider instead of starting one.")
    String provider;

    @Option(names = "--provider-url", paramLabel = "URL",
            description = "Use this running provider with the Dubbo 3.3 sampler (jmeter-dubbo3-sampler) instead of "
                    + "starting one: tri://HOST:PORT (triple) or dubbo://HOST:PORT. It must export "
                    + "io.dubbostress.api.StressTestService (a Dubbo 3.x provider, or the reference one).")
    String providerUrl;

    @Option(names = "--consumer-url", paramLabel = "URL",
            description = "Use this running consumer (e.g. http://10.0.0.6:8080) instead of starting one.")
    String consumerUrl;

    @Option(names = "--agent", paramLabel = "HOST:PORT",
            description = "Use this running PerfMon agent instead of starting one.")
    String agent;

    @Option(names = "--registry", paramLabel = "URL",
            description = "Discover the provider through this registry (e.g. zookeeper://127.0.0.1:2181) instead of "
                    + "calling it directly; a provider the run starts registers there.")
    String registry;

    @Option(names = "--remote", paramLabel = "HOSTS", split = ",",
            description = "Run the plans on these JMeter servers (jmeter-server, host or host:port) with JMeter's "
                    + "distributed mode; they need our sampler in their lib/ext.")
    List<String> remote = new ArrayList<>();

    @Option(names = "--rmi-hostname", paramLabel = "ADDRESS",
            description = "With --remote: the address of this machine the servers call back (JMeter's "
                    + "java.rmi.server.hostname of the client). Default: the local address that routes to the first "
                    + "server.")
    String rmiHostname;

    @Option(names = "--rmi-local-port", paramLabel = "PORT", defaultValue = "0",
            description = "With --remote: the first port the servers call back on (JMeter's client.rmi.localport; "
                    + "open it and the next ones in a firewall). Default: 0, any.")
    int rmiLocalPort;

    @Option(names = "--generator-agents", paramLabel = "HOST:PORT", split = ",",
            description = "With --remote: PerfMon agents on the load generators (stress agent --bind ADDRESS), read "
                    + "while each scenario runs so the report shows the generators' CPU, memory and network too.")
    List<String> generatorAgents = new ArrayList<>();

    @Option(names = "--rmi-keystore", paramLabel = "FILE",
            description = "With --remote: RMI over SSL with this keystore (make it with `stress rmi-keystore`, copy it "
                    + "to every server). Default: none, RMI over plain sockets (start the servers with "
                    + "-Jserver.rmi.ssl.disable=true).")
    Path rmiKeystore;

    @Option(names = "--no-dashboard", description = "Skip JMeter's HTML dashboard per scenario.")
    boolean noDashboard;

    @Override
    public Integer call() {
        RunSettings settings = settings();
        PrintStream err = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true);
        // threads the machine cannot hold are refused (a UserError, exit 2) before anything starts
        for (String warning : ThreadBudget.onThisMachine().check(settings)) {
            err.println("stress run: warning: " + warning);
        }
        RunSession session = new RunSession(settings, StressHome.fromSystemProperty(), err,
                spec.commandLine().getOut(), System.console() != null);
        return session.execute();
    }

    RunSettings settings() {
        RunSettings s = new RunSettings();
        s.scenarios = Scenario.parseList(scenarios);
        harness.validate();
        s.threads = harness.threads;
        if (duration.isZero() || duration.isNegative()) {
            throw new UserError("Invalid value for option '--duration': must be at least 1s");
        }
        wholeSeconds("--duration", duration);
        s.duration = duration;
        s.warmup = warmup != null ? warmup : defaultWarmup(duration, rampup);
        if (s.warmup.compareTo(duration) >= 0) {
            throw new UserError("Invalid value for option '--warmup': " + DurationConverter.format(s.warmup)
                    + " is not shorter than --duration " + DurationConverter.format(duration));
        }
        wholeSeconds("--rampup", rampup);
        s.rampup = rampup;
        if (rampup.compareTo(duration) > 0) {
            throw new UserError("Invalid value for option '--rampup': " + DurationConverter.format(rampup)
                    + " is longer than --duration " + DurationConverter.format(duration));
        }
        s.rate = rate;
        if (findMaxRate) {
            if (slo == null) {
                throw new UserError("Option '--find-max-rate' needs '--slo', e.g. --slo p99=20ms");
            }
            if (rate.isOpen() && (rate.segments().size() != 1 || rate.segments().get(0).contains(":")
                    || rate.segments().get(0).contains(".."))) {
                throw new UserError("Invalid value for option '--rate': with --find-max-rate it is the first trial's "
                        + "constant rate, e.g. 200, not '" + rate.asProperty() + "'");
            }
            if (!remote.isEmpty()) {
                // each server's schedule starts after its own opening calls, and says so in its own jmeter.log: the
                // steps' windows on the controller would be guesses
                throw new UserError("Option '--find-max-rate' cannot be used with '--remote': the search judges each "
                        + "step from the moment this machine's JMeter started its schedule; run it with a local JMeter");
            }
            if (searchTrials < 1) {
                throw new UserError("Invalid value for option '--search-trials': " + searchTrials
                        + " (at least 1)");
            }
            s.slo = slo;
            s.searchTrials = searchTrials;
            s.rate = rate.isOpen() ? rate : RateSchedule.constant(100);
            slo.checkTrial(Double.parseDouble(s.rate.segments().get(0)), duration.minus(s.warmup));
        } else if (slo != null) {
            throw new UserError("Option '--slo' is for the capacity search: add --find-max-rate");
        }
        // what the plans' Target Rate Schedule would refuse at its first call, or cut at the run's end
        s.rate.check(s.threads, s.duration);
        s.timeoutMs = harness.timeoutMs;
        s.cpuIterations = harness.cpuIterations;
        s.providerJvmArgs = harness.providerJvmArgs;
        s.consumerJvmArgs = harness.consumerJvmArgs;
        s.jmeterJvmArgs = jmeterJvmArgs;
        s.jmeterHome = jmeterHome;
        s.externalProvider = provider == null ? null : HostPort.parse("--provider", provider);
        if (providerUrl != null) {
            if (provider != null || registry != null) {
                throw new UserError("Invalid value for option '--provider-url': it names the provider, so it cannot be"
                        + " combined with --provider or --registry");
            }
            s.providerUrl = providerUrl(providerUrl);
            s.externalProvider = HostPort.parse("--provider-url", s.providerUrl.substring(s.providerUrl.indexOf("://")
                    + 3));
        }
        s.externalConsumerUrl = consumerUrl == null ? null : HttpUrl.check("--consumer-url", consumerUrl);
        if (s.providerUrl.startsWith("tri://") && s.needsConsumer() && s.externalConsumerUrl == null) {
            throw new UserError("Invalid value for option '--provider-url': the hop scenarios' consumer (Dubbo 2.7) "
                    + "cannot call tri://: run the direct scenarios only (--scenarios direct-1k,direct-100k) or give a "
                    + "dubbo:// URL");
        }
        s.externalAgent = agent == null ? null : HostPort.parse("--agent", agent);
        s.registry = registry == null ? "" : registry.trim();
        if (!s.registry.isEmpty() && !s.registry.matches("[a-z][a-z0-9+.-]*://\\S+")) {
            throw new UserError("Invalid value for option '--registry': '" + registry + "' is not a registry URL "
                    + "(e.g. zookeeper://127.0.0.1:2181)");
        }
        for (String host : remote) {
            if (host.trim().isEmpty() || host.contains(" ")) {
                throw new UserError("Invalid value for option '--remote': '" + host + "' is not a host or host:port");
            }
            if (host.indexOf(':') >= 0 && host.indexOf(':') == host.lastIndexOf(':')) {
                HostPort.parse("--remote", host); // the port checked now, not when JMeter fails to reach it
            }
        }
        s.remoteHosts = remote;
        if (rmiLocalPort < 0 || rmiLocalPort > 65535) {
            throw new UserError("Invalid value for option '--rmi-local-port': " + rmiLocalPort + " is not a port");
        }
        if (rmiKeystore != null && !java.nio.file.Files.isReadable(rmiKeystore)) {
            throw new UserError("Invalid value for option '--rmi-keystore': '" + rmiKeystore + "' is not a readable "
                    + "file (make one with `stress rmi-keystore`)");
        }
        if (rmiKeystore != null && rmiLocalPort != 0) {
            // measured with JMeter 5.6.3: each callback object is exported with its own SSL socket factory on the
            // pinned ports, the second bind fails ("Address already in use") and no server starts the test
            throw new UserError("Invalid value for option '--rmi-local-port': " + rmiLocalPort + " cannot be used with "
                    + "--rmi-keystore: JMeter's SSL callbacks fail to share pinned ports (\"Address already in use\"); "
                    + "with SSL the servers call back on any port of this machine");
        }
        for (String agentAddress : generatorAgents) {
            s.generatorAgents.add(HostPort.parse("--generator-agents", agentAddress));
        }
        if (!s.generatorAgents.isEmpty() && remote.isEmpty()) {
            throw new UserError("Invalid value for option '--generator-agents': it needs --remote (the generators' "
                    + "agents); without --remote the load generator is this machine, watched by --agent");
        }
        s.rmiHostname = rmiHostname;
        s.rmiLocalPort = rmiLocalPort;
        s.rmiKeystore = rmiKeystore == null ? null : rmiKeystore.toAbsolutePath();
        // the shares, and an address the servers can call back, are checked before anything starts
        if (!remote.isEmpty()) {
            s.generators().threadsPerServer(s.threads);
            s.generators().callbackAddress();
        }
        s.dashboard = !noDashboard;
        s.out = out != null ? io.dubbostress.cli.OutFolder.check("--out", out) : RunFolderSetup.defaultLocation();
        s.outIsStampedDefault = out == null;
        return s;
    }

    /** {@code tri://host:port} or {@code dubbo://host:port}, else a one-line error naming the option. */
    static String providerUrl(String text) {
        String t = text.trim();
        if (!t.matches("(tri|dubbo)://[^/?\\s]+")) {
            throw new UserError("Invalid value for option '--provider-url': '" + text + "' is not tri://HOST:PORT or "
                    + "dubbo://HOST:PORT");
        }
        return t;
    }

    /** JMeter's thread group takes whole seconds: 1.5s would silently become 1s. */
    private static void wholeSeconds(String option, Duration value) {
        if (value.toMillis() % 1000 != 0) {
            throw new UserError("Invalid value for option '" + option + "': " + DurationConverter.format(value)
                    + " is not a whole number of seconds (JMeter's thread group counts in seconds)");
        }
    }

    /**
     * The ramp-up (every thread's first call, connect included, starts inside it: samples are placed by their start)
     * plus the report's own default ({@link Warmup#defaultMs}: 10 % of the duration, at most 60 s), never more than
     * half the duration; in tenths of a second. A 5 s run with the default 1 s ramp-up: 1.5 s.
     */
    static Duration defaultWarmup(Duration duration, Duration rampup) {
        long ms = Math.min(rampup.toMillis() + Warmup.defaultMs(duration.toMillis()), duration.toMillis() / 2);
        return Duration.ofMillis(ms / 100 * 100);
    }
}
