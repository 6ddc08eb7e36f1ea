package io.dubbostress.cli.run;

import io.dubbostress.cli.home.StressHome;
import io.dubbostress.cli.influx.RunInflux;
import io.dubbostress.cli.influx.ScenarioFeed;
import io.dubbostress.cli.jmeter.JMeterHome;
import io.dubbostress.cli.jmeter.JMeterRun;
import io.dubbostress.cli.jmeter.PlanWithoutInflux;
import io.dubbostress.cli.jmeter.Progress;
import io.dubbostress.cli.jmeter.RecordedRows;
import io.dubbostress.cli.jmeter.ScheduleStartLine;
import io.dubbostress.cli.jmeter.ScenarioWatchdog;
import io.dubbostress.cli.options.LoadOptions;
import io.dubbostress.cli.options.RateSchedule;
import io.dubbostress.cli.options.Scenario;
import io.dubbostress.cli.metrics.JvmReadings;
import io.dubbostress.cli.remote.GeneratorAgents;
import io.dubbostress.cli.remote.GeneratorWatch;
import io.dubbostress.cli.remote.RemoteGenerators;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ProcessReaper;
import io.dubbostress.cli.profile.RunProfiler;
import io.dubbostress.cli.profile.ScenarioProfiles;
import io.dubbostress.cli.service.ServiceCommands;
import io.dubbostress.report.jtl.JtlSpan;
import io.dubbostress.report.perfmon.JvmMetricLabel;
import io.dubbostress.report.perfmon.PerfMonCoverage;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.ScenarioStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one scenario: its plan in a fresh non-GUI JMeter with the run's properties, the progress line while it runs,
 * then what it recorded checked (did JMeter run the plan; are the server metrics whole). The outcome lands in the
 * scenario's run.json record; {@link #requestShutdown} asks the JMeter in flight to finish gracefully.
 */
final class ScenarioRunner {

    /** Room in a rate-driven scenario's thread groups for the opening calls (a first connection took 10 s here). */
    static final Duration OPENING_ALLOWANCE = Duration.ofSeconds(60);

    /**
     * JMeter's client lines naming the servers of the -R list it could not configure ({@code ... Following remote
     * engines could not be configured:[10.0.0.8:1099]}) or start ({@code The following remote engines have not
     * started:[...]}): the part from "Following" to the list's end.
     */
    static final Pattern REMOTE_NOT_STARTED = Pattern.compile(
            "(?i)following remote engines (?:could not be configured|have not started)[^\\[]*\\[[^\\]]*\\]");

    private final RunSettings settings;
    private final StressHome home;
    private final JavaRuntime java;
    private final JMeterHome jmeter;
    private final List<Path> pluginJarsToAdd;
    private final RunLayout layout;
    private final PrintStream err;
    private final boolean terminal;
    private final RunFolderSpace space;
    /** --profile: the run's profiler; null without. */
    private final RunProfiler profiler;
    /** Whether the live page reads the JTL as it grows (a distributed run's rows are then sent back each second). */
    private final boolean live;
    /** --influxdb: the run's InfluxDB; null without. */
    private final RunInflux influx;
    private volatile JMeterRun current;

    ScenarioRunner(RunSettings settings, StressHome home, JavaRuntime java, JMeterHome jmeter,
            List<Path> pluginJarsToAdd, RunLayout layout, RunFolderSpace space, PrintStream err, boolean terminal,
            boolean live, RunInflux influx) {
        this.settings = settings;
        this.live = live;
        this.home = home;
        this.java = java;
        this.jmeter = jmeter;
        this.pluginJarsToAdd = pluginJarsToAdd;
        this.layout = layout;
        this.err = err;
        this.terminal = terminal;
        this.space = space;
        this.influx = influx;
        this.profiler = settings.profiled() ? RunProfiler.create(settings.profile() == RunSettings.Profile.KERNEL, err)
                : null;
    }

