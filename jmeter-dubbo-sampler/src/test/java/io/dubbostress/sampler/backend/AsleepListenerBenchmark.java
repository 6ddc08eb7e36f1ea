package io.dubbostress.sampler.backend;

import io.dubbostress.sampler.EmbeddedJMeter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.config.Argument;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.visualizers.backend.BackendListener;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the shipped plans' Backend Listener costs per sample while it is asleep (no {@code influxdb_url}): JMeter's own
 * {@link BackendListener} around {@link InfluxdbWhenUrlSet}, its parameters those of the plans (fields holding
 * {@code ${variables}}, evaluated as JMeter's running version does), handed one {@link SampleEvent} per call as JMeter's
 * thread does after every sample. ns and, with {@code -prof gc}, bytes allocated per sample.
 * <ul>
 * <li>{@link #eventOnly}: the sample and its event, no listener: the floor;
 * <li>{@link #eventToAsleepListener}: the same, handed to the asleep listener.
 * </ul>
 * Not a test: run by {@code src/test/scripts/jmh.sh AsleepListener} (docs/BENCHMARKS.md). {@code stress run} without
 * {@code --influxdb} leaves the listener out of the plan altogether.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms256m", "-Xmx256m", "-Djava.awt.headless=true"})
@State(Scope.Thread)
public class AsleepListenerBenchmark {

    /** The plans' Backend Listener parameters: name, value. */
    static final String[][] PLAN_PARAMETERS = {
        {"influxdbMetricsSender", "org.apache.jmeter.visualizers.backend.influxdb.HttpMetricsSender"},
        {"influxdbUrl", "${influxdb_url}"},
        {"influxdbToken", "${influxdb_token}"},
        {"application", "${influxdb_application}"},
        {"measurement", "jmeter"},
        {"summaryOnly", "false"},
        {"samplersRegex", ".*"},
        {"percentiles", "50;90;95;99;99.9"},
        {"testTitle", "${influxdb_scenario}"},
        {"eventTags", ""},
        {"TAG_scenario", "${influxdb_scenario}"},
        {"TAG_run", "${influxdb_run}"},
    };

    private BackendListener listener;
    private JMeterVariables variables;

    /** The plans' listener, set up as JMeter starts a test, with no influxdb_url. */
    static BackendListener asleepListener() {
        BackendListener listener = new BackendListener();
        listener.setName("Backend Listener");
        listener.setClassname(InfluxdbWhenUrlSet.class.getName());
        Arguments arguments = new Arguments();
        for (String[] p : PLAN_PARAMETERS) {
            Argument a = new Argument(p[0], p[1]);
            if (p[1].contains("${")) {
                a.setProperty(new FunctionProperty(Argument.VALUE, new CompoundVariable(p[1])));
            }
            arguments.addArgument(a);
        }
        listener.setArguments(arguments);
        listener.setRunningVersion(true);
        return listener;
    }

    /** A thread's variables as the plans' Test Plan leaves them without influxdb_url. */
    static JMeterVariables planVariables() {
        JMeterContext context = JMeterContextService.getContext();
        JMeterVariables variables = new JMeterVariables();
        variables.put("influxdb_url", "");
        variables.put("influxdb_token", "");
        variables.put("influxdb_application", "dubbo-stress");
        variables.put("influxdb_scenario", "direct");
        variables.put("influxdb_run", "");
        context.setVariables(variables);
        context.setSamplingStarted(true);
        return variables;
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        EmbeddedJMeter.init(Files.createTempDirectory("jmh-jmeter-home"));
        variables = planVariables();
        listener = asleepListener();
        listener.testStarted();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        listener.testEnded();
    }

    static SampleEvent event() {
        SampleResult result = new SampleResult();
        result.setSampleLabel("direct");
        result.sampleStart();
        result.sampleEnd();
        result.setSuccessful(true);
        result.setResponseCodeOK();
        return new SampleEvent(result, "closed 1-1");
    }

    @Benchmark
    public SampleEvent eventOnly() {
        variables.incIteration(); // JMeter's thread loop: a new iteration, the fields' variables evaluated again
        return event();
    }

    @Benchmark
    public SampleEvent eventToAsleepListener() {
        variables.incIteration();
        SampleEvent event = event();
        listener.sampleOccurred(event);
        return event;
    }

    /**
     * CPU time per sample, not wall time (a busy machine stretches JMH's ns/op, not the thread's CPU time): rounds of
     * {@code n} samples, alternating without and with the asleep listener, in one JVM after a warm-up; prints each
     * round and the medians. {@code java -cp ... AsleepListenerBenchmark [rounds] [n]}.
     */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        AsleepListenerBenchmark b = new AsleepListenerBenchmark();
        b.setUp();
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int i = 0; i < 5 * n; i++) { // warm-up: both paths compiled
            sink += b.eventOnly().hashCode() + b.eventToAsleepListener().hashCode();
        }
        double[] without = new double[rounds];
        double[] with = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                sink += b.eventOnly().hashCode();
            }
            long t1 = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                sink += b.eventToAsleepListener().hashCode();
            }
            long t2 = cpu.getCurrentThreadCpuTime();
            without[r] = (t1 - t0) / (double) n;
            with[r] = (t2 - t1) / (double) n;
            System.out.printf(java.util.Locale.ROOT, "round %d: without %.0f ns CPU/sample, with the asleep listener "
                    + "%.0f ns CPU/sample, difference %.0f ns%n", r + 1, without[r], with[r], with[r] - without[r]);
        }
        double[] diff = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            diff[r] = with[r] - without[r];
        }
        java.util.Arrays.sort(without);
        java.util.Arrays.sort(with);
        java.util.Arrays.sort(diff);
        System.out.printf(java.util.Locale.ROOT, "medians over %d rounds of %,d samples: without %.0f ns, with %.0f ns,"
                + " difference %.0f ns (range %.0f..%.0f) CPU per sample (%d)%n", rounds, n, without[rounds / 2],
                with[rounds / 2], diff[rounds / 2], diff[0], diff[rounds - 1], sink & 1);
        b.tearDown();
    }
}
