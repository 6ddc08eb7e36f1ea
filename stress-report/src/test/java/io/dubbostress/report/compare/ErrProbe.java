package io.dubbostress.report.compare;
import java.util.*;
public class ErrProbe {
    public static void main(String[] a) {
        SyntheticTrials p = SyntheticTrials.independent(500, 30, 500).autocorrelated(Double.parseDouble(a[0]), Double.parseDouble(a[1]));
        int n = Integer.parseInt(a[2]); int fp = 0; double sumDf = 0; int blocks = 0;
        for (int i = 0; i < n; i++) {
            TrialFigures x = TrialFigures.of(p.draw(i, 1), 400, new SplittableRandom(i));
            TrialFigures y = TrialFigures.of(p.draw(10000 + i, 1), 400, new SplittableRandom(10000 + i));
            FigureChange c = ChangeEstimator.estimate(Figure.ERRORS, List.of(x), List.of(y), 0.95);
            if (c.detected()) { fp++; System.out.printf("e %d vs %d  d %.4f [%.4f %.4f] df %s blocks %d/%d var %.3g/%.3g%n", x.errors(), y.errors(), c.change(), c.low(), c.high(), c.degreesOfFreedom(), x.blocks(), y.blocks(), ChangeEstimator.variance(x.replicates(Figure.ERRORS), false)*x.varianceFactor(), ChangeEstimator.variance(y.replicates(Figure.ERRORS), false)*y.varianceFactor()); }
            sumDf += c.degreesOfFreedom() == null ? 0 : c.degreesOfFreedom(); blocks += x.blocks();
        }
        System.out.printf("fp %d of %d, mean df %.1f mean blocks %.1f%n", fp, n, sumDf / n, (double) blocks / n);
    }
}
