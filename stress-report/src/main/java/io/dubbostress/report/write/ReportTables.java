package io.dubbostress.report.write;

import io.dubbostress.report.Format;
import io.dubbostress.report.model.FromDueLatency;
import io.dubbostress.report.model.HopOverhead;
import io.dubbostress.report.model.LatencyUnit;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.gc.GcAnalysis;
import io.dubbostress.gc.GcTable;
import io.dubbostress.gc.GcEasyAnswer;
import io.dubbostress.report.model.HeapTrend;
import io.dubbostress.gc.PauseStats;
import io.dubbostress.report.perfmon.PerfMonLabel;
import io.dubbostress.report.perfmon.PerfMonSeries;
import io.dubbostress.report.perfmon.ServerMetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The report's tables, shared by report.md (and stdout) and report.html. The first one is the side-by-side view the
 * report exists for: per scenario, samples, TPS, errors, latency percentiles, server CPU / memory / network / disk
 * and GC, all over the steady state.
 */
final class ReportTables {

    private ReportTables() {
    }

    static List<Table> all(Report report) {
        List<Table> tables = new ArrayList<>();
        tables.addAll(summary(report));
        Table shape = ReferenceTable.of(report, ReportText.english());
        if (shape != null) {
            tables.add(shape);
        }
        if (!report.hopOverhead().isEmpty()) {
            tables.add(hopOverhead(report));
            tables.addAll(ProfileTables.hop(report.profiles()));
        }
        if (report.scenarios().stream().anyMatch(s -> s.stats().fromDue() != null)) {
            tables.add(targetRate(report));
        }
        if (report.scenarios().stream().anyMatch(s -> !s.generators().isEmpty())) {
            tables.add(generators(report));
        }
        tables.add(details(report));
        if (report.scenarios().stream().anyMatch(s -> s.stats().errors() > 0)) {
            tables.add(errors(report));
        }
        if (report.scenarios().stream().anyMatch(s -> !s.server().isEmpty())) {
            tables.add(server(report));
        }
        tables.addAll(JvmTables.all(report));
        if (report.scenarios().stream().anyMatch(s -> !s.gc().isEmpty())) {
            tables.add(gcPerScenario(report));
        }
        if (!report.gcLogs().isEmpty()) {
            tables.add(gcLogs(report));
        }
        tables.addAll(ProfileTables.perScenario(report.profiles()));
        return tables;
    }

    /**
     * The scenarios side by side, in three tables that each fit a 1,400-pixel window: latency and throughput; the
     * server (first monitored host); the GC pauses. The last two only when there is something to show.
     */
    static List<Table> summary(Report report) {
        ReportText text = ReportText.english();
        List<Table> tables = new ArrayList<>();
        Table latency = new Table(text.get("table.latency.title"), 2, "scenario", "status", "samples", "TPS",
                "errors %", "unit", "mean", "p50", "p90", "p95", "p99", "p99.9", "max").text(5);
        for (ScenarioResult s : report.scenarios()) {
            ScenarioStats st = s.stats();
            latency.row(s.name(), s.outcome().status(), Format.count(st.samples()), Format.decimal(st.tps(), 1),
                    Format.decimal(st.errorPercent(), 2), st.unit().jsonName(), Format.mean(st.mean()),
                    Format.latency(st.percentile(50)), Format.latency(st.percentile(90)),
                    Format.latency(st.percentile(95)), Format.latency(st.percentile(99)),
                    Format.latency(st.percentile(99.9)), Format.latency(st.max()));
        }
        latency.note(text.get("table.latency.note"));
        tables.add(latency);
        if (report.scenarios().stream().anyMatch(s -> !s.server().isEmpty())) {
            Table server = new Table(text.get("table.serverSummary.title"), 2, "scenario", "host", "CPU % avg/max",
                    "mem % avg/max", "net in/out KB/s", "disk r/w KB/s");
            for (ScenarioResult s : report.scenarios()) {
                ServerMetrics host = s.server().isEmpty() ? null : s.server().get(0);
                server.row(s.name(), host == null ? Format.NONE : host.host(),
                        avgMax(host, PerfMonLabel.Kind.CPU_PERCENT, 1),
                        avgMax(host, PerfMonLabel.Kind.MEMORY_PERCENT, 1),
                        pairKb(host, PerfMonLabel.Kind.NETWORK_RECEIVED, PerfMonLabel.Kind.NETWORK_SENT),
                        pairKb(host, PerfMonLabel.Kind.DISK_READ, PerfMonLabel.Kind.DISK_WRITE));
            }
            server.note(text.get("table.serverSummary.note"));
            tables.add(server);
        }
        if (report.scenarios().stream().anyMatch(s -> !s.gc().isEmpty())) {
            Table gc = new Table(text.get("table.gcSummary.title"), 1, "scenario",
                    "GC pauses n / total ms / max ms").text(1);
            for (ScenarioResult s : report.scenarios()) {
                gc.row(s.name(), gcCell(s.gc()));
            }
            gc.note(text.get("table.gcSummary.note"));
            tables.add(gc);
        }
        return tables;
    }

