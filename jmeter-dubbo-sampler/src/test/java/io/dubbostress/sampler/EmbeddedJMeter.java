package io.dubbostress.sampler;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

/**
 * A real JMeter 5.1 engine in the test JVM: a home made of the 5.1.1 config jar's properties, {@code
 * sample_variables=elapsed_us,due_us,lag_us,response_us}, CSV JTLs. Plans are built in code: thread groups
 * bounded by loops AND duration.
 *
 * <pre>{@code
 * EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(20, 100_000, 3, sampler).run();
 * run.jtl();  run.results();
 * }</pre>
 */
public final class EmbeddedJMeter {

    private static boolean initialised;

    private final Path dir;
    private final HashTree tree = new HashTree();
    private final HashTree planTree;
    private final Path jtl;
    private final List<SampleResult> results = Collections.synchronizedList(new ArrayList<>());
    private final Map<SampleResult, String> elapsedMicros = Collections.synchronizedMap(new LinkedHashMap<>());

    private EmbeddedJMeter(Path dir) {
        this.dir = dir;
        TestPlan testPlan = new TestPlan("sampler test");
        planTree = tree.add(testPlan);
        jtl = dir.resolve("results-" + System.nanoTime() + ".jtl");
    }

    public static synchronized void init(Path home) {
        if (initialised) {
            // once per JVM; the home of the test class that came first may be gone with its temporary folder
            writeHomeFiles(Path.of(JMeterUtils.getJMeterHome()));
            return;
        }
        Path bin = writeHomeFiles(home);
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(bin.resolve("jmeter.properties").toString());
        JMeterUtils.setProperty("sample_variables", io.dubbostress.sampler.jtl.JtlVariables.SAMPLE_VARIABLES);
        JMeterUtils.setProperty("jmeter.save.saveservice.output_format", "csv");
        JMeterUtils.setProperty("jmeter.save.saveservice.connect_time", "true");
        JMeterUtils.setProperty("jmeter.save.saveservice.latency", "true");
        JMeterUtils.setProperty("jmeter.save.saveservice.bytes", "true");
        JMeterUtils.setProperty("jmeter.save.saveservice.sent_bytes", "true");
        JMeterUtils.setProperty("jmeter.save.saveservice.timestamp_format", "ms");
        JMeterUtils.setProperty("jmeterengine.force.system.exit", "false");
        JMeterUtils.initLocale();
        initialised = true;
    }

    /** bin/ (JMeter's properties files, saveservice.properties among them) and lib/ext, when missing. */
    private static Path writeHomeFiles(Path home) {
        try {
            Path bin = Files.createDirectories(home.resolve("bin"));
            Files.createDirectories(home.resolve("lib/ext"));
            for (String name : new String[] {"jmeter.properties", "saveservice.properties", "upgrade.properties",
                "system.properties", "user.properties"}) {
                if (Files.exists(bin.resolve(name))) {
                    continue;
                }
                try (InputStream in = EmbeddedJMeter.class.getClassLoader().getResourceAsStream("bin/" + name)) {
                    Files.copy(in, bin.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return bin;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static EmbeddedJMeter plan(Path dir) {
        init(dir.getParent().resolve("jmeter-home"));
        return new EmbeddedJMeter(dir);
    }

    /** User defined variables of the test plan. */
    public EmbeddedJMeter variables(Map<String, String> values) {
        Arguments arguments = new Arguments();
        values.forEach(arguments::addArgument);
        planTree.add(arguments);
        return this;
    }

    /** A thread group of {@code threads} threads, each running its elements {@code loops} times within
     * {@code seconds} (whichever ends first). */
    public EmbeddedJMeter threadGroup(int threads, int loops, int seconds, TestElement... elements) {
        LoopController loop = new LoopController();
        loop.setLoops(loops);
        loop.setFirst(true);
        loop.initialize();
        ThreadGroup group = new ThreadGroup();
        group.setName("group-" + threads);
        group.setNumThreads(threads);
        group.setRampUp(0);
        group.setSamplerController(loop);
        group.setScheduler(true);
        group.setDuration(seconds);
        group.setProperty(ThreadGroup.ON_SAMPLE_ERROR, ThreadGroup.ON_SAMPLE_ERROR_CONTINUE);
        HashTree groupTree = planTree.add(group);
        for (TestElement element : elements) {
            groupTree.add(element);
        }
        return this;
    }

    /** Runs the plan to its end (all thread groups, then testEnded). */
    public Run run() {
        ResultCollector collector = new ResultCollector();
        collector.setFilename(jtl.toString());
        planTree.add(collector);
        planTree.add(new Recorder());
        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(tree);
        engine.run();
        return new Run(jtl, new ArrayList<>(results), new LinkedHashMap<>(elapsedMicros));
    }

    /** Keeps every result in memory with the elapsed_us variable as the sample event saw it. */
    private final class Recorder extends AbstractTestElement implements SampleListener {
        private static final long serialVersionUID = 1L;

        @Override
        public void sampleOccurred(SampleEvent event) {
            results.add(event.getResult());
            elapsedMicros.put(event.getResult(), event.getVarValue(0));
        }

        @Override
        public void sampleStarted(SampleEvent event) {
        }

        @Override
        public void sampleStopped(SampleEvent event) {
        }

        @Override
        public Object clone() {
            return this; // one recorder for all threads
        }
    }

    /** What a run produced. */
    public static final class Run {
        private final Path jtl;
        private final List<SampleResult> results;
        private final Map<SampleResult, String> elapsedMicros;

        Run(Path jtl, List<SampleResult> results, Map<SampleResult, String> elapsedMicros) {
            this.jtl = jtl;
            this.results = results;
            this.elapsedMicros = elapsedMicros;
        }

        public Path jtl() {
            return jtl;
        }

        public List<SampleResult> results() {
            return results;
        }

        public List<SampleResult> results(String label) {
            List<SampleResult> out = new ArrayList<>();
            for (SampleResult r : results) {
                if (r.getSampleLabel().equals(label)) {
                    out.add(r);
                }
            }
            return out;
        }

        public String elapsedMicros(SampleResult result) {
            return elapsedMicros.get(result);
        }
    }
}
