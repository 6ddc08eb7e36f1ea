package io.dubbostress.report.perfmon;

import io.dubbostress.report.SeriesTrend;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Soak help: over the whole run (every scenario's readings, one series per JVM in time order), do a service's threads
 * or open files keep rising? Judged by the leak rule the heap after full/mixed GC is judged by ({@link SeriesTrend}):
 * {@code rising} when the lowest reading of the last third is above the highest of the first third and at least
 * {@value SeriesTrend#LEAK_RISE_PERCENT} % above the first; {@code steady} else; {@code not enough data} with fewer
 * than {@value #MIN_READINGS} readings (a reading a second while scenarios run). The JMeter of each scenario lives
 * one scenario: it has its figures per scenario ({@link JvmWindow}), no trend.
 *
 * <pre>{@code
 * for (JvmTrends.Trend t : JvmTrends.of(jvms)) {
 *     t.threads().verdict();                  // "rising", "steady", "not enough data"
 *     t.threads().trend().slopePerHour();     // threads per hour
 * }
 * }</pre>
 */
public final class JvmTrends {

    /** Readings needed for a verdict. */
    public static final int MIN_READINGS = 10;

    /** A JVM's threads and open files over the run. */
    public record Trend(JvmMetrics.Jvm jvm, Figure threads, Figure fds) {
    }

    /** One quantity's trend, its verdict in words and, without a verdict, why. */
    public record Figure(String what, SeriesTrend trend) {

        /** {@code rising}, {@code steady} or {@code not enough data}. */
        public String verdict() {
            switch (trend.verdict()) {
                case RISING:
                    return "rising";
                case FLAT:
                    return "steady";
                default:
                    return "not enough data";
            }
        }

        /** Why there is no verdict, or null when there is one. */
        public String reason() {
            if (trend.verdict() != SeriesTrend.Verdict.TOO_FEW) {
                return null;
            }
            return String.format(Locale.ROOT, "%d reading(s) of its %s, %d needed (a reading a second while the"
                    + " scenarios run)", trend.points(), what, MIN_READINGS);
        }

        /** The figures and the verdict in a sentence. */
        public String sentence(String jvm) {
            SeriesTrend t = trend;
            if (t.verdict() == SeriesTrend.Verdict.TOO_FEW) {
                return jvm + "'s " + what + ": not enough data: " + reason();
            }
            return String.format(Locale.ROOT, "%s's %s %.0f -> %.0f over %d readings in %.1f min (%+.1f/h): %s", jvm,
                    what, t.first(), t.last(), t.points(), t.spanMs() / 60_000.0, t.slopePerHour(),
                    t.verdict() == SeriesTrend.Verdict.RISING ? "they keep rising, the classic leak signal" : "steady");
        }
    }

    private JvmTrends() {
    }

    /** The trend of every JVM that lives across scenarios (every one but each scenario's JMeter). */
    public static List<Trend> of(JvmMetrics data) {
        List<Trend> trends = new ArrayList<>();
        for (JvmMetrics.Jvm jvm : data.jvms()) {
            if (jvm.service().equals(JvmMetricLabel.JMETER)) {
                continue;
            }
            trends.add(new Trend(jvm, figure("threads", data.series(jvm, JvmMetricLabel.Kind.THREADS)),
                    figure("open files", data.series(jvm, JvmMetricLabel.Kind.FDS))));
        }
        return trends;
    }

    /** The trend of a level's readings. */
    public static Figure figure(String what, PerfMonSeries series) {
        List<double[]> points = new ArrayList<>();
        if (series != null) {
            for (int i = 0; i < series.size(); i++) {
                points.add(new double[] {series.time(i), series.value(i)});
            }
        }
        return new Figure(what, SeriesTrend.of(points, MIN_READINGS, SeriesTrend.LEAK_RISE_PERCENT));
    }
}
