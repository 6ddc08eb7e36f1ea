package io.dubbostress.cli.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The watchdog's deadlines: start-up is not counted as the scenario's time; the test gets its duration and a grace. */
class ScenarioWatchdogTest {

    private static final long S = 1_000_000_000L;

    @Test
    void theGraceIsAMinuteOrAFifthOfTheDurationWhicheverIsLonger() {
        assertThat(ScenarioWatchdog.grace(Duration.ofSeconds(5))).isEqualTo(Duration.ofSeconds(60));
        assertThat(ScenarioWatchdog.grace(Duration.ofMinutes(5))).isEqualTo(Duration.ofSeconds(60));
        assertThat(ScenarioWatchdog.grace(Duration.ofMinutes(10))).isEqualTo(Duration.ofMinutes(2));
        assertThat(ScenarioWatchdog.grace(Duration.ofHours(1))).isEqualTo(Duration.ofMinutes(12));
    }

    @Test
    void aTestIsStoppedOnlyAfterRampUpDurationAndGrace() {
        ScenarioWatchdog watchdog = new ScenarioWatchdog(Duration.ofMinutes(10), Duration.ofSeconds(5));
        long launched = 1000 * S;
        long started = launched + 200 * S; // a slow start-up is not the test's time
        long deadline = 5 + 600 + 120;
        assertThat(watchdog.check(launched, started, started + deadline * S)).isNull();
        assertThat(watchdog.check(launched, started, started + (deadline + 1) * S))
                .isEqualTo("JMeter was still running 725 s after the test started (ramp-up 5 s + duration 600 s +"
                        + " grace 120 s): stopped by the watchdog");
    }

    @Test
    void aJMeterThatNeverStartsTheTestIsStoppedAfterItsStartUpDeadline() {
        ScenarioWatchdog watchdog = new ScenarioWatchdog(Duration.ofSeconds(5), Duration.ofSeconds(1));
        long launched = 1000 * S;
        assertThat(watchdog.check(launched, 0, launched + 299 * S)).isNull();
        assertThat(watchdog.check(launched, 0, launched + 301 * S))
                .isEqualTo("JMeter did not start the test within 300 s of its launch (stopped by the watchdog)");
    }
}
