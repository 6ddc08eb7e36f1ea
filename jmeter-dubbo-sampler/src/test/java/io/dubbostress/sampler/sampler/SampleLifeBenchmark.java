package io.dubbostress.sampler.sampler;

import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.backend.QuietBackendListener;
import io.dubbostress.sampler.jtl.BatchedJtlWriter;
import io.dubbostress.sampler.jtl.JtlVariables;
import io.dubbostress.sampler.runtime.DubboReference;
import io.dubbostress.sampler.runtime.ReferenceCache;
import io.dubbostress.sampler.runtime.ReferenceKey;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.apache.dubbo.rpc.service.GenericService;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.reporters.Summariser;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jmeter.visualizers.backend.BackendListener;
import org.apache.jorphan.collections.HashTree;

/**
 * One sample's life through a real JMeter engine, the Dubbo call left out: the shipped plan ({@code dubbo-direct.jmx},
 * its Dubbo Defaults, variables and thread group) run by {@link StandardJMeterEngine} in this JVM, the Dubbo Sampler
 * calling a no-op reference (an echo answered at once, installed under the plan's key), with the listeners JMeter and
 * {@code stress run} put around it added one set at a time. What each set costs is the process's CPU per sample over
 * a window (all threads: the samplers', a writer's, GC, JIT), against the bare plan, in paired alternated rounds. Not
 * a test: run it with the JMeter you measure on the class path (docs/BENCHMARKS.md, "JMeter's per-sample work"):
 *
 * <pre>
 * java -cp "target/classes:target/test-classes:HOME/lib/*:HOME/lib/ext/*" \
 *     io.dubbostress.sampler.sampler.SampleLifeBenchmark --home HOME --plan test-plans/dubbo-direct.jmx \
 *     --threads 20,200 --rounds 5 --warmup 4 --window 6 --first-warmup 15
 * </pre>
 *
 * Setups (each adds to the one before it, except where said): {@code bare} (no listener, no sample_variables),
 * {@code variables} (+ stress run's sample_variables), {@code summariser} (+ JMeter's Summariser, as JMeter adds it
 * without {@code -l}), {@code jmeter-jtl} (variables + JMeter's {@code -l} writer with the summariser: stress run
 * before), {@code batched-jtl} (variables + summariser + {@link BatchedJtlWriter}: stress run after),
 * {@code influx-asleep} (variables + JMeter's Backend Listener around the plan's asleep InfluxDB client, as the plans
 * had it), {@code influx-quiet} (variables + the plans' Backend Listener now, {@code QuietBackendListener}, asleep).
 */
public final class SampleLifeBenchmark {

    /** What is around the sample. */
    enum Setup {
        BARE("bare"), VARIABLES("variables"), SUMMARISER("summariser"), JMETER_JTL("jmeter-jtl"),
        BATCHED_JTL("batched-jtl"), INFLUX_ASLEEP("influx-asleep"), INFLUX_QUIET("influx-quiet");

        final String label;

        Setup(String label) {
            this.label = label;
        }

