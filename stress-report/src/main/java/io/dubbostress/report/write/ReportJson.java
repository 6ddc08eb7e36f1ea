package io.dubbostress.report.write;

import io.dubbostress.report.Format;
import io.dubbostress.report.SeriesTrend;
import io.dubbostress.report.ToolVersion;
import io.dubbostress.report.model.Answer;
import io.dubbostress.report.model.ErrorMessages;
import io.dubbostress.report.model.FromDueLatency;
import io.dubbostress.report.model.HopOverhead;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioOutcome;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.model.StartupLag;
import io.dubbostress.report.model.Timeline;
import io.dubbostress.report.run.ScenarioName;
import io.dubbostress.gc.GcAnalysis;
import io.dubbostress.gc.GcAnalysisJson;
import io.dubbostress.report.model.HeapTrend;
import io.dubbostress.gc.PauseStats;
import io.dubbostress.report.perfmon.JvmMetrics;
import io.dubbostress.report.perfmon.JvmTrends;
import io.dubbostress.report.perfmon.JvmWindow;
import io.dubbostress.report.perfmon.PerfMonLabel;
import io.dubbostress.report.perfmon.PerfMonSeries;
import io.dubbostress.report.perfmon.ServerMetrics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

/**
 * report.json: the report for programs (the benchmark and reliability work, {@code stress run}). Field names are
 * stable and documented in docs/REPORT.md; {@code schema} changes only when a field changes meaning or goes away.
 * Latencies are in the scenario's {@code latency.unit} ({@code us} or {@code ms}); times are epoch ms; rates per
 * second; a figure that could not be measured is {@code null}.
 */
public final class ReportJson {

    public static final String SCHEMA = "dubbo-stress/report/1";

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ReportJson() {
    }

    public static ObjectNode of(Report report) {
        ObjectNode root = F.objectNode();
        root.put("schema", SCHEMA);
        root.put("generatedAt", report.generatedAt().toString());
        root.put("generator", ToolVersion.name());
        root.put("source", report.source());
        root.set("run", report.runJson() == null ? F.nullNode() : report.runJson().deepCopy());
        ArrayNode scenarios = root.putArray("scenarios");
        for (ScenarioResult scenario : report.scenarios()) {
            scenarios.add(scenario(scenario));
        }
        ArrayNode hops = root.putArray("hopOverhead");
        for (HopOverhead hop : report.hopOverhead()) {
            hops.add(hop(hop));
        }
        ArrayNode gc = root.putArray("gc");
        for (Report.GcLog log : report.gcLogs()) {
            gc.add(gcLog(log));
        }
        root.set("jvms", jvms(report.jvms()));
        root.set("profiles", report.profiles().isEmpty() ? F.nullNode() : ProfileJson.of(report.profiles()));
        for (int i = 0; i < report.hopOverhead().size(); i++) {
            ((ObjectNode) hops.get(i)).put("profileSummary", report.profiles().sentence(report.hopOverhead().get(i)));
        }
        root.set("answer", answer(report.answer()));
        ArrayNode warnings = root.putArray("warnings");
        report.warnings().forEach(warnings::add);
        return root;
    }

