package io.dubbostress.cli.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dubbostress.cli.options.HostPort;
import io.dubbostress.cli.service.AgentArguments;
import io.dubbostress.cli.testkit.ProcCounts;
import io.dubbostress.report.SeriesTrend;
import io.dubbostress.report.perfmon.JvmMetricLabel;
import io.dubbostress.report.perfmon.JvmMetrics;
import io.dubbostress.report.perfmon.JvmTrends;
import io.dubbostress.report.perfmon.PerfMonSeries;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JvmReadings} against the real PerfMon agent (its jar, as {@code stress run} starts it) and two small JVMs of
 * known behaviour ({@link KnownJvm}): one that starts a parked thread every 200 ms and opens a file every 250 ms for
 * 6 s and then holds them, one that parks for 1 ms in a loop and changes nothing else. What the reader recorded in its
 * CSV, read back as the report reads it ({@link JvmMetrics}), is checked against this test's own reading of
 * {@code /proc} ({@link ProcCounts}: {@code status}'s {@code Threads:}, the entries of {@code fd/}, the context switches
 * of every task, {@code /proc/stat}'s {@code ctxt}); and the trend rule must call the growing JVM rising, at a slope near its known
 * rate, and the other steady.
 */
class JvmReadingsIT {

    static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();
    static final int THREAD_EVERY_MS = 200;
    static final int FILE_EVERY_MS = 250;
    static final int GROW_MS = 6_000;
    /** The report's rule but for the span: seconds of readings, where the report asks for minutes. */
    static final JvmTrends.Rule SHORT = new JvmTrends.Rule(JvmTrends.MIN_READINGS, 5_000);
    static final Pattern HOLDING = Pattern.compile("holding (\\d+) threads=(\\d+) files=(\\d+)");

    @TempDir
    static Path dir;

    static ChildJvm agent;
    static ChildJvm classic;
    static String classicSaid;
    static Path classicCsv;
    static ChildJvm steady;
    static ChildJvm grower;
    static JvmMetrics local;
    static JvmMetrics remote;
    static String said;
    /** This test's own readings: at the start (a) and the end (b) of the span, and of the grower while it held. */
    static long aMs;
    static long bMs;
    static long steadySwitchesA;
    static long steadySwitchesB;
    static long hostCtxtA;
    static long hostCtxtB;
    static long growingMs;
    static long holdingMs;
    static int grownThreads;
    static int grownFiles;
    static final List<long[]> heldCounts = new ArrayList<>(); // {epochMs, threads, fds} of the grower, while it held
    static final List<long[]> steadyCounts = new ArrayList<>(); // {epochMs, threads, fds} of the steady JVM

    @BeforeAll
    static void readTwoKnownJvmsThroughTheAgent() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "needs Linux's /proc");
        int port = FreePort.find();
        agent = ChildJvm.jar(HOME.resolve("perfmon/target/perfmon-agent.jar"))
                .args(AgentArguments.listenOn("127.0.0.1", port).toArray(new String[0]))
                .log(dir.resolve("agent.log")).start();
        String classPath = Path.of(KnownJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        steady = ChildJvm.mainClass(KnownJvm.class.getName(), classPath).jvmArgs("-Xmx32m")
                .args("steady", "90000").log(dir.resolve("steady.log")).start();
        Path files = Files.createDirectories(dir.resolve("files"));
        // the classic ServerAgent (SIGAR, x86-64 only here) serves neither process: nor cpu:cswitch
        Path classicJar = HOME.resolve("perfmon/target/classic-agent/ServerAgent-2.2.2/CMDRunner.jar");
        int classicPort = FreePort.find();
        if (Files.isRegularFile(classicJar) && System.getProperty("os.arch").matches("amd64|x86_64")) {
            classic = ChildJvm.jar(classicJar).args("--tool", "PerfMonAgent", "--tcp-port",
                    String.valueOf(classicPort), "--udp-port", "0").log(dir.resolve("classic.log")).start();
        }
        agent.awaitPort(port, Duration.ofSeconds(60));
        steady.awaitLog(l -> l.equals("ready"), "the steady JVM's ready line", Duration.ofSeconds(60));
        grower = ChildJvm.mainClass(KnownJvm.class.getName(), classPath).jvmArgs("-Xmx32m")
                .args("grow", "90000", "3000", String.valueOf(GROW_MS), String.valueOf(THREAD_EVERY_MS),
                        String.valueOf(FILE_EVERY_MS), files.toString())
                .log(dir.resolve("grower.log")).start();
        grower.awaitLog(l -> l.equals("ready"), "the growing JVM's ready line", Duration.ofSeconds(60));

        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        HostPort at = HostPort.parse("127.0.0.1:" + port);
        List<JvmReadings.Jvm> jvms = List.of(new JvmReadings.Jvm("grower", grower.pid()),
                new JvmReadings.Jvm("steady", steady.pid()));
        Path localCsv = dir.resolve("local-perfmon-jvms.csv");
        Path remoteCsv = dir.resolve("remote-perfmon-jvms.csv");
        classicCsv = dir.resolve("classic-perfmon-jvms.csv");
        ByteArrayOutputStream classicBytes = new ByteArrayOutputStream();
        if (classic != null) {
            classic.awaitPort(classicPort, Duration.ofSeconds(60));
        }
        try (JvmReadings readings = JvmReadings.start(at, true, jvms, localCsv, err, "it");
                JvmReadings elsewhere = JvmReadings.start(at, false, jvms, remoteCsv, err, "it-remote");
                JvmReadings old = classic == null ? JvmReadings.none() : JvmReadings.start(
                        HostPort.parse("127.0.0.1:" + classicPort), true, jvms, classicCsv,
                        new PrintStream(classicBytes, true, StandardCharsets.UTF_8), "it-classic")) {
            await().atMost(Duration.ofSeconds(30)).until(() -> readings.lines() >= 1);
            aMs = System.currentTimeMillis();
            steadySwitchesA = ProcCounts.taskSwitches(steady.pid());
            hostCtxtA = ProcCounts.hostSwitches();
            String line = grower.awaitLog(l -> l.startsWith("growing "), "growing", Duration.ofSeconds(60))
                    .logText().lines().filter(l -> l.startsWith("growing ")).findFirst().orElseThrow();
            growingMs = Long.parseLong(line.substring("growing ".length()));
            grower.awaitLog(l -> HOLDING.matcher(l).matches(), "holding", Duration.ofSeconds(60));
            Matcher held = HOLDING.matcher(grower.logText().lines().filter(l -> l.startsWith("holding")).findFirst()
                    .orElseThrow());
            assertThat(held.matches()).isTrue();
            holdingMs = Long.parseLong(held.group(1));
            grownThreads = Integer.parseInt(held.group(2));
            grownFiles = Integer.parseInt(held.group(3));
            // this test's own counts while the grower holds, beside the agent's next four readings
            long linesAtHold = readings.lines();
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).until(() -> {
                long now = System.currentTimeMillis();
                heldCounts.add(new long[] {now, ProcCounts.threads(grower.pid()), ProcCounts.fds(grower.pid())});
                steadyCounts.add(new long[] {now, ProcCounts.threads(steady.pid()), ProcCounts.fds(steady.pid())});
                return readings.lines() >= linesAtHold + 4;
            });
            bMs = System.currentTimeMillis();
            steadySwitchesB = ProcCounts.taskSwitches(steady.pid());
            hostCtxtB = ProcCounts.hostSwitches();
        }
        said = errBytes.toString(StandardCharsets.UTF_8);
        classicSaid = classicBytes.toString(StandardCharsets.UTF_8);
        local = new JvmMetrics();
        local.read(localCsv);
        remote = new JvmMetrics();
        remote.read(remoteCsv);
    }

    @AfterAll
    static void stop() {
        for (ChildJvm jvm : new ChildJvm[] {grower, steady, agent, classic}) {
            if (jvm != null) {
                jvm.stop(Duration.ofSeconds(5));
            }
        }
    }

    @Test
    void theGrowersThreadsAndFilesWhileItHeldAreWhatProcSays() {
        assertThat(said).as("nothing went wrong with the agent").isEmpty();
        assertThat(grownThreads).isEqualTo(GROW_MS / THREAD_EVERY_MS);
        assertThat(grownFiles).isEqualTo(GROW_MS / FILE_EVERY_MS);
        JvmMetrics.Jvm jvm = jvm(local, "grower", grower.pid());
        int compared = 0;
        for (long[] reading : points(local.series(jvm, JvmMetricLabel.Kind.THREADS), holdingMs + 1100, bMs)) {
            // the JVM's own service threads may come and go (a compiler thread): one either way
            assertThat(reading[1]).as("threads at %d, /proc/<pid>/status around then: %s", reading[0],
                    near(heldCounts, reading[0], 1)).isBetween(near(heldCounts, reading[0], 1)[0] - 1,
                    near(heldCounts, reading[0], 1)[1] + 1);
            compared++;
        }
        for (long[] reading : points(local.series(jvm, JvmMetricLabel.Kind.FDS), holdingMs + 1100, bMs)) {
            assertThat(reading[1]).as("open files at %d", reading[0]).isBetween(near(heldCounts, reading[0], 2)[0],
                    near(heldCounts, reading[0], 2)[1]);
            compared++;
        }
        assertThat(compared).as("readings while it held, threads and files").isGreaterThanOrEqualTo(4);
        long[] before = points(local.series(jvm, JvmMetricLabel.Kind.THREADS), 0, growingMs).get(0);
        long[] after = points(local.series(jvm, JvmMetricLabel.Kind.THREADS), holdingMs + 1100, bMs).get(0);
        assertThat(after[1] - before[1]).as("threads added, by the agent, against the JVM's own count")
                .isBetween((long) grownThreads - 2, (long) grownThreads + 2);
    }

    @Test
    void theGrowerIsRisingAtTheRateItGrewAndTheSteadyJvmIsSteady() {
        JvmMetrics.Jvm grow = jvm(local, "grower", grower.pid());
        // the report's rule, with a span this test can afford (the report asks for 5 minutes of readings)
        JvmTrends.Figure threads = JvmTrends.figure("threads", local.series(grow, JvmMetricLabel.Kind.THREADS), SHORT);
        JvmTrends.Figure files = JvmTrends.figure("open files", local.series(grow, JvmMetricLabel.Kind.FDS), SHORT);
        assertThat(threads.verdict()).as(threads.sentence("grower")).isEqualTo("rising");
        assertThat(files.verdict()).as(files.sentence("grower")).isEqualTo("rising");
        // the slope over the readings while it grew, against its known rates (5 threads and 4 files a second)
        double threadSlope = growthSlope(local.series(grow, JvmMetricLabel.Kind.THREADS));
        double fileSlope = growthSlope(local.series(grow, JvmMetricLabel.Kind.FDS));
        System.out.printf(Locale.ROOT, "grower: threads %+.0f/h (known %d/h), files %+.0f/h (known %d/h)%n",
                threadSlope, 3_600_000 / THREAD_EVERY_MS, fileSlope, 3_600_000 / FILE_EVERY_MS);
        assertThat(threadSlope).isBetween(0.75 * 3_600_000 / THREAD_EVERY_MS, 1.25 * 3_600_000 / THREAD_EVERY_MS);
        assertThat(fileSlope).isBetween(0.75 * 3_600_000 / FILE_EVERY_MS, 1.25 * 3_600_000 / FILE_EVERY_MS);

        JvmMetrics.Jvm still = jvm(local, "steady", steady.pid());
        JvmTrends.Figure steadyThreads = JvmTrends.figure("threads", local.series(still, JvmMetricLabel.Kind.THREADS),
                SHORT);
        JvmTrends.Figure steadyFiles = JvmTrends.figure("open files", local.series(still, JvmMetricLabel.Kind.FDS),
                SHORT);
        assertThat(steadyThreads.verdict()).as(steadyThreads.sentence("steady")).isEqualTo("steady");
        assertThat(steadyFiles.verdict()).as(steadyFiles.sentence("steady")).isEqualTo("steady");
        long[] last = steadyCounts.get(steadyCounts.size() - 1);
        assertThat(steadyThreads.trend().last()).as("the steady JVM's threads, /proc/<pid>/status: %d", last[1])
                .isBetween(last[1] - 1.0, last[1] + 1.0);
        assertThat(steadyFiles.trend().last()).as("its open files, /proc/<pid>/fd: %d", last[2])
                .isEqualTo((double) last[2]);
        // by the report's own rule, seconds of readings are no verdict, and it says what is needed
        JvmTrends.Figure report = JvmTrends.figure("threads", local.series(grow, JvmMetricLabel.Kind.THREADS),
                JvmTrends.Rule.REPORT);
        assertThat(report.verdict()).isEqualTo("not enough data");
        assertThat(report.reason()).contains("a verdict needs 5.0 min or more");
        assertThat(report.trend().slopePerHour()).isEqualTo(threads.trend().slopePerHour());
    }

    @Test
    void theSteadyJvmsContextSwitchesPerSecondAreWhatItsTasksCounted() {
        double byProc = (steadySwitchesB - steadySwitchesA) * 1000.0 / (bMs - aMs);
        double byAgent = JvmMetrics.ratePerSecond(local.series(jvm(local, "steady", steady.pid()),
                JvmMetricLabel.Kind.CSWITCH), aMs, bMs + 1);
        double hostByProc = (hostCtxtB - hostCtxtA) * 1000.0 / (bMs - aMs);
        double hostByAgent = JvmMetrics.ratePerSecond(local.hostSwitches().get("127.0.0.1"), aMs, bMs + 1);
        System.out.printf(Locale.ROOT, "steady JVM: %.0f context switches/s by the agent, %.0f by /proc/<pid>/task;"
                + " host: %.0f by the agent, %.0f by /proc/stat, over %.1f s%n", byAgent, byProc, hostByAgent,
                hostByProc, (bMs - aMs) / 1000.0);
        assertThat(byProc).as("the parking thread switches").isGreaterThan(100);
        assertThat(byAgent).isBetween(byProc * 0.8, byProc * 1.2);
        assertThat(hostByAgent).isBetween(hostByProc * 0.7, hostByProc * 1.3);
    }

    @Test
    void anAgentElsewhereIsAskedForItsHostsSwitchesOnly() {
        assertThat(remote.jvms()).as("no process id is asked of an agent on another host").isEmpty();
        assertThat(remote.hostSwitches()).containsOnlyKeys("127.0.0.1");
        assertThat(remote.hostSwitches().get("127.0.0.1").size()).isGreaterThanOrEqualTo(10);
        assertThat(JvmReadings.isThisMachine("127.0.0.1")).isTrue();
        assertThat(JvmReadings.isThisMachine("localhost")).isTrue();
        assertThat(JvmReadings.isThisMachine("192.0.2.1")).as("TEST-NET-1, on no interface here").isFalse();
        assertThat(JvmReadings.isThisMachine("no-such-host.invalid")).isFalse();
    }

    @Test
    void anAgentThatDoesNotServeTheseMetricsIsSaidInOneLine() throws Exception {
        Assumptions.assumeTrue(classic != null, "the classic agent runs on x86-64 here, once the build assembled it");
        assertThat(classicSaid.lines()).as(classicSaid).hasSize(1);
        // the classic agent serves cpu:pid=N (SIGAR's process CPU), not process:pid=N nor cpu:cswitch
        assertThat(classicSaid).matches("stress run: it-classic: JVM metrics from the agent 127\\.0\\.0\\.1:\\d+: no"
                + " reading of cpu:cswitch, process:pid=N:cswitch, process:pid=N:fds, process:pid=N:threads in"
                + " [1-9]\\d* line\\(s\\) \\(an agent that does not serve them, such as the classic ServerAgent,"
                + " answers them with empty fields\\); those JVM figures are missing for this scenario\\s*");
        List<String> rows = Files.readAllLines(classicCsv);
        assertThat(rows.subList(1, rows.size())).as("its rows: the JVMs' CPU only").isNotEmpty()
                .allMatch(r -> r.matches("\\d+,\\d+,127\\.0\\.0\\.1 JVM (grower|steady) pid=\\d+ cpu,.*"));
    }

    /** The slope of the readings taken while the grower grew (from 1 s after its start to its end), per hour. */
    private static double growthSlope(PerfMonSeries series) {
        List<double[]> points = new ArrayList<>();
        for (long[] p : points(series, growingMs + 1000, holdingMs)) {
            points.add(new double[] {p[0], p[1]});
        }
        assertThat(points).as("readings while it grew").hasSizeGreaterThanOrEqualTo(3);
        return SeriesTrend.of(points, 3, 0).slopePerHour();
    }

    private static JvmMetrics.Jvm jvm(JvmMetrics data, String service, long pid) {
        return data.jvms().stream().filter(j -> j.service().equals(service) && j.pid() == pid).findFirst()
                .orElseThrow(() -> new AssertionError("no series of " + service + " (pid " + pid + ") in "
                        + data.jvms()));
    }

    /** The readings of a series in {@code [fromMs, toMs)}: {epochMs, value}. */
    private static List<long[]> points(PerfMonSeries series, long fromMs, long toMs) {
        List<long[]> points = new ArrayList<>();
        for (int i = 0; series != null && i < series.size(); i++) {
            if (series.time(i) >= fromMs && series.time(i) < toMs) {
                points.add(new long[] {series.time(i), Math.round(series.value(i))});
            }
        }
        return points;
    }

    /** The lowest and highest of this test's counts (column {@code column}) within 1.5 s of {@code epochMs}. */
    private static long[] near(List<long[]> counts, long epochMs, int column) {
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (long[] c : counts) {
            if (Math.abs(c[0] - epochMs) <= 1500) {
                low = Math.min(low, c[column]);
                high = Math.max(high, c[column]);
            }
        }
        assertThat(low).as("a count of this test's near %d", epochMs).isNotEqualTo(Long.MAX_VALUE);
        return new long[] {low, high};
    }
}