        static Setup of(String label) {
            for (Setup s : values()) {
                if (s.label.equals(label)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown setup " + label + "; known: " + Arrays.toString(values()));
        }

        boolean variables() {
            return this != BARE;
        }
    }

    /** stress run's JTL properties (stress-cli JMeterRun.JTL_PROPERTIES). */
    private static final String[][] JTL_PROPERTIES = {
        {"jmeter.save.saveservice.output_format", "csv"}, {"jmeter.save.saveservice.print_field_names", "true"},
        {"jmeter.save.saveservice.timestamp_format", "ms"}, {"jmeter.save.saveservice.default_delimiter", ","},
        {"jmeter.save.saveservice.label", "true"}, {"jmeter.save.saveservice.response_code", "true"},
        {"jmeter.save.saveservice.response_message", "true"}, {"jmeter.save.saveservice.successful", "true"},
        {"jmeter.save.saveservice.thread_name", "true"}, {"jmeter.save.saveservice.data_type", "true"},
        {"jmeter.save.saveservice.assertion_results_failure_message", "true"},
        {"jmeter.save.saveservice.bytes", "true"}, {"jmeter.save.saveservice.sent_bytes", "true"},
        {"jmeter.save.saveservice.latency", "true"}, {"jmeter.save.saveservice.connect_time", "true"},
        {"jmeter.save.saveservice.idle_time", "true"}, {"jmeter.save.saveservice.thread_counts", "true"},
        {"jmeter.save.saveservice.url", "true"}, {"jmeter.save.saveservice.response_data.on_error", "false"},
        {"summariser.name", "summary"}, {"summariser.interval", "5"}, {"summariser.out", "false"}};

    private final LongAdder calls = new LongAdder();
    private final File plan;
    private final Path work;
    private final long warmupMs;
    private final long windowMs;
    private final int parkMicros;

    private SampleLifeBenchmark(File plan, Path work, long warmupMs, long windowMs, int parkMicros) {
        this.plan = plan;
        this.work = work;
        this.warmupMs = warmupMs;
        this.windowMs = windowMs;
        this.parkMicros = parkMicros;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("home", null);
        options.put("plan", "test-plans/dubbo-direct.jmx");
        options.put("threads", "20,200");
        options.put("rounds", "5");
        options.put("warmup", "4");
        options.put("window", "6");
        options.put("setups", "bare,variables,summariser,jmeter-jtl,batched-jtl,influx-asleep,influx-quiet");
        options.put("park-us", "0");
        options.put("first-warmup", "15");
        for (int i = 0; i + 1 < args.length; i += 2) {
            String key = args[i].replaceFirst("^--", "");
            if (!options.containsKey(key)) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; options: " + options.keySet());
            }
            options.put(key, args[i + 1]);
        }
        if (options.get("home") == null) {
            throw new IllegalArgumentException("--home: a JMeter home (its bin/jmeter.properties is read)");
        }
        Path home = Paths.get(options.get("home")).toAbsolutePath();
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(home.resolve("bin/jmeter.properties").toString());
        JMeterUtils.initLocale();
        for (String[] p : JTL_PROPERTIES) {
            JMeterUtils.setProperty(p[0], p[1]);
        }
        JMeterUtils.setProperty("jmeterengine.force.system.exit", "false");
        List<Integer> threads = new ArrayList<>();
        for (String t : options.get("threads").split(",")) {
            threads.add(Integer.parseInt(t.trim()));
        }
        List<Setup> setups = new ArrayList<>();
        for (String s : options.get("setups").split(",")) {
            setups.add(Setup.of(s.trim()));
        }
        int rounds = Integer.parseInt(options.get("rounds"));
        SampleLifeBenchmark bench = new SampleLifeBenchmark(new File(options.get("plan")),
                Files.createTempDirectory("sample-life"), TimeUnit.SECONDS.toMillis(Long.parseLong(options.get(
                        "warmup"))), TimeUnit.SECONDS.toMillis(Long.parseLong(options.get("window"))),
                Integer.parseInt(options.get("park-us")));
        System.out.printf(Locale.ROOT, "JMeter %s, %s, %d rounds of %d s after %d s, park %d us per call%n",
                JMeterUtils.getJMeterVersion(), bench.plan, rounds, bench.windowMs / 1000, bench.warmupMs / 1000,
                bench.parkMicros);
        // every setup once, unmeasured, long enough for the JIT to compile JMeter's, the listeners' and our paths
        long firstWarmupMs = TimeUnit.SECONDS.toMillis(Long.parseLong(options.get("first-warmup")));
        for (Setup setup : setups) {
            Window w = bench.run(setup, threads.get(threads.size() - 1), firstWarmupMs, 1000);
            System.out.printf(Locale.ROOT, "  warm-up %-14s %s%n", setup.label, w);
        }
        for (int t : threads) {
            Map<Setup, List<Window>> results = new EnumMap<>(Setup.class);
            for (int round = 1; round <= rounds; round++) {
                // alternated: each round in the other order
                List<Setup> order = new ArrayList<>(setups);
                if (round % 2 == 0) {
                    Collections.reverse(order);
                }
                for (Setup setup : order) {
                    Window w = bench.run(setup, t, bench.warmupMs, bench.windowMs);
                    results.computeIfAbsent(setup, k -> new ArrayList<>()).add(w);
                    System.out.printf(Locale.ROOT, "  %d threads, round %d, %-14s %s%n", t, round, setup.label, w);
                }
            }
            print(t, setups, results);
        }
        System.exit(0);
    }

