package io.dubbostress.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The leak rule on constructed series: what rises, what is steady, what is too short to say. */
class SeriesTrendTest {

    private static final long T0 = 1_795_300_000_000L;

    /** {@code n} readings a second apart, reading i = f(i). */
    private static List<double[]> series(int n, IntToDoubleFunction f) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            points.add(new double[] {T0 + i * 1000L, f.applyAsDouble(i)});
        }
        return points;
    }

    @Test
    void aThreadEvery200MsIsRisingAt18000AnHour() {
        SeriesTrend t = SeriesTrend.of(series(60, i -> 40 + 5 * i), 10, SeriesTrend.LEAK_RISE_PERCENT);
        assertThat(t.verdict()).isEqualTo(SeriesTrend.Verdict.RISING);
        assertThat(t.slopePerHour()).isCloseTo(18_000, within(1e-6));
        assertThat(t.first()).isEqualTo(40);
        assertThat(t.last()).isEqualTo(40 + 5 * 59);
        assertThat(t.points()).isEqualTo(60);
        assertThat(t.spanMs()).isEqualTo(59_000);
    }

    @Test
    void aConstantWithJitterIsFlat() {
        SeriesTrend t = SeriesTrend.of(series(60, i -> 41 + (i * 7 % 3) - 1), 10, SeriesTrend.LEAK_RISE_PERCENT);
        assertThat(t.verdict()).isEqualTo(SeriesTrend.Verdict.FLAT);
        assertThat(Math.abs(t.slopePerHour())).isLessThan(100);
    }

    @Test
    void aPoolThatFilledAtTheStartAndStayedIsFlatThoughItsSlopeIsPositive() {
        // 40 threads, then 60 from the fifth reading on: a pool grown at the first load, no leak
        SeriesTrend t = SeriesTrend.of(series(60, i -> i < 5 ? 40 + 5 * i : 60), 10, SeriesTrend.LEAK_RISE_PERCENT);
        assertThat(t.slopePerHour()).isPositive();
        assertThat(t.verdict()).isEqualTo(SeriesTrend.Verdict.FLAT);
    }

    @Test
    void stepsUpAndDownAreFlat() {
        SeriesTrend t = SeriesTrend.of(series(60, i -> i % 20 < 10 ? 50 : 80), 10, SeriesTrend.LEAK_RISE_PERCENT);
        assertThat(t.verdict()).isEqualTo(SeriesTrend.Verdict.FLAT);
    }

    @Test
    void aRiseUnderTheThresholdIsFlat() {
        // 100 -> 105 steadily: it keeps going up, but by 5 %, under the 10 % the rule asks
        SeriesTrend t = SeriesTrend.of(series(60, i -> 100 + 5.0 * i / 59), 10, SeriesTrend.LEAK_RISE_PERCENT);
        assertThat(t.verdict()).isEqualTo(SeriesTrend.Verdict.FLAT);
        assertThat(SeriesTrend.of(series(60, i -> 100 + 20.0 * i / 59), 10, SeriesTrend.LEAK_RISE_PERCENT)
                .verdict()).isEqualTo(SeriesTrend.Verdict.RISING);
    }

    @Test
    void aFallingSeriesIsFlat() {
        assertThat(SeriesTrend.of(series(30, i -> 300 - 5 * i), 10, SeriesTrend.LEAK_RISE_PERCENT).verdict())
                .isEqualTo(SeriesTrend.Verdict.FLAT);
    }

    @Test
    void fewerReadingsThanAskedGiveNoVerdictButTheirFirstAndLast() {
        SeriesTrend t = SeriesTrend.of(series(9, i -> 40 + 5 * i), 10, SeriesTrend.LEAK_RISE_PERCENT);
        assertThat(t.verdict()).isEqualTo(SeriesTrend.Verdict.TOO_FEW);
        assertThat(t.points()).isEqualTo(9);
        assertThat(t.first()).isEqualTo(40);
        assertThat(t.last()).isEqualTo(80);
        assertThat(t.slopePerHour()).isNaN();
        SeriesTrend none = SeriesTrend.of(List.of(), 10, SeriesTrend.LEAK_RISE_PERCENT);
        assertThat(none.verdict()).isEqualTo(SeriesTrend.Verdict.TOO_FEW);
        assertThat(none.first()).isNaN();
        assertThat(none.spanMs()).isZero();
    }

    @Test
    void irregularTimesGiveTheSlopeOfTheTimesNotOfTheIndexes() {
        // readings 1 s apart, then a 30 s gap (between two scenarios), then 1 s apart again: 2 per second throughout
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            points.add(new double[] {T0 + i * 1000L, 100 + 2 * i});
        }
        for (int i = 40; i < 50; i++) {
            points.add(new double[] {T0 + i * 1000L, 100 + 2 * i});
        }
        SeriesTrend t = SeriesTrend.of(points, 10, SeriesTrend.LEAK_RISE_PERCENT);
        assertThat(t.slopePerHour()).isCloseTo(7_200, within(1e-6));
        assertThat(t.verdict()).isEqualTo(SeriesTrend.Verdict.RISING);
    }
}
