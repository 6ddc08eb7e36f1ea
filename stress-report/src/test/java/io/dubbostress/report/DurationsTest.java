package io.dubbostress.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** One grammar for every duration option: what stress run took and what stress report took, both, everywhere. */
class DurationsTest {

    @Test
    void readsWhatEitherCommandAcceptedBefore() {
        assertThat(Durations.parse("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("1.5")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(Durations.parse("2min")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("1h1m1s")).isEqualTo(Duration.ofSeconds(3661));
        assertThat(Durations.parse(" 2M ")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("0")).isEqualTo(Duration.ZERO);
        assertThat(Durations.parse("0.25m")).isEqualTo(Duration.ofSeconds(15));
    }

    @Test
    void refusesWhatIsNotADurationSayingWhatIs() {
        for (String bad : new String[] {"", "-5s", "10x", "1 minute", "s", "5s5", "1..5s", "m30"}) {
            assertThatThrownBy(() -> Durations.parse(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + bad + "' is not a duration (use e.g. 30s, 1.5s, 500ms, 10m, 1h, 1m30s, or"
                            + " plain seconds)");
        }
    }

    @Test
    void formatsSoThatParseReadsItBack() {
        for (Duration d : new Duration[] {Duration.ZERO, Duration.ofMillis(250), Duration.ofMillis(1500),
            Duration.ofSeconds(90), Duration.ofSeconds(600), Duration.ofSeconds(3661), Duration.ofMillis(61_500)}) {
            assertThat(Durations.parse(Durations.format(d))).as(Durations.format(d)).isEqualTo(d);
        }
        assertThat(Durations.format(Duration.ofSeconds(600))).isEqualTo("10m");
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1.5s");
    }
}
