package io.dubbostress.report.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TimelineTest {

    @Test
    void bucketWidthFollowsTheSpanWithAtMostSixHundredBuckets() {
        assertThat(Timeline.widthFor(10_000)).isEqualTo(100);
        assertThat(Timeline.widthFor(60_000)).isEqualTo(100);
        assertThat(Timeline.widthFor(600_000)).isEqualTo(1_000);
        assertThat(Timeline.widthFor(3_600_000)).isEqualTo(10_000);
        assertThat(Timeline.widthFor(48L * 3_600_000) / 1000).isLessThanOrEqualTo(600);
    }

    @Test
    void ratesMeansAndTheLastPartialBucket() {
        Timeline timeline = new Timeline(0, 1_000);
        // 10 samples a millisecond for 0..959 ms (1 in 100 failing), latency = the millisecond x 10 us
        for (int ms = 0; ms < 960; ms++) {
            timeline.add(ms, ms * 10L, 10, ms % 100 == 0 ? 1 : 0);
        }
        assertThat(timeline.bucketMs()).isEqualTo(100);
        assertThat(timeline.buckets()).isEqualTo(10);
        assertThat(timeline.tps(0)).isEqualTo(10_000.0);
        assertThat(timeline.errors(3)).isEqualTo(1);
        assertThat(timeline.mean(2)).isCloseTo((200 + 299) / 2.0 * 10, within(1e-9));
        // the last bucket holds 900..959: its rate over what it covers, not over 100 ms
        assertThat(timeline.tps(9)).isCloseTo(10_000.0, within(1e-9));
        assertThat(timeline.percentile(9, 99)).isBetween(9_500.0, 9_590.0 * 1.07);

        Timeline stoppedEarly = new Timeline(0, 1_000);
        for (int ms = 0; ms < 920; ms++) {
            stoppedEarly.add(ms, 100, 1, 0);
        }
        assertThat(stoppedEarly.buckets()).as("a bucket whose samples stop in its first half is not drawn")
                .isEqualTo(9);
        assertThat(stoppedEarly.percentile(0, 50)).isBetween(100.0, 107.0);
        assertThat(Double.isNaN(new Timeline(0, 1_000).mean(3))).isTrue();
    }
}
