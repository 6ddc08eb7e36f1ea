package io.dubbostress.report.write;

import io.dubbostress.report.Json;
import io.dubbostress.report.model.FromDueLatency;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.gc.GcEvent;
import io.dubbostress.report.perfmon.PerfMonLabel;
import io.dubbostress.report.perfmon.PerfMonSeries;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * report.html: one self-contained file (styles, data and chart code inline; it fetches nothing, so it opens offline
 * and can be mailed). The tables are plain HTML; the charts are SVG drawn by the page's own script (report.js, no
 * library): latency percentile curves (log scales), latency and TPS over time, server CPU / memory / network / disk
 * over time, GC pauses over time, with each scenario's window shaded.
 */
public final class HtmlReport {

    private static final String RESOURCES = "/io/dubbostress/report/write/";
    private static final int MAX_POINTS = 2000;
    private static final int MAX_GC_POINTS = 20000;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** Where flamegraph.js draws the profiles' flame graphs. */
    private static final String FLAME_SECTION = "<section id=\"flamegraphs\"><h2>Flame graphs (steady state)</h2>\n"
            + "<p class=\"note\">One per scenario, JVM and kind (CPU, allocations, lock contention); the root at the"
            + " top, callees below. Click a frame to zoom into it, click the root or 'reset zoom' to zoom out; search"
            + " takes text or /regex/.</p>\n<div class=\"flame-controls\"><select id=\"flame-select\"></select>"
            + " <input id=\"flame-search\" type=\"search\" placeholder=\"search frames (text or /regex/)\">"
            + " <button id=\"flame-reset\" type=\"button\">reset zoom</button> <span id=\"flame-matched\"></span>"
            + " <span id=\"flame-unit\" class=\"note\"></span></div>\n"
            + "<div id=\"flame-tip\" class=\"flame-tip\"></div>\n"
            + "<div id=\"flame-box\"><canvas id=\"flame-canvas\"></canvas></div>\n</section>\n";

    private HtmlReport() {
    }

    /** The answer first, in words: one paragraph per payload, then one per scenario's limit. */
    static String answerSection(Report report, ReportText text) {
        List<String> paragraphs = AnswerText.paragraphs(report.answer(), text);
        if (paragraphs.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<section id=\"answer\" class=\"answer\">\n<h2>")
                .append(Table.escape(text.get("answer.title"))).append("</h2>\n");
        int payloads = report.answer().payloads().size();
        for (int i = 0; i < paragraphs.size(); i++) {
            out.append("<p class=\"").append(i < payloads ? "answer-pair" : "answer-limit").append("\">")
                    .append(Table.escape(paragraphs.get(i))).append("</p>\n");
        }
        return out.append("</section>\n").toString();
    }

    public static String render(Report report) {
        List<Table> tables = ReportTables.all(report);
        StringBuilder summary = new StringBuilder();
        StringBuilder rest = new StringBuilder();
        int index = 0;
        for (Table table : tables) {
            boolean first = table.title().startsWith("Scenarios") || table.title().startsWith("Hop overhead")
                    || table.title().startsWith("In the reference");
            (first ? summary : rest).append(table.html("table-" + index++));
        }
        if (!report.profiles().isEmpty()) {
            rest.insert(0, FLAME_SECTION);
        }
        summary.insert(0, answerSection(report, ReportText.english()));
        StringBuilder warnings = new StringBuilder();
        if (!report.warnings().isEmpty()) {
            warnings.append("<section id=\"warnings\"><h2>Warnings</h2>\n<ul class=\"warnings\">\n");
            report.warnings().forEach(w -> warnings.append("<li>").append(Table.escape(w)).append("</li>\n"));
            warnings.append("</ul></section>\n");
        }
        String meta = "Source: " + report.source() + " \u00b7 generated " + report.generatedAt();
        Map<String, String> values = new HashMap<>();
        values.put("CSS", resource("report.css"));
        values.put("JS", resource("report.js") + "\n" + resource("flamegraph.js"));
        values.put("TITLE", "dubbo-stress report");
        values.put("META", Table.escape(meta));
        values.put("SUMMARY", summary.toString());
        values.put("TABLES", rest.toString());
        values.put("WARNINGS", warnings.toString());
        values.put("DATA", scriptSafeJson(chartData(report)));
        return fill(resource("report-template.html"), values);
    }

