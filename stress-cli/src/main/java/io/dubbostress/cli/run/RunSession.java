package io.dubbostress.cli.run;

import io.dubbostress.cli.gc.GcCommand;
import io.dubbostress.cli.report.ReportCommand;
import io.dubbostress.report.ReportBuilder;
import io.dubbostress.report.UserError;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ManagedProcess;
import io.dubbostress.cli.process.ProcessFailedException;
import io.dubbostress.cli.process.ProcessReaper;
import io.dubbostress.report.perfmon.PerfMonCoverage;
import io.dubbostress.cli.service.ServiceCommands;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One {@code stress run}, start to end: folder, services, the scenarios one after another, then the closing steps
 * (stop services, dashboards, GC analyses, report). A Ctrl-C or SIGTERM lands in {@link #onShutdown()}, which asks
 * JMeter to finish gracefully and runs the same closing steps on what was recorded.
 */
final class RunSession {

    static final String DEFAULT_JMETER_JVM_ARGS = "-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxGCPauseMillis=100";

    private static final Duration SERVICE_START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration JMETER_SHUTDOWN_GRACE = Duration.ofSeconds(30);

    private final RunSettings settings;
    private final StressHome home;
    private final PrintStream err;
    private final PrintWriter out;
    private final boolean terminal;
    private final JavaRuntime java = JavaRuntime.current();
    private final RunManifest manifest = new RunManifest();
    private final ServiceEndpoints endpoints = new ServiceEndpoints();
    private final List<ManagedProcess> services = new ArrayList<>();
    private final Object finishLock = new Object();
    private final Runnable shutdownHook = this::onShutdown;

    private RunFolder folder;
    private JMeterHome jmeter;
    private List<Path> pluginJarsToAdd = new ArrayList<>();
    private volatile JMeterRun currentRun;
    private volatile boolean interrupted;
    private boolean finished;
    private int exitCode;

    RunSession(RunSettings settings, StressHome home, PrintStream err, PrintWriter out, boolean terminal) {
        this.settings = settings;
        this.home = home;
        this.err = err;
        this.out = out;
        this.terminal = terminal;
    }

    int execute() {
        jmeter = resolveJMeter();
        checkPieces();
        folder = RunFolder.create(settings.out, minFreeBytes());
        manifest.settings.putAll(settings.asMap());
        manifest.versions.putAll(BuildVersions.all());
        manifest.versions.put("jmeterUsed", jmeter.version());
        manifest.versions.put("java", System.getProperty("java.runtime.version"));
        manifest.warmupSeconds = settings.warmup.toMillis() / 1000.0;
        for (Scenario s : settings.scenarios) {
            manifest.scenarios.add(new RunManifest.ScenarioRecord(s.name(), s.kind().planFile(), s.payloadBytes()));
        }
        writeManifest();
        ProcessReaper.beforeReaping(shutdownHook);
        try {
            err.printf("stress run: %d scenario(s) x %s, %d threads, rate %s -> %s%n", settings.scenarios.size(),
                    DurationConverter.format(settings.duration), settings.threads, settings.rate, folder.root());
            startServices();
            for (int i = 0; i < settings.scenarios.size() && !interrupted; i++) {
                if (!runScenario(settings.scenarios.get(i), i + 1)) {
                    break;
                }
            }
        } catch (ProcessFailedException | UserError e) {
            err.println("stress run: " + e.getMessage());
            exitCode = 1;
            manifest.status = "failed";
        } finally {
            finish();
            ProcessReaper.removeBeforeReaping(shutdownHook);
        }
        return interrupted ? 130 : exitCode;
    }

    // ---------------------------------------------------------------------------------------------- preparation

    private JMeterHome resolveJMeter() {
        if (settings.jmeterHome == null) {
            return JMeterHome.at(home.embeddedJMeterHome());
        }
        JMeterHome user = JMeterHome.at(settings.jmeterHome);
        if (!user.isSupported()) {
            err.println("stress run: warning: JMeter " + user.version() + " is outside the tested range 5.1.1-5.6.3");
        }
        Path embedded = home.embeddedJMeterHome().resolve("lib/ext");
        if (!user.hasInLibExt("io/dubbostress/sampler/")) {
            pluginJarsToAdd.add(home.samplerJar());
        }
        if (!user.hasInLibExt("kg/apc/jmeter/perfmon/")) {
            try (Stream<Path> jars = Files.list(embedded)) {
                jars.filter(p -> {
                    String n = p.getFileName().toString();
                    return n.startsWith("jmeter-plugins-") || n.startsWith("perfmon-") || n.startsWith("cmdrunner-");
                }).forEach(pluginJarsToAdd::add);
            } catch (IOException e) {
                throw new UserError("cannot list " + embedded + ": " + e.getMessage());
            }
        }
        return user;
    }

    private void checkPieces() {
        for (Scenario s : settings.scenarios) {
            home.plan(s.kind().planFile());
        }
        if (settings.externalProvider == null) {
            home.providerJar();
        }
        if (settings.needsConsumer() && settings.externalConsumerUrl == null) {
            home.consumerJar();
        }
        if (settings.externalAgent == null) {
            home.agentJar();
        }
    }

    /**
     * Room the JTLs may need: up to 50,000 rows/s of about 200 bytes for the run's total duration, but asking for
     * no more than 2 GiB up front (a long run on a small disk is told before it starts, not after an hour).
     */
    private long minFreeBytes() {
        long seconds = settings.duration.getSeconds() * settings.scenarios.size();
        long estimate = seconds * 50_000L * 200L;
        return Math.min(estimate, 2L * 1024 * 1024 * 1024) + 64L * 1024 * 1024;
    }

    // ------------------------------------------------------------------------------------------------- services

    private void startServices() {
        endpoints.registry = settings.registry;
        if (settings.externalProvider != null) {
            endpoints.providerHost = settings.externalProvider.host;
            endpoints.providerPort = settings.externalProvider.port;
            RunManifest.ServiceRecord p = manifest.service("provider");
            p.address = endpoints.providerAddress();
            p.status = "external";
        } else {
            startProvider();
        }
        if (settings.needsConsumer()) {
            if (settings.externalConsumerUrl != null) {
                endpoints.consumerUrl = settings.externalConsumerUrl;
                RunManifest.ServiceRecord c = manifest.service("consumer");
                c.address = endpoints.consumerUrl;
                c.status = "external";
            } else {
                startConsumer();
            }
        }
        if (settings.externalAgent != null) {
            endpoints.agentHost = settings.externalAgent.host;
            endpoints.agentPort = settings.externalAgent.port;
            RunManifest.ServiceRecord a = manifest.service("agent");
            a.address = settings.externalAgent.toString();
            a.status = "external";
        } else {
            startAgent();
        }
        writeManifest();
    }

    private void startProvider() {
        ServiceCommands.ProviderSettings s = new ServiceCommands.ProviderSettings();
        s.port = freePort();
        s.host = "127.0.0.1";
        s.cpuIterations = settings.cpuIterations;
        s.registry = settings.registry;
        Path gcLog = folder.gcLog("provider");
        List<String> command = ServiceCommands.provider(java, home.providerJar(), settings.providerJvmArgs, gcLog, s);
        ManagedProcess provider = startService("provider", command, "stress-provider ready:");
        endpoints.providerHost = "127.0.0.1";
        endpoints.providerPort = s.port;
        endpoints.providerPid = provider.pid();
        record("provider", "127.0.0.1:" + s.port, provider, settings.providerJvmArgs, gcLog);
    }

    private void startConsumer() {
        ServiceCommands.ConsumerSettings s = new ServiceCommands.ConsumerSettings();
        s.port = freePort();
        s.host = "127.0.0.1";
        s.timeoutMs = settings.timeoutMs;
        if (settings.registry.isEmpty()) {
            s.providerUrl = "dubbo://" + endpoints.providerAddress();
        } else {
            s.registry = settings.registry;
        }
        Path gcLog = folder.gcLog("consumer");
        List<String> command = ServiceCommands.consumer(java, home.consumerJar(), settings.consumerJvmArgs, gcLog, s);
        ManagedProcess consumer = startService("consumer", command, "stress-consumer ready:");
        endpoints.consumerUrl = "http://127.0.0.1:" + s.port;
        endpoints.consumerPid = consumer.pid();
        record("consumer", endpoints.consumerUrl, consumer, settings.consumerJvmArgs, gcLog);
    }

    private void startAgent() {
        startAgent(freePort());
    }

    private void startAgent(int port) {
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.add("-Xmx128m");
        command.add("-jar");
        command.add(home.agentJar().toString());
        command.addAll(AgentArguments.listenOn("127.0.0.1", port));
        Path log = folder.serviceLog("agent");
        long started = System.nanoTime();
        err.printf("stress run: starting the PerfMon agent on 127.0.0.1:%d ...%n", port);
        ManagedProcess agent = ManagedProcess.start("agent", command, Map.of(), log);
        services.add(agent);
        agent.awaitPort("127.0.0.1", port, Duration.ofSeconds(60));
        err.printf("stress run: PerfMon agent ready (%.1f s)%n", (System.nanoTime() - started) / 1e9);
        endpoints.agentHost = "127.0.0.1";
        endpoints.agentPort = port;
        RunManifest.ServiceRecord r = manifest.service("agent");
        r.address = "127.0.0.1:" + port;
        r.startedByRun = true;
        r.pid = agent.pid();
        r.log = folder.root().relativize(log).toString();
        r.status = "running";
    }

    private ManagedProcess startService(String name, List<String> command, String readyMarker) {
        Path log = folder.serviceLog(name);
        long started = System.nanoTime();
        err.printf("stress run: starting the %s ...%n", name);
        ManagedProcess process = ManagedProcess.start(name, command, Map.of(), log);
        services.add(process);
        process.awaitLogLine(line -> line.contains(readyMarker), name + "'s ready line", SERVICE_START_TIMEOUT);
        err.printf("stress run: %s ready (%.1f s)%n", name, (System.nanoTime() - started) / 1e9);
        return process;
    }

    private void record(String name, String address, ManagedProcess process, String jvmArgs, Path gcLog) {
        RunManifest.ServiceRecord r = manifest.service(name);
        r.address = address;
        r.startedByRun = true;
        r.pid = process.pid();
        r.jvmArgs = jvmArgs;
        r.gcLog = folder.root().relativize(gcLog).toString();
        r.log = folder.root().relativize(process.log()).toString();
        r.status = "running";
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UserError("no free TCP port on 127.0.0.1: " + e.getMessage());
        }
    }

    // ------------------------------------------------------------------------------------------------ scenarios

    /** Runs one scenario; false when the run should not go on (a service died, JMeter could not run the plan). */
    private boolean runScenario(Scenario scenario, int index) {
        RunManifest.ScenarioRecord record = manifest.scenarios.get(index - 1);
        Path dir = folder.scenarioDir(scenario.name());
        Map<String, String> properties = planProperties(scenario, dir);
        List<String> jvmArgs = ServiceCommands.splitArgs(settings.jmeterJvmArgs);
        JMeterRun run = JMeterRun.prepare("jmeter " + scenario.name(), java, jmeter, jvmArgs,
                folder.gcLog("jmeter-" + scenario.name()), home.plan(scenario.kind().planFile()),
                dir.resolve("results.jtl"), dir.resolve("jmeter.log"), dir.resolve("jmeter.out"), properties,
                settings.remoteHosts, pluginJarsToAdd);
        record.status = "running";
        record.startEpochMs = System.currentTimeMillis();
        writeManifest();
        Progress progress = new Progress(err, terminal, scenario.name(), index, settings.scenarios.size(),
                settings.duration);
        currentRun = run;
        int code;
        try {
            run.start();
            record.jmeterPid = run.pid();
            writeManifest();
            code = run.await(progress);
        } finally {
            currentRun = null;
        }
        record.jmeterExitCode = code;
        record.startEpochMs = run.testStartMs() > 0 ? run.testStartMs() : record.startEpochMs;
        record.endEpochMs = run.testEndMs() > 0 ? run.testEndMs() : System.currentTimeMillis();
        record.samples = progress.samples();
        record.errors = progress.errors();
        boolean ran = run.testStartMs() > 0 && Files.exists(dir.resolve("results.jtl"));
        if (!ran) {
            record.status = "failed";
            record.message = "JMeter did not run the plan (exit code " + code + "); see scenarios/" + scenario.name()
                    + "/jmeter.out and jmeter.log";
            err.println("stress run: " + scenario.name() + ": " + record.message + "\n" + run.consoleTail(15));
            exitCode = 1;
            writeManifest();
            return false;
        }
        record.status = interrupted ? "interrupted" : "completed";
        checkServerMetrics(record, dir.resolve("perfmon.csv"));
        writeManifest();
        restartAgentIfItDied(scenario.name());
        String dead = deadService();
        if (dead != null) {
            record.message = dead;
            err.println("stress run: " + dead + "; stopping the run (its log is in logs/)");
            exitCode = 1;
            writeManifest();
            return false;
        }
        return true;
    }

    /** Says so (stderr, run.json) when the scenario's PerfMon readings have a gap or errors. */
    private void checkServerMetrics(RunManifest.ScenarioRecord record, Path csv) {
        String problem;
        try {
            problem = PerfMonCoverage.of(csv).problem(record.startEpochMs, record.endEpochMs);
        } catch (IOException e) {
            problem = "server metrics unknown: " + csv + " cannot be read: " + e.getMessage();
        }
        if (problem != null) {
            record.message = record.message.isEmpty() ? problem : record.message + "; " + problem;
            err.println("stress run: " + record.name + ": " + problem);
        }
    }

    /**
     * The run's own PerfMon agent died during a scenario: server metrics matter less than the run, so the run goes
     * on, with the agent started again on its port for the next scenario (without it, the next scenarios' PerfMon
     * CSVs hold an error row per interval).
     */
    private void restartAgentIfItDied(String scenario) {
        ManagedProcess agent = null;
        for (ManagedProcess service : services) {
            if (service.name().equals("agent") && !service.isAlive()) {
                agent = service;
            }
        }
        if (agent == null || interrupted) {
            return;
        }
        services.remove(agent);
        String died = "exited with code " + agent.exitValue() + " during " + scenario;
        err.println("stress run: the PerfMon agent " + died + "; starting it again on its port");
        try {
            startAgent(endpoints.agentPort);
            manifest.service("agent").status = "running (started again: it " + died + ")";
        } catch (ProcessFailedException | UserError | java.io.UncheckedIOException e) {
            err.println("stress run: the PerfMon agent did not start again (" + String.valueOf(e.getMessage()).lines()
                    .findFirst().orElse("") + "); the next scenarios have no server metrics");
            manifest.service("agent").status = died;
        }
    }

    private String deadService() {
        for (ManagedProcess service : services) {
            if (!service.isAlive() && !service.name().equals("agent")) {
                manifest.service(service.name()).status = "exited with code " + service.exitValue() + " during the run";
                return "the " + service.name() + " exited with code " + service.exitValue() + " during the run";
            }
        }
        return null;
    }

    /** The JMeter properties the plans read (documented in test-plans/README.md). */
    private Map<String, String> planProperties(Scenario scenario, Path dir) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("threads", String.valueOf(settings.threads));
        p.put("rampup", String.valueOf(settings.rampup.getSeconds()));
        p.put("duration", String.valueOf(settings.duration.getSeconds()));
        p.put("payload", String.valueOf(scenario.payloadBytes()));
        p.put("timeout", String.valueOf(settings.timeoutMs));
        p.put("rate", settings.rate.asProperty());
        p.put("provider_host", endpoints.providerHost);
        p.put("provider_port", String.valueOf(endpoints.providerPort));
        if (!endpoints.registry.isEmpty()) { // an empty -Jregistry= makes JMeter log "Removing JMeter property"
            p.put("registry", endpoints.registry);
        }
        if (endpoints.consumerUrl != null) {
            p.put("consumer_host", endpoints.consumerHost());
            p.put("consumer_port", String.valueOf(endpoints.consumerPort()));
        }
        p.put("perfmon_host", endpoints.agentHost);
        p.put("perfmon_port", String.valueOf(endpoints.agentPort));
        p.put("perfmon_file", dir.resolve("perfmon.csv").toString());
        return p;
    }

    // ---------------------------------------------------------------------------------------------- the ending

    /** Ctrl-C or SIGTERM: let JMeter finish its samples, then close the run as usual. */
    private void onShutdown() {
        synchronized (finishLock) {
            if (finished) {
                return;
            }
        }
        interrupted = true;
        err.println();
        err.println("stress run: interrupted; asking JMeter to finish its samples and flush the results ...");
        JMeterRun run = currentRun;
        if (run != null) {
            run.requestShutdown(JMETER_SHUTDOWN_GRACE);
        }
        finish();
    }

    private void finish() {
        synchronized (finishLock) {
            if (finished) {
                return;
            }
            finished = true;
            for (RunManifest.ScenarioRecord s : manifest.scenarios) {
                if (interrupted && ("running".equals(s.status) || "completed".equals(s.status)
                        && s.endEpochMs == 0)) {
                    s.status = "interrupted";
                    if (s.endEpochMs == 0) {
                        s.endEpochMs = System.currentTimeMillis();
                    }
                } else if (interrupted && "pending".equals(s.status)) {
                    s.status = "not run";
                }
            }
            stopServices();
            manifest.endedAt = Instant.now().toString();
            if (!"failed".equals(manifest.status)) {
                manifest.status = interrupted ? "interrupted" : exitCode == 0 ? "completed" : "failed";
            }
            writeManifest();
            if (settings.dashboard && !interrupted) {
                dashboards();
            }
            analyse();
            err.println("stress run: results in " + folder.root());
        }
    }

    private void stopServices() {
        List<ManagedProcess> reversed = new ArrayList<>(services);
        Collections.reverse(reversed);
        for (ManagedProcess service : reversed) {
            boolean wasAlive = service.isAlive();
            service.stop(Duration.ofSeconds(20));
            RunManifest.ServiceRecord r = manifest.service(service.name());
            if (wasAlive) {
                // keep what happened to it on the way: "running (started again: ...)"
                String note = r.status.startsWith("running (") ? r.status.substring("running".length()) : "";
                r.status = "stopped by the run" + note;
            }
        }
    }

    /**
     * JMeter's own HTML dashboard per scenario, generated with the embedded 5.6.3 whatever ran the plan (5.1.1's
     * generator fails on Java 17 in Top5ErrorsSummaryData: docs/RUN.md).
     */
    private void dashboards() {
        JMeterHome generator;
        try {
            generator = JMeterHome.at(home.embeddedJMeterHome());
        } catch (UserError e) {
            err.println("stress run: no dashboards: " + e.getMessage());
            return;
        }
        for (RunManifest.ScenarioRecord s : manifest.scenarios) {
            Path dir = folder.root().resolve("scenarios").resolve(s.name);
            Path jtl = dir.resolve("results.jtl");
            if (!Files.exists(jtl) || s.samples == 0) {
                continue;
            }
            err.printf("stress run: JMeter dashboard for %s ...%n", s.name);
            List<String> command = new ArrayList<>();
            command.add(java.executable().toString());
            command.addAll(ServiceCommands.splitArgs(settings.jmeterJvmArgs));
            command.addAll(generator.jvmFlagsFor(java.featureVersion()));
            command.add("-jar");
            command.add(generator.launcherJar().toString());
            command.add("-g");
            command.add(jtl.toString());
            command.add("-o");
            command.add(dir.resolve("dashboard").toString());
            command.add("-j");
            command.add(dir.resolve("dashboard.log").toString());
            command.add("-Jjmeter.reportgenerator.overall_granularity=1000");
            command.add("-Jsample_variables=elapsed_us");
            ManagedProcess gen = ManagedProcess.start("dashboard " + s.name, command, Map.of(),
                    dir.resolve("dashboard.out"));
            if (!gen.waitFor(Duration.ofMinutes(30)) || gen.exitValue() != 0) {
                gen.stop(Duration.ofSeconds(5));
                err.printf("stress run: the dashboard for %s failed; see scenarios/%s/dashboard.out%n", s.name, s.name);
            }
        }
    }

    /**
     * GC analyses of the run's logs, then the report: the same Java {@code stress gc} and {@code stress report} call.
     * The run's results are on disk whatever happens here; a failure is said, and makes the exit code 1.
     */
    private void analyse() {
        List<Path> gcLogs = new ArrayList<>();
        try (Stream<Path> logs = Files.list(folder.root().resolve("gc"))) {
            logs.filter(p -> p.getFileName().toString().endsWith("-gc.log"))
                    .filter(p -> {
                        try {
                            return Files.size(p) > 0;
                        } catch (IOException e) {
                            return false;
                        }
                    })
                    .sorted().forEach(gcLogs::add);
        } catch (IOException e) {
            err.println("stress run: cannot list the GC logs: " + e.getMessage());
        }
        PrintWriter errWriter = new PrintWriter(new java.io.OutputStreamWriter(err), true);
        if (!gcLogs.isEmpty()) {
            try {
                GcCommand.analyse(gcLogs, GcCommand.clientFromEnvironment(System.getenv()),
                        new PrintWriter(new StringWriter()), errWriter);
            } catch (RuntimeException e) {
                err.println("stress run: the GC analysis failed: " + e.getMessage());
            }
        }
        try {
            ReportCommand.write(new ReportBuilder(), List.of(folder.root()), folder.root(), out, errWriter);
        } catch (RuntimeException e) {
            err.println("stress run: the report failed: " + e.getMessage());
            exitCode = exitCode == 0 ? 1 : exitCode;
        }
        out.flush();
    }

    private void writeManifest() {
        if (folder != null) {
            manifest.write(folder.runJson());
        }
    }
}
