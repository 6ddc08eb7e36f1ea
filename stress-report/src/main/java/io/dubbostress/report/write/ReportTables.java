package io.dubbostress.report.write;

import io.dubbostress.report.text.ReportText;
import io.dubbostress.report.Format;
import io.dubbostress.report.model.FromDueLatency;
import io.dubbostress.report.model.HopOverhead;
import io.dubbostress.report.model.LatencyUnit;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.gc.GcAnalysis;
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

    /**
     * Every table in {@code text}'s language; the ones report.html shows first (the scenarios side by side, the
     * reference's shape, the hop's overhead) are marked {@link Table#top()}.
     */
    static List<Table> all(Report report, ReportText text) {
        List<Table> tables = new ArrayList<>();
        summary(report, text).forEach(t -> tables.add(t.top()));
        Table shape = ReferenceTable.of(report, text);
        if (shape != null) {
            tables.add(shape.top());
        }
        if (!report.hopOverhead().isEmpty()) {
            tables.add(hopOverhead(report, text).top());
            ProfileTables.hop(report.profiles(), text).forEach(t -> tables.add(t.top()));
        }
        if (report.scenarios().stream().anyMatch(s -> s.stats().fromDue() != null)) {
            tables.add(targetRate(report, text));
        }
        if (report.scenarios().stream().anyMatch(s -> !s.generators().isEmpty())) {
            tables.add(generators(report, text));
        }
        tables.add(details(report, text));
        if (report.scenarios().stream().anyMatch(s -> s.stats().errors() > 0)) {
            tables.add(errors(report, text));
        }
        if (report.scenarios().stream().anyMatch(s -> !s.server().isEmpty())) {
            tables.add(server(report, text));
        }
        tables.addAll(JvmTables.all(report, text));
        if (report.scenarios().stream().anyMatch(s -> !s.gc().isEmpty())) {
            tables.add(gcPerScenario(report, text));
        }
        if (!report.gcLogs().isEmpty()) {
            tables.add(gcLogs(report, text));
        }
        tables.addAll(ProfileTables.perScenario(report.profiles(), text));
        return tables;
    }

    /** A scenario's status in the tables: {@code ok} or {@code failed} in the report's language. */
    static String status(ScenarioResult s, ReportText text) {
        return text.get(s.outcome().failed() ? "status.failed" : "status.ok");
    }

    /**
     * The scenarios side by side, in three tables that each fit a 1,400-pixel window: latency and throughput; the
     * server (first monitored host); the GC pauses. The last two only when there is something to show.
     */
    static List<Table> summary(Report report, ReportText text) {
        List<Table> tables = new ArrayList<>();
        Table latency = new Table(text.get("table.latency.title"), 2, text.get("col.scenario"), text.get("col.status"),
                text.get("col.samples"), "TPS", text.get("col.errorsPercent"), text.get("col.unit"),
                text.get("col.mean"), "p50", "p90", "p95", "p99", "p99.9", text.get("col.max")).text(5);
        for (ScenarioResult s : report.scenarios()) {
            ScenarioStats st = s.stats();
            latency.row(s.name(), status(s, text), Format.count(st.samples()), Format.decimal(st.tps(), 1),
                    Format.decimal(st.errorPercent(), 2), st.unit().jsonName(), Format.mean(st.mean()),
                    Format.latency(st.percentile(50)), Format.latency(st.percentile(90)),
                    Format.latency(st.percentile(95)), Format.latency(st.percentile(99)),
                    Format.latency(st.percentile(99.9)), Format.latency(st.max()));
        }
        latency.note(text.get("table.latency.note"));
        tables.add(latency);
        if (report.scenarios().stream().anyMatch(s -> !s.server().isEmpty())) {
            Table server = new Table(text.get("table.serverSummary.title"), 2, text.get("col.scenario"),
                    text.get("col.host"), text.get("col.cpuAvgMax"), text.get("col.memAvgMax"),
                    text.get("col.netInOut"), text.get("col.diskReadWrite"));
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
            Table gc = new Table(text.get("table.gcSummary.title"), 1, text.get("col.scenario"),
                    text.get("col.gcPauses")).text(1);
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
    static Table targetRate(Report report, ReportText text) {
        List<String> header = new ArrayList<>(List.of(text.get("col.scenario"), text.get("col.targetRate"),
                text.get("col.achievedRate"), text.get("col.lateStarts"), text.get("col.maxLagMs"),
                text.get("col.timeMs")));
        for (double p : ReportJson.TARGET_RATE_PERCENTILES) {
            header.add(Format.percentileTitle(p));
        }
        header.add(text.get("col.max"));
        Table table = new Table(text.get("table.targetRate.title"), 1, header.toArray(new String[0])).text(5);
        for (ScenarioResult s : report.scenarios()) {
            ScenarioStats st = s.stats();
            FromDueLatency paced = st.fromDue();
            if (paced == null) {
                continue;
            }
            long unit = st.unit().micros();
            List<String> service = new ArrayList<>(List.of(s.name(), Format.decimal(paced.targetRate(), 1),
                    Format.decimal(st.pacedTps(), 1), Format.count(paced.lateStarts()),
                    Format.decimal(paced.maxLagUs() / 1000.0, 3), text.get("targetRate.service")));
            List<String> fromDue = new ArrayList<>(List.of("", "", "", "", "", text.get("targetRate.fromDue")
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
        table.note(text.get("table.targetRate.note", String.valueOf(FromDueLatency.LATE_US / 1000)));
        return table;
    }

    static Table hopOverhead(Report report, ReportText text) {
        Table table = new Table(text.get("table.hop.title"), 4, text.get("col.payload"), text.get("col.hop"),
                text.get("col.direct"), text.get("col.unit"), text.get("col.mean"), "p50", "p90", "p95", "p99",
                "p99.9", text.get("col.max"), text.get("col.tpsHopDirect"));
        for (HopOverhead hop : report.hopOverhead()) {
            List<String> cells = new ArrayList<>();
            cells.add(hop.payload());
            cells.add(hop.hop().name());
            cells.add(hop.direct().name());
            cells.add(hop.unit().jsonName() + ("mixed".equals(hop.resolution()) ? text.get("hop.mixed") : ""));
            for (String figure : HopOverhead.FIGURES) {
                cells.add(Format.delta(hop.delta(figure), hop.ratio(figure), figure.equals("mean") ? 1 : 0));
            }
            cells.add(Format.decimal(hop.tpsRatio(), 3));
            table.row(cells.toArray(new String[0]));
        }
        for (HopOverhead hop : report.hopOverhead()) {
            io.dubbostress.report.text.Message sentence = report.profiles().message(hop);
            if (sentence != null) {
                table.lead(text.get("answer.profile", sentence.in(text)));
            }
        }
        table.note(text.get("table.hop.note"));
        for (HopOverhead hop : report.hopOverhead()) {
            double direct = bytesPerSample(hop.direct().stats());
            double viaHop = bytesPerSample(hop.hop().stats());
            if (direct > 8 * 1024 && direct > 4 * viaHop) {
                table.note(text.get("table.hop.payloadNote", hop.hop().name(), hop.direct().name(),
                        String.format(java.util.Locale.ROOT, "%,.0f", direct),
                        String.format(java.util.Locale.ROOT, "%,.0f", viaHop)));
            }
        }
        return table;
    }

    /** Bytes sent and received per steady-state sample (JMeter's bytes and sentBytes), or 0. */
    private static double bytesPerSample(ScenarioStats stats) {
        return !(stats.tps() > 0) ? 0 : (stats.receivedBytesPerSecond() + stats.sentBytesPerSecond()) / stats.tps();
    }

    /** A distributed run: each load generator's share of each scenario, and the scenario's merged figures. */
    static Table generators(Report report, ReportText text) {
        Table table = new Table(text.get("table.generators.title"), 2, text.get("col.scenario"),
                text.get("col.generator"), text.get("col.samples"), "TPS", text.get("col.errorsPercent"),
                text.get("col.unit"), text.get("col.mean"), "p50", "p90", "p99", text.get("col.max")).text(1);
        for (ScenarioResult s : report.scenarios()) {
            if (s.generators().isEmpty()) {
                continue;
            }
            for (Map.Entry<String, ScenarioStats> g : s.generators().entrySet()) {
                table.row(generatorRow(s.name(), g.getKey(), g.getValue(), s.stats().unit()));
            }
            table.row(generatorRow(s.name(), text.get("generators.merged"), s.stats(), s.stats().unit()));
        }
        table.note(text.get("table.generators.note"));
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

    static Table details(Report report, ReportText text) {
        Table table = new Table(text.get("table.details.title"), 1, text.get("col.scenario"),
                text.get("col.resolution"), text.get("col.warmupSeconds"), text.get("col.warmupSamples"),
                text.get("col.steadySeconds"), text.get("col.min"), text.get("col.receivedKBps"),
                text.get("col.sentKBps"), text.get("col.malformedRows"), text.get("col.source")).text(1, 9);
        for (ScenarioResult s : report.scenarios()) {
            ScenarioStats st = s.stats();
            table.row(s.name(), st.resolution(), Format.decimal(s.warmup().seconds(), 1), Format.count(st.warmupSamples()),
                    Format.decimal(st.steadySeconds(), 1), Format.latency(st.min()),
                    Format.kilobytes(st.receivedBytesPerSecond()), Format.kilobytes(st.sentBytesPerSecond()),
                    Format.count(s.malformedRows()), String.join(", ", s.sources()));
        }
        String rules = report.scenarios().stream().map(s -> warmupRule(s.warmup().rule(), text)).distinct()
                .collect(Collectors.joining(text.get("list.semicolon")));
        table.note(text.get("table.details.note", rules));
        return table;
    }

    /** Where a warm-up's length came from: --warmup and run.json as they are, the default rule in words. */
    static String warmupRule(String rule, ReportText text) {
        return rule.equals(io.dubbostress.report.model.Warmup.DEFAULT_RULE) ? text.get("warmup.default") : rule;
    }

    static Table errors(Report report, ReportText text) {
        Table table = new Table(text.get("table.errors.title"), 1, text.get("col.scenario"), text.get("col.errors"),
                text.get("col.errorsPercent"), text.get("col.topMessages")).text(3);
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

    static Table server(Report report, ReportText text) {
        Table table = new Table(text.get("table.server.title"), 2, text.get("col.scenario"), text.get("col.host"),
                text.get("col.cpuAvg"), text.get("col.cpuMax"), text.get("col.memAvg"), text.get("col.memMax"),
                text.get("col.netInAvgMax"), text.get("col.netOutAvgMax"), text.get("col.diskReadAvgMax"),
                text.get("col.diskWriteAvgMax"), text.get("col.other")).text(10);
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

    static Table gcPerScenario(Report report, ReportText text) {
        Table table = new Table(text.get("table.gcScenario.title"), 2, text.get("col.scenario"),
                text.get("col.service"), text.get("col.pauses"), text.get("col.totalMs"), text.get("col.meanMs"),
                text.get("col.p99Ms"), text.get("col.maxMs"), text.get("col.fullGcs"),
                text.get("col.gcThroughput"));
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

    static Table gcLogs(Report report, ReportText text) {
        Table table = new Table(text.get("table.gcLogs.title"), 3, text.get("col.log"), text.get("col.service"),
                text.get("col.collector"), text.get("col.pauses"), text.get("col.totalMs"), text.get("col.meanMs"),
                text.get("col.p99Ms"), text.get("col.maxMs"), text.get("col.fullGcs"), text.get("col.gcThroughput"),
                text.get("col.allocMBps"), text.get("col.heapPeak"), text.get("col.heapAfterFull"), "GCeasy")
                .text(12, 13);
        for (Report.GcLog log : report.gcLogs()) {
            GcAnalysis a = log.analysis();
            PauseStats p = a.pauses();
            table.row((a.warnings().isEmpty() ? "" : text.get("gc.notSure") + " ") + log.file(), a.service(), a.collector(), Integer.toString(p.count()), Format.decimal(p.totalMs(), 1),
                    Format.decimal(p.meanMs(), 2), Format.decimal(p.p99Ms(), 2), Format.decimal(p.maxMs(), 2),
                    Integer.toString(p.fullCount()), Format.decimal(p.throughputPercent(), 2),
                    Format.megabytes(a.allocationRateBytesPerSecond()),
                    Format.megabytes(a.peakHeapBeforeGcBytes()) + " / " + Format.megabytes(a.peakHeapAfterGcBytes()),
                    trendCell(HeapTrend.of(a.events()), text), gcEasyCell(log.gcEasy(), text));
        }
        table.note(text.get("table.gcLogs.note", report.gcLogs().stream().map(l -> l.analysis().parser()).distinct()
                .collect(java.util.stream.Collectors.joining(", ")), text.get("gc.notSure")));
        return table;
    }

    private static String trendCell(HeapTrend trend, ReportText text) {
        if (trend.verdict() == HeapTrend.Verdict.NO_VERDICT) {
            return Format.NONE;
        }
        return text.get("gc.heapTrend", text.get(trend.verdict() == HeapTrend.Verdict.RISING ? "verdict.rising"
                : "verdict.flat"), String.format(java.util.Locale.ROOT, "%.1f", trend.firstFloorBytes() / 1048576.0),
                String.format(java.util.Locale.ROOT, "%.1f", trend.lastFloorBytes() / 1048576.0),
                String.format(java.util.Locale.ROOT, "%+.1f", trend.slopeBytesPerHour() / 1048576.0),
                String.valueOf(trend.floors()));
    }

    private static String gcEasyCell(GcEasyAnswer answer, ReportText text) {
        if (answer == null) {
            return Format.NONE;
        }
        StringBuilder cell = new StringBuilder();
        cell.append(text.get("gc.gcEasy", Format.decimal(answer.throughputPercent(), 2),
                Format.decimal(answer.averagePauseMs(), 1), Format.decimal(answer.maxPauseMs(), 1)));
        cell.append(answer.isProblem() ? text.get("gc.gcEasy.problems", String.join(" | ", answer.problems()))
                : text.get("gc.gcEasy.noProblem"));
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