    /**
     * Rate-driven scenarios: target vs achieved rate, late starts, and each percentile of the service time (from the
     * call's start) beside the response time from its due time (coordinated omission corrected).
     */
    static Table targetRate(Report report) {
        List<String> header = new ArrayList<>(List.of("scenario", "target /s", "achieved /s", "late starts",
                "max lag ms", "time (ms)"));
        for (double p : ReportJson.TARGET_RATE_PERCENTILES) {
            header.add(Format.percentileTitle(p));
        }
        header.add("max");
        Table table = new Table("At the target rate: service time vs response time from the due time", 1,
                header.toArray(new String[0])).text(5);
        for (ScenarioResult s : report.scenarios()) {
            ScenarioStats st = s.stats();
            FromDueLatency paced = st.fromDue();
            if (paced == null) {
                continue;
            }
            long unit = st.unit().micros();
            List<String> service = new ArrayList<>(List.of(s.name(), Format.decimal(paced.targetRate(), 1),
                    Format.decimal(st.pacedTps(), 1), Format.count(paced.lateStarts()),
                    Format.decimal(paced.maxLagUs() / 1000.0, 3), "service"));
            List<String> fromDue = new ArrayList<>(List.of("", "", "", "", "", "from due"
                    + (paced.resolution().equals("us") ? "" : " (" + paced.resolution() + ")")));
            for (double p : ReportJson.TARGET_RATE_PERCENTILES) {
                service.add(Format.decimal(st.percentile(p) * unit / 1000.0, 3));
                fromDue.add(Format.decimal(paced.percentile(p) / 1000.0, 3));
            }
            service.add(Format.decimal(st.max() * unit / 1000.0, 3));
            fromDue.add(Format.decimal(paced.max() / 1000.0, 3));
            table.row(service.toArray(new String[0]));
            table.row(fromDue.toArray(new String[0]));
        }
        table.note("Service time: from the call's start to its end (JMeter's view). From due: from the time the Target "
                + "Rate Schedule said the call was due to its end, what a client arriving on schedule waits (a stall "
                + "counts for every call that queued behind it). Late starts: calls that started more than "
                + FromDueLatency.LATE_US / 1000 + " ms after their due time. Target: the due times' rate; achieved: "
                + "steady samples with a due time per second. '(ms)': rows of JMeter's own samplers, timed on its "
                + "millisecond clock.");
        return table;
    }

