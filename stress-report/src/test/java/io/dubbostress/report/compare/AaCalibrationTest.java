package io.dubbostress.report.compare;

import io.dubbostress.report.change.ChangeEstimator;
import io.dubbostress.report.change.Figure;
import io.dubbostress.report.change.FigureChange;
import io.dubbostress.report.change.TrialFigures;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The comparison's promise, checked on many pairs of synthetic trials drawn from one known process (A/A: nothing
 * changed): at 95 % confidence, "no change" in at least 95 % of them, figure by figure -- for independent latencies,
 * for latencies whose level wanders in time (AR(1) waves, a busy machine), and for runs that also differ from each
 * other as a whole (run-to-run noise) when each side has three trials. And the other half of the promise: a real
 * slowdown of known size is called "slower", with intervals that cover it. Every draw and every resample is seeded:
 * the rates below are the same on every run of the test.
 */
class AaCalibrationTest {

    private static final double CONFIDENCE = 0.95;
    /**
     * Fewer than the default {@value CompareBuilder#RESAMPLES}: the rates are the method's, the resamples only steady
     * each trial's variance estimate (400 leave it within about 7 %, 1,000 within about 4.5 %), and 400 keep the test
     * at seconds.
     */
    private static final int RESAMPLES = 400;

    /** The share of pairs with a detected change, per figure, over {@code pairs} A/A pairs of k trials a side. */
    static Map<Figure, Double> falseChanges(SyntheticTrials process, int pairs, int k, long seed) {
        List<List<FigureChange>> all = IntStream.range(0, pairs).parallel().mapToObj(pair -> {
            List<TrialFigures> a = new ArrayList<>();
            List<TrialFigures> b = new ArrayList<>();
            for (int t = 0; t < k; t++) {
                long base = seed + pair * 1000L + t;
                a.add(TrialFigures.of(process.draw(base, 1), RESAMPLES, new SplittableRandom(base * 31)));
                b.add(TrialFigures.of(process.draw(base + 500, 1), RESAMPLES, new SplittableRandom(base * 31 + 7)));
            }
            List<FigureChange> changes = new ArrayList<>();
            for (Figure f : TrialFigures.common(a)) {
                changes.add(ChangeEstimator.estimate(f, a, b, CONFIDENCE));
            }
            return changes;
        }).toList();
        Map<Figure, int[]> counts = new EnumMap<>(Figure.class);
        for (List<FigureChange> changes : all) {
            for (FigureChange c : changes) {
                if (!c.measured()) {
                    continue;
                }
                int[] n = counts.computeIfAbsent(Figure.of(c.figure()), f -> new int[2]);
                n[0]++;
                n[1] += c.detected() ? 1 : 0;
            }
        }
        Map<Figure, Double> rates = new EnumMap<>(Figure.class);
        counts.forEach((f, n) -> rates.put(f, (double) n[1] / n[0]));
        System.out.println("A/A " + process + ", " + pairs + " pairs, " + k + " trial(s) a side: changed " + rates);
        return rates;
    }

    @Test
    void independentLatenciesSayNoChangeInAtLeast95PercentOfPairs() {
        Map<Figure, Double> rates = falseChanges(SyntheticTrials.independent(2400, 5, 500), 200, 1, 1);
        assertThat(rates.keySet()).contains(Figure.MEAN, Figure.P50, Figure.P90, Figure.P99, Figure.TPS,
                Figure.ERRORS);
        assertThat(rates).allSatisfy((f, rate) -> assertThat(rate).as(f.title()).isLessThanOrEqualTo(0.05));
    }

    @Test
    void wanderingLatenciesSayNoChangeInAtLeast95PercentOfPairs() {
        // the level wanders in 50 ms steps (AR(1), phi 0.5): correlated over about 150 ms in a 20 s trial
        Map<Figure, Double> rates = falseChanges(SyntheticTrials.independent(600, 20, 500).autocorrelated(0.5, 0.15),
                150, 1, 2);
        assertThat(rates).allSatisfy((f, rate) -> assertThat(rate).as(f.title()).isLessThanOrEqualTo(0.05));
    }

    @Test
    void runToRunNoiseNeedsTrialsAndThreeASideHoldTheRate() {
        // slow waves (about a second) and a level of each run's own (5 %): one trial a side cannot see that noise
        SyntheticTrials busy = SyntheticTrials.independent(1000, 5, 500).autocorrelated(0.9, 0.05).runToRun(0.05);
        Map<Figure, Double> single = falseChanges(busy, 60, 1, 3);
        assertThat(single.get(Figure.P50)).as("one trial a side: run-to-run noise unmeasured").isGreaterThan(0.1);
        Map<Figure, Double> three = falseChanges(busy, 60, 3, 4);
        assertThat(three).allSatisfy((f, rate) -> assertThat(rate).as(f.title()).isLessThanOrEqualTo(0.05));
    }

    @Test
    void aTenPercentSlowdownIsCalledSlowerAndItsIntervalsCoverIt() {
        SyntheticTrials process = SyntheticTrials.independent(2000, 5, 500);
        int pairs = 60;
        List<FigureChange> changes = IntStream.range(0, pairs).parallel().mapToObj(pair -> {
            TrialFigures a = TrialFigures.of(process.draw(9000 + pair, 1), RESAMPLES, new SplittableRandom(pair));
            TrialFigures b = TrialFigures.of(process.draw(9500 + pair, 1.10), RESAMPLES,
                    new SplittableRandom(pair + 77));
            return ChangeEstimator.estimate(Figure.P50, List.of(a), List.of(b), CONFIDENCE);
        }).toList();
        long slower = changes.stream().filter(p50 -> p50.verdict().equals("slower")).count();
        long covered = changes.stream().filter(p50 -> p50.low() <= 10 && 10 <= p50.high()).count();
        System.out.println("A/B x1.10: " + slower + " of " + pairs + " pairs slower, " + covered + " intervals cover +10 %");
        assertThat(slower).as("pairs calling +10 %% slower").isEqualTo(pairs);
        assertThat(covered).as("intervals covering +10 %%").isGreaterThanOrEqualTo((long) Math.ceil(pairs * 0.9));
    }
}
