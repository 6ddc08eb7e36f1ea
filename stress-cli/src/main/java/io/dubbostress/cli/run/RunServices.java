package io.dubbostress.cli.run;

import io.dubbostress.cli.home.StressHome;
import io.dubbostress.cli.metrics.JvmReadings;
import io.dubbostress.cli.service.AgentArguments;
import io.dubbostress.cli.process.FreePorts;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ListeningProcess;
import io.dubbostress.cli.process.ManagedProcess;
import io.dubbostress.cli.process.ProcessFailedException;
import io.dubbostress.cli.service.ServiceCommands;
import io.dubbostress.cli.UserError;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.ServiceState;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The services of one run, from start to stop: the provider, the consumer (when a hop scenario runs) and the PerfMon
 * agent, each started on a free port of 127.0.0.1 and waited for, or given ({@code --provider}, {@code --consumer-url},
 * {@code --agent}) and left alone. What happens to each is recorded in run.json's {@code services}.
 */
final class RunServices {

    private static final Duration SERVICE_START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration AGENT_START_TIMEOUT = Duration.ofSeconds(60);

    private final RunSettings settings;
    private final StressHome home;
    private final JavaRuntime java;
    private final RunLayout layout;
    private final RunManifest manifest;
    private final PrintStream err;
    private final List<ManagedProcess> processes = new ArrayList<>();
    private final ServiceEndpoints endpoints = new ServiceEndpoints();
    /** Set by {@link #stop()}: a service start racing a Ctrl-C must not outlive the run. */
    private boolean stopped;

    RunServices(RunSettings settings, StressHome home, JavaRuntime java, RunLayout layout, RunManifest manifest,
            PrintStream err) {
        this.settings = settings;
        this.home = home;
        this.java = java;
        this.layout = layout;
        this.manifest = manifest;
        this.err = err;
    }

    /** Where the plans send their calls and read their metrics. */
    ServiceEndpoints endpoints() {
        return endpoints;
    }

    /** Starts (or takes as given) every service the run needs, waiting for each to be ready. */
    void start() {
        endpoints.registry = settings.services().registry();
        endpoints.providerUrl = settings.dubbo3Sampler() ? settings.services().providerUrl().url() : "";
        if (settings.services().provider() != null) {
            endpoints.providerHost = settings.services().provider().host;
            endpoints.providerPort = settings.services().provider().port;
            external("provider", endpoints.providerAddress());
            endpoints.givenProviderPid = givenHere("provider", "--provider", endpoints.providerHost,
                    endpoints.providerPort);
        } else {
            startProvider();
        }
        if (settings.needsConsumer()) {
            if (settings.services().consumerUrl() != null) {
                endpoints.consumerUrl = settings.services().consumerUrl();
                external("consumer", endpoints.consumerUrl);
                endpoints.givenConsumerPid = givenHere("consumer", "--consumer-url", endpoints.consumerHost(),
                        endpoints.consumerPort());
            } else {
                startConsumer();
            }
        }
        if (settings.services().agent() != null) {
            endpoints.agentHost = settings.services().agent().host;
            endpoints.agentPort = settings.services().agent().port;
            external("agent", settings.services().agent().toString());
        } else {
            startAgent(FreePorts.tcp());
        }
        decideJvmReadings();
    }

    /**
     * Which JVMs the agent can be asked about while the scenarios run ({@link JvmReadings}): those the run started, by
     * their process ids, when the agent is on this machine. What cannot be read is said once, and kept in run.json.
     */
    private void decideJvmReadings() {
        List<String> notRead = manifest.jvmMetricsNotRead;
        endpoints.agentHere = settings.services().agent() == null
                || JvmReadings.isThisMachine(settings.services().agent().host);
        if (!endpoints.agentHere) {
            notRead.add("JVM metrics: the PerfMon agent " + settings.services().agent() + " (--agent) is on another"
                    + " host: the process ids of the JVMs this run started mean nothing there, so their threads, open"
                    + " files and context switches are not read (the agent's host's context switches are)");
        } else {
            if (settings.services().provider() != null) {
                notRead.add("JVM metrics: the provider was given by address (--provider " + endpoints.providerAddress()
                        + "): the run does not know its process, so its threads, open files and context switches are"
                        + " not read");
            }
            if (settings.needsConsumer() && settings.services().consumerUrl() != null) {
                notRead.add("JVM metrics: the consumer was given by address (--consumer-url " + endpoints.consumerUrl
                        + "): the run does not know its process, so its threads, open files and context switches are"
                        + " not read");
            }
        }
        notRead.forEach(line -> err.println("stress run: " + line));
    }