    static Table hopOverhead(Report report) {
        Table table = new Table("Hop overhead (hop minus direct, and hop / direct)", 4, "payload", "hop", "direct",
                "unit", "mean", "p50", "p90", "p95", "p99", "p99.9", "max", "TPS hop / direct");
        for (HopOverhead hop : report.hopOverhead()) {
            List<String> cells = new ArrayList<>();
            cells.add(hop.payload());
            cells.add(hop.hop().name());
            cells.add(hop.direct().name());
            cells.add(hop.unit().jsonName() + ("mixed".equals(hop.resolution()) ? " (mixed)" : ""));
            for (String figure : HopOverhead.FIGURES) {
                cells.add(Format.delta(hop.delta(figure), hop.ratio(figure), figure.equals("mean") ? 1 : 0));
            }
            cells.add(Format.decimal(hop.tpsRatio(), 3));
            table.row(cells.toArray(new String[0]));
        }
        for (HopOverhead hop : report.hopOverhead()) {
            String sentence = report.profiles().sentence(hop);
            if (sentence != null) {
                table.lead("Where the hop's time goes: " + sentence);
            }
        }
        table.note("Pairs: hop-X and hop-http-X with direct-X (or --pair). A positive difference is what the hop adds.");
        for (HopOverhead hop : report.hopOverhead()) {
            double direct = bytesPerSample(hop.direct().stats());
            double viaHop = bytesPerSample(hop.hop().stats());
            if (direct > 8 * 1024 && direct > 4 * viaHop) {
                table.note(String.format(java.util.Locale.ROOT, "%s vs %s: the direct side carries the payload"
                        + " through JMeter (%,.0f bytes sent and received per call), the hop side only a small request"
                        + " (%,.0f bytes): JMeter works harder in %s, so on one machine a negative difference can be the"
                        + " load generator's own cost, not a faster hop (docs/RUN.md, 'What the hop carries').",
                        hop.hop().name(), hop.direct().name(), direct, viaHop, hop.direct().name()));
            }
        }
        return table;
    }

    /** Bytes sent and received per steady-state sample (JMeter's bytes and sentBytes), or 0. */
    private static double bytesPerSample(ScenarioStats stats) {
        return !(stats.tps() > 0) ? 0 : (stats.receivedBytesPerSecond() + stats.sentBytesPerSecond()) / stats.tps();
    }

    /** A distributed run: each load generator's share of each scenario, and the scenario's merged figures. */
    static Table generators(Report report) {
        Table table = new Table("Load generators (steady state)", 2, "scenario", "generator", "samples", "TPS",
                "errors %", "unit", "mean", "p50", "p90", "p99", "max").text(1);
        for (ScenarioResult s : report.scenarios()) {
            if (s.generators().isEmpty()) {
                continue;
            }
            for (Map.Entry<String, ScenarioStats> g : s.generators().entrySet()) {
                table.row(generatorRow(s.name(), g.getKey(), g.getValue(), s.stats().unit()));
            }
            table.row(generatorRow(s.name(), "all (merged)", s.stats(), s.stats().unit()));
        }
        table.note("Rows are told apart by the thread name JMeter's servers give (<server>-<thread group> i-j); each "
                + "generator's TPS is over its own steady samples, so a generator lost mid-run shows the rate it "
                + "had while it ran.");
        return table;
    }

    private static String[] generatorRow(String scenario, String generator, ScenarioStats st, LatencyUnit unit) {
        // every row in the scenario's unit, so the generators compare at a glance
        double scale = (double) st.unit().micros() / unit.micros();
        return new String[] {scenario, generator, Format.count(st.samples()), Format.decimal(st.tps(), 1),
            Format.decimal(st.errorPercent(), 2), unit.jsonName(), Format.mean(st.mean() * scale),
            Format.latency(st.percentile(50) * scale), Format.latency(st.percentile(90) * scale),
            Format.latency(st.percentile(99) * scale), Format.latency(st.max() * scale)};
    }

    static Table details(Report report) {
        Table table = new Table("Scenario details", 1, "scenario", "resolution", "warm-up s", "warm-up samples",
                "steady s", "min", "received KB/s", "sent KB/s", "malformed rows", "source").text(1, 9);
        for (ScenarioResult s : report.scenarios()) {
            ScenarioStats st = s.stats();
            table.row(s.name(), st.resolution(), Format.decimal(s.warmup().seconds(), 1), Format.count(st.warmupSamples()),
                    Format.decimal(st.steadySeconds(), 1), Format.latency(st.min()),
                    Format.kilobytes(st.receivedBytesPerSecond()), Format.kilobytes(st.sentBytesPerSecond()),
                    Format.count(s.malformedRows()), String.join(", ", s.sources()));
        }
        String rules = report.scenarios().stream().map(s -> s.warmup().rule()).distinct()
                .collect(Collectors.joining("; "));
        table.note("Warm-up: " + rules + ".");
        return table;
    }

