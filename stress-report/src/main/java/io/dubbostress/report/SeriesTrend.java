package io.dubbostress.report;

import java.util.List;

/**
 * Does a quantity keep rising over a run? The leak rule the report applies to the heap after full/mixed GC
 * ({@link io.dubbostress.report.model.HeapTrend}) and to a JVM's threads and open files
 * ({@link io.dubbostress.report.perfmon.JvmTrends}): with at least {@code minPoints} readings, the quantity is
 * <em>rising</em> when it never comes back down to where it was -- the lowest reading of the last third is above the
 * highest of the first third -- and that lowest reading is at least {@code minRisePercent} % above the first, and the
 * least-squares line goes up. Else it is flat (steady): a quantity that steps up and down, or that rose early and
 * stayed (a pool filled at the start), is no leak. The least-squares slope is given beside the verdict, per hour.
 *
 * <pre>
 * SeriesTrend t = SeriesTrend.of(points, 10, 10);   // points: {epochMs, value} in time order
 * t.verdict();            // RISING, FLAT, TOO_FEW
 * t.slopePerHour();       // +18,000 (threads per hour)
 * </pre>
 */
public final class SeriesTrend {

    /** How far above its first reading a quantity must stay to be rising: the leak rule's threshold, %. */
    public static final double LEAK_RISE_PERCENT = 10;

    /** What the readings say. */
    public enum Verdict { RISING, FLAT, TOO_FEW }

    private final Verdict verdict;
    private final int points;
    private final double first;
    private final double last;
    private final long spanMs;
    private final double slopePerHour;

    private SeriesTrend(Verdict verdict, int points, double first, double last, long spanMs, double slopePerHour) {
        this.verdict = verdict;
        this.points = points;
        this.first = first;
        this.last = last;
        this.spanMs = spanMs;
        this.slopePerHour = slopePerHour;
    }

    /**
     * The trend of {@code points} ({@code {epochMs, value}}, in time order): {@link Verdict#TOO_FEW} (first and last
     * still given when there is a point, the slope NaN) with fewer than {@code minPoints}.
     */
    public static SeriesTrend of(List<double[]> points, int minPoints, double minRisePercent) {
        int n = points.size();
        double first = n == 0 ? Double.NaN : points.get(0)[1];
        double last = n == 0 ? Double.NaN : points.get(n - 1)[1];
        long spanMs = n == 0 ? 0 : Math.round(points.get(n - 1)[0] - points.get(0)[0]);
        if (n < Math.max(2, minPoints)) {
            return new SeriesTrend(Verdict.TOO_FEW, n, first, last, spanMs, Double.NaN);
        }
        double slopePerMs = slope(points);
        int third = n / 3;
        double highestFirst = Double.NEGATIVE_INFINITY;
        for (double[] p : points.subList(0, third)) {
            highestFirst = Math.max(highestFirst, p[1]);
        }
        double lowestLast = Double.POSITIVE_INFINITY;
        for (double[] p : points.subList(n - third, n)) {
            lowestLast = Math.min(lowestLast, p[1]);
        }
        boolean rising = first > 0 && slopePerMs * spanMs > 0 && lowestLast > highestFirst
                && lowestLast - first >= first * minRisePercent / 100;
        return new SeriesTrend(rising ? Verdict.RISING : Verdict.FLAT, n, first, last, spanMs,
                slopePerMs * 3_600_000);
    }

    /** The least-squares slope of the points, value per ms. */
    private static double slope(List<double[]> points) {
        double n = points.size();
        double t0 = points.get(0)[0];
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (double[] p : points) {
            double x = p[0] - t0;
            sx += x;
            sy += p[1];
            sxx += x * x;
            sxy += x * p[1];
        }
        double d = n * sxx - sx * sx;
        return d == 0 ? 0 : (n * sxy - sx * sy) / d;
    }

    public Verdict verdict() {
        return verdict;
    }

    /** Readings the verdict rests on. */
    public int points() {
        return points;
    }

    /** The first and the last reading; NaN when there is none. */
    public double first() {
        return first;
    }

    public double last() {
        return last;
    }

    /** From the first reading to the last, ms. */
    public long spanMs() {
        return spanMs;
    }

    /** The least-squares slope, per hour; NaN with too few readings. */
    public double slopePerHour() {
        return slopePerHour;
    }
}
