package io.dubbostress.sampler.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.visualizers.backend.BackendListener;
import org.apache.jmeter.visualizers.backend.BackendListenerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped plans' Backend Listener: asleep (no influxdb_url) it hands its client no sample at all, where JMeter's
 * own listener asks the client about each one; awake it hands every sample over, as JMeter's does.
 */
class QuietBackendListenerTest {

    @TempDir
    Path dir;

    /** An InfluxdbWhenUrlSet that counts what it is asked and sends nothing anywhere. */
    public static final class CountingClient extends InfluxdbWhenUrlSet {
        static final List<String> ASKED = new CopyOnWriteArrayList<>();
        private volatile boolean awake;

        @Override
        public void setupTest(BackendListenerContext context) {
            awake = isOn(context); // InfluxdbWhenUrlSet's rule, without JMeter's client behind it
        }

        @Override
        public SampleResult createSampleResult(BackendListenerContext context, SampleResult result) {
            ASKED.add(result.getSampleLabel());
            return awake ? result : null;
        }

        @Override
        public void handleSampleResults(List<SampleResult> results, BackendListenerContext context) {
        }

        @Override
        public void teardownTest(BackendListenerContext context) {
        }
    }

    private static <T extends BackendListener> T withUrl(T listener, String name, String url) {
        AsleepListenerBenchmark.configure(listener);
        listener.setName(name);
        listener.setClassname(CountingClient.class.getName());
        listener.getArguments().removeArgument(InfluxdbWhenUrlSet.URL_PARAMETER);
        listener.getArguments().addArgument(InfluxdbWhenUrlSet.URL_PARAMETER, url);
        return listener;
    }

    private static void twoSamples(BackendListener listener, String prefix) {
        listener.testStarted();
        for (String label : new String[] {prefix + "-1", prefix + "-2"}) {
            SampleResult result = new SampleResult();
            result.setSampleLabel(label);
            result.sampleStart();
            result.sampleEnd();
            listener.sampleOccurred(new SampleEvent(result, "closed 1-1"));
        }
        listener.testEnded();
    }

    @Test
    void asleepItAsksTheClientNothingWhereJMetersAsksAboutEverySample() {
        EmbeddedJMeter.init(dir.resolve("jmeter-home"));
        AsleepListenerBenchmark.planVariables();
        CountingClient.ASKED.clear();

        QuietBackendListener quiet = withUrl(new QuietBackendListener(), "quiet", "");
        twoSamples(quiet, "quiet");
        twoSamples(withUrl(new BackendListener(), "jmeters", ""), "jmeters");

        assertThat(CountingClient.ASKED).containsExactly("jmeters-1", "jmeters-2");
    }

    @Test
    void awakeItHandsEverySampleOverAsJMetersDoes() {
        EmbeddedJMeter.init(dir.resolve("jmeter-home"));
        AsleepListenerBenchmark.planVariables();
        CountingClient.ASKED.clear();

        QuietBackendListener quiet = withUrl(new QuietBackendListener(), "awake", "http://127.0.0.1:9/write?db=x");
        twoSamples(quiet, "awake");

        assertThat(quiet.isAsleep()).isFalse();
        assertThat(CountingClient.ASKED).containsExactly("awake-1", "awake-2");
    }
}
