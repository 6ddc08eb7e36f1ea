package io.dubbostress.cli.profile;

import io.dubbostress.perfmon.host.ProcessCounters;
import io.dubbostress.report.profile.ProfileCapture;
import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Profiles one scenario's JVMs over its steady window: a thread waits for the scenario's first sample (the JTL's
 * first row, where the report's warm-up starts too), then for the warm-up to pass, starts the profiler in each JVM,
 * and stops it shortly before the test's planned end (while JMeter still runs), or at {@link #close()} if the
 * scenario ends sooner. Around each recording it reads the JVM's CPU time,
 * threads, open files and context switches from {@code /proc/<pid>}, and the host's context switches; it writes what
 * it did, and for a JVM without a profile why, into the scenario's capture.json. Nothing here stops the run: a JVM that
 * cannot be attached, one that exits early, a disk that is full all end as a reason in capture.json, said once on
 * stderr, and the report lists them.
 *
 * <pre>
 * try (ScenarioProfiles profiles = ScenarioProfiles.start(engine, null, layout, "hop-1k",
 *         List.of(new ScenarioProfiles.Jvm("provider", providerPid)), warmup, duration, err)) {
 *     run.await(...);
 * }
 * </pre>
 */
public final class ScenarioProfiles implements AutoCloseable {

    /**
     * One JVM to profile: {@code provider}, {@code consumer}, {@code jmeter}; or, with {@code notProfiled}, one of the
     * scenario that is not the run's to profile (a service given by address), listed with the reason so that the
     * report has its row.
     */
    public record Jvm(String service, long pid, String notProfiled) {

        public Jvm(String service, long pid) {
            this(service, pid, null);
        }

        /** A JVM of the scenario that the run does not profile, and why. */
        public static Jvm notProfiled(String service, String why) {
            return new Jvm(service, -1, why);
        }
    }

    /** How long before the test's planned end the recordings stop: JMeter must still be there to be asked. */
    static final Duration STOP_BEFORE_END = Duration.ofSeconds(1);
    private static final Path PROC = Paths.get("/proc");

    private final ProfilerEngine engine;
    private final String unavailable;
    private final RunLayout layout;
    private final String scenario;
    private final List<Jvm> jvms;
    private final LongSupplier firstSampleMs;
    private final Duration warmup;
    private final Duration duration;
    private final PrintStream err;
    private final ProfileCapture capture = new ProfileCapture();
    private final Object lock = new Object();
    private final Thread thread;
    private boolean closed;

    private ScenarioProfiles(ProfilerEngine engine, String unavailable, RunLayout layout, String scenario,
                             List<Jvm> jvms, LongSupplier firstSampleMs, Duration warmup, Duration duration,
                             PrintStream err) {
        this.engine = engine;
        this.unavailable = unavailable;
        this.layout = layout;
        this.scenario = scenario;
        this.jvms = List.copyOf(jvms);
        this.firstSampleMs = firstSampleMs;
        this.warmup = warmup;
        this.duration = duration;
        this.err = err;
        this.thread = new Thread(this::profile, "profiles " + scenario);
        this.thread.setDaemon(true);
    }

    /**
     * Starts watching for {@code scenario}'s steady window; {@code engine} null when the run has no profiler, and
     * then {@code unavailable} says why (each JVM's capture says it).
     */
    public static ScenarioProfiles start(ProfilerEngine engine, String unavailable, RunLayout layout,
                                         String scenario, List<Jvm> jvms, Duration warmup, Duration duration,
                                         PrintStream err) {
        Path jtl = layout.jtl(scenario);
        return start(engine, unavailable, layout, scenario, jvms, () -> FirstSample.epochMs(jtl), warmup, duration,
                err);
    }

    /** As above, with the first sample's time from {@code firstSampleMs} (0 until there is one). */
    static ScenarioProfiles start(ProfilerEngine engine, String unavailable, RunLayout layout, String scenario,
                                  List<Jvm> jvms, LongSupplier firstSampleMs, Duration warmup, Duration duration,
                                  PrintStream err) {
        ScenarioProfiles profiles = new ScenarioProfiles(engine, unavailable, layout, scenario, jvms, firstSampleMs,
                warmup, duration, err);
        profiles.thread.start();
        return profiles;
    }

    private void profile() {
        capture.scenario = scenario;
        capture.profiler = engine == null ? "" : engine.name();
        capture.options = engine == null ? "" : engine.options();
        List<ProfileCapture.Target> ours = new ArrayList<>();
        for (Jvm jvm : jvms) {
            ProfileCapture.Target target = new ProfileCapture.Target(jvm.service(), jvm.pid(),
                    RunLayout.profileFileName(jvm.service()));
            capture.services.add(target);
            if (jvm.notProfiled() != null) {
                target.addReason(jvm.notProfiled());
            } else {
                ours.add(target);
            }
        }
        if (engine == null) {
            ours.forEach(t -> t.addReason(unavailable));
            return;
        }
        long start = awaitFirstSample();
        if (start <= 0) {
            ours.forEach(t -> t.addReason("the scenario recorded no sample"));
            return;
        }
        capture.plannedFromEpochMs = start + warmup.toMillis();
        capture.plannedToEpochMs = start + duration.toMillis() - STOP_BEFORE_END.toMillis();
        if (!sleepUntil(capture.plannedFromEpochMs)) {
            ours.forEach(t -> t.addReason("the scenario ended before its steady window"));
            return;
        }
        Path dir = layout.profilesDir(scenario);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            ours.forEach(t -> t.addReason("cannot make " + dir + ": " + e.getMessage()));
            return;
        }
        capture.hostContextSwitchesAtStart = hostContextSwitches();
        capture.hostStartedEpochMs = System.currentTimeMillis();
        List<ProfileCapture.Target> recording = new ArrayList<>();
        for (ProfileCapture.Target target : ours) {
            if (startOne(target, dir.resolve(target.file))) {
                recording.add(target);
            }
        }
        sleepUntil(capture.plannedToEpochMs);
        capture.hostContextSwitchesAtStop = hostContextSwitches();
        capture.hostStoppedEpochMs = System.currentTimeMillis();
        for (ProfileCapture.Target target : recording) {
            stopOne(target, dir.resolve(target.file));
        }
    }

    private boolean startOne(ProfileCapture.Target target, Path file) {
        if (!ProcessHandle.of(target.pid).map(ProcessHandle::isAlive).orElse(false)) {
            target.addReason("the JVM (pid " + target.pid + ") had ended before the steady window");
            return false;
        }
        ProcessCounters before = counters(target.pid);
        try {
            engine.start(target.pid, file);
        } catch (ProfilerException e) {
            target.addReason(e.getMessage());
            return false;
        }
        target.startedEpochMs = System.currentTimeMillis();
        ProcessCounters after = counters(target.pid);
        ProcessCounters at = after != null ? after : before;
        if (at != null) {
            target.cpuMillisAtStart = at.cpuMillis();
            target.threadsAtStart = at.threads();
            target.fdsAtStart = at.fds() < 0 ? null : at.fds();
            target.contextSwitchesAtStart = at.contextSwitches() < 0 ? null : at.contextSwitches();
        }
        return true;
    }

    private void stopOne(ProfileCapture.Target target, Path file) {
        ProcessCounters at = counters(target.pid);
        if (at != null) {
            target.cpuMillisAtStop = at.cpuMillis();
            target.threadsAtStop = at.threads();
            target.fdsAtStop = at.fds() < 0 ? null : at.fds();
            target.contextSwitchesAtStop = at.contextSwitches() < 0 ? null : at.contextSwitches();
        }
        target.stoppedEpochMs = System.currentTimeMillis();
        try {
            engine.stop(target.pid, file);
        } catch (ProfilerException e) {
            if (at == null) {
                // it ended first: async-profiler writes the file as the JVM exits, without the CPU time at the end
                target.addReason("the JVM ended before the profile was stopped (" + e.getMessage() + ")");
            } else {
                target.addReason(e.getMessage());
            }
        }
        try {
            target.fileBytes = Files.isRegularFile(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            target.fileBytes = 0;
        }
        if (target.fileBytes > 0) {
            target.status = ProfileCapture.RECORDED;
        } else {
            target.addReason(file.getFileName() + " was not written (" + (Files.exists(file) ? "empty: a full disk?"
                    : "missing") + ")");
        }
    }

    private static ProcessCounters counters(long pid) {
        try {
            return ProcessCounters.readLinux(PROC, pid, true);
        } catch (IOException | RuntimeException e) {
            return null; // gone, or not Linux
        }
    }

    private static Long hostContextSwitches() {
        try {
            return ProcessCounters.hostContextSwitches(PROC);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The scenario's first sample (epoch ms), or 0 when the scenario was closed first. */
    private long awaitFirstSample() {
        synchronized (lock) {
            while (!closed) {
                long start = firstSampleMs.getAsLong();
                if (start > 0) {
                    return start;
                }
                waitQuietly(100);
            }
            return 0;
        }
    }

    /** Waits until {@code epochMs}; false when closed first. */
    private boolean sleepUntil(long epochMs) {
        synchronized (lock) {
            while (!closed) {
                long left = epochMs - System.currentTimeMillis();
                if (left <= 0) {
                    return true;
                }
                waitQuietly(left);
            }
            return false;
        }
    }

    private void waitQuietly(long ms) {
        try {
            lock.wait(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    /**
     * The scenario is over: stops what still records, writes capture.json, and says on stderr which JVM has no
     * profile and why.
     */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
        try {
            thread.join(Duration.ofMinutes(2).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            err.println("stress run: " + scenario + ": the profiler did not finish within 2 minutes; its capture"
                    + " is written as it stands");
        }
        for (ProfileCapture.Target target : capture.services) {
            if (!ProfileCapture.RECORDED.equals(target.status)) {
                err.println("stress run: " + scenario + ": no profile of the " + target.service + ": "
                        + target.reason);
            }
        }
        Path file = layout.profileCapture(scenario);
        try {
            Files.createDirectories(file.getParent());
            capture.write(file);
        } catch (IOException e) {
            err.println("stress run: " + scenario + ": cannot write " + file + " (" + e.getMessage() + "); the"
                    + " report will say the scenario has no profile");
        }
    }

    /** Whether the recordings are over (stopped at the window's end, or never started); for tests. */
    boolean finished() {
        return !thread.isAlive();
    }
}
