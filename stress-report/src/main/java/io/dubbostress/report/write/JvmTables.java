package io.dubbostress.report.write;

import io.dubbostress.report.text.ReportText;
import io.dubbostress.report.Format;
import io.dubbostress.report.SeriesTrend;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.perfmon.JvmTrends;
import io.dubbostress.report.perfmon.JvmWindow;
import io.dubbostress.report.perfmon.PerfMonSeries;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables of the run's JVMs read through the PerfMon agent (report.md and report.html): per scenario, each JVM's
 * context switches per second, threads and open files over the steady state, and the host's context switches; over
 * the whole run, each service's threads and open files first and last, their slope and the leak verdict.
 */
final class JvmTables {

    private JvmTables() {
    }

    static List<Table> all(Report report, ReportText text) {
        List<Table> tables = new ArrayList<>();
        if (report.scenarios().stream().anyMatch(s -> !s.jvms().isEmpty())) {
            tables.add(perScenario(report, text));
        }
        if (!report.jvms().trends().isEmpty()) {
            tables.add(wholeRun(report, text));
        }
        return tables;
    }

    static Table perScenario(Report report, ReportText text) {
        Table table = new Table(text.get("table.jvms.title"), 3, text.get("col.scenario"), "JVM", "pid",
                text.get("col.contextSwitches"), text.get("col.threadsAvgMax"), text.get("col.filesAvgMax"));
        for (ScenarioResult s : report.scenarios()) {
            JvmWindow w = s.jvms();
            for (JvmWindow.Figures f : w.jvms()) {
                table.row(s.name(), f.jvm().service(), Long.toString(f.jvm().pid()),
                        Format.decimal(f.switchesPerSecond(), 0), avgMax(f.threads()), avgMax(f.fds()));
            }
            for (Map.Entry<String, Double> host : w.hostSwitchesPerSecond().entrySet()) {
                table.row(s.name(), text.get("jvms.host", host.getKey()), Format.NONE, Format.decimal(host.getValue(), 0),
                        Format.NONE, Format.NONE);
            }
        }
        table.note(text.get("table.jvms.note"));
        report.jvms().notRead().forEach(table::note);
        return table;
    }

    static Table wholeRun(Report report, ReportText text) {
        Table table = new Table(text.get("table.jvmTrends.title"), 2, "JVM", "pid", text.get("col.readings"),
                text.get("col.minutes"), text.get("col.threadsFirstLast"), text.get("col.threadsPerHour"),
                text.get("col.threads"), text.get("col.filesFirstLast"), text.get("col.filesPerHour"),
                text.get("col.files")).text(6, 9);
        for (JvmTrends.Trend t : report.jvms().trends()) {
            SeriesTrend threads = t.threads().trend();
            SeriesTrend fds = t.fds().trend();
            table.row(t.jvm().service(), Long.toString(t.jvm().pid()),
                    Format.count(Math.max(threads.points(), fds.points())),
                    Format.decimal(Math.max(threads.spanMs(), fds.spanMs()) / 60_000.0, 1),
                    firstLast(threads), Format.delta(threads.slopePerHour(), Double.NaN, 1),
                    verdict(t.threads().verdict(), text), firstLast(fds),
                    Format.delta(fds.slopePerHour(), Double.NaN, 1), verdict(t.fds().verdict(), text));
        }
        table.note(text.get("table.jvmTrends.note", Format.decimal(SeriesTrend.LEAK_RISE_PERCENT, 0),
                String.valueOf(JvmTrends.MIN_READINGS), String.valueOf(JvmTrends.MIN_MINUTES)));
        return table;
    }

    /** A trend's verdict ({@code rising}, {@code steady}, {@code not enough data}) in the report's language. */
    static String verdict(String verdict, ReportText text) {
        switch (verdict) {
            case "rising":
                return text.get("verdict.rising");
            case "steady":
                return text.get("verdict.steady");
            case "not enough data":
                return text.get("verdict.notEnoughData");
            default:
                return verdict;
        }
    }

    private static String avgMax(PerfMonSeries.WindowStats stats) {
        return stats == null ? Format.NONE : Format.decimal(stats.avg, 1) + " / " + Format.decimal(stats.max, 0);
    }

    private static String firstLast(SeriesTrend trend) {
        return trend.points() == 0 ? Format.NONE
                : String.format(Locale.ROOT, "%.0f -> %.0f", trend.first(), trend.last());
    }
}
