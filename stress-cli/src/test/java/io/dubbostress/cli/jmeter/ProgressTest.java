package io.dubbostress.cli.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The progress line says what JMeter is doing, from JMeter's own console lines (issue 15 item 5). */
class ProgressTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Progress progress = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), true,
            "direct-1k", 1, 4, Duration.ofSeconds(30));

    private List<String> lines() {
        return List.of(bytes.toString(StandardCharsets.UTF_8).split("\r"));
    }

    @Test
    void beforeJMeterStartsTheTestThereIsNoClockToRunAheadAndBack() {
        progress.tick();
        assertThat(lines().get(lines().size() - 1)).matches("\\[1/4] direct-1k +JMeter starting \\(00:0\\d\\) \\.\\.\\.");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).doesNotContain("left", "calls/s");
        progress.testStarted();
        progress.tick();
        assertThat(lines().get(lines().size() - 1)).startsWith("[1/4] direct-1k    00:00 / 00:30 elapsed, 00:30 left")
                // no sample yet: no error share, not "0.00 %"
                .endsWith("0 samples, 0 errors (-)");
    }

    @Test
    void theFirstIntervalCountsBeforeJMeterPrintsItsFirstTotal() {
        progress.testStarted();
        // JMeter prints "summary =" only from its second interval on
        progress.accept(SummaryLine.parse("summary +   1200 in 00:00:05 =  240.0/s Avg:     6 Min:     0 Max:    60"
                + " Err:     3 (0.25%) Active: 4 Started: 4 Finished: 0"));
        progress.tick();
        assertThat(lines().get(lines().size() - 1)).contains("240 calls/s, 1,200 samples, 3 errors (0.25%)");
        progress.accept(SummaryLine.parse("summary +   1500 in 00:00:05 =  300.0/s Avg:     6 Min:     0 Max:    60"
                + " Err:     0 (0.00%) Active: 4 Started: 4 Finished: 0"));
        progress.accept(SummaryLine.parse("summary =   2700 in 00:00:10 =  270.0/s Avg:     6 Min:     0 Max:    60"
                + " Err:     3 (0.11%)"));
        progress.finish();
        assertThat(progress.samples()).isEqualTo(2700);
        assertThat(lines().get(lines().size() - 1)).contains("270 calls/s on average over every sample (the"
                + " report's TPS is over the steady state only), 2,700 samples, 3 errors");
    }
}