    /** The no-op echo under the key the shipped plan's sampler computes (its Dubbo Defaults, resolved). */
    private void installNoOpReference() {
        GenericService echo = (method, types, arguments) -> {
            calls.increment();
            if (parkMicros > 0) {
                LockSupport.parkNanos(parkMicros * 1000L);
            }
            String request = String.valueOf(arguments[0]);
            return new String(request.toCharArray()); // equal, not the same: the check compares the characters
        };
        DubboSampler like = SamplerBuilder.named("direct")
                .set(DubboSampler.ADDRESS, "dubbo://127.0.0.1:1")
                .set(DubboSampler.INTERFACE, "io.dubbostress.api.StressTestService")
                .set(DubboSampler.METHOD, "echo")
                .set(DubboSampler.PARAMETER_TYPES, "java.lang.String")
                .set(DubboSampler.ARGUMENTS, "[{\"$payload\": 1024}]")
                .set(DubboSampler.TIMEOUT, "5000")
                .set(DubboSampler.RETRIES, "0")
                .set(DubboSampler.RESPONSE_CHECK, DubboSampler.CHECK_ECHO)
                .build();
        ReferenceKey key = DubboPlan.of(SamplerFields.read(like), getClass().getClassLoader()).key();
        ReferenceCache.shared().install(key, DubboReference.over(key, echo));
    }

    private Window run(Setup setup, int threads, long warmupMs, long windowMs) throws Exception {
        if (setup.variables()) {
            JMeterUtils.setProperty("sample_variables", JtlVariables.SAMPLE_VARIABLES);
        } else {
            JMeterUtils.getJMeterProperties().remove("sample_variables");
        }
        JMeterUtils.setProperty("threads", String.valueOf(threads));
        JMeterUtils.setProperty("rampup", "0");
        JMeterUtils.setProperty("duration", "3600");
        JMeterUtils.setProperty("rate", "0");
        JMeterUtils.setProperty("provider_host", "127.0.0.1");
        JMeterUtils.setProperty("provider_port", "1");
        HashTree tree = SaveService.loadTree(plan);
        Object testPlan = tree.getArray()[0];
        HashTree top = tree.getTree(testPlan);
        for (Object element : new ArrayList<>(top.list())) {
            boolean perfmon = element.getClass().getName().startsWith("kg.apc.");
            boolean backend = element instanceof BackendListener;
            if (perfmon || (backend && setup != Setup.INFLUX_ASLEEP && setup != Setup.INFLUX_QUIET)) {
                top.remove(element);
            } else if (backend && setup == Setup.INFLUX_ASLEEP && element instanceof QuietBackendListener) {
                // JMeter's own listener around the same client and parameters, as the plans had it before
                BackendListener quiet = (BackendListener) element;
                BackendListener jmeters = new BackendListener();
                jmeters.setName(quiet.getName());
                jmeters.setClassname(quiet.getClassname());
                jmeters.setArguments((Arguments) quiet.getArguments().clone());
                jmeters.setQueueSize(quiet.getQueueSize());
                top.replaceKey(element, jmeters);
            }
        }
        File jtl = work.resolve(setup.label + "-" + threads + ".jtl").toFile();
        Files.deleteIfExists(jtl.toPath());
        switch (setup) {
            case SUMMARISER:
                top.add(new Summariser("summary"));
                break;
            case JMETER_JTL:
                ResultCollector collector = new ResultCollector(new Summariser("summary"));
                collector.setFilename(jtl.getPath());
                top.add(collector);
                break;
            case BATCHED_JTL:
                top.add(new Summariser("summary"));
                BatchedJtlWriter writer = new BatchedJtlWriter();
                writer.setName("batched");
                writer.setFilename(jtl.getPath());
                top.add(writer);
                break;
            default:
                break;
        }
        for (Object element : top.list()) {
            if (element instanceof TestElement) {
                ((TestElement) element).setEnabled(true);
            }
        }
        installNoOpReference(); // again: the sampler destroys every reference at the test's end
        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(tree);
        long before = calls.sum();
        engine.runTest();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (calls.sum() == before) {
            if (System.nanoTime() > deadline) {
                engine.stopTest(true);
                java.lang.reflect.Field slots = ReferenceCache.class.getDeclaredField("slots");
                slots.setAccessible(true);
                throw new IllegalStateException("no call reached the no-op reference in 120 s: the plan's key differs;"
                        + " keys: " + ((Map<?, ?>) slots.get(ReferenceCache.shared())).keySet());
            }
            Thread.sleep(10);
        }
        // every thread started before the window (and before any stop: JMeter's thread starter, starved on a busy
        // box, can start a thread after stopTest, which then never ends)
        while (samplerThreads() < threads) {
            if (System.nanoTime() > deadline) {
                engine.stopTest(true);
                throw new IllegalStateException("only " + samplerThreads() + " of " + threads + " threads started in"
                        + " 120 s");
            }
            Thread.sleep(10);
        }
        Thread.sleep(warmupMs);
        Snapshot start = Snapshot.take(calls.sum());
        Thread.sleep(windowMs);
        Snapshot end = Snapshot.take(calls.sum());
        engine.stopTest(true);
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while ((engine.isActive() || samplerThreads() > 0) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        if (samplerThreads() > 0) {
            System.out.printf(Locale.ROOT, "  (%d sampler threads still alive 120 s after the stop)%n",
                    samplerThreads());
        }
        long rows = jtl.exists() ? Files.lines(jtl.toPath()).count() : 0;
        Files.deleteIfExists(jtl.toPath());
        return new Window(start, end, rows);
    }

    /** The samplers' threads alive now. */
    private static int samplerThreads() {
        int n = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && (t.getName().startsWith("closed ") || t.getName().startsWith("open "))) {
                n++;
            }
        }
        return n;
    }