    /**
     * The answer block: every number of the answer's sentences (rounded as they show it), and the sentences
     * themselves in English ({@code sentences[]}: one paragraph per payload, then one per scenario).
     */
    static ObjectNode answer(Answer answer) {
        ObjectNode node = F.objectNode();
        node.put("confidencePercent", answer.confidencePercent());
        ArrayNode payloads = node.putArray("payloads");
        for (Answer.Payload p : answer.payloads()) {
            ObjectNode item = payloads.addObject();
            item.put("payload", p.payload());
            item.put("hop", p.hop());
            item.put("direct", p.direct());
            item.put("hopTrials", p.hopTrials());
            item.put("directTrials", p.directTrials());
            item.put("method", p.method());
            item.set("p50", latency(p.p50()));
            item.set("p99", latency(p.p99()));
            ObjectNode tps = item.putObject("tps");
            nullable(tps, "direct", p.tps().direct());
            nullable(tps, "hop", p.tps().hop());
            nullable(tps, "times", p.tps().times());
            nullable(tps, "timesLow", p.tps().timesLow());
            nullable(tps, "timesHigh", p.tps().timesHigh());
            tps.put("noInterval", p.tps().noInterval());
            item.put("profileSummary", p.profileSummary());
        }
        ArrayNode limits = node.putArray("limits");
        for (Answer.Limit l : answer.limits()) {
            ObjectNode item = limits.addObject();
            item.put("scenario", l.scenario());
            item.put("trials", l.trials());
            item.put("limitedBy", l.limitedBy());
            nullable(item, "hostCpuPercent", l.hostCpuPercent());
            if (l.cpus() == null) {
                item.putNull("cpus");
            } else {
                item.put("cpus", l.cpus());
            }
            if (l.threads() == null) {
                item.putNull("threads");
            } else {
                item.put("threads", l.threads());
            }
            nullable(item, "inFlight", l.inFlight());
            ObjectNode cpu = item.putObject("jvmCpuPercent");
            l.jvmCpuPercent().forEach(cpu::put);
            item.put("gcService", l.gcService());
            nullable(item, "gcPausePercent", l.gcPausePercent());
        }
        ArrayNode sentences = node.putArray("sentences");
        AnswerText.paragraphs(answer, ReportText.english()).forEach(sentences::add);
        return node;
    }

    private static ObjectNode latency(Answer.Latency l) {
        ObjectNode node = F.objectNode();
        nullable(node, "directMs", l.directMs());
        nullable(node, "hopMs", l.hopMs());
        nullable(node, "addedMs", l.addedMs());
        nullable(node, "addedLowMs", l.addedLowMs());
        nullable(node, "addedHighMs", l.addedHighMs());
        nullable(node, "times", l.times());
        nullable(node, "timesLow", l.timesLow());
        nullable(node, "timesHigh", l.timesHigh());
        node.put("noInterval", l.noInterval());
        if (l.samplesNeeded() == null) {
            node.putNull("samplesNeeded");
        } else {
            node.put("samplesNeeded", l.samplesNeeded());
        }
        return node;
    }

