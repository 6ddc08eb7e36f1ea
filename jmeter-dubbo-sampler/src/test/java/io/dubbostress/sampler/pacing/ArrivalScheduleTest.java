package io.dubbostress.sampler.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ArrivalScheduleTest {

    private static double seconds(ArrivalSchedule s, long k) {
        return s.offsetNanos(k) / 1e9;
    }

    @Test
    void aConstantRateSpacesArrivalsEvenlyFromTheOrigin() {
        ArrivalSchedule s = ArrivalSchedule.parse("500", 0, 1);
        assertThat(s.offsetNanos(0)).isZero();
        assertThat(s.offsetNanos(1)).isEqualTo(2_000_000);
        assertThat(s.offsetNanos(500_000)).isEqualTo(1_000_000_000_000L);
        assertThat(s.rateAt(1e6)).isEqualTo(500);
    }

    @Test
    void stepsWithoutLengthsSplitTheDurationAndTheLastRateHolds() {
        ArrivalSchedule s = ArrivalSchedule.parse("100,200,400", 30, 1);
        // 10 s at 100/s = 1000 arrivals, then 200/s: arrival 1000 at 10 s, 1200 at 11 s
        assertThat(seconds(s, 999)).isCloseTo(9.99, within(1e-9));
        assertThat(seconds(s, 1000)).isCloseTo(10.0, within(1e-9));
        assertThat(seconds(s, 1200)).isCloseTo(11.0, within(1e-9));
        // 1000 + 2000 + 4000 arrivals in 30 s, then 400/s for ever
        assertThat(seconds(s, 7000)).isCloseTo(30.0, within(1e-9));
        assertThat(seconds(s, 7400)).isCloseTo(31.0, within(1e-9));
        assertThat(s.rateAt(35)).isEqualTo(400);
    }

    @Test
    void aRampCountsTheArrivalsUnderItsLine() {
        ArrivalSchedule s = ArrivalSchedule.parse("0..1000:10s,1000", 0, 1);
        // N(t) = 50 t^2 over the ramp: arrival 50 at 1 s, 1250 at 5 s, 5000 at 10 s; then 1000/s
        assertThat(seconds(s, 50)).isCloseTo(1.0, within(1e-9));
        assertThat(seconds(s, 1250)).isCloseTo(5.0, within(1e-9));
        assertThat(seconds(s, 5000)).isCloseTo(10.0, within(1e-9));
        assertThat(seconds(s, 6000)).isCloseTo(11.0, within(1e-9));
        assertThat(s.rateAt(5)).isCloseTo(500, within(1e-9));
        assertThat(s.arrivalsWithin(5)).isCloseTo(1250, within(1e-6));
        // a ramp down: 1000 -> 0 over 10 s has 5000 arrivals, the last ones spaced ever wider
        ArrivalSchedule down = ArrivalSchedule.parse("1000..0:10s", 0, 1);
        assertThat(seconds(down, 3750)).isCloseTo(5.0, within(1e-9));
        assertThat(down.offsetNanos(5001)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void everyArrivalComesAfterThePreviousOne() {
        ArrivalSchedule s = ArrivalSchedule.parse("50..400:2s,400:1s,400..10:3s,25", 0, 1);
        long previous = -1;
        for (long k = 0; k < 3000; k++) {
            long t = s.offsetNanos(k);
            assertThat(t).as("arrival %d", k).isGreaterThan(previous);
            previous = t;
        }
    }

    @Test
    void loadGeneratorsShareTheRate() {
        ArrivalSchedule s = ArrivalSchedule.parse("1000", 0, 4);
        assertThat(s.offsetNanos(250)).isEqualTo(1_000_000_000L);
        assertThat(s.rateAt(0)).isEqualTo(250);
    }

    @Test
    void badSchedulesAreOneLineMessagesNamingTheValue() {
        assertThatThrownBy(() -> ArrivalSchedule.parse("fast", 0, 1)).hasMessageContaining("'fast' is not a rate");
        assertThatThrownBy(() -> ArrivalSchedule.parse("", 0, 1)).hasMessageContaining("empty");
        assertThatThrownBy(() -> ArrivalSchedule.parse("-5", 0, 1)).hasMessageContaining("'-5'");
        assertThatThrownBy(() -> ArrivalSchedule.parse("100:xs", 0, 1)).hasMessageContaining("'xs' is not a length");
        assertThatThrownBy(() -> ArrivalSchedule.parse("100,200", 0, 1)).hasMessageContaining("no length");
        assertThatThrownBy(() -> ArrivalSchedule.parse("0..100", 0, 1)).hasMessageContaining("needs a length");
        assertThatThrownBy(() -> ArrivalSchedule.parse("100", 0, 0)).hasMessageContaining("load generators");
    }

    @Test
    void numbersFollowOneGrammarWithTheCommandLinesRateAndNotJavasLooserOne() {
        // digits, a fraction, an exponent: 1e9 and 99999999999999999999999 are both numbers (whether a rate can be
        // reached is the element's check, with the test's threads)
        assertThat(ArrivalSchedule.parse("1e9", 0, 1).peakRate()).isEqualTo(1e9);
        assertThat(ArrivalSchedule.parse("99999999999999999999999", 0, 1).peakRate()).isEqualTo(1e23);
        assertThat(ArrivalSchedule.parse(".5,2.5e2:10s", 20, 1).peakRate()).isEqualTo(250);
        // what Double.parseDouble also takes, and no schedule means
        for (String notARate : new String[] {"5d", "0x1p3", "Infinity", "NaN", "5.", "1e", "+5"}) {
            assertThatThrownBy(() -> ArrivalSchedule.parse(notARate, 0, 1)).as(notARate)
                    .hasMessageContaining("'" + notARate + "' is not a rate");
        }
        assertThatThrownBy(() -> ArrivalSchedule.parse("1e400", 0, 1)).hasMessageContaining("beyond any number");
        assertThatThrownBy(() -> ArrivalSchedule.parse("100:0x10s", 0, 1)).hasMessageContaining("is not a length");
    }

    @Test
    void thePeakRateAndTheLengthAreTheSchedulesOwn() {
        ArrivalSchedule ramp = ArrivalSchedule.parse("0..1000:60s,300:30s", 0, 4);
        assertThat(ramp.peakRate()).isEqualTo(250); // this load generator's share of 1000
        assertThat(ramp.lengthSeconds()).isEqualTo(90);
        assertThat(ArrivalSchedule.parse("100,200,400", 30, 1).lengthSeconds()).isEqualTo(30);
        assertThat(ArrivalSchedule.parse("500", 0, 1).lengthSeconds()).isZero(); // for ever
    }
}
