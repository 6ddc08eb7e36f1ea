package io.dubbostress.cli.live;

import io.dubbostress.cli.jmeter.ScheduleStartLine;
import io.dubbostress.cli.metrics.AgentStream;
import io.dubbostress.cli.metrics.JvmReadings;
import io.dubbostress.cli.options.HostPort;
import io.dubbostress.cli.options.RateSchedule;
import io.dubbostress.report.ReportException;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.RunStatus;
import io.dubbostress.report.run.ScenarioStatus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What the live page shows of a run, kept up to date once a second on its own thread from the run folder: run.json
 * (the scenarios, their state, warm-up and JMeter), each running scenario's JTL as it grows ({@link ScenarioLive}),
 * the GC logs in {@code gc/} ({@link GcPauseTail}), and the services' PerfMon agent, which it asks itself for the CPU
 * of the host and of each JVM of the scenario running and their threads ({@link Readings}). A folder without run.json
 * (a JMeter run of the shipped plans) is read as its {@code *.jtl} files, each a scenario. Memory does not grow with
 * the run's length: per-second histograms, the last hour of seconds, the last pauses.
 *
 * <pre>{@code
 * try (LiveRun live = LiveRun.start(runFolder, LiveRun.Agent.FROM_RUN_JSON, Duration.ofSeconds(1))) {
 *     byte[] json = live.json(false);   // what /live.json answers
 * }
 * }</pre>
 */
public final class LiveRun implements AutoCloseable {

    /** Rows read per scenario and tick at most: a whole JTL of a finished run is read over several ticks. */
    static final int ROWS_PER_TICK = 2_000_000;
    /** Rows read while the page's lock is held: a page asking meanwhile waits for one batch at most. */
    static final int ROWS_PER_BATCH = 50_000;
    /** Pauses kept per GC log. */
    static final int PAUSES_KEPT = 200;
    /** A JTL without run.json not written to for this long is taken as ended. */
    static final long QUIET_JTL_MS = 60_000;
    /** With {@link #followOnlyWhileWatched}: the JTLs are not read when the page was not asked for this long. */
    static final long UNWATCHED_MS = 30_000;

    /** Where the agent is: run.json's (when the run was on this machine), a given one, or none. */
    public record Agent(HostPort address, boolean fromRunJson) {
        public static final Agent FROM_RUN_JSON = new Agent(null, true);
        public static final Agent NONE = new Agent(null, false);

        public static Agent at(HostPort address) {
            return new Agent(address, false);
        }
    }

    /** A GC log followed: its pauses so far and the last ones. */
    static final class GcLog {
        final GcPauseTail tail;
        final Deque<GcPauseTail.Pause> recent = new ArrayDeque<>();
        long pauses;
        double totalMs;
        double maxMs;

        GcLog(Path file) {
            this.tail = new GcPauseTail(file);
        }
    }

    private final Path folder;
    private final RunLayout layout;
    private final Agent agent;
    private final Duration period;
    private final Object lock = new Object();
    private final Map<String, ScenarioLive> scenarios = new LinkedHashMap<>();
    private final Map<String, ScheduleStartLine> scheduleStarts = new LinkedHashMap<>();
    private final Map<String, GcLog> gcLogs = new LinkedHashMap<>();
    private final Readings readings = new Readings();
    private final ByteArrayOutputStream agentSays = new ByteArrayOutputStream();
    private final PrintStream agentErr = new PrintStream(agentSays, true, StandardCharsets.UTF_8);
    private final Thread thread;
    private volatile boolean closing;
    private volatile Supplier<List<CapacityStep>> capacity = this::capacityJson;
    private List<CapacityStep> capacityJsonSteps = List.of();
    private FileTime capacityJsonTime;
    private RunManifest manifest;
    private FileTime manifestTime;
    private String manifestProblem;
    private AgentStream agentStream;
    private String agentKey = "";
    /** The run.json the agent stream was set up from: it is set up again only when run.json changed. */
    private RunManifest agentManifest;
    private String agentText = "";
    private long lastTickMs;
    private long lastPollMs;
    private volatile boolean onlyWhileWatched;
    /** Ticks so far; with the second, the agent's readings and the capacity steps, what {@link #answer} was made of. */
    private long ticks;
    private byte[] answer;
    private long answerSecond;
    private long answerTicks;
    private long answerReadings;
    private List<CapacityStep> answerSteps;

