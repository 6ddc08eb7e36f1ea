package io.dubbostress.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.sampler.pacing.ArrivalSchedule;
import java.time.Duration;
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
     * One grammar with the plans' Target Rate Schedule (its ArrivalSchedule, from the sampler jar): what one takes the
     * other takes, what one refuses the other refuses. 1e9 and 99999999999999999999999 are both numbers; whether the
     * threads can reach them is {@link RateSchedule#check}'s question, answered the same way for both.
     */
    @Test
    void theGrammarIsTheTargetRateSchedulesOwn() {
        // not here: "100,", "0..100" and "0,0", which --rate refuses (an empty step; a ramp without a length; no positive
        // rate) and the element takes (it drops the empty step; the ramp takes the duration the others leave; rate 0
        // throughout): the CLI is the stricter of the two there
        String[] inputs = {"500", "2.5", ".5", "1e9", "2.5E3", "99999999999999999999999", "100,200,400",
            "100:30s,200:1m", "0..1000:60s,1000", "100:500ms", "1e1:1e1s", "5d", "0x1p3", "Infinity", "NaN", "5.",
            "+5", "1e", "fast", "100:xs", "1e400"};
        for (String input : inputs) {
            boolean element;
            try {
                ArrivalSchedule.parse(input, 600, 1);
                element = true;
            } catch (IllegalArgumentException e) {
                element = false;
            }
            boolean cli;
            try {
                RateSchedule.parse(input);
                cli = true;
            } catch (TypeConversionException e) {
                cli = false;
            }
            assertThat(cli).as("stress run --rate %s vs the element", input).isEqualTo(element);
        }
    }

    @Test
    void whatTheElementWouldRefuseOrCutIsRefusedUpFront() {
        Duration minute = Duration.ofMinutes(1);
        RateSchedule.parse("2000000").check(20, minute); // 20 threads: one call per 10 us each
        for (String unreachable : new String[] {"1e9", "99999999999999999999999", "100..2000001:10s"}) {
            assertThatThrownBy(() -> RateSchedule.parse(unreachable).check(20, minute)).as(unreachable)
                    .hasMessageContaining("cannot be reached by 20 threads (--threads): a thread makes at most one "
                            + "call per 10 us (100,000 calls/s), so 2,000,000 calls/s at most");
        }
        assertThatThrownBy(() -> RateSchedule.parse("100:30s,200:1m").check(20, minute))
                .hasMessage("Invalid value for option '--rate': the schedule 100:30s,200:1m lasts 1m30s, longer than "
                        + "--duration 1m: what comes after 1m would never run; give a --duration that holds it, or a "
                        + "shorter schedule");
        RateSchedule.parse("100:30s,200:30s").check(20, minute);
        RateSchedule.parse("100:1m,200").check(20, minute); // the last step holds to the end: nothing is cut
        assertThatThrownBy(() -> RateSchedule.parse("100:1m,200,300").check(20, minute))
                .hasMessageContaining("2 steps of 100:1m,200,300 have no length and --duration 1m leaves no time");
        RateSchedule.NONE.check(1, minute);
    }

    /** stress run hands the plans a schedule with every step sized and a rate 0 at its end: the run is --duration. */
    @Test
    void theRunsScheduleIsSizedAndEndsAtRateZero() {
        Duration twenty = Duration.ofSeconds(20);
        assertThat(RateSchedule.parse("100,200").sized(twenty).ending().asProperty())
                .isEqualTo("100:10000ms,200:10000ms,0");
        assertThat(RateSchedule.parse("500").sized(twenty).ending().asProperty()).isEqualTo("500:20000ms,0");
        assertThat(RateSchedule.parse("0..1000:5s,1000").sized(twenty).asProperty())
                .isEqualTo("0..1000:5s,1000:15000ms");
        // the last step without room: left out (its rate would only have held after the end)
        assertThat(RateSchedule.parse("100:20s,300").sized(twenty).asProperty()).isEqualTo("100:20s");
        assertThat(RateSchedule.NONE.sized(twenty).ending()).isSameAs(RateSchedule.NONE);
    }

    /** The live page's target line: the rate asked for at each moment of the schedule, as the element paces it. */
    @Test
    void theRateAskedForAtEachMomentOfTheSchedule() {
        RateSchedule ramp = RateSchedule.parse("0..1000:10s,1000,200:5s").sized(Duration.ofSeconds(30));
        assertThat(ramp.rateAt(0)).isEqualTo(0);
        assertThat(ramp.rateAt(2.5)).isEqualTo(250);
        assertThat(ramp.rateAt(9.99)).isCloseTo(999, org.assertj.core.data.Offset.offset(0.01));
        assertThat(ramp.rateAt(10)).isEqualTo(1000);
        assertThat(ramp.rateAt(24.9)).isEqualTo(1000);
        assertThat(ramp.rateAt(25)).isEqualTo(200);
        assertThat(ramp.rateAt(30)).as("after the schedule").isEqualTo(0);
        assertThat(RateSchedule.parse("500").rateAt(1e6)).as("a last step without a length lasts").isEqualTo(500);
        assertThat(RateSchedule.NONE.rateAt(1)).isNaN();
    }
}
