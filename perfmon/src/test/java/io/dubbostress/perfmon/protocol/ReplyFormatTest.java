package io.dubbostress.perfmon.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class ReplyFormatTest {

    @Test
    void metricsLineIsValuesEachFollowedByATabThenNewline() {
        assertThat(MetricsLine.of(Arrays.asList("1.5", "", "2.0"))).isEqualTo("1.5\t\t2.0\t\n");
        assertThat(MetricsLine.number(12.5)).isEqualTo("12.5");
        assertThat(MetricsLine.number(1.2e7)).isEqualTo("1.2E7");
        assertThat(MetricsLine.number(Double.NaN)).isEmpty();
    }

    @Test
    void errorReplyIsOneLineWithoutTabsWhateverTheClientSent() {
        String reply = ErrorReply.of("metrics", "unknown kind 'a\tb\r\nc'");
        assertThat(reply).startsWith("ERROR metrics: ").endsWith("\n");
        assertThat(reply.substring(0, reply.length() - 1)).doesNotContain("\n", "\r", "\t");
    }

    @Test
    void quotedClientTextIsShortened() {
        assertThat(ErrorReply.excerpt("z".repeat(500))).hasSize(83).endsWith("...");
    }
}
