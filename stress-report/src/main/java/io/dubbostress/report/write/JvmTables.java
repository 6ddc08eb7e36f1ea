package io.dubbostress.report.write;

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

    static List<Table> all(Report report) {
        List<Table> tables = new ArrayList<>();
        if (report.scenarios().stream().anyMatch(s -> !s.jvms().isEmpty())) {
            tables.add(perScenario(report));
        }
        if (!report.jvms().trends().isEmpty()) {
            tables.add(wholeRun(report));
        }
        return tables;
    }

    static Table perScenario(Report report) {
        Table table = new Table("JVMs (PerfMon agent, steady state)", 3, "scenario", "JVM", "pid",
                "context switches /s", "threads avg/max", "open files avg/max");
        for (ScenarioResult s : report.scenarios()) {
            JvmWindow w = s.jvms();
            for (JvmWindow.Figures f : w.jvms()) {
                table.row(s.name(), f.jvm().service(), Long.toString(f.jvm().pid()),
                        Format.decimal(f.switchesPerSecond(), 0), avgMax(f.threads()), avgMax(f.fds()));
            }
            for (Map.Entry<String, Double> host : w.hostSwitchesPerSecond().entrySet()) {
                table.row(s.name(), "host " + host.getKey(), Format.NONE, Format.decimal(host.getValue(), 0),
                        Format.NONE, Format.NONE);
            }
        }
        table.note("Read once a second from the services' PerfMon agent while each scenario ran (process:pid=N:threads,"
                + " :fds, :cswitch, and cpu:cswitch for the host); context switches per second: voluntary and"
                + " involuntary, of all the JVM's threads, the mean over the steady state; host: the whole machine's."
                + " '-': not measured.");
        report.jvms().notRead().forEach(table::note);
        return table;
    }

    static Table wholeRun(Report report) {
        Table table = new Table("Threads and open files over the whole run (soak help)", 2, "JVM", "pid", "readings",
                "minutes", "threads first -> last", "threads /h", "threads", "open files first -> last",
                "open files /h", "open files").text(6, 9);
        for (JvmTrends.Trend t : report.jvms().trends()) {
            SeriesTrend threads = t.threads().trend();
            SeriesTrend fds = t.fds().trend();
            table.row(t.jvm().service(), Long.toString(t.jvm().pid()),
                    Format.count(Math.max(threads.points(), fds.points())),
                    Format.decimal(Math.max(threads.spanMs(), fds.spanMs()) / 60_000.0, 1),
                    firstLast(threads), Format.delta(threads.slopePerHour(), Double.NaN, 1), t.threads().verdict(),
                    firstLast(fds), Format.delta(fds.slopePerHour(), Double.NaN, 1), t.fds().verdict());
        }
        table.note("Every scenario's readings of a JVM, in time order (the provider and the consumer live across"
                + " scenarios; each scenario's JMeter has its own JVM and its figures per scenario). Slope: least"
                + " squares, per hour. 'rising': the lowest reading of the last third is above the highest of the first"
                + " third and at least " + Format.decimal(SeriesTrend.LEAK_RISE_PERCENT, 0) + " % above the first"
                + " (the rule of the heap after full/mixed GC): the leak signal of a long run, also in the warnings;"
                + " 'steady' else; 'not enough data' with fewer than " + JvmTrends.MIN_READINGS + " readings or"
                + " readings over less than " + JvmTrends.MIN_MINUTES + " minutes (a pool that fills at the first load"
                + " looks like a leak over a short run).");
        return table;
    }

    private static String avgMax(PerfMonSeries.WindowStats stats) {
        return stats == null ? Format.NONE : Format.decimal(stats.avg, 1) + " / " + Format.decimal(stats.max, 0);
    }

    private static String firstLast(SeriesTrend trend) {
        return trend.points() == 0 ? Format.NONE
                : String.format(Locale.ROOT, "%.0f -> %.0f", trend.first(), trend.last());
    }
}
