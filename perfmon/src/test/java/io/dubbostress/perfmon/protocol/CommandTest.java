package io.dubbostress.perfmon.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class CommandTest {

    @Test
    void splitsAtTheFirstColonAndTrims() {
        Command command = Command.parse(" interval : 5 \r");
        assertThat(command.name()).isEqualTo(Command.Name.INTERVAL);
        assertThat(command.intervalSeconds()).isEqualTo(5.0);
        assertThat(Command.parse("test\r").name()).isEqualTo(Command.Name.TEST);
    }

    @Test
    void metricsAreTabSeparatedAsJMeterSendsThem() {
        // what kg.apc's AbstractTransport.startWithMetrics writes: each metric followed by a TAB
        Command command = Command.parse("metrics:cpu:\tmemory:usedperc\tnetwork i/o:bytesrecv:iface=lo\t");
        assertThat(command.name()).isEqualTo(Command.Name.METRICS);
        assertThat(command.metrics().stream().map(MetricSpec::type).collect(Collectors.toList()))
                .containsExactly("cpu", "memory", "network");
    }

    @Test
    void unknownAndEmptyCommandsAreRefused() {
        assertThatThrownBy(() -> Command.parse("bogus:1")).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("unknown command 'bogus'").hasMessageContaining("metrics-single");
        assertThatThrownBy(() -> Command.parse(":x")).hasMessageContaining("empty command");
    }

    @Test
    void metricsWithoutAnyMetricIsRefused() {
        assertThatThrownBy(() -> Command.parse("metrics:").metrics()).hasMessageContaining("no metrics given");
        assertThatThrownBy(() -> Command.parse("metrics-single:\t\t").metrics())
                .hasMessageContaining("no metrics given");
    }

    @Test
    void tooManyMetricsAreRefused() {
        String many = "cpu\t".repeat(Command.MAX_METRICS + 1);
        assertThatThrownBy(() -> Command.parse("metrics:" + many).metrics()).hasMessageContaining("more than 256");
    }

    @Test
    void intervalMustBeASensibleNumberOfSeconds() {
        assertThat(Command.parse("interval:0.5").intervalSeconds()).isEqualTo(0.5);
        assertThatThrownBy(() -> Command.parse("interval:abc").intervalSeconds())
                .hasMessageContaining("interval 'abc' is not a number");
        assertThatThrownBy(() -> Command.parse("interval:0").intervalSeconds()).hasMessageContaining("out of range");
        assertThatThrownBy(() -> Command.parse("interval:-3").intervalSeconds()).hasMessageContaining("out of range");
        assertThatThrownBy(() -> Command.parse("interval:NaN").intervalSeconds()).hasMessageContaining("out of range");
    }
}