    private LiveRun(Path folder, Agent agent, Duration period) {
        this.folder = folder;
        this.layout = new RunLayout(folder);
        this.agent = agent;
        this.period = period;
        this.thread = new Thread(this::loop, "live-page " + folder.getFileName());
        this.thread.setDaemon(true);
    }

    /** Starts following {@code folder} (a run folder, or a folder of JTLs) every {@code period}. */
    public static LiveRun start(Path folder, Agent agent, Duration period) {
        LiveRun live = unstarted(folder, agent);
        live.thread.start();
        return live;
    }

    /** As {@link #start}, without its thread: the caller calls {@link #tick} (tests with their own clock). */
    static LiveRun unstarted(Path folder, Agent agent) {
        return new LiveRun(folder.toAbsolutePath().normalize(), agent, Duration.ofSeconds(1));
    }

    public Path folder() {
        return folder;
    }

    /**
     * Reads the JTLs and the GC logs only while the page is watched (asked for in the last {@value #UNWATCHED_MS} ms):
     * a run nobody watches pays nothing for its page. A page that comes later gets every row and pause from the start
     * (read back at the next ticks, up to {@value #ROWS_PER_TICK} rows per scenario and second); the agent is read all
     * along (a reading missed cannot be read back), a line a second.
     */
    public LiveRun followOnlyWhileWatched() {
        this.onlyWhileWatched = true;
        return this;
    }

    /**
     * A capacity search's steps so far: the run's own, while it searches. Without it, capacity.json's (the searches
     * that ended).
     */
    public void capacity(Supplier<List<CapacityStep>> steps) {
        this.capacity = steps;
    }

