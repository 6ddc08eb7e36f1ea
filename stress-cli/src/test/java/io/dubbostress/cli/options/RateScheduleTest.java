package io.dubbostress.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class RateScheduleTest {

    @Test
    void zeroOrEmptyIsTheClosedModel() {
        assertThat(RateSchedule.parse("0").isOpen()).isFalse();
        assertThat(RateSchedule.parse("").asProperty()).isEqualTo("0");
        assertThat(RateSchedule.NONE.toString()).isEqualTo("none (closed model)");
    }

    @Test
    void constantAndSteppedRates() {
        RateSchedule constant = RateSchedule.parse("500");
        assertThat(constant.isOpen()).isTrue();
        assertThat(constant.asProperty()).isEqualTo("500");
        RateSchedule steps = RateSchedule.parse("100, 200,400.5");
        assertThat(steps.segments()).containsExactly("100", "200", "400.5");
        assertThat(steps.asProperty()).isEqualTo("100,200,400.5");
        assertThat(steps.toString()).isEqualTo("100,200,400.5 calls/s");
    }

    @Test
    void badRatesAreRefusedWithTheValue() {
        assertThatThrownBy(() -> RateSchedule.parse("fast")).isInstanceOf(TypeConversionException.class)
                .hasMessage("'fast' is not a rate: use calls/s like 500, steps like 100,200,400 or 100:30s,200:1m, "
                        + "or a ramp like 0..1000:60s");
        assertThatThrownBy(() -> RateSchedule.parse("100,-5"))
                .hasMessage("'100,-5': every rate must be a positive number of calls/s");
        assertThatThrownBy(() -> RateSchedule.parse("0,0")).hasMessageContaining("positive");
        assertThatThrownBy(() -> RateSchedule.parse("0..100")).hasMessageContaining("needs a length");
        assertThatThrownBy(() -> RateSchedule.parse("100,")).hasMessageStartingWith("'100,' is not a rate");
    }

    @Test
    void rampsAndLengthsPassThroughToThePlans() {
        RateSchedule ramp = RateSchedule.parse("0..1000:60s, 1000:2m,500");
        assertThat(ramp.asProperty()).isEqualTo("0..1000:60s,1000:2m,500");
        assertThat(RateSchedule.constant(250).asProperty()).isEqualTo("250");
        assertThat(RateSchedule.constant(12.5).asProperty()).isEqualTo("12.5");
    }
}
