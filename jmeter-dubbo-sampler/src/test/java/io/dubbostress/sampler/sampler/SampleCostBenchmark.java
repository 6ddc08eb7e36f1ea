package io.dubbostress.sampler.sampler;

import io.dubbostress.api.Payloads;
import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.runtime.DubboReference;
import io.dubbostress.sampler.runtime.ReferenceCache;
import io.dubbostress.sampler.runtime.ReferenceKey;
import io.dubbostress.sampler.config.DubboDefaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.dubbo.rpc.service.GenericService;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one Dubbo Sampler sample costs in the sampler's own code, Dubbo left out: {@link DubboSampler#sample} against a
 * no-op reference ({@link DubboReference#over}) that answers the echo at once with an equal (not the same) string, as
 * a provider would. ns per sample, and with {@code -prof gc} bytes allocated per sample ({@code gc.alloc.rate.norm}).
 * Not a test: {@code src/test/scripts/jmh.sh} runs it (docs/BENCHMARKS.md).
 *
 * <ul>
 * <li>{@link #sampleConstantFields}: fields without variables (the plan is parsed once per thread and reused);</li>
 * <li>{@link #samplePlanFields}: fields holding variables ({@code ${...}}): JMeter evaluates them once per
 *     iteration, and the sampler checks them every sample;</li>
 * <li>{@link #samplePlanDefaults}: the shipped plans exactly: an empty sampler under a Dubbo Defaults element whose
 *     fields hold variables, with what JMeter does around every sample of a sampler that has a config element in
 *     scope (hand the element to the sampler before, recover both after);</li>
 * <li>{@link #sampleResultOnly}: JMeter's own {@link SampleResult} with the calls every sampler makes, and nothing
 *     of ours: the floor under any sampler;</li>
 * <li>{@link #rawLoop}: what the raw Dubbo client of {@code stress bench} does around its call (two clock reads, the
 *     call, the echo comparison).</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms512m", "-Xmx512m", "-Djava.awt.headless=true"})
@State(Scope.Thread)
public class SampleCostBenchmark {

    private static final String INTERFACE = "io.dubbostress.api.StressTestService";

    /** Payload bytes: the harness's two sizes. */
    @Param({"1024", "102400"})
    public int payload;

    private DubboSampler constantSampler;
    private DubboSampler planSampler;
    private DubboSampler defaultsSampler;
    private DubboDefaults defaults;
    private JMeterVariables variables;
    private GenericService echo;
    private String request;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        Path home = Files.createTempDirectory("jmh-jmeter-home");
        EmbeddedJMeter.init(home);
        request = Payloads.ofSize(payload);
        String response = new String(request.toCharArray()); // equal, not identical: the check compares the chars
        echo = (method, types, args) -> response;

        JMeterContext context = JMeterContextService.getContext();
        variables = new JMeterVariables();
        variables.put("dubbo_address", "dubbo://127.0.0.1:1");
        variables.put("payload", Integer.toString(payload));
        variables.put("timeout", "5000");
        context.setVariables(variables);
        context.setSamplingStarted(true);

        constantSampler = SamplerBuilder.echo("direct", "dubbo://127.0.0.1:1", payload).build();
        constantSampler.setRunningVersion(true);
        install(constantSampler);

        // the shipped plans: address, arguments and timeout hold variables (merged in from Dubbo Defaults)
        planSampler = SamplerBuilder.named("direct")
                .set(DubboSampler.INTERFACE, INTERFACE)
                .set(DubboSampler.METHOD, "echo")
                .set(DubboSampler.PARAMETER_TYPES, "java.lang.String")
                .set(DubboSampler.RETRIES, "0")
                .set(DubboSampler.RESPONSE_CHECK, DubboSampler.CHECK_ECHO)
                .build();
        planSampler.setProperty(new FunctionProperty(DubboSampler.ADDRESS, new CompoundVariable("${dubbo_address}")));
        planSampler.setProperty(new FunctionProperty(DubboSampler.ARGUMENTS,
                new CompoundVariable("[{\"$payload\": ${payload}}]")));
        planSampler.setProperty(new FunctionProperty(DubboSampler.TIMEOUT, new CompoundVariable("${timeout}")));
        planSampler.setRunningVersion(true);
        install(planSampler);

        // the shipped plans exactly: an empty sampler under a Dubbo Defaults element whose fields hold variables
        defaults = new DubboDefaults();
        defaults.setProperty(TestElement.GUI_CLASS, "io.dubbostress.sampler.config.gui.DubboDefaultsGui");
        defaults.setProperty(new FunctionProperty(DubboSampler.ADDRESS, new CompoundVariable("${dubbo_address}")));
        defaults.setProperty(DubboSampler.INTERFACE, INTERFACE);
        defaults.setProperty(DubboSampler.METHOD, "echo");
        defaults.setProperty(DubboSampler.PARAMETER_TYPES, "java.lang.String");
        defaults.setProperty(new FunctionProperty(DubboSampler.ARGUMENTS,
                new CompoundVariable("[{\"$payload\": ${payload}}]")));
        defaults.setProperty(new FunctionProperty(DubboSampler.TIMEOUT, new CompoundVariable("${timeout}")));
        defaults.setProperty(DubboSampler.RETRIES, "0");
        defaults.setProperty(DubboSampler.RESPONSE_CHECK, DubboSampler.CHECK_ECHO);
        defaults.setRunningVersion(true);
        defaultsSampler = SamplerBuilder.named("direct").build();
        defaultsSampler.setRunningVersion(true);
        install(planSampler); // the same key

        // the first sample of each builds its plan and finds the installed reference
        check(constantSampler.sample(null));
        check(planSampler.sample(null));
        check(sampleUnderDefaults());
    }

    /** What JMeter's TestCompiler does around every sample of a sampler with a config element in scope. */
    private SampleResult sampleUnderDefaults() {
        defaultsSampler.clearTestElementChildren();
        if (defaultsSampler.applies(defaults)) {
            defaultsSampler.addTestElement(defaults);
        }
        SampleResult result = defaultsSampler.sample(null);
        defaults.recoverRunningVersion();
        defaultsSampler.recoverRunningVersion();
        return result;
    }

    /** Puts the no-op reference under the key the sampler's own plan computes. */
    private void install(DubboSampler sampler) {
        ReferenceKey key = DubboPlan.of(SamplerFields.read(sampler), getClass().getClassLoader()).key();
        ReferenceCache.shared().install(key, DubboReference.over(key, echo));
    }

    private static void check(SampleResult result) {
        if (!result.isSuccessful()) {
            throw new IllegalStateException("the benchmark's sample failed: " + result.getResponseCode() + " "
                    + result.getResponseMessage());
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        ReferenceCache.shared().destroyAll();
    }

    @Benchmark
    public SampleResult sampleConstantFields() {
        return constantSampler.sample(null);
    }

    @Benchmark
    public SampleResult samplePlanFields() {
        variables.incIteration(); // JMeter's thread loop: a new iteration, the fields' variables evaluated again
        return planSampler.sample(null);
    }

    @Benchmark
    public SampleResult samplePlanDefaults() {
        variables.incIteration();
        return sampleUnderDefaults();
    }

    @Benchmark
    public SampleResult sampleResultOnly() {
        SampleResult result = new SampleResult();
        result.setSampleLabel("direct");
        result.setDataType(SampleResult.TEXT);
        result.sampleStart();
        result.latencyEnd();
        result.sampleEnd();
        result.setSentBytes(payload);
        result.setBytes((long) payload);
        result.setSuccessful(true);
        result.setResponseCodeOK();
        result.setResponseMessageOK();
        return result;
    }

    @Benchmark
    public boolean rawLoop() throws Exception {
        long start = System.nanoTime();
        Object response = echo.$invoke("echo", new String[] {"java.lang.String"}, new Object[] {request});
        long micros = (System.nanoTime() - start) / 1000;
        return request.equals(response) && micros >= 0;
    }
}
