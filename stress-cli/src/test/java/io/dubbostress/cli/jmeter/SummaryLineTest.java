package io.dubbostress.cli.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SummaryLineTest {

    @Test
    void readsJMeterSummariserLines() {
        SummaryLine interval = SummaryLine.parse("summary +  14035 in 00:00:05 =  2807.0/s Avg:     6 Min:     0 "
                + "Max:    60 Err:     3 (0.02%) Active: 20 Started: 20 Finished: 0");
        assertThat(interval).isNotNull();
        assertThat(interval.cumulative).isFalse();
        assertThat(interval.samples).isEqualTo(14035);
        assertThat(interval.perSecond).isEqualTo(2807.0);
        assertThat(interval.errors).isEqualTo(3);

        SummaryLine total = SummaryLine.parse("summary = 184587 in 00:00:15 = 12267.1/s Avg:     1 Min:     0 Max:"
                + "   112 Err:     0 (0.00%)");
        assertThat(total.cumulative).isTrue();
        assertThat(total.samples).isEqualTo(184587);
        assertThat(total.perSecond).isEqualTo(12267.1);
    }

    @Test
    void ignoresOtherConsoleLines() {
        assertThat(SummaryLine.parse("Creating summariser <summary>")).isNull();
        assertThat(SummaryLine.parse("Tidying up ...    @ 2026 Nov 22 00:22:04 UTC (1795306924000)")).isNull();
    }
}