    private void loop() {
        while (!closing) {
            long started = System.nanoTime();
            try {
                tick(System.currentTimeMillis());
            } catch (RuntimeException e) {
                // a file half there, a race with the run: the next tick reads again
                synchronized (lock) {
                    manifestProblem = "the live page could not read the run folder: " + e;
                }
            }
            long sleep = period.toNanos() - (System.nanoTime() - started);
            if (sleep > 0) {
                try {
                    Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** One update: run.json, the JTLs, the GC logs, the agent. Public for tests that drive the clock. */
    public void tick(long nowMs) {
        readManifest();
        List<Scenario> list = scenarioList(nowMs);
        if (watched()) {
            for (Scenario s : list) {
                follow(s, nowMs);
            }
            readGcLogs(); // read back from where it stopped: a page that comes later gets every pause
        }
        configureAgent(list);
        synchronized (lock) {
            lastTickMs = nowMs;
            ticks++;
        }
    }

    /** A scenario as run.json (or the folder) has it: its folder name, JTL, whether it ended, warm-up, JMeter. */
    record Scenario(String name, Path jtl, boolean ended, boolean started, long startMs, long warmupMs,
                    long jmeterPid) {
    }

    private void readManifest() {
        Path file = layout.runJson();
        if (!Files.isRegularFile(file)) {
            return;
        }
        try {
            FileTime time = Files.getLastModifiedTime(file);
            if (time.equals(manifestTime) && manifest != null) {
                return;
            }
            RunManifest read = RunManifest.read(file);
            synchronized (lock) {
                manifest = read;
                manifestTime = time;
                manifestProblem = null;
            }
        } catch (IOException | ReportException e) {
            synchronized (lock) {
                manifestProblem = e.getMessage(); // run.json being replaced, or not a run.json: said on the page
            }
        }
    }

    private List<Scenario> scenarioList(long nowMs) {
        List<Scenario> list = new ArrayList<>();
        RunManifest m;
        synchronized (lock) {
            m = manifest;
        }
        if (m != null) {
            double defaultWarmup = parseDouble(m.settings.get("warmupSeconds"), -1);
            for (RunManifest.ScenarioRecord r : m.scenarios) {
                boolean started = r.status != ScenarioStatus.PENDING && r.status != ScenarioStatus.NOT_RUN;
                boolean ended = started && r.status != ScenarioStatus.RUNNING;
                double warmup = r.warmupSeconds != null ? r.warmupSeconds : defaultWarmup;
                list.add(new Scenario(r.name, layout.jtl(r.name), ended, started, r.startEpochMs,
                        warmup < 0 ? -1 : Math.round(warmup * 1000), r.jmeterPid));
            }
            return list;
        }
        // a folder of JTLs (a JMeter run of the shipped plans): each file a scenario, ended when quiet for a minute
        for (Path jtl : jtlFiles()) {
            String name = jtl.getFileName().toString().replaceFirst("\\.jtl$", "");
            if (name.equals("results") && jtl.getParent() != null) {
                name = jtl.getParent().getFileName().toString();
            }
            boolean quiet;
            try {
                quiet = nowMs - Files.getLastModifiedTime(jtl).toMillis() > QUIET_JTL_MS;
            } catch (IOException e) {
                quiet = false;
            }
            list.add(new Scenario(name, jtl, quiet, true, 0, -1, -1));
        }
        return list;
    }

    private List<Path> jtlFiles() {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(folder)) {
            s.filter(p -> p.getFileName().toString().endsWith(".jtl") && Files.isRegularFile(p)).sorted()
                    .forEach(files::add);
        } catch (IOException e) {
            // no folder (yet): nothing to show
        }
        return files;
    }

    private void follow(Scenario s, long nowMs) {
        if (!s.started()) {
            return;
        }
        ScenarioLive live;
        synchronized (lock) {
            live = scenarios.get(s.name());
            if (live == null) {
                boolean remote = manifest != null && !manifest.remoteHosts().isEmpty();
                // rows from remote load generators arrive in batches, stamped by their clocks: a longer wait
                live = new ScenarioLive(s.name(), s.jtl(), remote ? 5_000 : 2_000, remote ? 30_000 : 10_000);
                scenarios.put(s.name(), live);
            }
            if (live.finished()) {
                return;
            }
            if (s.warmupMs() >= 0) {
                live.warmup(s.startMs(), s.warmupMs());
            }
        }
        scheduleOf(s, live);
        boolean drained = false;
        for (int read = 0; read < ROWS_PER_TICK && !drained; read += ROWS_PER_BATCH) {
            synchronized (lock) {
                drained = live.readRows(ROWS_PER_BATCH);
            }
        }
        synchronized (lock) {
            live.close(nowMs, s.ended() && drained, drained);
            if (live.finished()) {
                live.stop();
            }
        }
    }

    /** Whether the JTLs are to be read now: always, or ({@link #followOnlyWhileWatched}) while the page is watched. */
    private boolean watched() {
        if (!onlyWhileWatched) {
            return true;
        }
        synchronized (lock) {
            return lastPollMs > 0 && System.currentTimeMillis() - lastPollMs < UNWATCHED_MS;
        }
    }

    /** The rate asked for and the schedule's start (jmeter.log), for a rate-driven scenario of a stress run. */
    private void scheduleOf(Scenario s, ScenarioLive live) {
        RunManifest m;
        synchronized (lock) {
            m = manifest;
        }
        if (m == null || live.scheduleOriginUs() >= 0) {
            return;
        }
        RateSchedule rate;
        try {
            rate = RateSchedule.parse(m.settings.getOrDefault("rate", "0"));
        } catch (RuntimeException e) {
            return;
        }
        List<CapacityStep> steps = capacity.get();
        if (!rate.isOpen() && steps.stream().noneMatch(step -> step.run().equals(s.name()))) {
            return;
        }
        ScheduleStartLine line = scheduleStarts.computeIfAbsent(s.name(),
                n -> new ScheduleStartLine(layout.jmeterLog(n)));
        long origin = line.read();
        RateSchedule schedule = searchSchedule(s.name(), steps);
        if (schedule == null) {
            long seconds = (long) parseDouble(m.settings.get("durationSeconds"), 0);
            schedule = seconds > 0 ? rate.sized(Duration.ofSeconds(seconds)) : rate;
        }
        synchronized (lock) {
            live.target(schedule, origin); // the rate asked for is known before the schedule starts
        }
    }

    /** A capacity search run's steps as a schedule, from its live steps; null when {@code run} is not the search's. */
    private static RateSchedule searchSchedule(String run, List<CapacityStep> steps) {
        List<String> segments = new ArrayList<>();
        long previousEnd = -1;
        for (CapacityStep step : steps) {
            if (!step.run().equals(run) || step.fromMs() < 0) {
                continue;
            }
            long length = step.toMs() - (previousEnd < 0 ? step.fromMs() : previousEnd);
            segments.add(RateSchedule.format(step.rate()) + ":" + Math.max(1, length) + "ms");
            previousEnd = step.toMs();
        }
        return segments.isEmpty() ? null : RateSchedule.parse(String.join(",", segments));
    }

    private void readGcLogs() {
        Path dir = layout.gcDir();
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> RunLayout.isGcLog(p.getFileName().toString())).sorted().forEach(files::add);
        } catch (IOException e) {
            return;
        }
        for (Path file : files) {
            String name = file.getFileName().toString();
            name = name.substring(0, name.length() - RunLayout.GC_LOG_SUFFIX.length());
            GcLog log;
            synchronized (lock) {
                log = gcLogs.computeIfAbsent(name, n -> new GcLog(file));
            }
            List<GcPauseTail.Pause> pauses = log.tail.read();
            synchronized (lock) {
                for (GcPauseTail.Pause p : pauses) {
                    log.pauses++;
                    log.totalMs += p.pauseMs();
                    log.maxMs = Math.max(log.maxMs, p.pauseMs());
                    log.recent.addLast(p);
                    if (log.recent.size() > PAUSES_KEPT) {
                        log.recent.removeFirst();
                    }
                }
            }
        }
    }

    /**
     * The agent stream for the scenario running: the host's CPU and, with the agent on this machine (or given), each
     * JVM's CPU and threads; started again when the JVMs change (each scenario has its own JMeter).
     */
    private void configureAgent(List<Scenario> list) {
        RunManifest m;
        synchronized (lock) {
            m = manifest;
        }
        if (m == agentManifest && m != null) {
            sayWhatTheAgentSaid();
            return; // the JVMs change only with run.json
        }
        agentManifest = m;
        HostPort address = agent.address();
        boolean pidsMeanSomething = address != null;
        if (address == null && agent.fromRunJson() && m != null) {
            RunManifest.ServiceRecord a = m.service("agent");
            if (a != null && !a.address.isEmpty() && sameHost(m)) {
                try {
                    address = HostPort.parse(a.address);
                    pidsMeanSomething = JvmReadings.isThisMachine(address.host);
                } catch (IllegalArgumentException e) {
                    address = null;
                }
            }
        }
        Scenario running = list.stream().filter(s -> s.started() && !s.ended()).reduce((a, b) -> b).orElse(null);
        List<AgentStream.Metric> metrics = new ArrayList<>();
        if (address != null && running != null) {
            metrics.add(new AgentStream.Metric("cpu:combined", "host cpu"));
            if (pidsMeanSomething && m != null) {
                for (RunManifest.ServiceRecord service : m.services) {
                    if (service.pid > 0 && !service.name.equals("agent")) {
                        addJvm(metrics, service.name, service.pid, address);
                    }
                }
                if (running.jmeterPid() > 0) {
                    addJvm(metrics, "jmeter", running.jmeterPid(), address);
                }
            }
        }
        String key = (address == null ? "" : address.toString()) + " " + metrics;
        if (key.equals(agentKey)) {
            sayWhatTheAgentSaid();
            return;
        }
        if (agentStream != null) {
            agentStream.close();
            agentStream = null;
        }
        agentKey = key;
        agentSays.reset();
        synchronized (lock) {
            agentText = address == null ? "no agent to read (the run's agent is not on this machine; stress live "
                    + "--agent HOST:PORT names one)" : metrics.isEmpty() ? "" : "reading the agent " + address;
        }
        if (!metrics.isEmpty()) {
            agentStream = AgentStream.start(address, metrics, readings, agentErr, "the agent " + address);
        }
    }

    /** The agent stream's last word (it could not connect, the agent refused), shown on the page. */
    private void sayWhatTheAgentSaid() {
        if (agentSays.size() == 0) {
            return;
        }
        String said = agentSays.toString(StandardCharsets.UTF_8).trim();
        synchronized (lock) {
            agentText = said.isEmpty() ? agentText : said.lines().reduce((a, b) -> b).orElse("");
        }
    }

    private static void addJvm(List<AgentStream.Metric> metrics, String name, long pid, HostPort address) {
        // the agent refuses a whole request naming a process that is gone: only the living ones (of this machine)
        if (JvmReadings.isThisMachine(address.host)
                && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return;
        }
        metrics.add(new AgentStream.Metric("cpu:pid=" + pid + ":percent", name + " cpu"));
        metrics.add(new AgentStream.Metric("process:pid=" + pid + ":threads", name + " threads"));
    }

    /** Whether the run in run.json ran on this machine (its host name is ours). */
    private static boolean sameHost(RunManifest m) {
        String theirs = m.host.get("hostname");
        if (theirs == null || theirs.isEmpty()) {
            return true;
        }
        try {
            return theirs.equals(java.net.InetAddress.getLocalHost().getHostName());
        } catch (IOException e) {
            return false;
        }
    }

    /** The steps capacity.json has (read again when it changed), empty without one. */
    private List<CapacityStep> capacityJson() {
        Path file = layout.capacityJson();
        try {
            if (!Files.isRegularFile(file)) {
                return List.of();
            }
            FileTime time = Files.getLastModifiedTime(file);
            if (!time.equals(capacityJsonTime)) {
                capacityJsonSteps = CapacityFile.steps(file);
                capacityJsonTime = time;
            }
        } catch (IOException | RuntimeException e) {
            // being replaced: the steps read last time
        }
        return capacityJsonSteps;
    }

    private static double parseDouble(String text, double otherwise) {
        try {
            return text == null ? otherwise : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    /**
     * The page's data: every scenario, its last seconds ({@code full}: every second kept). The last answer is served
     * again, as it was, to a poll in the same second when nothing changed since (no tick, no reading from the agent,
     * the same capacity steps): pages open in several tabs or browsers cost one answer a second between them.
     */
    public byte[] json(boolean full) {
        synchronized (lock) {
            long now = System.currentTimeMillis();
            lastPollMs = now;
            if (full) {
                return LiveJson.render(this, true);
            }
            long second = Math.floorDiv(now, 1000);
            long readingsVersion = readings.version();
            List<CapacityStep> steps = capacity.get();
            if (answer == null || answerSecond != second || answerTicks != ticks
                    || answerReadings != readingsVersion || !steps.equals(answerSteps)) {
                answer = LiveJson.render(this, false);
                answerSecond = second;
                answerTicks = ticks;
                answerReadings = readingsVersion;
                answerSteps = steps;
            }
            return answer;
        }
    }

    /** Epoch ms of the last request for the page's data, 0 before any. */
    public long lastPollMs() {
        synchronized (lock) {
            return lastPollMs;
        }
    }

    // what LiveJson reads, under the lock

    RunManifest manifest() {
        return manifest;
    }

    String manifestProblem() {
        return manifestProblem;
    }

    Map<String, ScenarioLive> scenarios() {
        return scenarios;
    }

    Map<String, GcLog> gcLogs() {
        return gcLogs;
    }

    Readings readings() {
        return readings;
    }

    String agentText() {
        return agentText;
    }

    List<CapacityStep> capacitySteps() {
        return capacity.get();
    }

    long lastTickMs() {
        return lastTickMs;
    }

    RunLayout layout() {
        return layout;
    }

    /** Whether the run has ended (run.json says so) and its report is written. */
    public boolean reportReady() {
        synchronized (lock) {
            return manifest != null && manifest.status != RunStatus.RUNNING
                    && Files.isRegularFile(folder.resolve(RunLayout.REPORT_HTML));
        }
    }

    /** Reads once more (the run's last state), then stops the thread and the agent stream. */
    @Override
    public void close() {
        closing = true;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (agentStream != null) {
            agentStream.close();
        }
        synchronized (lock) {
            scenarios.values().forEach(ScenarioLive::stop);
        }
    }
}
