package io.dubbostress.cli.run;

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
        assertThat(steps.steps()).containsExactly(100.0, 200.0, 400.5);
        assertThat(steps.asProperty()).isEqualTo("100,200,400.5");
        assertThat(steps.toString()).isEqualTo("100,200,400.5 calls/s");
    }

    @Test
    void badRatesAreRefusedWithTheValue() {
        assertThatThrownBy(() -> RateSchedule.parse("fast")).isInstanceOf(TypeConversionException.class)
                .hasMessage("'fast' is not a rate: use calls/s like 500, or steps like 100,200,400");
        assertThatThrownBy(() -> RateSchedule.parse("100,-5"))
                .hasMessage("'100,-5': every rate must be a positive number of calls/s");
        assertThatThrownBy(() -> RateSchedule.parse("100,0")).hasMessageContaining("positive");
    }
}
