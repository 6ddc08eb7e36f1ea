package io.dubbostress.cli.jmeter;

import io.dubbostress.cli.process.FreePorts;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ManagedProcess;
import io.dubbostress.report.jtl.JtlColumn;
import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One non-GUI JMeter run of a plan: {@code java [flags] -jar bin/ApacheJMeter.jar -n -t PLAN -l JTL -j LOG -Jk=v},
 * its console in {@code jmeter.out}, read while it runs for the progress line and for the test's own start and end
 * times. {@link #requestShutdown()} asks JMeter to finish gracefully (its "Shutdown" message on the non-GUI UDP
 * port): samples in flight complete and the JTL is flushed and closed.
 */
public final class JMeterRun {

    /** JTL settings every run uses: CSV with a header, epoch-millisecond timestamps, every timing and size. */
    public static final Map<String, String> JTL_PROPERTIES = jtlProperties();

    /** "Starting standalone test @ ... (1795306908199)" (5.6), "Starting the test @ ... (...)" (5.1), distributed. */
    private static final Pattern STARTED = Pattern.compile("^Starting .*\\((\\d{12,})\\)\\s*$");
    private static final Pattern ENDED = Pattern.compile("Tidying up.*?\\((\\d{12,})\\)");
    /** How long JMeter's threads get to finish the sample in flight after "Shutdown". */
    static final Duration GRACEFUL_STOP = Duration.ofSeconds(30);
    /** How long JMeter gets to end the test after "StopTestNow" before it is stopped hard. */
    static final Duration STOP_NOW = Duration.ofSeconds(15);

    private final String name;
    private final List<String> command;
    private final Path out;
    private final int shutdownPort;
    private ManagedProcess process;
    private volatile long testStartMs;
    private volatile long testEndMs;
    private volatile long launchedNanos;
    private volatile long testStartNanos;
    private volatile String stoppedBecause;
    private volatile long stoppedAtMs;
    private volatile long endedEarlyAtMs;

    private JMeterRun(String name, List<String> command, Path out, int shutdownPort) {
        this.name = name;
        this.command = command;
        this.out = out;
        this.shutdownPort = shutdownPort;
    }

    /**
     * The JTL's extra columns: the Dubbo Sampler's {@code elapsed_us}, and at a target rate the Target Rate
     * Schedule's {@code due_us} and {@code lag_us} and the sampler's {@code response_us} (from the due time).
     */
    public static final String SAMPLE_VARIABLES = JtlColumn.sampleVariables();

