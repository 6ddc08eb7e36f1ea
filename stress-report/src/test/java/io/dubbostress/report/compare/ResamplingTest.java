package io.dubbostress.report.compare;

import io.dubbostress.report.model.LatencyUnit;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pieces under the comparison, each against a simple count of its own: a resample's percentile against sorting
 * the resampled values, the circular blocks' draws, the block length rule on series with known correlation, and a
 * trial's figures against the rows it was given.
 */
class ResamplingTest {

    @Test
    void aResamplesPercentileIsTheNearestRankOfItsValuesSorted() {
        SplittableRandom random = new SplittableRandom(5);
        int segments = 40;
        Histogram[] histograms = new Histogram[segments];
        List<List<Long>> values = new ArrayList<>();
        long max = 0;
        for (int s = 0; s < segments; s++) {
            List<Long> in = new ArrayList<>();
            int n = s % 7 == 3 ? 0 : 1 + random.nextInt(60);
            for (int i = 0; i < n; i++) {
                long v = 100 + (long) (Math.exp(random.nextDouble() * 6) * 50);
                in.add(v);
                max = Math.max(max, v);
                if (histograms[s] == null) {
                    histograms[s] = new Histogram(3);
                }
                histograms[s].recordValue(v);
            }
            values.add(in);
        }
        SegmentBins bins = SegmentBins.of(histograms, 1, max);
        int[] times = new int[segments];
        for (int r = 0; r < 50; r++) {
            CircularBlocks.draw(random, segments, 1 + r % 6, times);
            assertThat(Arrays.stream(times).sum()).isEqualTo(segments);
            int[] taken = new int[segments];
            int[] counts = new int[segments];
            int count = 0;
            Histogram merged = new Histogram(3);
            for (int s = 0; s < segments; s++) {
                if (times[s] > 0) {
                    taken[count] = s;
                    counts[count++] = times[s];
                    for (long v : values.get(s)) {
                        merged.recordValueWithCount(v, times[s]);
                    }
                }
            }
            long total = merged.getTotalCount();
            for (double p : new double[] {50, 90, 99, 99.9}) {
                double expected = total == 0 ? Double.NaN
                        : Math.min(merged.highestEquivalentValue(sortedRank(values, times, p)), max);
                assertThat(bins.percentile(p, taken, counts, count, total)).as("p" + p).isEqualTo(expected);
            }
        }
    }

    /** The value at rank ceil(p/100 x n) of the resampled values, sorted. */
    private static long sortedRank(List<List<Long>> values, int[] times, double p) {
        List<Long> all = new ArrayList<>();
        for (int s = 0; s < times.length; s++) {
            for (int k = 0; k < times[s]; k++) {
                all.addAll(values.get(s));
            }
        }
        all.sort(Long::compare);
        int rank = (int) Math.max(1, Math.ceil(p / 100 * all.size()));
        return all.get(rank - 1);
    }

    @Test
    void blocksAreShortForIndependentValuesAndLongForAWanderingLevel() {
        SplittableRandom random = new SplittableRandom(9);
        double[] independent = new double[200];
        double[] wandering = new double[200];
        double level = 0;
        for (int i = 0; i < 200; i++) {
            independent[i] = random.nextDouble();
            level = 0.95 * level + random.nextDouble() - 0.5;
            wandering[i] = level + 0.1 * random.nextDouble();
        }
        assertThat(BlockLength.of(independent)).isLessThanOrEqualTo(3);
        assertThat(BlockLength.of(wandering)).isGreaterThanOrEqualTo(20).isLessThanOrEqualTo(50);
        assertThat(BlockLength.of(new double[200])).isEqualTo(1);
        assertThat(BlockLength.of(new double[] {1, 2, 3})).isEqualTo(1);
    }

    @Test
    void aTrialsFiguresAreItsRowsCounted() {
        long start = 1_800_000_000_000L;
        SteadySegments segments = new SteadySegments(start, 10, LatencyUnit.MICROSECONDS);
        long sum = 0;
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            long us = 200 + (i * 7919L) % 1_000;
            boolean failed = i % 500 == 0;
            segments.add(start + i * 2L, us, 1, failed ? 1 : 0, i % 2 == 0 ? us + 50 : -1);
            sum += us;
            all.add(us);
        }
        all.sort(Long::compare);
        TrialFigures figures = TrialFigures.of(segments, 200, new SplittableRandom(1));
        assertThat(figures.samples()).isEqualTo(5_000);
        assertThat(figures.point(Figure.MEAN)).isEqualTo(sum / 5_000.0);
        assertThat(figures.point(Figure.TPS)).isEqualTo(500.0);
        assertThat(figures.point(Figure.ERRORS)).isEqualTo(0.2);
        assertThat(figures.point(Figure.P50)).isEqualTo((double) all.get(2_499));
        assertThat(figures.figures()).contains(Figure.DUE_P50);
        assertThat(figures.replicates(Figure.P90)).hasSize(200);
        assertThat(Arrays.stream(figures.replicates(Figure.P90)).boxed().toList())
                .allSatisfy(v -> assertThat(v).isBetween(200.0, 1200.0));
        assertThat(figures.unsure(Figure.P999)).contains("5,000 samples: p99.9 needs 10,000");
        assertThat(figures.unsure(Figure.P99)).isNull();
        assertThat(segments.segments()).isEqualTo(SteadySegments.TARGET_SEGMENTS);
    }
}