    /**
     * The capacity search counts the CPU of the provider and the consumer apart from the machine's other processes: one
     * given by address on this machine is found by the port it listens on ({@link ListeningProcess}), named on the
     * console and in run.json's note; -1 when not searching, not on this machine, or not found (then said: its CPU
     * counts as other processes').
     */
    private long givenHere(String name, String option, String host, int port) {
        if (settings.capacity() == null || !JvmReadings.isThisMachine(host)) {
            return -1;
        }
        ListeningProcess found = ListeningProcess.onPort(Path.of("/proc"), port);
        RunManifest.ServiceRecord r = manifest.service(name);
        if (found == null) {
            r.note = "on this machine, but no process found listening on port " + port + ": its CPU counts as other"
                    + " processes'";
            err.println("stress run: the " + name + " given by " + option + " is on this machine, but no process was"
                    + " found listening on port " + port + " (another user's?): the capacity search counts its CPU as"
                    + " other processes'");
            return -1;
        }
        r.note = "on this machine: " + found.description();
        err.println("stress run: the " + name + " given by " + option + " is on this machine: " + found.description()
                + "; the capacity search counts its CPU as the " + name + "'s");
        return found.pid();
    }

    private void external(String name, String address) {
        RunManifest.ServiceRecord r = manifest.service(name);
        r.address = address;
        r.state = ServiceState.EXTERNAL;
    }

    private void startProvider() {
        ServiceCommands.ProviderSettings s = new ServiceCommands.ProviderSettings();
        s.port = FreePorts.tcp();
        s.host = "127.0.0.1";
        s.cpuIterations = settings.harness().cpuIterations();
        s.registry = settings.services().registry();
        Path gcLog = layout.gcLog("provider");
        List<String> command = ServiceCommands.provider(java, home.providerJar(), settings.harness().providerJvmArgs(), gcLog, s);
        ManagedProcess provider = startService("provider", command, "stress-provider ready:");
        endpoints.providerHost = "127.0.0.1";
        endpoints.providerPort = s.port;
        endpoints.providerPid = provider.pid();
        record("provider", "127.0.0.1:" + s.port, provider, settings.harness().providerJvmArgs(), gcLog);
    }

    private void startConsumer() {
        ServiceCommands.ConsumerSettings s = new ServiceCommands.ConsumerSettings();
        s.port = FreePorts.tcp();
        s.host = "127.0.0.1";
        s.timeoutMs = settings.harness().timeoutMs();
        if (settings.services().registry().isEmpty()) {
            s.providerUrl = "dubbo://" + endpoints.providerAddress();
        } else {
            s.registry = settings.services().registry();
        }
        Path gcLog = layout.gcLog("consumer");
        List<String> command = ServiceCommands.consumer(java, home.consumerJar(), settings.harness().consumerJvmArgs(), gcLog, s);
        ManagedProcess consumer = startService("consumer", command, "stress-consumer ready:");
        endpoints.consumerUrl = "http://127.0.0.1:" + s.port;
        endpoints.consumerPid = consumer.pid();
        record("consumer", endpoints.consumerUrl, consumer, settings.harness().consumerJvmArgs(), gcLog);
    }

    private void startAgent(int port) {
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.add("-Xmx128m");
        command.add("-jar");
        command.add(home.agentJar().toString());
        command.addAll(AgentArguments.listenOn("127.0.0.1", port));
        Path log = layout.serviceLog("agent");
        long started = System.nanoTime();
        err.printf("stress run: starting the PerfMon agent on 127.0.0.1:%d ...%n", port);
        ManagedProcess agent = launch("agent", command, log);
        agent.awaitPort("127.0.0.1", port, AGENT_START_TIMEOUT);
        err.printf("stress run: PerfMon agent ready (%.1f s)%n", (System.nanoTime() - started) / 1e9);
        endpoints.agentHost = "127.0.0.1";
        endpoints.agentPort = port;
        RunManifest.ServiceRecord r = manifest.service("agent");
        r.address = "127.0.0.1:" + port;
        r.startedByRun = true;
        r.pid = agent.pid();
        r.log = layout.root().relativize(log).toString();
        r.state = ServiceState.RUNNING;
    }