    private static Map<String, String> jtlProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("jmeter.save.saveservice.output_format", "csv");
        p.put("jmeter.save.saveservice.print_field_names", "true");
        p.put("jmeter.save.saveservice.timestamp_format", "ms");
        p.put("jmeter.save.saveservice.default_delimiter", ",");
        p.put("jmeter.save.saveservice.label", "true");
        p.put("jmeter.save.saveservice.response_code", "true");
        p.put("jmeter.save.saveservice.response_message", "true");
        p.put("jmeter.save.saveservice.successful", "true");
        p.put("jmeter.save.saveservice.thread_name", "true");
        p.put("jmeter.save.saveservice.data_type", "true");
        p.put("jmeter.save.saveservice.assertion_results_failure_message", "true");
        p.put("jmeter.save.saveservice.bytes", "true");
        p.put("jmeter.save.saveservice.sent_bytes", "true");
        p.put("jmeter.save.saveservice.latency", "true");
        p.put("jmeter.save.saveservice.connect_time", "true");
        p.put("jmeter.save.saveservice.idle_time", "true");
        p.put("jmeter.save.saveservice.thread_counts", "true");
        p.put("jmeter.save.saveservice.url", "true");
        p.put("jmeter.save.saveservice.response_data.on_error", "false");
        p.put("sample_variables", JtlColumn.sampleVariables()); // not SAMPLE_VARIABLES: JTL_PROPERTIES is made first
        p.put("summariser.name", "summary");
        p.put("summariser.interval", "5");
        p.put("summariser.out", "true");
        return p;
    }

    /**
     * What one JMeter run is: the plan and its properties, where its files go, how its JVM starts. Build it with
     * {@link #of} and the {@code with...} methods; {@link JMeterRun#prepare} turns it into a command.
     *
     * <pre>
     * JMeterRun.prepare(java, home, JMeterRun.Spec.of("jmeter direct-1k", plan, scenarioDir)
     *         .withJvmArgs(jvmArgs).withGcLog(gcLog).withProperties(properties));
     * </pre>
     */
    public static final class Spec {
        final String name;
        final Path plan;
        final Path jtl;
        final Path jmeterLog;
        final Path consoleOut;
        List<String> jvmArgs = List.of();
        Path gcLog;
        Map<String, String> properties = Map.of();
        JMeterServers generators = JMeterServers.NONE;
        List<Path> extraPluginJars = List.of();
        Path propertiesFile;

        private Spec(String name, Path plan, Path jtl, Path jmeterLog, Path consoleOut) {
            this.name = name;
            this.plan = plan;
            this.jtl = jtl;
            this.jmeterLog = jmeterLog;
            this.consoleOut = consoleOut;
        }

        /** {@code plan} run with its files in {@code dir}, named as in a run folder: results.jtl, jmeter.log, jmeter.out. */
        public static Spec of(String name, Path plan, Path dir) {
            return new Spec(name, plan, dir.resolve(RunLayout.RESULTS), dir.resolve(RunLayout.JMETER_LOG),
                    dir.resolve(RunLayout.JMETER_OUT));
        }

        public Spec withJvmArgs(List<String> args) {
            this.jvmArgs = List.copyOf(args);
            return this;
        }

        public Spec withGcLog(Path log) {
            this.gcLog = log;
            return this;
        }

        /** The plan's -J properties (sent to the servers too, as -G, in distributed mode). */
        public Spec withProperties(Map<String, String> values) {
            this.properties = new LinkedHashMap<>(values);
            return this;
        }

        /**
         * More properties from a file ({@code -q FILE}): JMeter logs its name, not its values, where it writes every
         * {@code -J} value into jmeter.log (a token goes this way). The local JMeter's only: the servers of a distributed
         * run are not sent them (JMeter's client logs every property it sends). Null: none.
         */
        public Spec withPropertiesFile(Path file) {
            this.propertiesFile = file;
            return this;
        }

        /** Run on these JMeter servers; the properties should hold each server's share already. */
        public Spec withGenerators(JMeterServers servers) {
            this.generators = servers;
            return this;
        }

        /** Plugin jars JMeter should load besides its lib/ext (a user's home without ours). */
        public Spec withExtraPluginJars(List<Path> jars) {
            this.extraPluginJars = List.copyOf(jars);
            return this;
        }
    }

    /** The command; nothing runs until {@link #start()}. */
    public static JMeterRun prepare(JavaRuntime java, JMeterHome home, Spec spec) {
        String name = spec.name;
        List<String> jvmArgs = spec.jvmArgs;
        Path gcLog = spec.gcLog;
        Path plan = spec.plan;
        Path jtl = spec.jtl;
        Path jmeterLog = spec.jmeterLog;
        Path consoleOut = spec.consoleOut;
        Map<String, String> properties = spec.properties;
        JMeterServers generators = spec.generators;
        List<Path> extraPluginJars = spec.extraPluginJars;
        Path propertiesFile = spec.propertiesFile;
        int shutdownPort = FreePorts.udp();
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.addAll(jvmArgs);
        command.addAll(home.jvmFlagsFor(java.featureVersion()));
        // The sampler runs without these in a stock JMeter on 17 for the common types (docs/SAMPLER.md); a run
        // adds them anyway so BigInteger arguments or unmodifiable collections in results never fail a run.
        command.addAll(java.dubboOpens());
        if (gcLog != null) {
            command.addAll(java.gcLogging(gcLog));
        }
        if (generators.count() > 0) {
            // the servers call the client back over RMI, at this address
            command.addAll(generators.clientJvmFlags());
        }
        command.add("-jar");
        command.add(home.launcherJar().toString());
        command.add("-n");
        command.add("-t");
        command.add(plan.toString());
        command.add("-l");
        command.add(jtl.toString());
        command.add("-j");
        command.add(jmeterLog.toString());
        if (propertiesFile != null) {
            command.add("-q");
            command.add(propertiesFile.toString());
        }
        Map<String, String> all = new LinkedHashMap<>(JTL_PROPERTIES);
        all.put("jmeterengine.nongui.port", String.valueOf(shutdownPort));
        all.put("jmeterengine.nongui.maxport", String.valueOf(shutdownPort));
        if (!extraPluginJars.isEmpty()) {
            String paths = String.join(";", extraPluginJars.stream().map(Path::toString).toArray(String[]::new));
            all.put("user.classpath", paths);
            all.put("search_paths", paths);
        }
        all.putAll(properties);
        for (Map.Entry<String, String> e : all.entrySet()) {
            command.add("-J" + e.getKey() + "=" + e.getValue());
        }
        if (generators.count() > 0) {
            // rows arrive from the servers as they go; flushed one by one, a lost server or a stopped client keeps
            // every row that arrived
            command.add("-Jjmeter.save.saveservice.autoflush=true");
            for (Map.Entry<String, String> e : properties.entrySet()) {
                command.add("-G" + e.getKey() + "=" + e.getValue());
            }
            command.add("-Gsample_variables=" + SAMPLE_VARIABLES);

            // each server runs the whole plan: the Target Rate Schedule divides the run's rate among them
            command.add("-Gload_generators=" + generators.count());
            command.addAll(generators.clientJMeterArgs());
        }
        return new JMeterRun(name, command, consoleOut, shutdownPort);
    }

    List<String> command() {
        return command;
    }

    public void start() {
        launchedNanos = System.nanoTime();
        process = ManagedProcess.start(name, command, Map.of(), out);
    }

    /** System.nanoTime() when the JVM was launched. */
    long launchedNanos() {
        return launchedNanos;
    }

    /** System.nanoTime() when JMeter's console said the test started, or 0 before. */
    public long testStartNanos() {
        return testStartNanos;
    }

    /**
     * Waits for JMeter to exit, feeding the summariser lines to {@code progress} and ticking it once a second.
     * Returns JMeter's exit code.
     */
    public int await(Progress progress) {
        return await(progress, run -> null);
    }

    /**
     * Something that may decide, once a second while JMeter runs, that it must be stopped: returns why, or null while
     * all is well ({@link ScenarioWatchdog}, a disk filling up).
     */
    public interface Watch {
        String stopReason(JMeterRun run);

        /** How long JMeter gets after "Shutdown" before "StopTestNow", once this watch stopped it. */
        default Duration graceAfterShutdown() {
            return GRACEFUL_STOP;
        }

        /**
         * Whether JMeter has done what it was run for before its plan's end (a capacity search's steps are judged):
         * it is then asked to end as {@link #stopReason} would have it, in the same steps, but the run is no failure
         * ({@link #stoppedBecause()} stays null; {@link #endedEarlyAtMs()} says when).
         */
        default boolean finished(JMeterRun run) {
            return false;
        }
    }

    /**
     * {@link #await(Progress)}, asking {@code watch} once a second whether JMeter must be stopped. When it says why,
     * JMeter is stopped in steps, each given its time: "Shutdown" (the threads finish the sample in flight, the JTL is
     * flushed), then "StopTestNow" (JMeter interrupts what it can and ends the test), then SIGTERM and SIGKILL. The
     * reason is kept ({@link #stoppedBecause()}).
     */
    public int await(Progress progress, Watch watch) {
        long offset = 0;
        StringBuilder partial = new StringBuilder();
        StopSteps steps = null;
        while (true) {
            boolean exited = process.waitFor(Duration.ofSeconds(1));
            offset = readNewLines(offset, partial, progress);
            if (exited) {
                if (partial.length() > 0) {
                    consume(partial.toString(), progress);
                }
                progress.finish();
                return process.exitValue();
            }
            if (steps == null) {
                String reason = watch.stopReason(this);
                if (reason != null) {
                    stoppedAtMs = System.currentTimeMillis();
                    stoppedBecause = reason;
                    steps = new StopSteps(watch.graceAfterShutdown());
                } else if (watch.finished(this)) {
                    endedEarlyAtMs = System.currentTimeMillis();
                    steps = new StopSteps(GRACEFUL_STOP);
                }
            }
            if (steps != null) {
                steps.next();
            }
            progress.tick();
        }
    }

    /** Why a {@link Watch} stopped this JMeter, or null when it ended by itself (or was asked by a Ctrl-C). */
    public String stoppedBecause() {
        return stoppedBecause;
    }

    /** Epoch ms a {@link Watch} found JMeter {@link Watch#finished} and asked it to end, or 0. */
    public long endedEarlyAtMs() {
        return endedEarlyAtMs;
    }

    /** Epoch ms a {@link Watch} decided to stop this JMeter, or 0. */
    public long stoppedAtMs() {
        return stoppedAtMs;
    }

    /** Graceful first, then harder, each step after the previous one had its time. */
    private final class StopSteps {
        private final Duration grace;
        private int step;
        private long since;

        StopSteps(Duration grace) {
            this.grace = grace;
        }

        void next() {
            long now = System.nanoTime();
            if (step == 0) {
                send("Shutdown");
                step = 1;
                since = now;
            } else if (step == 1 && now - since > grace.toNanos()) {
                send("StopTestNow");
                step = 2;
                since = now;
            } else if (step == 2 && now - since > Math.min(STOP_NOW.toNanos(), grace.toNanos())) {
                step = 3;
                process.stop(Duration.ofSeconds(5));
            }
        }
    }

    private long readNewLines(long offset, StringBuilder partial, Progress progress) {
        if (!Files.exists(out)) {
            return offset;
        }
        try (RandomAccessFile file = new RandomAccessFile(out.toFile(), "r")) {
            long length = file.length();
            if (length <= offset) {
                return offset;
            }
            file.seek(offset);
            byte[] bytes = new byte[(int) Math.min(length - offset, 1 << 20)];
            file.readFully(bytes);
            partial.append(new String(bytes, StandardCharsets.UTF_8));
            int newline;
            while ((newline = partial.indexOf("\n")) >= 0) {
                consume(partial.substring(0, newline), progress);
                partial.delete(0, newline + 1);
            }
            return offset + bytes.length;
        } catch (IOException e) {
            return offset;
        }
    }

    private void consume(String line, Progress progress) {
        SummaryLine summary = SummaryLine.parse(line);
        if (summary != null) {
            progress.accept(summary);
            return;
        }
        Matcher started = STARTED.matcher(line);
        if (started.find()) {
            testStartMs = Long.parseLong(started.group(1));
            testStartNanos = System.nanoTime();
            progress.testStarted();
            return;
        }
        Matcher ended = ENDED.matcher(line);
        if (ended.find()) {
            testEndMs = Long.parseLong(ended.group(1));
        }
    }

    /** Epoch ms JMeter reported starting the test, or 0 if it did not get that far. */
    public long testStartMs() {
        return testStartMs;
    }

    /** Epoch ms JMeter reported ending the test, or 0. */
    public long testEndMs() {
        return testEndMs;
    }

    public long pid() {
        return process == null ? -1 : process.pid();
    }

    boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** JMeter's console, for error messages. */
    public String consoleTail(int lines) {
        return process == null ? "" : process.logTail(lines);
    }

    public String console() {
        return process == null ? "" : process.readLog();
    }

    /**
     * Asks JMeter to shut down gracefully (threads finish their sample, listeners flush and close), waits up to
     * {@code grace}, then stops it hard.
     */
    public void requestShutdown(Duration grace) {
        if (!isRunning()) {
            return;
        }
        send("Shutdown");
        if (!process.waitFor(grace)) {
            process.stop(Duration.ofSeconds(5));
        }
    }

    /** One of JMeter's non-GUI commands ("Shutdown", "StopTestNow") on its UDP port; lost if JMeter is not there. */
    private void send(String command) {
        byte[] message = command.getBytes(StandardCharsets.US_ASCII);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.send(new DatagramPacket(message, message.length, InetAddress.getLoopbackAddress(), shutdownPort));
        } catch (IOException e) {
            // the next step (a harder one) follows anyway
        }
    }

    /** Stops JMeter hard (SIGTERM, then SIGKILL). */
    public void stop() {
        if (process != null) {
            process.stop(Duration.ofSeconds(5));
        }
    }
}
