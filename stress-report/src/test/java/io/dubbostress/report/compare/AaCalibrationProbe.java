package io.dubbostress.report.compare;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

public class AaCalibrationProbe {
    public static void main(String[] args) {
        int pairs = Integer.parseInt(args[0]);
        int k = Integer.parseInt(args[1]);
        SyntheticTrials process = SyntheticTrials.independent(Double.parseDouble(System.getProperty("rate","2000")), Double.parseDouble(System.getProperty("secs","8")), 500);
        if (args.length > 2) process = process.autocorrelated(Double.parseDouble(args[2]), Double.parseDouble(args[3]));
        if (args.length > 4) process = process.runToRun(Double.parseDouble(args[4]));
        long t0 = System.nanoTime();
        Map<Figure, Integer> detected = new EnumMap<>(Figure.class);
        Map<Figure, Integer> measured = new EnumMap<>(Figure.class);
        double mdeSum = 0;
        for (int pair = 0; pair < pairs; pair++) {
            List<TrialFigures> a = new ArrayList<>(), b = new ArrayList<>();
            for (int t = 0; t < k; t++) {
                a.add(TrialFigures.of(process.draw(pair * 1000L + t, 1), 1000, new SplittableRandom(pair * 7919L + t)));
                b.add(TrialFigures.of(process.draw(pair * 1000L + 500 + t, 1), 1000, new SplittableRandom(pair * 7919L + 500 + t)));
            }
            for (Figure f : TrialFigures.common(a)) {
                FigureChange c = ChangeEstimator.estimate(f, a, b, 0.95);
                if (!c.measured()) continue;
                measured.merge(f, 1, Integer::sum);
                if (c.detected()) detected.merge(f, 1, Integer::sum);
                if (f == Figure.P99) mdeSum += c.mde();
            }
        }
        System.out.printf("%d pairs k=%d in %.1f s; p99 mde avg %.1f%%%n", pairs, k, (System.nanoTime() - t0) / 1e9, mdeSum / pairs);
        for (Figure f : measured.keySet()) {
            System.out.printf("  %-8s changed %3d of %3d (%.1f%%)%n", f.key(), detected.getOrDefault(f, 0), measured.get(f), 100.0 * detected.getOrDefault(f, 0) / measured.get(f));
        }
    }
}
