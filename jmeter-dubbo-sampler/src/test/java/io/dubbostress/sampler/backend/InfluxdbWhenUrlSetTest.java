package io.dubbostress.sampler.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import java.nio.file.Path;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.visualizers.backend.BackendListenerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped plans' Backend Listener client without influxdb_url: JMeter starts it, and it keeps nothing. */
class InfluxdbWhenUrlSetTest {

    @TempDir
    static Path home;

    @Test
    void withoutAUrlItStartsKeepsNoSampleAndStops() throws Exception {
        EmbeddedJMeter.init(home);
        AsleepListenerBenchmark.planVariables();
        InfluxdbWhenUrlSet client = new InfluxdbWhenUrlSet();
        Arguments parameters = new Arguments();
        parameters.addArgument("influxdbUrl", "  ");
        parameters.addArgument("influxdbMetricsSender",
                "org.apache.jmeter.visualizers.backend.influxdb.HttpMetricsSender");
        BackendListenerContext context = new BackendListenerContext(parameters);
        client.setupTest(context); // JMeter's own client would throw here: new URL("  ") has no protocol
        assertThat(client.isOn()).isFalse();
        assertThat(client.createSampleResult(context, AsleepListenerBenchmark.event().getResult())).isNull();
        client.teardownTest(context);
    }
}