    private ManagedProcess startService(String name, List<String> command, String readyMarker) {
        Path log = layout.serviceLog(name);
        long started = System.nanoTime();
        err.printf("stress run: starting the %s ...%n", name);
        ManagedProcess process = launch(name, command, log);
        process.awaitLogLine(line -> line.contains(readyMarker), name + "'s ready line", SERVICE_START_TIMEOUT);
        err.printf("stress run: %s ready (%.1f s)%n", name, (System.nanoTime() - started) / 1e9);
        return process;
    }

    /** Starts a service unless the run is already stopping (then it is a {@link ProcessFailedException}). */
    private synchronized ManagedProcess launch(String name, List<String> command, Path log) {
        if (stopped) {
            throw new ProcessFailedException("the run is stopping; the " + name + " was not started");
        }
        ManagedProcess process = ManagedProcess.start(name, command, Map.of(), log);
        processes.add(process);
        return process;
    }

    private void record(String name, String address, ManagedProcess process, String jvmArgs, Path gcLog) {
        RunManifest.ServiceRecord r = manifest.service(name);
        r.address = address;
        r.startedByRun = true;
        r.pid = process.pid();
        r.jvmArgs = jvmArgs;
        r.gcLog = layout.root().relativize(gcLog).toString();
        r.log = layout.root().relativize(process.log()).toString();
        r.state = ServiceState.RUNNING;
    }

    /**
     * The run's own PerfMon agent died during a scenario: server metrics matter less than the run, so the run goes
     * on, with the agent started again on its port for the next scenario (without it, the next scenarios' PerfMon
     * CSVs hold an error row per interval).
     */
    void restartAgentIfItDied(String scenario) {
        ManagedProcess agent = null;
        for (ManagedProcess service : processes) {
            if (service.name().equals("agent") && !service.isAlive()) {
                agent = service;
            }
        }
        if (agent == null) {
            return;
        }
        synchronized (this) {
            processes.remove(agent);
        }
        String died = "with code " + agent.exitValue() + " during " + scenario;
        err.println("stress run: the PerfMon agent exited " + died + "; starting it again on its port");
        RunManifest.ServiceRecord r = manifest.service("agent");
        try {
            startAgent(endpoints.agentPort);
            r.note = "started again: it exited " + died;
        } catch (ProcessFailedException | UserError | UncheckedIOException e) {
            err.println("stress run: the PerfMon agent did not start again (" + String.valueOf(e.getMessage()).lines()
                    .findFirst().orElse("") + "); the next scenarios have no server metrics");
            r.state = ServiceState.EXITED;
            r.note = died;
        }
    }

    /** The first service (other than the agent) that ended by itself, said as a sentence; null when all run. */
    String deadService() {
        for (ManagedProcess service : processes) {
            if (!service.isAlive() && !service.name().equals("agent")) {
                RunManifest.ServiceRecord r = manifest.service(service.name());
                r.state = ServiceState.EXITED;
                r.note = "with code " + service.exitValue() + " during the run";
                return "the " + service.name() + " exited with code " + service.exitValue() + " during the run";
            }
        }
        return null;
    }

    /** Stops what the run started, last started first; what they were doing stays in their notes. */
    void stop() {
        List<ManagedProcess> reversed;
        synchronized (this) {
            stopped = true;
            reversed = new ArrayList<>(processes);
        }
        Collections.reverse(reversed);
        for (ManagedProcess service : reversed) {
            boolean wasAlive = service.isAlive();
            service.stop(Duration.ofSeconds(20));
            if (wasAlive) {
                manifest.service(service.name()).state = ServiceState.STOPPED_BY_RUN;
            }
        }
    }
}