    /**
     * Runs {@code scenario} in the folder {@code name} (the scenario's own, or a --repeat trial's
     * {@code direct-1k-trial-2}), number {@code index} of {@code count}, against {@code endpoints}, keeping
     * {@code record} up to date ({@code saved} writes run.json). A scenario the watchdog had to stop, or that did not
     * record what JMeter ran (no sample, a cut JTL), is marked failed with the reason in its message. Returns false
     * when the run cannot go on: JMeter could not run the plan at all, or the disk of the run folder is full.
     */
    boolean run(Scenario scenario, String name, int index, int count, RunManifest.ScenarioRecord record,
            ServiceEndpoints endpoints, Runnable saved) {
        LoadOptions.Load load = settings.load();
        if (!load.rate().isOpen()) {
            return run(scenario, new Shape(name, load.rate(), load.duration(), null), index, count, record, endpoints,
                    saved);
        }
        // at a target rate the duration is the schedule's, counted from its start after the opening calls: every step
        // sized, then rate 0 (the threads stop when it is done), in thread groups with room for slow opening calls
        RateSchedule sized = load.rate().sized(load.duration());
        // whether the threads can make the calls due, said once the first calls measure it, and again at the end
        // (the remote generators' JTL rows come here too, but their threads are not --threads: not judged)
        RateReach reach = settings.remote().isEmpty() ? new RateReach(settings.harness().threads(), sized,
                load.duration(), layout.jtl(name), layout.jmeterLog(name)) : null;
        JMeterRun.Watch watch = reach == null ? null : new JMeterRun.Watch() {
            @Override
            public String stopReason(JMeterRun r) {
                return null;
            }

            @Override
            public boolean finished(JMeterRun r) {
                String early = reach.follow();
                if (early != null) {
                    err.println();
                    err.println("stress run: " + name + ": " + early);
                    record.addMessage(early);
                    saved.run();
                }
                return false;
            }
        };
        boolean goOn = run(scenario, new Shape(name, sized.ending(), load.duration().plus(OPENING_ALLOWANCE), watch),
                index, count, record, endpoints, saved);
        String late = reach == null ? null : reach.after(record.endEpochMs);
        if (late != null) {
            err.println("stress run: " + name + ": " + late);
            record.addMessage(late);
            saved.run();
        }
        long origin = new ScheduleStartLine(layout.jmeterLog(name)).read();
        long scheduleStartMs = origin < 0 ? -1 : origin / 1000;
        long firstStartMs = firstSampleStartMs(layout.jtl(name));
        if (scheduleStartMs > firstStartMs && firstStartMs > 0 && record.warmupSeconds != null) {
            // the report's warm-up counts from the first sample (an opening call, seconds on a loaded machine before
            // the schedule's start): it must cover the opening calls as well
            double opening = (scheduleStartMs - Math.max(firstStartMs, record.startEpochMs)) / 1000.0;
            record.warmupSeconds = Math.ceil((opening + record.warmupSeconds) * 10) / 10;
            record.addMessage(String.format(Locale.ROOT, "its schedule started %.1f s after its first call, after every "
                    + "thread's opening call; its warm-up counts from there", opening));
            saved.run();
        }
        return goOn;
    }

    /**
     * How one JMeter run of a scenario differs from the run's settings: its folder {@code name} (a capacity search's
     * run of steps: {@code direct-1k-search-2}), its rate, its length, and a {@code watch} of its own (null: none)
     * that may find it done before its end.
     */
    record Shape(String name, RateSchedule rate, Duration duration, JMeterRun.Watch watch) {
    }