    static Table errors(Report report) {
        Table table = new Table("Errors (steady state)", 1, "scenario", "errors", "errors %", "top messages").text(3);
        for (ScenarioResult s : report.scenarios()) {
            ScenarioStats st = s.stats();
            if (st.errors() == 0) {
                continue;
            }
            String top = st.topErrors(3).stream().map(c -> c.count + " x " + c.message)
                    .collect(Collectors.joining("; "));
            table.row(s.name(), Format.count(st.errors()), Format.decimal(st.errorPercent(), 2), top);
        }
        return table;
    }

    static Table server(Report report) {
        Table table = new Table("Server (PerfMon, steady state)", 2, "scenario", "host", "CPU % avg", "CPU % max",
                "mem % avg", "mem % max", "net in KB/s avg/max", "net out KB/s avg/max", "disk read KB/s avg/max",
                "disk write KB/s avg/max", "other").text(10);
        for (ScenarioResult s : report.scenarios()) {
            for (ServerMetrics host : s.server()) {
                String others = host.others().entrySet().stream()
                        .map(e -> e.getKey() + " " + Format.decimal(e.getValue().avg, 1) + "/"
                                + Format.decimal(e.getValue().max, 1))
                        .collect(Collectors.joining("; "));
                table.row(s.name(), host.host(), avg(host, PerfMonLabel.Kind.CPU_PERCENT),
                        max(host, PerfMonLabel.Kind.CPU_PERCENT), avg(host, PerfMonLabel.Kind.MEMORY_PERCENT),
                        max(host, PerfMonLabel.Kind.MEMORY_PERCENT),
                        avgMaxKb(host, PerfMonLabel.Kind.NETWORK_RECEIVED), avgMaxKb(host, PerfMonLabel.Kind.NETWORK_SENT),
                        avgMaxKb(host, PerfMonLabel.Kind.DISK_READ), avgMaxKb(host, PerfMonLabel.Kind.DISK_WRITE),
                        others.isEmpty() ? Format.NONE : others);
            }
        }
        return table;
    }

    static Table gcPerScenario(Report report) {
        Table table = new Table("GC during each scenario (steady state)", 2, "scenario", "service", "pauses",
                "total ms", "mean ms", "p99 ms", "max ms", "full GCs", "GC throughput %");
        for (ScenarioResult s : report.scenarios()) {
            for (Map.Entry<String, PauseStats> entry : s.gc().entrySet()) {
                PauseStats p = entry.getValue();
                table.row(s.name(), entry.getKey(), Integer.toString(p.count()), Format.decimal(p.totalMs(), 1),
                        Format.decimal(p.meanMs(), 2), Format.decimal(p.p99Ms(), 2), Format.decimal(p.maxMs(), 2),
                        Integer.toString(p.fullCount()), Format.decimal(p.throughputPercent(), 2));
            }
        }
        return table;
    }

    static Table gcLogs(Report report) {
        Table table = new Table("GC logs (whole run)", 3, "log", "service", "collector", "pauses", "total ms",
                "mean ms", "p99 ms", "max ms", "full GCs", "GC throughput %", "alloc MB/s",
                "heap peak before/after MB", "heap after full/mixed GC", "GCeasy").text(12, 13);
        for (Report.GcLog log : report.gcLogs()) {
            GcAnalysis a = log.analysis();
            PauseStats p = a.pauses();
            table.row((a.warnings().isEmpty() ? "" : GcTable.NOT_SURE + " ") + log.file(), a.service(), a.collector(), Integer.toString(p.count()), Format.decimal(p.totalMs(), 1),
                    Format.decimal(p.meanMs(), 2), Format.decimal(p.p99Ms(), 2), Format.decimal(p.maxMs(), 2),
                    Integer.toString(p.fullCount()), Format.decimal(p.throughputPercent(), 2),
                    Format.megabytes(a.allocationRateBytesPerSecond()),
                    Format.megabytes(a.peakHeapBeforeGcBytes()) + " / " + Format.megabytes(a.peakHeapAfterGcBytes()),
                    trendCell(HeapTrend.of(a.events())), gcEasyCell(log.gcEasy()));
        }
        table.note("Offline analysis by " + report.gcLogs().stream().map(l -> l.analysis().parser()).distinct()
                .collect(java.util.stream.Collectors.joining(", "))
                + "; throughput = 100 x (1 - paused / span), span the time the log covers (JVM start, or its first "
                + "stamp, to its last stamp or the last pause's end); " + GcTable.NOT_SURE + ": the analysis has "
                + "warnings (listed with the report's warnings). Heap after full/mixed GC: the heap left by the"
                + " collections that clean the whole heap, first -> last and its slope; 'rising' when it keeps going up"
                + " (the leak signal of a long run, also in the warnings); '-' with fewer than 4 such collections (the"
                + " heap after young collections creeps up under G1 without a leak).");
        return table;
    }

