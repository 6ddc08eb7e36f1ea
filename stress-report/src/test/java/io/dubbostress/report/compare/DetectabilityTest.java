package io.dubbostress.report.compare;

import io.dubbostress.report.model.LatencyUnit;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the comparison says when the data cannot tell (issue 41): a change that is NEW - BASE as measured (the error
 * share's Agresti-Caffo adjustment moves the interval only), a mean and TPS from a handful of calls that are not
 * detectable instead of "faster +22,000 %", and two trials a side whose spread hides a 4x slowdown: "not detectable
 * (too few trials)", never "no change", and a gate on it that cannot pass.
 */
class DetectabilityTest {

    private static final long START = 1_800_000_000_000L;

    /**
     * {@code calls} calls of about {@code latencyUs} spread evenly over {@code seconds}, {@code failed} of them
     * failing, spread evenly too ({@code calls} a multiple of {@code failed}).
     */
    static TrialFigures trial(int calls, double seconds, long latencyUs, int failed, long seed) {
        SteadySegments segments = new SteadySegments(START, seconds, LatencyUnit.MICROSECONDS);
        for (int i = 0; i < calls; i++) {
            segments.add(START + Math.round(i * seconds * 1000 / calls), latencyUs + i % 7, 1, failed > 0 && i % (calls / failed) == 0 ? 1 : 0, -1);
        }
        return TrialFigures.of(segments, 400, new SplittableRandom(seed));
    }

    @Test
    void theErrorsChangeIsNewMinusBaseAsMeasured() {
        // no failure on either side, sides of different sizes: the adjusted shares differ (1/3002 against 1/5002),
        // the measured ones do not
        FigureChange errors = ChangeEstimator.estimate(Figure.ERRORS, List.of(trial(3_000, 6, 500, 0, 1)),
                List.of(trial(5_000, 6, 500, 0, 2)), 0.95);
        assertThat(errors.base()).isZero();
        assertThat(errors.news()).isZero();
        assertThat(errors.change()).isZero();
        assertThat(errors.difference()).isZero();
        assertThat(errors.verdict()).isEqualTo(FigureChange.NO_CHANGE);
        assertThat(errors.low()).isNegative();
        assertThat(errors.high()).isPositive();
        // failures: 30 in 3,000 (1 %) against 100 in 5,000 (2 %): +1 point, the interval around the adjusted one
        FigureChange more = ChangeEstimator.estimate(Figure.ERRORS, List.of(trial(3_000, 6, 500, 30, 3)),
                List.of(trial(5_000, 6, 500, 100, 4)), 0.95);
        assertThat(more.change()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(more.difference()).isEqualTo(more.change());
        assertThat(more.verdict()).isEqualTo("more errors");
        assertThat(1.0).isBetween(more.low(), more.high());
    }

    @Test
    void aHandfulOfCallsIsNotDetectableNotFaster() {
        // BASE: 3 calls over 4 s (a slow connect ate the window); NEW: 5 calls over 1.2 s
        List<TrialFigures> base = List.of(trial(3, 4, 900, 0, 5));
        List<TrialFigures> news = List.of(trial(5, 1.2, 800, 0, 6));
        FigureChange tps = ChangeEstimator.estimate(Figure.TPS, base, news, 0.95);
        assertThat(tps.verdict()).isEqualTo("not detectable (too few samples)");
        assertThat(tps.reason()).isEqualTo("BASE has 3 steady sample(s): the TPS needs 20 in every trial");
        assertThat(tps.low()).isNull();
        assertThat(tps.detected()).isFalse();
        assertThat(tps.judged()).isFalse();
        // the values and their difference are still shown
        assertThat(tps.base()).isCloseTo(0.75, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(tps.change()).isPositive();
        FigureChange mean = ChangeEstimator.estimate(Figure.MEAN, base, news, 0.95);
        assertThat(mean.verdict()).isEqualTo("not detectable (too few samples)");
        // 3 and 5 calls without a failure: the error share could not have shown even ten points more
        FigureChange errors = ChangeEstimator.estimate(Figure.ERRORS, base, news, 0.95);
        assertThat(errors.change()).isZero();
        assertThat(errors.verdict()).startsWith(FigureChange.NOT_DETECTABLE);
        assertThat(errors.mde()).isGreaterThan(10);
        // enough calls, but a steady window under a second: its TPS is a burst's
        FigureChange burst = ChangeEstimator.estimate(Figure.TPS, List.of(trial(400, 0.5, 900, 0, 7)),
                List.of(trial(5_000, 5, 900, 0, 8)), 0.95);
        assertThat(burst.verdict()).isEqualTo("not detectable (steady window too short)");
        assertThat(burst.reason()).contains("BASE's steady window is 0.500 s: TPS needs 1 s");
        // the gate: cannot be judged, so it is crossed
        ScenarioComparison s = new ScenarioComparison("direct-1k", "compared", null, "us", List.of(), List.of(),
                List.of(tps));
        assertThat(FailOn.parse("tps=-5%").check(List.of(s))).singleElement().asString()
                .isEqualTo("direct-1k TPS -5%: cannot be judged: not detectable (too few samples): BASE has 3 steady "
                        + "sample(s): the TPS needs 20 in every trial");
    }

    @Test
    void twoTrialsASideThatScatterCannotSayNoChangeToAFourfoldSlowdown() {
        // runs whose level differs by a factor of about two from run to run (log spread 0.8), two trials a side,
        // NEW four times slower: the trials' spread with one degree of freedom a side leaves the interval wide
        SyntheticTrials process = SyntheticTrials.independent(400, 4, 500).runToRun(0.8);
        int notDetectable = 0;
        int slower = 0;
        for (long seed = 1; seed <= 8; seed++) {
            List<TrialFigures> base = new ArrayList<>();
            List<TrialFigures> news = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                base.add(TrialFigures.of(process.draw(seed * 100 + t, 1), 200, new SplittableRandom(seed + t)));
                news.add(TrialFigures.of(process.draw(seed * 100 + 50 + t, 4), 200,
                        new SplittableRandom(seed + t + 9)));
            }
            FigureChange p50 = ChangeEstimator.estimate(Figure.P50, base, news, 0.95);
            // never "no change": either detected, or said to be beyond what two trials can tell
            assertThat(p50.verdict()).as(p50.toString()).isIn("slower", "not detectable (too few trials)");
            if (p50.notDetectable()) {
                notDetectable++;
                assertThat(p50.mde()).as("a doubling or more").isGreaterThanOrEqualTo(100);
                assertThat(p50.reason()).contains("BASE 2 and NEW 2 trial(s) differ among themselves");
                List<String> crossed = FailOn.parse("p50=+100%").check(List.of(new ScenarioComparison("direct-1k",
                        "compared", null, "us", List.of(), List.of(), List.of(p50))));
                assertThat(crossed).singleElement().asString()
                        .startsWith("direct-1k p50 +100%: cannot be judged: not detectable (too few trials): "
                                + "the smallest detectable change is +");
            } else {
                slower++;
            }
        }
        System.out.printf("2 trials a side, 4x slower, run-to-run log spread 0.8: %d slower, %d not detectable%n",
                slower, notDetectable);
        assertThat(notDetectable).as("pairs whose interval held zero").isPositive();
    }
}