    /**
     * As {@link #run(Scenario, String, int, int, RunManifest.ScenarioRecord, ServiceEndpoints, Runnable)}, shaped by
     * {@code shape}, number {@code index} of {@code count}.
     */
    boolean run(Scenario scenario, Shape shape, int index, int count, RunManifest.ScenarioRecord record,
            ServiceEndpoints endpoints, Runnable saved) {
        String name = shape.name();
        RateSchedule rate = shape.rate();
        Path dir = RunFolderSetup.scenarioDir(layout, name);
        Map<String, String> properties = planProperties(scenario, rate, shape.duration(), name, endpoints);
        Path plan = home.plan(scenario.kind().planFile());
        if (influx != null) {
            properties.putAll(influx.jmeterProperties(name));
        } else {
            // no InfluxDB: the plan's Backend Listener is left out, not merely asleep (JMeter would still hand it
            // every sample)
            plan = PlanWithoutInflux.write(plan, dir);
        }
        JMeterRun run = JMeterRun.prepare(java, jmeter,
                JMeterRun.Spec.of("jmeter " + name, plan, dir)
                        .withJvmArgs(ServiceCommands.splitArgs(settings.jmeter().jvmArgs()))
                        .withGcLog(layout.gcLog("jmeter-" + name))
                        .withProperties(properties)
                        .withPropertiesFile(influx == null ? null : influx.tokenFile())
                        .withGenerators(settings.generators())
                        .withExtraPluginJars(pluginJarsToAdd));
        record.status = ScenarioStatus.RUNNING;
        record.startEpochMs = System.currentTimeMillis();
        saved.run();
        Progress progress = new Progress(err, terminal, name, index, count, shape.duration());
        ScenarioWatchdog watchdog = new ScenarioWatchdog(shape.duration(), settings.load().rampup(),
                !settings.remote().hosts().isEmpty());
        GeneratorWatch generators = new GeneratorWatch(settings.generators(), layout.jmeterLog(name), err, name);
        JMeterRun.Watch watch = new JMeterRun.Watch() {
            private boolean byGenerators;

            @Override
            public String stopReason(JMeterRun r) {
                String full = space.stopReason(r);
                String lost = full != null ? null : generators.stopReason(r);
                byGenerators = lost != null;
                String why = full != null ? full : lost != null ? lost : watchdog.stopReason(r);
                if (why != null) {
                    err.println();
                    err.println("stress run: " + name + ": " + why + "; stopping JMeter (graceful shutdown, then"
                            + " hard)");
                }
                return why;
            }

            @Override
            public Duration graceAfterShutdown() {
                return byGenerators ? generators.graceAfterShutdown() : JMeterRun.Watch.super.graceAfterShutdown();
            }

            @Override
            public boolean finished(JMeterRun r) {
                return shape.watch() != null && shape.watch().finished(r);
            }
        };
        current = run;
        int code;
        ScenarioFeed feed = null;
        try (GeneratorAgents agents = startGeneratorAgents(name)) {
            run.start();
            record.jmeterPid = run.pid();
            saved.run();
            feed = influx == null ? null : influx.scenario(name, layout.jtl(name), layout.perfMonCsv(name),
                    layout.jvmsPerfMonCsv(name), record.warmupSeconds == null ? 0 : record.warmupSeconds,
                    String.format(Locale.ROOT, "%d threads, rate %s, %s", settings.harness().threads(), rate,
                            io.dubbostress.cli.options.DurationConverter.format(shape.duration())));
            try (JvmReadings jvms = readJvms(name, endpoints, run);
                    ScenarioProfiles profiles = profile(name, endpoints, run)) {
                code = run.await(progress, watch);
            }
        } finally {
            current = null;
            if (influx != null) {
                influx.scenarioEnded(name, feed, run.stoppedBecause() == null ? "JMeter exited" : "stopped");
            }
        }
        record.jmeterExitCode = code;
        record.startEpochMs = run.testStartMs() > 0 ? run.testStartMs() : record.startEpochMs;
        record.endEpochMs = run.testEndMs() > 0 ? run.testEndMs() : System.currentTimeMillis();
        record.samples = progress.samples();
        record.errors = progress.errors();
        Path jtl = layout.jtl(name);
        String notStarted = settings.remote().isEmpty() ? null : remoteNotStarted(run.console());
        if (run.testStartMs() <= 0 || !Files.exists(jtl)) {
            record.status = ScenarioStatus.FAILED;
            record.addMessage((run.stoppedBecause() != null ? run.stoppedBecause()
                    : notStarted != null ? "no load generator ran the plan: JMeter says \"" + notStarted.trim()
                            + "\" (their RMI settings, SSL keystore or reachability)"
                    : "JMeter did not run the plan (exit code " + code + ")") + "; see "
                    + RunLayout.relative(name, RunLayout.JMETER_OUT) + " and " + RunLayout.JMETER_LOG);
            err.println("stress run: " + name + ": " + record.message + "\n" + run.consoleTail(15));
            saved.run();
            return false;
        }
        record.status = ScenarioStatus.COMPLETED;
        if (notStarted != null) {
            // the others ran: their rows are kept, the scenario is not what was asked
            record.status = ScenarioStatus.FAILED;
            record.addMessage("not every load generator ran the plan: JMeter says \"" + notStarted.trim() + "\"");
            err.println("stress run: " + name + ": " + notStarted.trim());
        }
        if (run.stoppedBecause() == null && generators.lostMessage() != null) {
            // lost, yet JMeter ended by itself: still a scenario that did not run as asked
            record.status = ScenarioStatus.FAILED;
            record.addMessage(generators.lostMessage());
        }
        if (run.stoppedBecause() != null) {
            record.status = ScenarioStatus.FAILED;
            record.addMessage(run.stoppedBecause());
            String unfinished = generators.unfinishedMessage(); // which generator held the test up
            if (unfinished != null) {
                record.addMessage(unfinished);
            }
        }
        String refused = run.console().lines().filter(l -> l.endsWith(": the test is stopped")).findFirst()
                .orElse(null);
        if (refused != null) {
            // the plan's Target Rate Schedule refused what it could not honour (JMeter exits 1): said as it said it
            record.status = ScenarioStatus.FAILED;
            record.addMessage(refused.trim());
            err.println("stress run: " + name + ": " + refused.trim());
        }
        if (!ProcessReaper.shuttingDown()) { // a Ctrl-C's scenario is what it is: interrupted
            String unrecorded = unrecorded(jtl, progress.samples());
            if (unrecorded != null) {
                record.status = ScenarioStatus.FAILED;
                record.addMessage(unrecorded);
            }
        }
        // a stopped JMeter's collector stops with it: the readings are checked up to the stop, not JMeter's end
        checkServerMetrics(record, layout.perfMonCsv(name),
                run.stoppedAtMs() > 0 ? Math.min(run.stoppedAtMs(), record.endEpochMs) : record.endEpochMs);
        saved.run();
        return !space.wasFull();
    }

