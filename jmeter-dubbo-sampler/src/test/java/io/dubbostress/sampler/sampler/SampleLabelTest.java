package io.dubbostress.sampler.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.runtime.DubboReference;
import io.dubbostress.sampler.runtime.ReferenceCache;
import io.dubbostress.sampler.runtime.ReferenceKey;
import java.nio.file.Path;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample label: read once with the plan while the name is plain text, and followed sample by sample when it holds
 * a variable (against a no-op reference answering the echo, no provider needed).
 */
class SampleLabelTest {

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeter() {
        EmbeddedJMeter.init(home);
    }

    @AfterEach
    void clear() {
        ReferenceCache.shared().destroyAll();
        JMeterContextService.getContext().clear();
    }

    private static DubboSampler echoing(DubboSampler sampler) {
        ReferenceKey key = DubboPlan.of(SamplerFields.read(sampler), SampleLabelTest.class.getClassLoader()).key();
        String answer = new String(io.dubbostress.api.Payloads.ofSize(16).toCharArray());
        ReferenceCache.shared().install(key, DubboReference.over(key, (method, types, args) -> answer));
        return sampler;
    }

    /** One iteration of JMeter's thread loop: a new iteration, the sample, the running version recovered. */
    private static SampleResult sample(DubboSampler sampler, JMeterVariables variables) {
        variables.incIteration();
        SampleResult result = sampler.sample(null);
        sampler.recoverRunningVersion();
        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        return result;
    }

    @Test
    void aNameHoldingAVariableIsFollowedAPlainOneIsKept() {
        JMeterVariables variables = new JMeterVariables();
        variables.put("who", "a");
        JMeterContextService.getContext().setVariables(variables);
        DubboSampler plain = echoing(SamplerBuilder.echo("direct", "dubbo://127.0.0.1:1", 16).build());
        DubboSampler named = echoing(SamplerBuilder.echo("ignored", "dubbo://127.0.0.1:1", 16).build());
        named.setProperty(new FunctionProperty(TestElement.NAME, new CompoundVariable("call-${who}")));
        plain.setRunningVersion(true);
        named.setRunningVersion(true);

        assertThat(sample(plain, variables).getSampleLabel()).isEqualTo("direct");
        assertThat(sample(named, variables).getSampleLabel()).isEqualTo("call-a");
        variables.put("who", "b");
        assertThat(sample(named, variables).getSampleLabel()).isEqualTo("call-b");
        assertThat(sample(plain, variables).getSampleLabel()).isEqualTo("direct");
    }
}