    private static void nullable(ObjectNode node, String field, Double value) {
        if (value == null) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    static ObjectNode scenario(ScenarioResult scenario) {
        ScenarioStats stats = scenario.stats();
        ObjectNode node = F.objectNode();
        node.put("name", scenario.name());
        ScenarioOutcome outcome = scenario.outcome();
        node.put("status", outcome.status());
        if (outcome.failed()) {
            node.put("failure", outcome.reason());
        } else {
            node.putNull("failure");
        }
        ScenarioName parsed = scenario.parsedName();
        node.put("kind", parsed.kind());
        node.put("payload", parsed.payload());
        ArrayNode sources = node.putArray("sources");
        scenario.sources().forEach(sources::add);
        ArrayNode labels = node.putArray("labels");
        stats.labels().forEach(labels::add);
        node.put("startEpochMs", scenario.startMs());
        node.put("endEpochMs", scenario.endMs());
        ObjectNode warmup = node.putObject("warmup");
        warmup.put("seconds", scenario.warmup().seconds());
        warmup.put("rule", scenario.warmup().rule());
        warmup.put("samples", stats.warmupSamples());
        warmup.put("errors", stats.warmupErrors());
        node.put("steadyStartEpochMs", scenario.steadyStartMs());
        put(node, "steadySeconds", round(stats.steadySeconds(), 3));
        node.put("samples", stats.samples());
        node.put("malformedRows", scenario.malformedRows());
        ObjectNode errors = node.putObject("errors");
        errors.put("count", stats.errors());
        put(errors, "percent", round(stats.errorPercent(), 4));
        ArrayNode top = errors.putArray("top");
        for (ErrorMessages.Count count : stats.topErrors(10)) {
            ObjectNode item = top.addObject();
            item.put("message", count.message);
            item.put("count", count.count);
        }
        ObjectNode pausedAfter = errors.putObject("pausedAfter");
        pausedAfter.put("count", stats.pacedFailures().count());
        ObjectNode byCode = pausedAfter.putObject("byCode");
        stats.pacedFailures().byCode().forEach(byCode::put);
        put(node, "tps", round(stats.tps(), 2));
        node.set("latency", latency(stats));
        node.set("percentileCurve", percentileCurve(stats));
        if (stats.fromDue() != null) {
            ObjectNode targetRate = targetRate(stats);
            startupLag(targetRate, stats.fromDue().startupLag(scenario.warmup().ms()));
            node.set("targetRate", targetRate);
        }
        ObjectNode bytes = node.putObject("bytesPerSec");
        put(bytes, "received", round(stats.receivedBytesPerSecond(), 1));
        put(bytes, "sent", round(stats.sentBytesPerSecond(), 1));
        ArrayNode server = node.putArray("server");
        for (ServerMetrics host : scenario.server()) {
            server.add(server(host));
        }
        node.set("jvmMetrics", scenario.jvms().isEmpty() ? F.nullNode() : jvmWindow(scenario.jvms()));
        ArrayNode gc = node.putArray("gc");
        for (Map.Entry<String, PauseStats> entry : scenario.gc().entrySet()) {
            ObjectNode item = GcAnalysisJson.pauseJson(entry.getValue());
            item.put("service", entry.getKey());
            put(item, "throughputPercent", round(entry.getValue().throughputPercent(), 3));
            gc.add(item);
        }
        ArrayNode generators = node.putArray("generators");
        for (Map.Entry<String, ScenarioStats> g : scenario.generators().entrySet()) {
            ObjectNode item = generators.addObject();
            ScenarioStats gs = g.getValue();
            item.put("name", g.getKey());
            item.put("samples", gs.samples());
            put(item, "steadySeconds", round(gs.steadySeconds(), 3));
            ObjectNode gErrors = item.putObject("errors");
            gErrors.put("count", gs.errors());
            put(gErrors, "percent", round(gs.errorPercent(), 4));
            put(item, "tps", round(gs.tps(), 2));
            item.set("latency", latency(gs));
        }
        node.set("timeline", timeline(stats));
        return node;
    }

    static ObjectNode latency(ScenarioStats stats) {
        ObjectNode latency = F.objectNode();
        latency.put("unit", stats.unit().jsonName());
        latency.put("resolution", stats.resolution());
        whole(latency, "min", stats.min());
        put(latency, "mean", round(stats.mean(), 3));
        whole(latency, "p50", stats.percentile(50));
        whole(latency, "p90", stats.percentile(90));
        whole(latency, "p95", stats.percentile(95));
        whole(latency, "p99", stats.percentile(99));
        whole(latency, "p999", stats.percentile(99.9));
        whole(latency, "max", stats.max());
        return latency;
    }

    /**
     * A rate-driven scenario: target and achieved rate, late starts, and the latency from the due time beside the
     * service time (the {@code latency} block), both in microseconds here whatever the scenario's unit.
     */
    static ObjectNode targetRate(ScenarioStats stats) {
        FromDueLatency paced = stats.fromDue();
        ObjectNode node = F.objectNode();
        put(node, "targetPerSec", round(paced.targetRate(), 2));
        put(node, "achievedPerSec", round(stats.pacedTps(), 2));
        node.put("pacedSamples", paced.samples());
        node.put("unpacedSamples", stats.unpacedSamples());
        node.put("lateStarts", paced.lateStarts());
        node.put("lateThresholdUs", FromDueLatency.LATE_US);
        node.put("maxLagUs", paced.maxLagUs());
        node.put("resolution", paced.resolution());
        ObjectNode service = node.putObject("serviceTimeUs");
        ObjectNode fromDue = node.putObject("fromDueUs");
        long unit = stats.unit().micros();
        for (double p : TARGET_RATE_PERCENTILES) {
            String key = "p" + Format.percentileKey(p);
            whole(service, key, stats.percentile(p) * unit);
            fromDue.put(key, paced.percentile(p));
        }
        whole(service, "max", stats.max() * unit);
        fromDue.put("max", paced.max());
        put(fromDue, "mean", round(paced.mean(), 1));
        ArrayNode curve = node.putArray("fromDueCurve");
        for (double p : curvePercentiles(paced.samples())) {
            addPoint(curve, p, p == 100 ? paced.max() : paced.percentile(p));
        }
        return node;
    }

    /**
     * {@code startupLag}: null when the steady figures are free of the start's lag, else how much of it is in them
     * and the warm-up that would leave it out.
     */
    static void startupLag(ObjectNode targetRate, StartupLag.Finding lag) {
        if (lag == null) {
            targetRate.putNull("startupLag");
            return;
        }
        ObjectNode node = targetRate.putObject("startupLag");
        node.put("lateSeconds", lag.seconds());
        put(node, "meanLagUs", round(lag.meanLagUs(), 1));
        put(node, "typicalLagUs", round(lag.typicalLagUs(), 1));
        node.put("carriedFromWarmup", lag.carriedCalls());
        node.put("carriedMaxLagUs", lag.carriedMaxLagUs());
        node.put("warmupSecondsToLeaveItOut", lag.warmupSeconds());
    }

    /** The percentiles the target-rate tables show. */
    static final double[] TARGET_RATE_PERCENTILES = {50, 90, 99, 99.9, 99.99};

    /** The percentile curve's x values for {@code samples} samples: as {@link #percentileCurve}. */
    static java.util.List<Double> curvePercentiles(long samples) {
        java.util.List<Double> out = new java.util.ArrayList<>();
        if (samples == 0) {
            return out;
        }
        for (double p : new double[] {0, 10, 20, 30, 40, 50, 60, 70, 75, 80}) {
            out.add(p);
        }
        for (int k = 4; k <= 28; k++) {
            double tail = Math.pow(10, -k / 4.0);
            if (1 / tail > samples) {
                break;
            }
            double p = 100 * (1 - tail);
            if (p > 80) {
                out.add(round(p, 6));
            }
        }
        out.add(100.0);
        return out;
    }

    /** Points of the percentile curve: 0, 50, 75, ... then 1 - 10^(-k/4), up to the resolution the sample count has. */
    static ArrayNode percentileCurve(ScenarioStats stats) {
        ArrayNode curve = F.arrayNode();
        if (stats.samples() == 0) {
            return curve;
        }
        double[] low = {0, 10, 20, 30, 40, 50, 60, 70, 75, 80};
        for (double p : low) {
            addPoint(curve, p, stats.percentile(p));
        }
        for (int k = 4; k <= 28; k++) {
            double tail = Math.pow(10, -k / 4.0);
            if (1 / tail > stats.samples()) {
                break;
            }
            double p = 100 * (1 - tail);
            if (p > 80) {
                addPoint(curve, round(p, 6), stats.percentile(p));
            }
        }
        addPoint(curve, 100, stats.max());
        return curve;
    }

    private static void addPoint(ArrayNode curve, double percentile, double value) {
        ObjectNode point = curve.addObject();
        point.put("percentile", percentile);
        point.put("value", (long) value);
    }

    static ObjectNode timeline(ScenarioStats stats) {
        Timeline timeline = stats.timeline();
        ObjectNode node = F.objectNode();
        node.put("startEpochMs", timeline.originMs());
        node.put("bucketMs", timeline.bucketMs());
        ArrayNode samples = node.putArray("samples");
        ArrayNode errors = node.putArray("errors");
        ArrayNode tps = node.putArray("tps");
        ArrayNode mean = node.putArray("mean");
        ArrayNode p99 = node.putArray("p99");
        double unit = stats.unit().micros();
        for (int i = 0; i < timeline.buckets(); i++) {
            samples.add(timeline.samples(i));
            errors.add(timeline.errors(i));
            tps.add(round(timeline.tps(i), 2));
            add(mean, round(timeline.mean(i) / unit, 3));
            add(p99, round(timeline.percentile(i, 99) / unit, 3));
        }
        return node;
    }

    static ObjectNode server(ServerMetrics host) {
        ObjectNode node = F.objectNode();
        node.put("host", host.host());
        for (PerfMonLabel.Kind kind : PerfMonLabel.Kind.values()) {
            if (kind == PerfMonLabel.Kind.OTHER) {
                continue;
            }
            PerfMonSeries.WindowStats stats = host.get(kind);
            node.set(kind.jsonName(), stats == null ? F.nullNode() : windowJson(stats));
        }
        ArrayNode others = node.putArray("other");
        host.others().forEach((label, stats) -> {
            ObjectNode item = windowJson(stats);
            item.put("label", label);
            others.add(item);
        });
        return node;
    }

    private static ObjectNode windowJson(PerfMonSeries.WindowStats stats) {
        ObjectNode node = F.objectNode();
        node.put("avg", round(stats.avg, 3));
        node.put("max", round(stats.max, 3));
        node.put("points", stats.points);
        return node;
    }

    static ObjectNode hop(HopOverhead hop) {
        ObjectNode node = F.objectNode();
        node.put("payload", hop.payload());
        node.put("hop", hop.hop().name());
        node.put("direct", hop.direct().name());
        node.put("unit", hop.unit().jsonName());
        node.put("resolution", hop.resolution());
        ObjectNode hopValues = node.putObject("hopValues");
        ObjectNode directValues = node.putObject("directValues");
        ObjectNode delta = node.putObject("delta");
        ObjectNode ratio = node.putObject("ratio");
        for (String figure : HopOverhead.FIGURES) {
            put(hopValues, figure, round(hop.hopValue(figure), 3));
            put(directValues, figure, round(hop.directValue(figure), 3));
            put(delta, figure, round(hop.delta(figure), 3));
            put(ratio, figure, round(hop.ratio(figure), 4));
        }
        put(node, "tpsRatio", round(hop.tpsRatio(), 4));
        return node;
    }

    static ObjectNode gcLog(Report.GcLog log) {
        GcAnalysis analysis = log.analysis();
        ObjectNode node = F.objectNode();
        node.put("file", log.file());
        node.put("service", analysis.service());
        node.put("collector", analysis.collector());
        node.put("parser", analysis.parser());
        node.put("format", analysis.format());
        ArrayNode warnings = node.putArray("warnings");
        analysis.warnings().forEach(warnings::add);
        node.put("hasWallClock", analysis.hasWallClock());
        node.put("spanSeconds", round(analysis.spanMs() / 1000, 3));
        node.set("pauses", GcAnalysisJson.pauseJson(analysis.pauses()));
        put(node, "throughputPercent", round(analysis.pauses().throughputPercent(), 3));
        whole(node, "allocationRateBytesPerSec", analysis.allocationRateBytesPerSecond());
        ObjectNode heap = node.putObject("heap");
        // -1 in the analysis: the log showed no heap figure
        whole(heap, "peakBeforeGcBytes", bytesOrNaN(analysis.peakHeapBeforeGcBytes()));
        whole(heap, "peakAfterGcBytes", bytesOrNaN(analysis.peakHeapAfterGcBytes()));
        whole(heap, "peakCommittedBytes", bytesOrNaN(analysis.peakHeapCommittedBytes()));
        HeapTrend trend = HeapTrend.of(analysis.events());
        ObjectNode floor = node.putObject("heapAfterFullGc");
        floor.put("verdict", trend.verdict().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        floor.put("collections", trend.floors());
        whole(floor, "firstBytes", trend.firstFloorBytes() < 0 ? Double.NaN : trend.firstFloorBytes());
        whole(floor, "lastBytes", trend.lastFloorBytes() < 0 ? Double.NaN : trend.lastFloorBytes());
        whole(floor, "slopeBytesPerHour", trend.slopeBytesPerHour());
        floor.put("sentence", trend.sentence());
        node.set("gceasy", log.gcEasy() == null ? F.nullNode() : log.gcEasy().summaryJson());
        return node;
    }

    /** A scenario's JVMs and hosts over its steady state ({@link JvmWindow}). */
    static ObjectNode jvmWindow(JvmWindow window) {
        ObjectNode node = F.objectNode();
        ArrayNode hosts = node.putArray("hosts");
        window.hostSwitchesPerSecond().forEach((host, rate) -> {
            ObjectNode item = hosts.addObject();
            item.put("host", host);
            put(item, "contextSwitchesPerSecond", round(rate, 1));
        });
        ArrayNode jvms = node.putArray("jvms");
        for (JvmWindow.Figures f : window.jvms()) {
            ObjectNode item = jvm(jvms, f.jvm());
            put(item, "contextSwitchesPerSecond", round(f.switchesPerSecond(), 1));
            item.set("threads", level(f.threads()));
            item.set("openFiles", level(f.fds()));
        }
        return node;
    }

    /** A JVM's entry in {@code array}, named: service, pid, the agent's host. */
    private static ObjectNode jvm(ArrayNode array, JvmMetrics.Jvm jvm) {
        ObjectNode item = array.addObject();
        item.put("service", jvm.service());
        item.put("pid", jvm.pid());
        item.put("host", jvm.host());
        return item;
    }

    private static com.fasterxml.jackson.databind.JsonNode level(PerfMonSeries.WindowStats stats) {
        if (stats == null) {
            return F.nullNode();
        }
        ObjectNode node = F.objectNode();
        put(node, "avg", round(stats.avg, 2));
        put(node, "max", stats.max);
        node.put("readings", stats.points);
        return node;
    }

    /** The run's JVMs over the whole run: each service's threads and open files, and what was not read. */
    static ObjectNode jvms(Report.Jvms jvms) {
        ObjectNode node = F.objectNode();
        ArrayNode trends = node.putArray("trends");
        for (JvmTrends.Trend t : jvms.trends()) {
            ObjectNode item = jvm(trends, t.jvm());
            item.set("threads", trend(t.threads()));
            item.set("openFiles", trend(t.fds()));
        }
        ArrayNode notRead = node.putArray("notRead");
        jvms.notRead().forEach(notRead::add);
        return node;
    }

    private static ObjectNode trend(JvmTrends.Figure figure) {
        SeriesTrend t = figure.trend();
        ObjectNode node = F.objectNode();
        node.put("verdict", figure.verdict());
        node.put("readings", t.points());
        put(node, "first", t.first());
        put(node, "last", t.last());
        put(node, "spanSeconds", t.points() == 0 ? Double.NaN : round(t.spanMs() / 1000.0, 1));
        put(node, "slopePerHour", round(t.slopePerHour(), 2));
        if (figure.reason() == null) {
            node.putNull("reason");
        } else {
            node.put("reason", figure.reason());
        }
        return node;
    }

    static double round(double value, int digits) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.NaN;
        }
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }

    private static void put(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static double bytesOrNaN(long bytes) {
        return bytes < 0 ? Double.NaN : bytes;
    }

    /** A whole-unit figure (a latency), {@code null} when not measured (NaN). */
    private static void whole(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, Math.round(value));
        }
    }

    private static void add(ArrayNode array, double value) {
        if (Double.isNaN(value)) {
            array.addNull();
        } else {
            array.add(value);
        }
    }
}
