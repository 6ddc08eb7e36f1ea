package io.dubbostress.report.perfmon;

import io.dubbostress.report.text.Message;
import io.dubbostress.report.SeriesTrend;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Soak help: over the whole run (every scenario's readings, one series per JVM in time order), do a service's threads
 * or open files keep rising? Judged by the leak rule the heap after full/mixed GC is judged by ({@link SeriesTrend}):
 * {@code rising} when the lowest reading of the last third is above the highest of the first third and at least
 * {@value SeriesTrend#LEAK_RISE_PERCENT} % above the first; {@code steady} else; {@code not enough data} with fewer
 * than {@value #MIN_READINGS} readings (a reading a second while scenarios run), or when they cover less than
 * {@value #MIN_MINUTES} minutes: over a short run a pool that fills at the first load (Dubbo's fixed pool starts a new
 * thread for each of its first 200 calls) cannot be told from a leak. The JMeter of each scenario lives one scenario:
 * it has its figures per scenario ({@link JvmWindow}), no trend.
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
    /** Minutes the readings must cover for a verdict. */
    public static final int MIN_MINUTES = 5;

    /** What a verdict needs: readings, and the time they cover. */
    public record Rule(int minReadings, long minSpanMs) {

        /** The report's: {@value #MIN_READINGS} readings over {@value #MIN_MINUTES} minutes or more. */
        public static final Rule REPORT = new Rule(MIN_READINGS, MIN_MINUTES * 60_000L);
    }

    /** A JVM's threads and open files over the run. */
    public record Trend(JvmMetrics.Jvm jvm, Figure threads, Figure fds) {
    }

    /** One quantity's trend, its verdict in words and, without a verdict, why. */
    public record Figure(String what, SeriesTrend trend, Rule rule) {

        private boolean judged() {
            return trend.verdict() != SeriesTrend.Verdict.TOO_FEW && trend.spanMs() >= rule.minSpanMs();
        }

        /** {@code rising}, {@code steady} or {@code not enough data}. */
        public String verdict() {
            if (!judged()) {
                return "not enough data";
            }
            return trend.verdict() == SeriesTrend.Verdict.RISING ? "rising" : "steady";
        }

        /** Why there is no verdict, or null when there is one (English: report.json's). */
        public String reason() {
            Message reason = reasonMessage();
            return reason == null ? null : reason.english();
        }

        private Message reasonMessage() {
            if (judged()) {
                return null;
            }
            if (trend.verdict() == SeriesTrend.Verdict.TOO_FEW) {
                return Message.of("jvmTrend.tooFew", String.valueOf(trend.points()), whatMessage(),
                        String.valueOf(rule.minReadings()));
            }
            return Message.of("jvmTrend.tooShort", whatMessage(), minutes(trend.spanMs()), minutes(rule.minSpanMs()));
        }

        /** The figures and the verdict in a sentence (English). */
        public String sentence(String jvm) {
            return message(jvm).english();
        }

        /** {@link #sentence} to be said in a page's language. */
        public Message message(String jvm) {
            SeriesTrend t = trend;
            if (t.verdict() == SeriesTrend.Verdict.TOO_FEW) {
                return Message.of("jvmTrend.notEnough", jvm, whatMessage(), reasonMessage());
            }
            return Message.of("jvmTrend.figures", jvm, whatMessage(), String.format(Locale.ROOT, "%.0f", t.first()),
                    String.format(Locale.ROOT, "%.0f", t.last()), String.valueOf(t.points()),
                    String.format(Locale.ROOT, "%.1f", t.spanMs() / 60_000.0),
                    String.format(Locale.ROOT, "%+.1f", t.slopePerHour()),
                    !judged() ? Message.of("jvmTrend.verdictNotEnough", reasonMessage())
                    : Message.of(t.verdict() == SeriesTrend.Verdict.RISING ? "jvmTrend.rising" : "jvmTrend.steady"));
        }

        /** What is counted ({@code threads}, {@code open files}) in a page's language. */
        private Message whatMessage() {
            return what.equals("threads") || what.equals("open files")
                    ? Message.of("jvmTrend.what." + what.replace(' ', '_')) : Message.verbatim(what);
        }

        private static String minutes(long ms) {
            return ms >= 60_000 ? String.format(Locale.ROOT, "%.1f min", ms / 60_000.0)
                    : String.format(Locale.ROOT, "%.0f s", ms / 1000.0);
        }
    }

    private JvmTrends() {
    }

    /** The trend of every JVM that lives across scenarios (every one but each scenario's JMeter), by the report's rule. */
    public static List<Trend> of(JvmMetrics data) {
        List<Trend> trends = new ArrayList<>();
        for (JvmMetrics.Jvm jvm : data.jvms()) {
            if (jvm.service().equals(JvmMetricLabel.JMETER)) {
                continue;
            }
            trends.add(new Trend(jvm, figure("threads", data.series(jvm, JvmMetricLabel.Kind.THREADS), Rule.REPORT),
                    figure("open files", data.series(jvm, JvmMetricLabel.Kind.FDS), Rule.REPORT)));
        }
        return trends;
    }

    /** The trend of a level's readings by {@code rule} ({@link Rule#REPORT}: the report's). */
    public static Figure figure(String what, PerfMonSeries series, Rule rule) {
        List<double[]> points = new ArrayList<>();
        if (series != null) {
            for (int i = 0; i < series.size(); i++) {
                points.add(new double[] {series.time(i), series.value(i)});
            }
        }
        return new Figure(what, SeriesTrend.of(points, rule.minReadings(), SeriesTrend.LEAK_RISE_PERCENT), rule);
    }
}
