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

    /**
     * The rate grammar is spelled on both sides of the jar boundary: here for {@code --rate} (checked before anything
     * starts) and in the sampler jar's {@code ArrivalSchedule} (the Target Rate Schedule that paces the plans; the jar
     * is Java 8 and loaded by JMeter, so the CLI does not link it). What one takes the other takes, what one refuses
     * the other refuses.
     */
    @Test
    void theGrammarIsTheTargetRateSchedulesOwn() {
        // not here: "100,", "0..100" and "0,0", which --rate refuses (an empty step; a ramp without a length; no positive
        // rate) and the element takes (it drops the empty step; the ramp takes the duration the others leave; rate 0
        // throughout): the CLI is the stricter of the two there
        String[] inputs = {"500", "2.5", ".5", "100,200,400", "100:30s,200:1m", "0..1000:60s,1000", "100:500ms",
            "100:2h,50", "fast", "100:xs", "-5", "1..:10s", "0"};
        java.util.List<String> disagree = new java.util.ArrayList<>();
        for (String input : inputs) {
            boolean element;
            try {
                io.dubbostress.sampler.pacing.ArrivalSchedule.parse(input, 600, 1);
                element = true;
            } catch (IllegalArgumentException e) {
                element = false;
            }
            boolean cli;
            try {
                RateSchedule.parse(input);
                cli = true;
            } catch (picocli.CommandLine.TypeConversionException e) {
                cli = false;
            }
            if (cli != element) {
                disagree.add(input + " (--rate " + (cli ? "takes" : "refuses") + " it, the element "
                        + (element ? "takes" : "refuses") + " it)");
            }
        }
        assertThat(disagree).isEmpty();
    }
}
