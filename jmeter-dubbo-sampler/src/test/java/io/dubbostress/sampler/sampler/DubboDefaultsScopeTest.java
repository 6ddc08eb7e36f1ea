package io.dubbostress.sampler.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.config.DubboDefaults;
import io.dubbostress.testsupport.FreePort;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dubbo Defaults in scope, handed to the sampler as JMeter's TestCompiler does before every sample: the sampler's
 * own fields win, empty ones come from the first Defaults that sets them, nothing is copied into the sampler, and
 * fields holding variables are followed from iteration to iteration.
 */
class DubboDefaultsScopeTest {

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeter() {
        EmbeddedJMeter.init(home);
    }

    @AfterEach
    void clearContext() {
        JMeterContextService.getContext().clear();
    }

    private static DubboDefaults defaults(String... keyValues) {
        DubboDefaults d = new DubboDefaults();
        d.setProperty(TestElement.GUI_CLASS, "io.dubbostress.sampler.config.gui.DubboDefaultsGui");
        for (int i = 0; i < keyValues.length; i += 2) {
            d.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return d;
    }

    /** What JMeter does before a sample: children cleared, then each config element the sampler accepts. */
    private static void handOver(DubboSampler sampler, ConfigTestElement... configs) {
        sampler.clearTestElementChildren();
        for (ConfigTestElement config : configs) {
            if (sampler.applies(config)) {
                sampler.addTestElement(config);
            }
        }
    }

    private static List<String> propertyNames(TestElement element) {
        List<String> names = new ArrayList<>();
        for (PropertyIterator it = element.propertyIterator(); it.hasNext(); ) {
            names.add(it.next().getName());
        }
        return names;
    }

    @Test
    void ownFieldsWinEmptyOnesComeFromTheFirstDefaultsThatSetThem() {
        DubboSampler sampler = new DubboSampler();
        sampler.setProperty(DubboSampler.METHOD, "echo");
        sampler.setProperty(DubboSampler.TIMEOUT, ""); // empty counts as unset, as when JMeter merges
        DubboDefaults inner = defaults(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20880", DubboSampler.METHOD, "other",
                DubboSampler.TIMEOUT, "");
        DubboDefaults outer = defaults(DubboSampler.ADDRESS, "dubbo://10.0.0.1:20880",
                DubboSampler.INTERFACE, "io.dubbostress.api.StressTestService", DubboSampler.TIMEOUT, "1500",
                DubboSampler.PARAMETER_TYPES, "java.lang.String", DubboSampler.ARGUMENTS, "[\"abc\"]");
        List<String> before = propertyNames(sampler);

        handOver(sampler, inner, outer);

        assertThat(sampler.getMethod()).isEqualTo("echo");
        assertThat(sampler.getAddress()).isEqualTo("dubbo://127.0.0.1:20880");
        assertThat(sampler.getInterface()).isEqualTo("io.dubbostress.api.StressTestService");
        DubboPlan plan = DubboPlan.of(SamplerFields.read(sampler), getClass().getClassLoader());
        assertThat(plan.key().timeoutMs()).isEqualTo(1500);
        assertThat(plan.key().address()).isEqualTo("dubbo://127.0.0.1:20880");
        assertThat(plan.arguments().typeNames()).containsExactly("java.lang.String");
        assertThat(plan.arguments().first()).isEqualTo("abc");
        assertThat(propertyNames(sampler)).as("nothing copied into the sampler").isEqualTo(before);

        handOver(sampler);
        assertThat(sampler.getAddress()).as("gone with the next hand-over").isEmpty();
    }

    @Test
    void otherConfigElementsStillMerge() {
        DubboSampler sampler = new DubboSampler();
        ConfigTestElement simple = new ConfigTestElement();
        simple.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.config.gui.SimpleConfigGui");
        simple.setProperty(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20881");
        ConfigTestElement foreign = new ConfigTestElement();
        foreign.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.protocol.http.config.gui.HttpDefaultsGui");
        foreign.setProperty(DubboSampler.METHOD, "notForUs");
        sampler.setRunningVersion(true);

        handOver(sampler, simple, foreign);

        assertThat(sampler.getPropertyAsString(DubboSampler.ADDRESS)).isEqualTo("dubbo://127.0.0.1:20881");
        assertThat(sampler.getMethod()).isEmpty();
        sampler.recoverRunningVersion();
        assertThat(sampler.getPropertyAsString(DubboSampler.ADDRESS)).isEmpty();
    }

    @Test
    void eachConfigElementGetsItsOwnAnswerSampleAfterSample() {
        DubboSampler sampler = new DubboSampler();
        DubboDefaults ours = defaults(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20880");
        ConfigTestElement http = new ConfigTestElement();
        http.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.protocol.http.config.gui.HttpDefaultsGui");
        ConfigTestElement simple = new ConfigTestElement();
        simple.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.config.gui.SimpleConfigGui");

        for (int sample = 0; sample < 3; sample++) { // asked in turn, as JMeter does before every sample
            assertThat(sampler.applies(ours)).isTrue();
            assertThat(sampler.applies(ours)).isTrue();
            assertThat(sampler.applies(http)).isFalse();
            assertThat(sampler.applies(simple)).isTrue();
            assertThat(sampler.applies(http)).isFalse();
        }
        DubboSampler clone = (DubboSampler) sampler.clone();
        assertThat(clone.applies(http)).isFalse();
        assertThat(clone.applies(ours)).isTrue();
    }

    @Test
    void fieldsHoldingVariablesAreFollowedFromIterationToIteration() {
        JMeterContext context = JMeterContextService.getContext();
        JMeterVariables variables = new JMeterVariables();
        context.setVariables(variables);
        context.setSamplingStarted(true);
        int port = FreePort.find(); // nothing listens: every sample fails fast with NETWORK, after its plan is made
        variables.put("path", "first");
        DubboDefaults d = defaults(DubboSampler.TIMEOUT, "2000");
        d.setProperty(new FunctionProperty(DubboSampler.ADDRESS,
                new CompoundVariable("http://127.0.0.1:" + port + "/${path}")));
        d.setRunningVersion(true);
        DubboSampler sampler = new DubboSampler();
        sampler.setName("hop");
        sampler.setRunningVersion(true);

        handOver(sampler, d);
        SampleResult first = sampler.sample(null);
        variables.incIteration();
        handOver(sampler, d);
        SampleResult same = sampler.sample(null);
        variables.put("path", "second");
        variables.incIteration();
        handOver(sampler, d);
        SampleResult second = sampler.sample(null);

        assertThat(first.getSamplerData()).startsWith("GET http://127.0.0.1:" + port + "/first\ntimeout 2000 ms");
        assertThat(same.getSamplerData()).isSameAs(first.getSamplerData());
        assertThat(second.getSamplerData()).startsWith("GET http://127.0.0.1:" + port + "/second");
        assertThat(second.getResponseCode()).isEqualTo("NETWORK");
        sampler.threadFinished();
    }
}
