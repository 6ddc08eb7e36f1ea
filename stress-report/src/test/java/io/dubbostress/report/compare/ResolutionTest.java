package io.dubbostress.report.compare;

import io.dubbostress.report.model.LatencyUnit;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Figures whose resamples all agree (a paced run: one call every millisecond, every call alike) have intervals of
 * width 0 from the bootstrap alone; a difference of one call or one step of the JTL's resolution is then no change,
 * while a difference of many steps still is.
 */
class ResolutionTest {

    /** 9 s of one call per millisecond, each {@code latencyUs} long, plus {@code extra} calls spread evenly. */
    static TrialFigures paced(LatencyUnit unit, long latencyUs, int extra, long seed) {
        long start = 1_800_000_000_000L;
        SteadySegments trial = new SteadySegments(start, 9, unit);
        for (long ms = 0; ms < 9_000; ms++) {
            trial.add(start + ms, latencyUs, 1, 0, -1);
        }
        for (int i = 0; i < extra; i++) {
            trial.add(start + i * 9_000L / extra, latencyUs, 1, 0, -1);
        }
        return TrialFigures.of(trial, 200, new SplittableRandom(seed));
    }

    static FigureChange change(Figure f, TrialFigures base, TrialFigures news) {
        return ChangeEstimator.estimate(f, List.of(base), List.of(news), 0.95);
    }

    @Test
    void onePacedCallMoreIsNoChangeInTps() {
        TrialFigures base = paced(LatencyUnit.MICROSECONDS, 500, 0, 1);
        TrialFigures news = paced(LatencyUnit.MICROSECONDS, 500, 1, 2);
        assertThat(news.point(Figure.TPS) - base.point(Figure.TPS)).isCloseTo(1 / 9.0,
                org.assertj.core.data.Offset.offset(1e-9));
        FigureChange tps = change(Figure.TPS, base, news);
        assertThat(tps.verdict()).isEqualTo(FigureChange.NO_CHANGE);
        assertThat(tps.low()).isNegative();
        assertThat(tps.high()).isPositive();
        // about 2.8 x sqrt(2) calls in 9,000: the smallest change such a pair could have shown
        assertThat(tps.mde()).isBetween(0.03, 0.06);
        // printed: a bound that rounds to zero is +0.0, never -0.0
        assertThat(tps.low()).isGreaterThan(-0.05);
        assertThat(ComparisonMarkdown.interval(tps)).isEqualTo("[+0.0, +0.0] %");
        assertThat(ComparisonMarkdown.signed(-0.06, "%")).isEqualTo("-0.1");
        // a tenth more calls, all through the trial, is far beyond one call
        assertThat(change(Figure.TPS, base, paced(LatencyUnit.MICROSECONDS, 500, 900, 3)).verdict())
                .isEqualTo("faster");
    }

    @Test
    void oneStepOfAMillisecondJtlIsNoChangeAndManyMicrosecondStepsAreSlower() {
        // whole milliseconds: every call 1 ms against every call 2 ms could be 1.9 ms against 2.0 ms: not detectable,
        // and said to be the resolution's doing (not "no change": such data could not have told a doubling)
        FigureChange ms = change(Figure.P50, paced(LatencyUnit.MILLISECONDS, 1_000, 0, 1),
                paced(LatencyUnit.MILLISECONDS, 2_000, 0, 2));
        assertThat(ms.verdict()).isEqualTo("not detectable (resolution too coarse)");
        assertThat(ms.detected()).isFalse();
        // microseconds: 500 against 600 is a hundred steps
        FigureChange us = change(Figure.P50, paced(LatencyUnit.MICROSECONDS, 500, 0, 1),
                paced(LatencyUnit.MICROSECONDS, 600, 0, 2));
        assertThat(us.verdict()).isEqualTo("slower");
        assertThat(20.0).isBetween(us.low(), us.high());
        assertThat(us.high() - us.low()).isLessThan(2);
        // one µs step: no change
        assertThat(change(Figure.P50, paced(LatencyUnit.MICROSECONDS, 500, 0, 1),
                paced(LatencyUnit.MICROSECONDS, 501, 0, 2)).verdict()).isEqualTo(FigureChange.NO_CHANGE);
    }
}