    /** The process's CPU, the samplers' and a writer's, bytes allocated, and calls, at one instant. */
    static final class Snapshot {
        final long nanos = System.nanoTime();
        final long calls;
        long processCpu;
        long samplerCpu;
        long writerCpu;
        long allocated;

        private Snapshot(long calls) {
            this.calls = calls;
        }

        static Snapshot take(long calls) {
            Snapshot s = new Snapshot(calls);
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long[] ids = threads.getAllThreadIds();
            ThreadInfo[] infos = threads.getThreadInfo(ids);
            long[] allocated = threads.getThreadAllocatedBytes(ids);
            for (int i = 0; i < ids.length; i++) {
                if (infos[i] == null) {
                    continue;
                }
                String name = infos[i].getThreadName();
                long cpu = threads.getThreadCpuTime(ids[i]);
                if (name.startsWith("closed ") || name.startsWith("open ")) {
                    s.samplerCpu += Math.max(0, cpu);
                } else if (name.startsWith("jtl-writer")) {
                    s.writerCpu += Math.max(0, cpu);
                }
                s.allocated += Math.max(0, allocated[i]);
            }
            s.processCpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
            return s;
        }
    }

    /** One run's window. */
    static final class Window {
        final long calls;
        final double seconds;
        final double cpuNsPerCall;
        final double samplerNsPerCall;
        final double writerNsPerCall;
        final double bytesPerCall;
        final long rows;

        Window(Snapshot a, Snapshot b, long rows) {
            calls = b.calls - a.calls;
            seconds = (b.nanos - a.nanos) / 1e9;
            cpuNsPerCall = (double) (b.processCpu - a.processCpu) / calls;
            samplerNsPerCall = (double) (b.samplerCpu - a.samplerCpu) / calls;
            writerNsPerCall = (double) (b.writerCpu - a.writerCpu) / calls;
            // threads that ended in between are not in b: a lower bound, exact while the samplers run
            bytesPerCall = (double) (b.allocated - a.allocated) / calls;
            this.rows = rows;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%,9.0f calls/s  CPU %,7.0f ns/sample (samplers %,7.0f, writer %,5.0f)"
                    + "  %,6.0f B/sample  jtl rows %,d", calls / seconds, cpuNsPerCall, samplerNsPerCall,
                    writerNsPerCall, bytesPerCall, rows);
        }
    }

    private static void print(int threads, List<Setup> setups, Map<Setup, List<Window>> results) {
        System.out.printf(Locale.ROOT, "%n%d threads: median (min-max) over the rounds; difference to bare paired by "
                + "round%n", threads);
        System.out.println("| setup | calls/s | CPU ns/sample | of which sampler threads | writer thread | B/sample "
                + "| CPU ns/sample more than bare |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        List<Window> bare = results.get(Setup.BARE);
        for (Setup setup : setups) {
            List<Window> ws = results.get(setup);
            List<Double> diff = new ArrayList<>();
            if (bare != null) {
                for (int i = 0; i < Math.min(bare.size(), ws.size()); i++) {
                    diff.add(ws.get(i).cpuNsPerCall - bare.get(i).cpuNsPerCall);
                }
            }
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n", setup.label,
                    stat(ws, w -> w.calls / w.seconds), stat(ws, w -> w.cpuNsPerCall),
                    stat(ws, w -> w.samplerNsPerCall), stat(ws, w -> w.writerNsPerCall),
                    stat(ws, w -> w.bytesPerCall), bare == null || setup == Setup.BARE ? "-" : stat(diff));
        }
    }

    private interface Measure {
        double of(Window w);
    }

    private static String stat(List<Window> ws, Measure m) {
        List<Double> values = new ArrayList<>();
        for (Window w : ws) {
            values.add(m.of(w));
        }
        return stat(values);
    }

    private static String stat(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return String.format(Locale.ROOT, "%,.0f (%,.0f to %,.0f)", median, sorted.get(0), sorted.get(n - 1));
    }
}
