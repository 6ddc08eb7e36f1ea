package io.dubbostress.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** picocli's side of the one duration grammar (the grammar itself: stress-report's DurationsTest). */
class DurationConverterTest {

    @Test
    void readsTheGrammarAndFailsAsPicocliExpects() {
        assertThat(new DurationConverter().convert("1m30s")).isEqualTo(Duration.ofSeconds(90));
        for (String bad : new String[] {"", "10x", "-3s", "10 m"}) {
            assertThatThrownBy(() -> DurationConverter.parse(bad)).as(bad)
                    .isInstanceOf(TypeConversionException.class)
                    .hasMessage("'" + bad + "' is not a duration (use e.g. 30s, 1.5s, 500ms, 10m, 1h, 1m30s, or plain"
                            + " seconds)");
        }
        assertThat(DurationConverter.format(Duration.ofSeconds(3661))).isEqualTo("1h1m1s");
    }
}