    private static String trendCell(HeapTrend trend) {
        if (trend.verdict() == HeapTrend.Verdict.NO_VERDICT) {
            return Format.NONE;
        }
        return String.format(java.util.Locale.ROOT, "%s: %.1f -> %.1f MiB, %+.1f MiB/h (%d)",
                trend.verdict() == HeapTrend.Verdict.RISING ? "rising" : "flat", trend.firstFloorBytes() / 1048576.0,
                trend.lastFloorBytes() / 1048576.0, trend.slopeBytesPerHour() / 1048576.0, trend.floors());
    }

    private static String gcEasyCell(GcEasyAnswer answer) {
        if (answer == null) {
            return Format.NONE;
        }
        StringBuilder cell = new StringBuilder();
        cell.append("throughput ").append(Format.decimal(answer.throughputPercent(), 2)).append(" %, mean ")
                .append(Format.decimal(answer.averagePauseMs(), 1)).append(" ms, max ")
                .append(Format.decimal(answer.maxPauseMs(), 1)).append(" ms; ");
        cell.append(answer.isProblem() ? "problems: " + String.join(" | ", answer.problems()) : "no problem");
        if (!answer.webReport().isEmpty()) {
            cell.append("; ").append(answer.webReport());
        }
        return cell.toString();
    }

    private static String gcCell(Map<String, PauseStats> gc) {
        if (gc.isEmpty()) {
            return Format.NONE;
        }
        return gc.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue().count() + " / " + Format.decimal(e.getValue().totalMs(), 1)
                        + " / " + Format.decimal(e.getValue().maxMs(), 1))
                .collect(Collectors.joining("; "));
    }

    private static String avgMax(ServerMetrics host, PerfMonLabel.Kind kind, int digits) {
        PerfMonSeries.WindowStats stats = host == null ? null : host.get(kind);
        return stats == null ? Format.NONE
                : Format.decimal(stats.avg, digits) + " / " + Format.decimal(stats.max, digits);
    }

    private static String pairKb(ServerMetrics host, PerfMonLabel.Kind first, PerfMonLabel.Kind second) {
        PerfMonSeries.WindowStats a = host == null ? null : host.get(first);
        PerfMonSeries.WindowStats b = host == null ? null : host.get(second);
        if (a == null && b == null) {
            return Format.NONE;
        }
        return (a == null ? Format.NONE : Format.kilobytes(a.avg)) + " / " + (b == null ? Format.NONE
                : Format.kilobytes(b.avg));
    }

    private static String avg(ServerMetrics host, PerfMonLabel.Kind kind) {
        PerfMonSeries.WindowStats stats = host.get(kind);
        return stats == null ? Format.NONE : Format.decimal(stats.avg, 1);
    }

    private static String max(ServerMetrics host, PerfMonLabel.Kind kind) {
        PerfMonSeries.WindowStats stats = host.get(kind);
        return stats == null ? Format.NONE : Format.decimal(stats.max, 1);
    }

    private static String avgMaxKb(ServerMetrics host, PerfMonLabel.Kind kind) {
        PerfMonSeries.WindowStats stats = host.get(kind);
        return stats == null ? Format.NONE : Format.kilobytes(stats.avg) + " / " + Format.kilobytes(stats.max);
    }
}