    /** The earliest sample start of a JTL (epoch ms), as the report finds it; -1 when it has none or is unreadable. */
    private static long firstSampleStartMs(Path jtl) {
        try {
            return Files.isRegularFile(jtl) ? JtlSpan.probe(jtl, 200_000, 4L << 20).firstStartMs() : -1;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** The first of JMeter's lines naming servers it could not configure or start, from "Following", or null. */
    static String remoteNotStarted(String console) {
        Matcher m = REMOTE_NOT_STARTED.matcher(console);
        if (!m.find()) {
            return null;
        }
        String text = m.group();
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /**
     * Why the JTL does not hold what JMeter ran, or null when it does: no row at all, a last row cut by a failed write,
     * fewer rows than the samples JMeter's summariser counted (JMeter's result writer drops rows silently when a write
     * fails).
     */
    static String unrecorded(Path jtl, long samplesCounted) {
        RecordedRows rows;
        try {
            rows = RecordedRows.of(jtl);
        } catch (IOException e) {
            return "its JTL cannot be read back (" + e.getMessage() + ")";
        }
        if (rows.rows() < samplesCounted) {
            return String.format(Locale.ROOT, "JMeter counted %,d samples but the JTL holds %,d rows: %,d were not"
                    + " written (a failed write)", samplesCounted, rows.rows(), samplesCounted - rows.rows());
        }
        if (!rows.lastRowWhole()) {
            return String.format(Locale.ROOT, "the JTL's last row is cut off (a failed write); the %,d rows before it"
                    + " are kept", rows.rows() - 1);
        }
        if (rows.rows() == 0) {
            return "recorded no samples: JMeter ran the plan but no call completed (see jmeter.log)";
        }
        return null;
    }

    /** The generators' agents read into the scenario's folder; a file that cannot be made is said, not fatal. */
    private GeneratorAgents startGeneratorAgents(String name) {
        try {
            return GeneratorAgents.start(settings.remote().generatorAgents(), layout.generatorsPerfMonCsv(name), err, name);
        } catch (IOException e) {
            err.println("stress run: " + name + ": generator metrics not recorded: cannot write "
                    + layout.generatorsPerfMonCsv(name) + ": " + e.getMessage());
            return GeneratorAgents.none();
        }
    }

    /** Asks the JMeter in flight, if any, to finish its samples and flush its results; waits up to {@code grace}. */
    void requestShutdown(Duration grace) {
        JMeterRun run = current;
        if (run != null) {
            run.requestShutdown(grace);
        }
    }

    /**
     * --profile: the scenario's JVMs profiled over its steady window (the services the run started, and the local
     * JMeter); a service given by address, and with --remote the load generators' JMeters, are listed with why they
     * are not profiled, so that the report has their rows; null without --profile.
     */
    private ScenarioProfiles profile(String name, ServiceEndpoints endpoints, JMeterRun run) {
        if (profiler == null) {
            return null;
        }
        List<ScenarioProfiles.Jvm> jvms = new ArrayList<>(runJvms(endpoints, run).stream()
                .map(j -> new ScenarioProfiles.Jvm(j.service(), j.pid())).toList());
        if (endpoints.providerPid <= 0) {
            String given = endpoints.providerUrl.isEmpty() ? "--provider " + endpoints.providerAddress()
                    : "--provider-url " + endpoints.providerUrl;
            jvms.add(0, ScenarioProfiles.Jvm.notProfiled("provider", "not profiled: given by address (" + given
                    + "), not a JVM this run started and may attach to"));
        }
        if (settings.needsConsumer() && endpoints.consumerPid <= 0 && endpoints.consumerUrl != null) {
            jvms.add(Math.min(1, jvms.size()), ScenarioProfiles.Jvm.notProfiled("consumer", "not profiled: given by "
                    + "address (--consumer-url " + endpoints.consumerUrl + "), not a JVM this run started and may "
                    + "attach to"));
        }
        if (!settings.remote().isEmpty()) {
            jvms.add(ScenarioProfiles.Jvm.notProfiled(JvmMetricLabel.JMETER, "not profiled: the load is generated "
                    + "on the --remote servers; this JMeter only gathers their results"));
        }
        return profiler.start(layout, name, jvms, settings.load().warmup(), settings.load().duration());
    }

    /**
     * The scenario's JVMs read through the services' agent once a second (threads, open files, context switches) and
     * the host's context switches; a file that cannot be made is said, not fatal.
     */
    private JvmReadings readJvms(String name, ServiceEndpoints endpoints, JMeterRun run) {
        try {
            return JvmReadings.start(endpoints.agent(), endpoints.agentHere, runJvms(endpoints, run),
                    layout.jvmsPerfMonCsv(name), err, name);
        } catch (IOException e) {
            err.println("stress run: " + name + ": JVM metrics not recorded: cannot write "
                    + layout.jvmsPerfMonCsv(name) + ": " + e.getMessage());
            return JvmReadings.none();
        }
    }

    /** The JVMs of the scenario the run started itself and knows the process of: the services, the local JMeter. */
    private List<JvmReadings.Jvm> runJvms(ServiceEndpoints endpoints, JMeterRun run) {
        List<JvmReadings.Jvm> jvms = new ArrayList<>();
        if (endpoints.providerPid > 0) {
            jvms.add(new JvmReadings.Jvm("provider", endpoints.providerPid));
        }
        if (endpoints.consumerPid > 0) {
            jvms.add(new JvmReadings.Jvm("consumer", endpoints.consumerPid));
        }
        if (settings.remote().isEmpty() && run.pid() > 0) { // with --remote this JMeter only gathers results
            jvms.add(new JvmReadings.Jvm(JvmMetricLabel.JMETER, run.pid()));
        }
        return jvms;
    }

    /** Says so (stderr, run.json) when the scenario's PerfMon readings have a gap or errors. */
    private void checkServerMetrics(RunManifest.ScenarioRecord record, Path csv, long endEpochMs) {
        String problem;
        try {
            problem = PerfMonCoverage.of(csv).problem(record.startEpochMs, endEpochMs);
        } catch (IOException e) {
            problem = "server metrics unknown: " + csv + " cannot be read: " + e.getMessage();
        }
        if (problem != null) {
            record.addMessage(problem);
            err.println("stress run: " + record.name + ": " + problem);
        }
    }

    /** The JMeter properties the plans read (documented in test-plans/README.md). */
    private Map<String, String> planProperties(Scenario scenario, RateSchedule rate, Duration duration, String name,
            ServiceEndpoints endpoints) {
        Map<String, String> p = new LinkedHashMap<>();
        RemoteGenerators generators = settings.generators();
        // with --remote every server runs the plan: each gets its share of the run's threads
        p.put("threads", String.valueOf(generators.threadsPerServer(settings.harness().threads())));
        p.put("rampup", String.valueOf(settings.load().rampup().getSeconds()));
        p.put("duration", String.valueOf(duration.getSeconds()));
        p.put("payload", String.valueOf(scenario.payloadBytes()));
        p.put("timeout", String.valueOf(settings.harness().timeoutMs()));
        // the run's rate: with --remote the plan's Target Rate Schedule paces rate / load_generators on each server
        p.put("rate", rate.asProperty());
        p.put("provider_host", endpoints.providerHost);
        p.put("provider_port", String.valueOf(endpoints.providerPort));
        if (!endpoints.registry.isEmpty()) { // an empty -Jregistry= makes JMeter log "Removing JMeter property"
            p.put("registry", endpoints.registry);
        }
        if (!endpoints.providerUrl.isEmpty()) {
            p.put("provider_url", endpoints.providerUrl);
        }
        if (endpoints.consumerUrl != null) {
            p.put("consumer_host", endpoints.consumerHost());
            p.put("consumer_port", String.valueOf(endpoints.consumerPort()));
        }
        p.put("perfmon_host", endpoints.agentHost);
        p.put("perfmon_port", String.valueOf(endpoints.agentPort));
        p.put("perfmon_file", layout.perfMonCsv(name).toString());
        if (live && !generators.isEmpty()) {
            // JMeter's servers send their rows back every 100 samples or every 60 s (StrippedBatch); for the live page,
            // at least every second (the servers read it: -G)
            p.put("time_threshold", "1000");
        }
        return p;
    }
}
