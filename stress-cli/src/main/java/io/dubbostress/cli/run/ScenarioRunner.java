package io.dubbostress.cli.run;

import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.service.ServiceCommands;
import io.dubbostress.report.perfmon.PerfMonCoverage;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.ScenarioStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one scenario: its plan in a fresh non-GUI JMeter with the run's properties, the progress line while it runs,
 * then what it recorded checked (did JMeter run the plan; are the server metrics whole). The outcome lands in the
 * scenario's run.json record; {@link #requestShutdown} asks the JMeter in flight to finish gracefully.
 */
final class ScenarioRunner {

    private final RunSettings settings;
    private final StressHome home;
    private final JavaRuntime java;
    private final JMeterHome jmeter;
    private final List<Path> pluginJarsToAdd;
    private final RunLayout layout;
    private final PrintStream err;
    private final boolean terminal;
    private volatile JMeterRun current;

    ScenarioRunner(RunSettings settings, StressHome home, JavaRuntime java, JMeterHome jmeter,
            List<Path> pluginJarsToAdd, RunLayout layout, PrintStream err, boolean terminal) {
        this.settings = settings;
        this.home = home;
        this.java = java;
        this.jmeter = jmeter;
        this.pluginJarsToAdd = pluginJarsToAdd;
        this.layout = layout;
        this.err = err;
        this.terminal = terminal;
    }

    /**
     * Runs {@code scenario} (number {@code index} of the run) against {@code endpoints}, keeping {@code record} up to
     * date ({@code saved} writes run.json). Returns false when JMeter could not run the plan at all.
     */
    boolean run(Scenario scenario, int index, RunManifest.ScenarioRecord record, ServiceEndpoints endpoints,
            Runnable saved) {
        Path dir = RunFolderSetup.scenarioDir(layout, scenario.name());
        JMeterRun run = JMeterRun.prepare(java, jmeter,
                JMeterRun.Spec.of("jmeter " + scenario.name(), home.plan(scenario.kind().planFile()), dir)
                        .withJvmArgs(ServiceCommands.splitArgs(settings.jmeterJvmArgs))
                        .withGcLog(layout.gcLog("jmeter-" + scenario.name()))
                        .withProperties(planProperties(scenario, dir, endpoints))
                        .withRemoteHosts(settings.remoteHosts)
                        .withExtraPluginJars(pluginJarsToAdd));
        record.status = ScenarioStatus.RUNNING;
        record.startEpochMs = System.currentTimeMillis();
        saved.run();
        Progress progress = new Progress(err, terminal, scenario.name(), index, settings.scenarios.size(),
                settings.duration);
        current = run;
        int code;
        try {
            run.start();
            record.jmeterPid = run.pid();
            saved.run();
            code = run.await(progress);
        } finally {
            current = null;
        }
        record.jmeterExitCode = code;
        record.startEpochMs = run.testStartMs() > 0 ? run.testStartMs() : record.startEpochMs;
        record.endEpochMs = run.testEndMs() > 0 ? run.testEndMs() : System.currentTimeMillis();
        record.samples = progress.samples();
        record.errors = progress.errors();
        if (run.testStartMs() <= 0 || !Files.exists(layout.jtl(scenario.name()))) {
            record.status = ScenarioStatus.FAILED;
            record.addMessage("JMeter did not run the plan (exit code " + code + "); see scenarios/" + scenario.name()
                    + "/jmeter.out and jmeter.log");
            err.println("stress run: " + scenario.name() + ": " + record.message + "\n" + run.consoleTail(15));
            saved.run();
            return false;
        }
        record.status = ScenarioStatus.COMPLETED;
        checkServerMetrics(record, layout.perfMonCsv(scenario.name()));
        saved.run();
        return true;
    }

    /** Asks the JMeter in flight, if any, to finish its samples and flush its results; waits up to {@code grace}. */
    void requestShutdown(Duration grace) {
        JMeterRun run = current;
        if (run != null) {
            run.requestShutdown(grace);
        }
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
            record.addMessage(problem);
            err.println("stress run: " + record.name + ": " + problem);
        }
    }

    /** The JMeter properties the plans read (documented in test-plans/README.md). */
    private Map<String, String> planProperties(Scenario scenario, Path dir, ServiceEndpoints endpoints) {
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
}
