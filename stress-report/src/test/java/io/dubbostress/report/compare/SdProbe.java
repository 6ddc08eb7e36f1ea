package io.dubbostress.report.compare;
import java.util.SplittableRandom;
public class SdProbe {
    public static void main(String[] a) {
        SyntheticTrials p = SyntheticTrials.independent(2000, 8, 500).autocorrelated(Double.parseDouble(a[0]), Double.parseDouble(a[1]));
        int n = Integer.parseInt(a[2]);
        double[] logs = new double[n]; double bootVar = 0; double blocks = 0;
        for (int i = 0; i < n; i++) {
            TrialFigures t = TrialFigures.of(p.draw(i, 1), 1000, new SplittableRandom(i));
            logs[i] = Math.log(t.point(Figure.valueOf(System.getProperty("fig","P50"))));
            bootVar += ChangeEstimator.variance(t.replicates(Figure.valueOf(System.getProperty("fig","P50"))), true) * t.varianceFactor();
            blocks += t.blockLength();
        }
        double m = 0; for (double x : logs) m += x; m /= n;
        double v = 0; for (double x : logs) v += (x - m) * (x - m); v /= n - 1;
        System.out.printf("true sd %.4f, bootstrap sd %.4f, mean block %.1f segments%n", Math.sqrt(v), Math.sqrt(bootVar / n), blocks / n);
    }
}
