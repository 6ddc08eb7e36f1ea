package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {

    @Test
    void parsesWhatPeopleType() {
        assertThat(DurationConverter.parse("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(DurationConverter.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(DurationConverter.parse("10m")).isEqualTo(Duration.ofMinutes(10));
        assertThat(DurationConverter.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(DurationConverter.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(DurationConverter.parse(" 2M ")).isEqualTo(Duration.ofMinutes(2));
        assertThat(DurationConverter.parse("1500ms")).isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void rejectsAnythingElseNamingTheValue() {
        for (String bad : new String[] {"", "10x", "m", "1.5x", "-3s", "10 m", "s10"}) {
            assertThatThrownBy(() -> DurationConverter.parse(bad))
                    .as(bad)
                    .isInstanceOf(TypeConversionException.class)
                    .hasMessage("'" + bad + "' is not a duration (use e.g. 30s, 1.5s, 500ms, 10m, 1h, 1m30s, or plain seconds)");
        }
    }

    @Test
    void formatsCompactly() {
        assertThat(DurationConverter.format(Duration.ofSeconds(600))).isEqualTo("10m");
        assertThat(DurationConverter.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
        assertThat(DurationConverter.format(Duration.ofSeconds(3661))).isEqualTo("1h1m1s");
        assertThat(DurationConverter.format(Duration.ZERO)).isEqualTo("0s");
    }
}
