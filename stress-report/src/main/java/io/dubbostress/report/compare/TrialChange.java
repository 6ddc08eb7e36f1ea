package io.dubbostress.report.compare;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One figure of B against A from their trials' steady segments, exactly as {@code stress compare} estimates it
 * ({@link TrialFigures} per trial, then {@link ChangeEstimator}): one trial per side gives an interval from the blocks
 * within each run; several trials give their spread (at least the noise within them). The report's answer uses it
 * with A the direct scenario and B the hop: the interval of what the hop adds.
 *
 * <pre>{@code
 * FigureChange p99 = TrialChange.of(List.of(Figure.P99), direct, hop, 0.95, 1000, 1).get(Figure.P99);
 * p99.difference();   // hop - direct, µs; p99.differenceLow() / differenceHigh(): its interval
 * }</pre>
 */
public final class TrialChange {

    private TrialChange() {
    }

    /**
     * Each of {@code figures} of {@code b} against {@code a} (each a list of trials' segments, in trial order), at
     * {@code confidence}, with {@code resamples} bootstrap replicates per trial drawn from streams seeded by
     * {@code seed}, the side and the trial: the same inputs give the same interval.
     */
    public static Map<Figure, FigureChange> of(List<Figure> figures, List<SteadySegments> a, List<SteadySegments> b,
                                               double confidence, int resamples, long seed) {
        List<TrialFigures> as = figures(a, "A", resamples, seed);
        List<TrialFigures> bs = figures(b, "B", resamples, seed);
        Map<Figure, FigureChange> out = new EnumMap<>(Figure.class);
        for (Figure figure : figures) {
            out.put(figure, ChangeEstimator.estimate(figure, as, bs, confidence));
        }
        return out;
    }

    private static List<TrialFigures> figures(List<SteadySegments> trials, String side, int resamples, long seed) {
        List<TrialFigures> out = new ArrayList<>();
        for (int i = 0; i < trials.size(); i++) {
            long stream = seed * 0x9E3779B97F4A7C15L + (side + "/" + i).hashCode();
            out.add(TrialFigures.of(trials.get(i), resamples, new SplittableRandom(stream)));
        }
        return out;
    }
}
