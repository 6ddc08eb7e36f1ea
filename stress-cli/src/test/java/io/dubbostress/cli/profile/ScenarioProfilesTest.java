package io.dubbostress.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dubbostress.report.profile.CallTree;
import io.dubbostress.report.profile.JfrProfile;
import io.dubbostress.report.profile.ProfileCapture;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.testsupport.ChildJvm;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ScenarioProfiles} with the real async-profiler (the library of Maven Central's jar) attached to real JVMs: a
 * {@link Burner} whose main thread spends 2 ms in {@code hot} for each 1 ms in {@code cold}, timed by its own thread
 * CPU clock; the profile must show that split, and the JDK's own {@code jfr} tool must count the same samples as the
 * report's reader. A JVM that has ended, and one that ends before its profile is stopped, end as reasons, never as an
 * exception.
 */
class ScenarioProfilesTest {

    private static final Pattern SPLIT = Pattern.compile("split hot=(\\d+) cold=(\\d+)");
    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");

    @TempDir
    static Path dir;

    /** --profile's engine (a CPU timer) and --profile-kernel's (perf_events where allowed). */
    static AsyncProfiler engine;
    static AsyncProfiler kernelEngine;

    @BeforeAll
    static void unpack() {
        engine = AsyncProfiler.fromClassPath(dir.resolve("lib"), false);
        kernelEngine = AsyncProfiler.fromClassPath(dir.resolve("lib-kernel"), true);
    }

    @AfterAll
    static void remove() {
        engine.close();
        kernelEngine.close();
    }

    @ParameterizedTest(name = "kernel frames {0}")
    @ValueSource(booleans = {false, true})
    void profilesAKnownHotMethodAtTheShareItsOwnClockMeasured(boolean kernelFrames) throws Exception {
        RunLayout layout = new RunLayout(dir.resolve("run-hot-" + kernelFrames));
        try (ChildJvm burner = burner(180_000, "burner.log")) {
            burner.awaitLog(l -> l.startsWith("split"), "its first split", Duration.ofSeconds(30));
            long now = System.currentTimeMillis();
            ScenarioProfiles profiles = ScenarioProfiles.start(kernelFrames ? kernelEngine : engine, null, layout, "s1",
                    List.of(new ScenarioProfiles.Jvm("provider", burner.pid())), () -> now, Duration.ZERO,
                    Duration.ofMinutes(2), System.err);
            // recorded until the burner has had 2 s of CPU since the start, however busy the machine is
            long before = cpuNs(lastSplit(burner.logText()));
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
                    .until(() -> cpuNs(lastSplit(burner.logText())) - before >= 2_000_000_000L);
            // a second, simple count of its open files while it is profiled: ls's, perf_events' own apart (the
            // burner opens none meanwhile; async-profiler's perf_events hold one per thread)
            long[] fds = lsFds(burner.pid());
            profiles.close();
            long[] split = lastSplit(burner.logText());

            ProfileCapture capture = ProfileCapture.read(layout.profileCapture("s1"));
            ProfileCapture.Target target = capture.target("provider");
            assertThat(target.status).as(target.reason).isEqualTo(ProfileCapture.RECORDED);
            assertThat(capture.profiler).isEqualTo("async-profiler " + AsyncProfiler.VERSION);
            assertThat(target.cpuMillisAtStop - target.cpuMillisAtStart).as("CPU time from /proc").isPositive();
            assertThat(target.contextSwitchesAtStop).isGreaterThanOrEqualTo(target.contextSwitchesAtStart);
            assertThat(target.threadsAtStart).isPositive();
            Path file = layout.profilesDir("s1").resolve(target.file);
            assertThat(Files.size(file)).isEqualTo(target.fileBytes).isPositive();

            JfrProfile profile = JfrProfile.read(file, Long.MIN_VALUE, Long.MAX_VALUE);
            Map<String, CallTree.FrameStat> frames = profile.cpu().framesByName();
            long hot = total(frames, Burner.class.getName() + ".hot");
            long cold = total(frames, Burner.class.getName() + ".cold");
            assertThat(hot + cold).as("samples in hot and cold of %s", profile.cpu().weight()).isGreaterThan(100);
            double measured = (double) split[0] / (split[0] + split[1]);
            double profiled = (double) hot / (hot + cold);
            assertThat(profiled).as("hot's share of hot+cold: the profile %d/%d, the burner's clock %.3f", hot,
                    hot + cold, measured).isBetween(measured - 0.1, measured + 0.1);
            // the main thread burns all the time: most of the JVM's samples are in its two methods
            assertThat((double) (hot + cold) / profile.cpu().weight()).isGreaterThan(0.5);
            assertThat(target.fdsAtStop).as("open files at the stop against ls's %d, less %d of perf_events",
                    fds[0] + fds[1], fds[1]).isBetween((int) fds[0] - 2, (int) fds[0] + 2);
            System.out.printf("open files while profiled (%s): ls %d, of them perf_events' %d; capture %d -> %d%n",
                    profile.cpuEngine(), fds[0] + fds[1], fds[1], target.fdsAtStart, target.fdsAtStop);
            if (!kernelFrames) {
                assertThat(profile.cpuEngine()).as("--profile's CPU timer").isEqualTo("ctimer");
            } else if (perfEventsAllowed()) {
                assertThat(profile.cpuEngine()).as("--profile-kernel as root or with perf_event_paranoid <= 1")
                        .isEqualTo("perf_events");
                // the case that matters: perf_events' descriptors were there, and are not counted as open files
                assertThat(fds[1]).as("perf_events' descriptors, one per thread").isGreaterThan(2);
            } else {
                assertThat(profile.cpuEngine()).as("--profile-kernel where perf_events is not allowed")
                        .isIn("ctimer", "itimer");
            }
            assertThat(capture.options).isEqualTo(kernelFrames ? AsyncProfiler.KERNEL_OPTIONS : AsyncProfiler.OPTIONS);

            // a second, simple count: the JDK's jfr tool prints the samples; those with hot in their stack
            assertThat(jfrToolCount(file, "Burner.hot(")).as("jfr print's count of hot's samples").isEqualTo(hot);
        }
    }

    @Test
    void aJvmOfAnotherUserIsProfiledThroughItsOwnRightsWithATimerWherePerfEventsAreNotAllowed() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(SETPRIV),
                "needs root and setpriv to start a JVM as nobody");
        Path folder = Files.createDirectories(dir.resolve("run-nobody"));
        RunLayout layout = new RunLayout(folder);
        Path profiles = Files.createDirectories(layout.profilesDir("s6"));
        for (Path p : List.of(dir, folder, folder.resolve("scenarios"), profiles.getParent(), profiles)) {
            Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        }
        Path log = profiles.resolve("nobody.log");
        Process burner = new ProcessBuilder(SETPRIV.toString(), "--reuid=65534", "--regid=65534", "--clear-groups",
                ChildJvm.javaExecutable().toString(), "-Xmx64m", "-cp",
                Path.of(Burner.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
                Burner.class.getName(), "180000").redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> Files.readString(log).contains("split"));
            long pid = burner.descendants().findFirst().map(ProcessHandle::pid).orElse(burner.pid());
            long now = System.currentTimeMillis();
            ScenarioProfiles p = ScenarioProfiles.start(kernelEngine, null, layout, "s6",
                    List.of(new ScenarioProfiles.Jvm("provider", pid)), () -> now, Duration.ZERO, Duration.ofMinutes(2),
                    System.err);
            long before = cpuNs(lastSplit(Files.readString(log)));
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
                    .until(() -> cpuNs(lastSplit(Files.readString(log))) - before >= 1_000_000_000L);
            p.close();
            ProfileCapture.Target target = ProfileCapture.read(layout.profileCapture("s6")).target("provider");
            assertThat(target.status).as(target.reason).isEqualTo(ProfileCapture.RECORDED);
            JfrProfile profile = JfrProfile.read(profiles.resolve(target.file), Long.MIN_VALUE, Long.MAX_VALUE);
            // --profile-kernel asked for perf_events; a user without the right gets the timer, as the report says
            assertThat(profile.cpuEngine()).isIn("perf_events", "ctimer", "itimer");
            assertThat(total(profile.cpu().framesByName(), Burner.class.getName() + ".hot")).isPositive();
            System.out.println("a JVM of nobody was sampled with " + profile.cpuEngine());
        } finally {
            burner.descendants().forEach(ProcessHandle::destroyForcibly);
            burner.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aJvmThatHasEndedIsAReasonNotAnException() throws IOException {
        RunLayout layout = new RunLayout(dir.resolve("run-gone"));
        Process done = new ProcessBuilder(ChildJvm.javaExecutable().toString(), "-version").start();
        long pid = done.pid();
        await().atMost(Duration.ofSeconds(30)).until(() -> !done.isAlive());
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        long now = System.currentTimeMillis();
        ScenarioProfiles profiles = ScenarioProfiles.start(engine, null, layout, "s2",
                List.of(new ScenarioProfiles.Jvm("consumer", pid)), () -> now, Duration.ZERO, Duration.ofSeconds(3),
                new PrintStream(said, true, StandardCharsets.UTF_8));
        await().atMost(Duration.ofSeconds(30)).until(profiles::finished);
        profiles.close();
        ProfileCapture.Target target = ProfileCapture.read(layout.profileCapture("s2")).target("consumer");
        assertThat(target.status).isEqualTo(ProfileCapture.MISSING);
        assertThat(target.reason).contains("pid " + pid, "had ended before the steady window");
        assertThat(said.toString(StandardCharsets.UTF_8)).contains("s2: no profile of the consumer:");
    }

    @Test
    void aJvmThatEndsBeforeItsStopLeavesTheProfileItWroteAtItsExit() throws IOException {
        RunLayout layout = new RunLayout(dir.resolve("run-early"));
        try (ChildJvm burner = burner(2_500, "early.log")) {
            burner.awaitLog(l -> l.startsWith("split"), "its first split", Duration.ofSeconds(30));
            long now = System.currentTimeMillis();
            ScenarioProfiles profiles = ScenarioProfiles.start(engine, null, layout, "s3",
                    List.of(new ScenarioProfiles.Jvm("jmeter", burner.pid())), () -> now, Duration.ZERO,
                    Duration.ofSeconds(30), System.err);
            await().atMost(Duration.ofSeconds(30)).until(() -> !burner.isAlive());
            profiles.close();
            ProfileCapture.Target target = ProfileCapture.read(layout.profileCapture("s3")).target("jmeter");
            assertThat(target.reason).contains("the JVM ended before the profile was stopped");
            assertThat(target.cpuMillisAtStop).as("no CPU time at the end: the JVM was gone").isNull();
            if (ProfileCapture.RECORDED.equals(target.status)) { // written by async-profiler as the JVM exited
                Path file = layout.profilesDir("s3").resolve(target.file);
                assertThat(JfrProfile.read(file, Long.MIN_VALUE, Long.MAX_VALUE).cpu().weight()).isPositive();
            } else {
                assertThat(target.reason).contains("was not written");
            }
        }
    }

    @Test
    void aFullDiskLeavesNoProfileAndSaysWhyWithoutStoppingAnything() throws Exception {
        Path disk = Files.createDirectories(dir.resolve("disk"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", disk.toString())
                .redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        Assumptions.assumeTrue(mount.waitFor(60, TimeUnit.SECONDS) && mount.exitValue() == 0,
                "cannot mount a tmpfs here (" + said + "): needs root (CI runs as root)");
        try {
            RunLayout layout = new RunLayout(disk.resolve("run"));
            Files.createDirectories(layout.profilesDir("s5"));
            fill(disk.resolve("filler"));
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            try (ChildJvm burner = burner(60_000, "full.log")) {
                burner.awaitLog(l -> l.startsWith("split"), "its first split", Duration.ofSeconds(30));
                long now = System.currentTimeMillis();
                ScenarioProfiles profiles = ScenarioProfiles.start(engine, null, layout, "s5",
                        List.of(new ScenarioProfiles.Jvm("provider", burner.pid())), () -> now, Duration.ZERO,
                        Duration.ofSeconds(3), new PrintStream(err, true, StandardCharsets.UTF_8));
                await().atMost(Duration.ofSeconds(60)).until(profiles::finished);
                profiles.close();
                assertThat(burner.isAlive()).as("the profiled JVM goes on").isTrue();
            }
            String text = err.toString(StandardCharsets.UTF_8);
            assertThat(text).as(text).contains("s5: no profile of the provider:", "cannot write");
            assertThat(layout.profileCapture("s5")).doesNotExist();
        } finally {
            new ProcessBuilder("umount", disk.toString()).start().waitFor(60, TimeUnit.SECONDS);
        }
    }

    /** Writes {@code file} until the disk refuses. */
    private static void fill(Path file) {
        byte[] block = new byte[4096];
        try (java.io.OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException e) {
            // full
        }
    }

    @Test
    void aRunWithoutAProfilerSaysWhyForEachJvm() throws IOException {
        RunLayout layout = new RunLayout(dir.resolve("run-none"));
        ScenarioProfiles profiles = ScenarioProfiles.start(null, "no profiler: async-profiler runs on Linux only",
                layout, "s4", List.of(new ScenarioProfiles.Jvm("provider", 1)), () -> 0, Duration.ZERO,
                Duration.ofSeconds(3), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        profiles.close();
        ProfileCapture.Target target = ProfileCapture.read(layout.profileCapture("s4")).target("provider");
        assertThat(target.status).isEqualTo(ProfileCapture.MISSING);
        assertThat(target.reason).isEqualTo("no profiler: async-profiler runs on Linux only");
    }

    private static ChildJvm burner(long lifeMs, String log) {
        return ChildJvm.mainClass(Burner.class.getName(), System.getProperty("java.class.path"))
                .jvmArgs("-Xmx64m").args(String.valueOf(lifeMs)).log(dir.resolve(log)).start();
    }

    /** Whether this test's JVM may open perf events with kernel frames: root, or kernel.perf_event_paranoid <= 1. */
    private static boolean perfEventsAllowed() throws IOException {
        Path paranoid = Path.of("/proc/sys/kernel/perf_event_paranoid");
        return "root".equals(System.getProperty("user.name"))
                || Files.isReadable(paranoid) && Integer.parseInt(Files.readString(paranoid).trim()) <= 1;
    }

    private static long cpuNs(long[] split) {
        return split[0] + split[1];
    }

    private static long total(Map<String, CallTree.FrameStat> frames, String name) {
        CallTree.FrameStat stat = frames.get(name);
        return stat == null ? 0 : stat.total();
    }

    private static long[] lastSplit(String log) {
        Matcher m = SPLIT.matcher(log);
        long[] split = null;
        while (m.find()) {
            split = new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
        }
        assertThat(split).as("the burner's split in its log").isNotNull();
        return split;
    }

    /** The ExecutionSample events {@code jfr print} shows with {@code frame} in their stack. */
    /** {others, perf_events'}: the descriptors {@code ls -l /proc/<pid>/fd} lists, by what they link to. */
    private static long[] lsFds(long pid) throws IOException, InterruptedException {
        Process ls = new ProcessBuilder("ls", "-l", "/proc/" + pid + "/fd").redirectErrorStream(true).start();
        String text = new String(ls.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(ls.waitFor()).as(text).isZero();
        long others = 0;
        long perf = 0;
        for (String line : text.split("\n")) {
            if (line.contains(" -> ")) {
                if (line.endsWith("anon_inode:[perf_event]")) {
                    perf++;
                } else {
                    others++;
                }
            }
        }
        return new long[] {others, perf};
    }

    private static long jfrToolCount(Path file, String frame) throws IOException, InterruptedException {
        Path jfr = ChildJvm.javaExecutable().resolveSibling("jfr");
        Path out = file.resolveSibling(file.getFileName() + ".txt");
        Process p = new ProcessBuilder(jfr.toString(), "print", "--events", "jdk.ExecutionSample", "--stack-depth",
                "256", file.toString()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(p.waitFor()).as("jfr print's exit code").isZero();
        String text = Files.readString(out);
        long count = 0;
        for (String event : text.split("jdk\\.ExecutionSample \\{")) {
            if (event.contains(frame)) {
                count++;
            }
        }
        return count;
    }
}
