package io.dubbostress.cli.run;

import io.dubbostress.cli.capacity.CapacityReport;
import io.dubbostress.cli.capacity.CapacitySearch;
import io.dubbostress.cli.capacity.CpuShares;
import io.dubbostress.cli.capacity.SearchRun;
import io.dubbostress.cli.capacity.StepVerdict;
import io.dubbostress.cli.home.BuildVersions;
import io.dubbostress.cli.home.StressHome;
import io.dubbostress.cli.influx.RunInflux;
import io.dubbostress.cli.jmeter.Dubbo3JMeterHome;
import io.dubbostress.cli.jmeter.JMeterHome;
import io.dubbostress.cli.live.LiveRun;
import io.dubbostress.cli.live.LiveServer;
import io.dubbostress.cli.options.DurationConverter;
import io.dubbostress.cli.options.LiveOptions;
import io.dubbostress.cli.options.RateSchedule;
import io.dubbostress.cli.options.Scenario;
import io.dubbostress.cli.options.Slo;
import io.dubbostress.cli.process.HostFacts;
import io.dubbostress.cli.remote.RemoteGenerators;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ProcessFailedException;
import io.dubbostress.cli.process.ProcessReaper;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.cli.UserError;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.RunStatus;
import io.dubbostress.report.run.ScenarioStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One {@code stress run}, start to end: the folder and run.json, the services ({@link RunServices}), the scenarios one
 * after another ({@link ScenarioRunner}), then the ending ({@link RunEnding}: dashboards, GC analyses, report). A
 * Ctrl-C or SIGTERM lands in {@link #onShutdown()}, which asks JMeter to finish gracefully and runs the same ending on
 * what was recorded.
 */
final class RunSession {

    private static final Duration JMETER_SHUTDOWN_GRACE = Duration.ofSeconds(30);
    /** At the end, a live page that asked in the last this long gets up to this long to fetch the report. */
    private static final Duration LIVE_PAGE_LINGER = Duration.ofSeconds(5);

    private final RunSettings settings;
    private final LiveOptions.Live liveOptions;
    private final StressHome home;
    private final PrintStream err;
    private final PrintWriter out;
    private final boolean terminal;
    private final JavaRuntime java = JavaRuntime.current();
    private final RunManifest manifest = new RunManifest();
    private final Object finishLock = new Object();
    private final Runnable shutdownHook = this::onShutdown;
    private final List<Path> pluginJarsToAdd = new ArrayList<>();
    /** The temporary JMeter home with the Dubbo 3.3 sampler (--provider-url), removed when the run ends. */
    private Path dubbo3Home;

    private RunLayout layout;
    private RunFolderSpace space;
    /** What made the run fail, each said once at the end. */
    private final Set<String> failures = new LinkedHashSet<>();
    /** The last write of run.json that failed, null when the last one succeeded. */
    private volatile String writeFailure;
    private RunServices services;
    /** --influxdb: the run's InfluxDB; null without. */
    private RunInflux influx;
    private volatile ScenarioRunner runner;
    private volatile boolean interrupted;
    /** The live page (null with --no-live): its server, bound before the run folder is made, and what it shows. */
    private LiveServer liveServer;
    private LiveRun live;
    private final LiveCapacity liveCapacity = new LiveCapacity();
    private boolean finished;
    private int exitCode;

    RunSession(RunSettings settings, LiveOptions.Live liveOptions, StressHome home, PrintStream err, PrintWriter out,
            boolean terminal) {
        this.settings = settings;
        this.liveOptions = liveOptions;
        this.home = home;
        this.err = err;
        this.out = out;
        this.terminal = terminal;
    }

    int execute() {
        JMeterHome jmeter = resolveJMeter();
        try {
            checkPieces();
            // a live page's port that cannot be had is refused before the run folder is made
            liveServer = liveOptions.on() ? LiveServer.bind(liveOptions) : null;
            layout = RunFolderSetup.create(settings.out(), minFreeBytes(), settings.outIsStampedDefault());
            space = RunFolderSpace.reserve(layout.root());
        } catch (RuntimeException e) {
            if (liveServer != null) {
                liveServer.close();
            }
            Dubbo3JMeterHome.remove(dubbo3Home);
            throw e;
        }
        manifest.settings.putAll(settings.asMap());
        manifest.versions.putAll(BuildVersions.all());
        manifest.versions.put("jmeterUsed", jmeter.version());
        manifest.versions.put("java", System.getProperty("java.runtime.version"));
        manifest.host.putAll(HostFacts.collect());
        double warmupSeconds = settings.load().warmup().toMillis() / 1000.0;
        List<Scenario> order = new ArrayList<>();
        if (settings.capacity() == null) { // a capacity search adds a record per trial as it goes
            manifest.scenarios.addAll(records(settings.load().scenarios(), settings.load().repeat(), warmupSeconds,
                    order));
        }
        CapacityReport capacity = null;
        // from here on a Ctrl-C closes run.json and stops what was started, whatever the run is doing
        ProcessReaper.beforeReaping(shutdownHook);
        try {
            writeManifest();
            services = new RunServices(settings, home, java, layout, manifest, err);
            if (settings.influx() != null) {
                influx = RunInflux.start(settings.influx(), layout.root().getFileName().toString(), err);
                influx.annotate(null, System.currentTimeMillis(), "run " + layout.root().getFileName() + " started: "
                        + String.join(", ", settings.load().scenarios().stream().map(Scenario::name).toList()) + " x "
                        + DurationConverter.format(settings.load().duration()) + ", " + settings.harness().threads()
                        + " threads, rate " + settings.load().rate());
            }
            runner = new ScenarioRunner(settings, home, java, jmeter, pluginJarsToAdd, layout, space, err, terminal,
                    liveServer != null, influx);
            err.printf("stress run: %d scenario(s)%s x %s, %d threads, rate %s%s -> %s%n",
                    settings.load().scenarios().size(),
                    settings.load().repeat() > 1 ? " x " + settings.load().repeat() + " trials" : "",
                    DurationConverter.format(settings.load().duration()), settings.harness().threads(),
                    settings.load().rate(),
                    shares(settings.generators()), layout.root());
            startLivePage();
            services.start();
            writeManifest();
            if (settings.capacity() != null) {
                capacity = findMaxRate(warmupSeconds);
            } else {
                for (int i = 0; i < order.size() && !interrupted; i++) {
                    if (!runScenario(order.get(i), i + 1, order.size())) {
                        break;
                    }
                }
            }
        } catch (ProcessFailedException | UserError | UncheckedIOException e) {
            if (!interrupted) { // a Ctrl-C during start-up stops the services under the wait: that is no failure
                err.println("stress run: " + e.getMessage());
                failures.add(String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
                exitCode = 1;
                manifest.status = RunStatus.FAILED;
            }
        } finally {
            finish();
            ProcessReaper.removeBeforeReaping(shutdownHook);
            Dubbo3JMeterHome.remove(dubbo3Home);
        }
        if (capacity != null) {
            out.println();
            out.print(capacity.markdown());
            out.flush();
        }
        return interrupted ? 130 : exitCode;
    }

    /**
     * The run's scenario records in the order they run, {@code order} getting each one's scenario: every scenario
     * once, or with --repeat N its trials alternating (A B A B ...), so drift during the run hits every scenario alike.
     */
    static List<RunManifest.ScenarioRecord> records(List<Scenario> scenarios, int repeat, double warmupSeconds,
                                                    List<Scenario> order) {
        List<RunManifest.ScenarioRecord> records = new ArrayList<>();
        for (int trial = 1; trial <= repeat; trial++) {
            for (Scenario s : scenarios) {
                order.add(s);
                records.add(repeat == 1
                        ? new RunManifest.ScenarioRecord(s.name(), s.kind().planFile(), s.payloadBytes(), warmupSeconds)
                        : RunManifest.ScenarioRecord.trial(s.name(), trial, s.kind().planFile(), s.payloadBytes(),
                                warmupSeconds));
            }
        }
        return records;
    }

    /** Runs one scenario; false when the run should not go on (a service died, JMeter could not run the plan). */
    private boolean runScenario(Scenario scenario, int index, int count) {
        RunManifest.ScenarioRecord record = manifest.scenarios.get(index - 1);
        boolean goOn = runner.run(scenario, record.name, index, count, record, services.endpoints(),
                this::writeManifest);
        return afterScenario(scenario, record, goOn);
    }

    /**
     * {@code --find-max-rate}: per scenario a {@link CapacitySearch}, its steps run as steps of JMeter runs
     * ({@link SearchRun}: {@code direct-1k-search-1}, {@code -search-2}, ..., each a scenario of the run), judged as
     * they go; capacity.md and capacity.json are written after each scenario's search.
     */
    private CapacityReport findMaxRate(double warmupSeconds) {
        CapacityReport capacity = new CapacityReport(settings.capacity().slo());
        double start = Double.parseDouble(settings.load().rate().segments().get(0));
        int count = settings.load().scenarios().size() * settings.capacity().searchTrials();
        int[] index = {0};
        boolean[] stop = {false};
        for (Scenario scenario : settings.load().scenarios()) {
            if (interrupted || stop[0]) {
                break;
            }
            int[] runs = {0};
            double[] firstServiceMeanUs = {Double.NaN};
            CapacitySearch.Trial[] lastTrial = {null};
            CapacitySearch.Outcome outcome = new CapacitySearch(start, settings.capacity().searchTrials()).search(rates -> {
                if (interrupted || stop[0]) {
                    return null;
                }
                String name = scenario.name() + "-search-" + (++runs[0]);
                RunManifest.ScenarioRecord record = new RunManifest.ScenarioRecord(name, scenario.kind().planFile(),
                        scenario.payloadBytes(), warmupSeconds);
                record.addMessage("capacity search: steps of " + String.join(", ", rates.stream()
                        .map(CapacityReport::rate).toList()) + " calls/s, " + DurationConverter.format(settings.load().duration())
                        + " each, as one JMeter run ended at the first that did not hold; capacity.md judges each "
                        + "step, the report's figures for this scenario mix them");
                manifest.scenarios.add(record);
                index[0]++;
                ServiceEndpoints endpoints = services.endpoints();
                // the services the run started, or found listening on this machine when given by address
                CpuShares cpu = new CpuShares(Path.of("/proc"), Map.of(CapacityReport.PROVIDER,
                        endpoints.providerPid > 0 ? endpoints.providerPid : endpoints.givenProviderPid,
                        CapacityReport.CONSUMER, !scenario.kind().needsConsumer() ? -1L
                                : endpoints.consumerPid > 0 ? endpoints.consumerPid : endpoints.givenConsumerPid));
                // a step again after a start that had not settled: this run's first step a step longer, before its window
                Duration leadIn = lastTrial[0] != null && lastTrial[0].targetRate() == rates.get(0)
                        && lastTrial[0].verdict().limiter() == StepVerdict.Limiter.START_UP ? settings.load().duration()
                        : Duration.ZERO;
                SearchRun steps = new SearchRun(rates, settings.load().duration(), settings.load().warmup(), leadIn,
                        settings.capacity().slo(), settings.harness().threads(), layout.jtl(name), layout.jmeterLog(name), cpu,
                        firstServiceMeanUs[0]);
                liveCapacity.running(scenario.name(), name, steps);
                boolean goOn = runner.run(scenario, new ScenarioRunner.Shape(name, steps.schedule(),
                        steps.runDuration(), steps), index[0], count, record, endpoints, this::writeManifest);
                List<CapacitySearch.Trial> trials = steps.trials(name, record.endEpochMs);
                liveCapacity.judged(scenario.name(), trials);
                for (CapacitySearch.Trial trial : trials) {
                    if (trial.failed()) { // measured nothing: a failed scenario of the run, as any (exit code 1)
                        record.status = ScenarioStatus.FAILED;
                        record.addMessage("step " + trial.step() + " at " + CapacityReport.rate(trial.targetRate())
                                + " calls/s: " + String.join("; ", trial.broken()));
                    }
                }
                if (!afterScenario(scenario, record, goOn)) {
                    stop[0] = true;
                    return null;
                }
                if (!trials.isEmpty() && Double.isNaN(firstServiceMeanUs[0])) {
                    firstServiceMeanUs[0] = trials.get(0).evidence().serviceMeanUs();
                }
                if (!trials.isEmpty()) {
                    lastTrial[0] = trials.get(trials.size() - 1);
                }
                for (CapacitySearch.Trial trial : trials) {
                    err.println("stress run: " + CapacityReport.consoleLine(scenario.name(), trial));
                }
                if (trials.isEmpty()) {
                    err.println("stress run: " + name + ": no step of the capacity search could be judged (no call "
                            + "of its schedule in " + layout.root().relativize(layout.jtl(name)) + ")");
                }
                return trials;
            });
            capacity.add(scenario.name(), outcome);
            try {
                capacity.write(layout);
            } catch (IOException e) {
                failures.add("could not write capacity.md/json in " + layout.root() + ": " + e.getMessage());
                exitCode = 1;
            }
        }
        return capacity;
    }

    /** What follows every scenario: its outcome checked, the agent restarted if it died; false to stop the run. */
    private boolean afterScenario(Scenario scenario, RunManifest.ScenarioRecord record, boolean goOn) {
        if (interrupted) {
            record.status = ScenarioStatus.INTERRUPTED;
            writeManifest();
            return false;
        }
        if (record.status == ScenarioStatus.FAILED) {
            exitCode = 1;
        }
        if (!goOn) {
            exitCode = 1;
            return false;
        }
        services.restartAgentIfItDied(scenario.name());
        String dead = services.deadService();
        if (dead != null) {
            record.addMessage(dead);
            err.println("stress run: " + dead + "; stopping the run (its log is in logs/)");
            failures.add(dead);
            exitCode = 1;
            writeManifest();
            return false;
        }
        writeManifest();
        return true;
    }

    // ---------------------------------------------------------------------------------------------- preparation

    private JMeterHome resolveJMeter() {
        if (settings.jmeter().home() == null && settings.dubbo3Sampler()) {
            dubbo3Home = Dubbo3JMeterHome.create(home.embeddedJMeterHome(), home.dubbo3SamplerJar());
            return JMeterHome.at(dubbo3Home);
        }
        if (settings.jmeter().home() == null) {
            return JMeterHome.at(home.embeddedJMeterHome());
        }
        JMeterHome user = JMeterHome.at(settings.jmeter().home());
        if (!user.isSupported()) {
            err.println("stress run: warning: JMeter " + user.version() + " is outside the tested range 5.1.1-5.6.3");
        }
        Path embedded = home.embeddedJMeterHome().resolve("lib/ext");
        if (!user.hasInLibExt("io/dubbostress/sampler/")) {
            pluginJarsToAdd.add(settings.dubbo3Sampler() ? home.dubbo3SamplerJar() : home.samplerJar());
        } else if (settings.dubbo3Sampler()) {
            err.println("stress run: warning: --provider-url: " + settings.jmeter().home() + "/lib/ext already has a Dubbo"
                    + " sampler jar, which the run uses as it is (tri:// needs jmeter-dubbo3-sampler there)");
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
        for (Scenario s : settings.load().scenarios()) {
            home.plan(s.kind().planFile());
        }
        if (settings.services().provider() == null) {
            home.providerJar();
        }
        if (settings.needsConsumer() && settings.services().consumerUrl() == null) {
            home.consumerJar();
        }
        if (settings.services().agent() == null) {
            home.agentJar();
        }
    }

    /**
     * Room the JTLs may need: up to 50,000 rows/s of about 200 bytes for the run's total duration, but asking for
     * no more than 2 GiB up front (a long run on a small disk is told before it starts, not after an hour).
     */
    private long minFreeBytes() {
        long seconds = settings.load().duration().getSeconds() * settings.load().scenarios().size()
                * settings.load().repeat();
        long estimate = seconds * 50_000L * 200L;
        return Math.min(estimate, 2L * 1024 * 1024 * 1024) + 64L * 1024 * 1024;
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
        if (!anyScenarioStarted()) {
            err.println("stress run: interrupted before any scenario ran");
        } else {
            err.println("stress run: interrupted; asking JMeter to finish its samples and flush the results ...");
        }
        ScenarioRunner current = runner;
        if (current != null) {
            current.requestShutdown(JMETER_SHUTDOWN_GRACE);
        }
        finish();
    }

    private boolean anyScenarioStarted() {
        return manifest.scenarios.stream().anyMatch(s -> s.status != ScenarioStatus.PENDING);
    }

    private void finish() {
        synchronized (finishLock) {
            if (finished) {
                return;
            }
            finished = true;
            boolean anyRan = anyScenarioStarted();
            for (RunManifest.ScenarioRecord s : manifest.scenarios) {
                if (interrupted && (s.status == ScenarioStatus.RUNNING
                        || s.status == ScenarioStatus.COMPLETED && s.endEpochMs == 0)) {
                    s.status = ScenarioStatus.INTERRUPTED;
                    if (s.endEpochMs == 0) {
                        s.endEpochMs = System.currentTimeMillis();
                    }
                } else if (s.status == ScenarioStatus.PENDING) {
                    s.status = ScenarioStatus.NOT_RUN; // the run is over: it will not run now
                }
                if (s.status == ScenarioStatus.FAILED && !interrupted) {
                    failures.add(s.name + ": " + s.message);
                    exitCode = 1;
                }
            }
            if (services != null) {
                services.stop();
            }
            // the last writes (run.json's final state, the report) get the room kept for them
            space.release();
            long notRun = manifest.scenarios.stream().filter(s -> s.status == ScenarioStatus.NOT_RUN).count();
            if (space.wasFull() && notRun > 0) {
                failures.add("the disk of " + layout.root() + " is full: " + notRun + " scenario(s) not run");
            }
            manifest.endedAt = Instant.now().toString();
            if (manifest.status != RunStatus.FAILED) {
                manifest.status = interrupted ? RunStatus.INTERRUPTED
                        : exitCode == 0 ? RunStatus.COMPLETED : RunStatus.FAILED;
            }
            writeManifest();
            if (!anyRan) {
                // nothing was recorded: no dashboards, no report
                err.println((interrupted ? "stress run: what it started is stopped" : "stress run: no scenario ran")
                        + "; run.json in " + layout.root());
            } else {
                RunEnding ending = new RunEnding(settings, home, java, layout, err, out);
                if (settings.jmeter().dashboard() && !interrupted && !space.wasFull()) {
                    ending.dashboards(manifest);
                }
                if (!ending.analyse(manifest, this::measuredNothing)) {
                    failures.add("the report could not be made (see above)");
                    exitCode = 1;
                    if (manifest.status == RunStatus.COMPLETED) {
                        manifest.status = RunStatus.FAILED;
                        writeManifest();
                    }
                }
                err.println("stress run: results in " + layout.root());
            }
            if (influx != null) {
                influx.finish(manifest.status.toString().toLowerCase(Locale.ROOT));
            }
            removeTemporaries();
            for (String failure : failures) {
                err.println("stress run: failed: " + failure);
            }
            err.flush();
            closeLivePage();
        }
    }

    // ---------------------------------------------------------------------------------------------- the live page

    /** Serves the live page from the run folder (its port was bound before the folder was made) and says where. */
    private void startLivePage() {
        if (liveServer == null) {
            return;
        }
        live = LiveRun.start(layout.root(), LiveRun.Agent.FROM_RUN_JSON, Duration.ofSeconds(1))
                .followOnlyWhileWatched(); // a run nobody watches pays nothing for its page
        if (settings.capacity() != null) {
            live.capacity(liveCapacity::steps);
        }
        liveServer.serve(live);
        err.println("stress run: live page: " + liveServer.address() + (liveServer.loopbackOnly()
                ? " (this machine only; --live-bind to share it, --no-live for none)"
                : " (anyone who reaches this machine; --no-live for none)"));
    }

    /**
     * Stops the live page. A page that was watching (it asked in the last few seconds) first gets a few seconds to
     * see the end and fetch report.html, which it keeps: its link then opens the report after this command exits.
     */
    private void closeLivePage() {
        if (liveServer == null) {
            return;
        }
        if (live != null && !interrupted) {
            long now = System.currentTimeMillis();
            long deadline = now + LIVE_PAGE_LINGER.toMillis();
            if (now - live.lastPollMs() < LIVE_PAGE_LINGER.toMillis()) {
                while (System.currentTimeMillis() < deadline && liveServer.reportServedMs() < now) {
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
        }
        liveServer.close();
        if (live != null) {
            live.close();
        }
    }

    /** Puts {@code now} where {@code before} was among the failures, keeping their order. */
    private void replaceInPlace(String before, String now) {
        List<String> all = new ArrayList<>(failures);
        all.set(all.indexOf(before), now);
        failures.clear();
        failures.addAll(all);
    }

    /**
     * The scenarios the report found failed (no steady-state sample, or only failures): a completed one becomes
     * failed in run.json with the reason, said at the end, and the run's exit code is 1 (docs/RUN.md).
     */
    private void measuredNothing(List<ScenarioResult> failed) {
        for (ScenarioResult scenario : failed) {
            String reason = scenario.outcome().reason();
            for (RunManifest.ScenarioRecord record : manifest.scenarios) {
                if (!record.name.equals(scenario.name()) || record.message.contains(reason)) {
                    continue;
                }
                String said = record.name + ": " + record.message;
                record.addMessage(reason);
                if (record.status == ScenarioStatus.COMPLETED) {
                    record.status = ScenarioStatus.FAILED;
                    failures.add(record.name + ": " + reason);
                    exitCode = 1;
                } else if (failures.contains(said)) {
                    // failed already (a watchdog, JMeter's exit): the last word is run.json's whole message, in
                    // the place the first one had (the order the failures happened in stays)
                    replaceInPlace(said, record.name + ": " + record.message);
                }
            }
        }
        if (exitCode != 0 && manifest.status == RunStatus.COMPLETED) {
            manifest.status = RunStatus.FAILED;
        }
        writeManifest();
    }

    private void writeManifest() {
        if (layout != null) {
            try {
                manifest.write(layout.runJson());
            } catch (IOException e) {
                // said once, at the end; the next write (the last one has the reserve's room) may still succeed
                writeFailure = "could not write " + layout.runJson() + ": " + e.getMessage();
                return;
            }
            writeFailure = null;
        }
    }

    /**
     * A write that failed (a full disk) leaves no half-written temporary behind: every ".tmp" in the run folder is
     * one of this run's atomic writes that did not finish.
     */
    private void removeTemporaries() {
        if (writeFailure != null) {
            failures.add(writeFailure);
            exitCode = 1;
        }
        try (Stream<Path> files = Files.walk(layout.root())) {
            files.filter(p -> p.getFileName().toString().endsWith(".tmp")).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    err.println("stress run: could not remove " + p + ": " + e.getMessage());
                }
            });
        } catch (IOException | UncheckedIOException e) {
            err.println("stress run: could not look for half-written files in " + layout.root() + ": "
                    + e.getMessage());
        }
    }

    /** ", split over 2 load generators: 10 threads, 250 calls/s each", or "" for a local run. */
    private String shares(RemoteGenerators generators) {
        if (generators.isEmpty()) {
            return "";
        }
        RateSchedule each = generators.ratePerServer(settings.load().rate());
        return ", split over " + generators.count() + " load generators: " + generators.threadsPerServer(
                settings.harness().threads()) + " threads" + (each.isOpen() ? ", rate " + each : "") + " each";
    }
}