    /** Replaces the template's own {{NAME}} marks in one pass (text put in is never scanned again). */
    static String fill(String template, Map<String, String> values) {
        StringBuilder out = new StringBuilder(template.length() * 2);
        int at = 0;
        while (true) {
            int open = template.indexOf("{{", at);
            int close = open < 0 ? -1 : template.indexOf("}}", open);
            if (close < 0) {
                out.append(template, at, template.length());
                return out.toString();
            }
            String name = template.substring(open + 2, close);
            String value = values.get(name);
            if (value == null) {
                throw new IllegalStateException("the report template has no value for {{" + name + "}}");
            }
            out.append(template, at, open).append(value);
            at = close + 2;
        }
    }

    /** What the charts draw (see report.js): per scenario its curve and time line, server series, GC pauses. */
    public static ObjectNode chartData(Report report) {
        ObjectNode root = F.objectNode();
        ArrayNode scenarios = root.putArray("scenarios");
        for (ScenarioResult scenario : report.scenarios()) {
            if (!scenario.hasWindow()) {
                continue; // recorded nothing and run.json gives no window: nothing to draw, the tables say it failed
            }
            ScenarioStats stats = scenario.stats();
            ObjectNode node = scenarios.addObject();
            // a failed scenario's curves are those of its failures (or empty): the legend says so
            node.put("name", scenario.outcome().failed() ? scenario.name() + " (failed)" : scenario.name());
            node.put("micros", stats.unit().micros());
            node.put("start", Math.min(scenario.startMs(), stats.firstStartMs()));
            node.put("steadyStart", scenario.steadyStartMs());
            node.put("end", Math.max(scenario.endMs(), stats.lastEndMs()));
            ArrayNode curve = node.putArray("curve");
            for (JsonNode point : ReportJson.percentileCurve(stats)) {
                curve.addArray().add(point.get("percentile").asDouble()).add(point.get("value").asLong());
            }
            FromDueLatency paced = stats.fromDue();
            if (paced != null) { // a rate-driven scenario: the curve from the due time, in microseconds
                ArrayNode due = node.putArray("dueCurve");
                for (double p : ReportJson.curvePercentiles(paced.samples())) {
                    due.addArray().add(p).add(p == 100 ? paced.max() : paced.percentile(p));
                }
            }
            ObjectNode timeline = ReportJson.timeline(stats);
            ObjectNode t = node.putObject("timeline");
            t.put("start", timeline.get("startEpochMs").asLong());
            t.put("bucketMs", timeline.get("bucketMs").asLong());
            t.set("tps", timeline.get("tps"));
            t.set("mean", timeline.get("mean"));
            t.set("p99", timeline.get("p99"));
        }
        ArrayNode server = root.putArray("server");
        for (PerfMonSeries series : report.perfMon().series()) {
            PerfMonLabel label = series.label();
            if (label.kind() == PerfMonLabel.Kind.OTHER || series.size() == 0) {
                continue;
            }
            ObjectNode node = server.addObject();
            node.put("label", label.label());
            node.put("host", label.host());
            node.put("kind", label.kind().jsonName());
            ArrayNode points = node.putArray("points");
            int stride = Math.max(1, (series.size() + MAX_POINTS - 1) / MAX_POINTS);
            for (int i = 0; i < series.size(); i += stride) {
                points.addArray().add(series.time(i)).add(ReportJson.round(series.value(i), 3));
            }
        }
        root.set("flamegraphs", FlameGraphData.of(report.profiles()));
        ArrayNode gc = root.putArray("gc");
        for (Report.GcLog log : report.gcLogs()) {
            if (!log.analysis().hasWallClock()) {
                continue;
            }
            ObjectNode node = gc.addObject();
            node.put("service", log.analysis().service());
            ArrayNode points = node.putArray("points");
            List<GcEvent> events = log.analysis().events();
            int stride = Math.max(1, (events.size() + MAX_GC_POINTS - 1) / MAX_GC_POINTS);
            for (int i = 0; i < events.size(); i += stride) {
                GcEvent event = events.get(i);
                points.addArray().add(event.epochMs()).add(ReportJson.round(event.pauseMs(), 3))
                        .add(event.full() ? 1 : 0);
            }
        }
        return root;
    }

    /** JSON that cannot end the script element it sits in: {@code <}, {@code >} and {@code &} as \\u escapes. */
    static String scriptSafeJson(JsonNode json) {
        try {
            return Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(json)
                    .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                    .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCES + name + " (a broken build)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
