package io.dubbostress.cli.influx;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The InfluxQL queries of a shipped Grafana dashboard (docs/grafana/*.json), with Grafana's variables filled in as
 * Grafana does for one run and one scenario, their answers, and a small static page drawing them: what the dashboard
 * would chart, drawn without Grafana (which this machine cannot have).
 */
final class DashboardQueries {

    /** One query of the dashboard: its panel ("" for a variable or the annotations), legend alias and text. */
    record Query(String panel, String alias, String influxQl) {
    }

    /** One answered series: legend, points (epoch ms, value). */
    record Series(String legend, List<Long> times, List<Double> values) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private DashboardQueries() {
    }

    /** Every query of {@code dashboard}: template variables, annotations, then each panel's targets in order. */
    static List<Query> of(Path dashboard) throws IOException {
        JsonNode d = JSON.readTree(dashboard.toFile());
        List<Query> out = new ArrayList<>();
        for (JsonNode v : d.at("/templating/list")) {
            if ("query".equals(v.path("type").asText())) {
                out.add(new Query("", "variable " + v.path("name").asText(), v.path("query").asText()));
            }
        }
        for (JsonNode a : d.at("/annotations/list")) {
            out.add(new Query("", "annotations", a.path("query").asText()));
        }
        for (JsonNode p : d.path("panels")) {
            for (JsonNode t : p.path("targets")) {
                out.add(new Query(p.path("title").asText(), t.path("alias").asText(), t.path("query").asText()));
            }
        }
        return out;
    }

    /** {@code q} as Grafana sends it for run {@code run}, scenario {@code scenario} and the time range. */
    static String fill(String q, String run, String scenario, long fromMs, long toMs) {
        return q.replace("$timeFilter", "time >= " + fromMs + "ms AND time <= " + toMs + "ms")
                .replace("/^$run$/", "/^" + regex(run) + "$/")
                .replace("/^$scenario$/", "/^(" + regex(scenario) + ")$/");
    }

    /** A value as Grafana puts it into a regex (its punctuation escaped). */
    private static String regex(String value) {
        return value.replaceAll("([.^$|?*+()\\[\\]{}\\\\/])", "\\\\$1");
    }

    /** The series of an InfluxQL JSON answer (epoch=ms), legends from {@code alias} with its $tag_ filled. */
    static List<Series> series(String answer, String alias) throws IOException {
        List<Series> out = new ArrayList<>();
        for (JsonNode s : JSON.readTree(answer).at("/results/0/series")) {
            String legend = alias.isEmpty() ? s.path("name").asText() : alias;
            for (var tags = s.path("tags").fields(); tags.hasNext(); ) {
                var tag = tags.next();
                legend = legend.replace("$tag_" + tag.getKey(), tag.getValue().asText());
            }
            List<Long> times = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (JsonNode row : s.path("values")) {
                if (row.size() > 1 && row.get(1).isNumber()) {
                    times.add(row.get(0).asLong());
                    values.add(row.get(1).asDouble());
                } else if (row.size() > 1 && !row.get(1).isNull()) {
                    times.add(row.get(0).asLong());
                    values.add(Double.NaN); // text: an annotation or a tag value
                }
            }
            out.add(new Series(legend.trim(), times, values));
        }
        return out;
    }

    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#17becf"};

    /**
     * A static page: one chart per panel (its title, its series as lines over the run's time range, the annotations
     * as dashed lines), and a sentence saying what it is.
     */
    static String page(String title, List<Query> queries, Function<Query, List<Series>> answers, List<Long> marks,
            long fromMs, long toMs, String note) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>")
                .append(esc(title)).append("</title><style>body{font:13px sans-serif;margin:16px;background:#fff}"
                        + ".p{display:inline-block;width:600px;margin:6px;vertical-align:top;border:1px solid #ccc;"
                        + "padding:6px}h3{margin:2px 0 4px;font-size:14px}.l{font-size:11px}.n{color:#555;"
                        + "max-width:1250px}</style></head><body><h2>").append(esc(title)).append("</h2><p class=\"n\">")
                .append(esc(note)).append("</p>");
        String panel = null;
        List<Series> drawn = new ArrayList<>();
        for (int i = 0; i <= queries.size(); i++) {
            Query q = i < queries.size() ? queries.get(i) : null;
            if (panel != null && (q == null || !q.panel().equals(panel))) {
                h.append(chart(panel, drawn, marks, fromMs, toMs));
                drawn.clear();
            }
            if (q == null) {
                break;
            }
            panel = q.panel().isEmpty() ? null : q.panel();
            if (panel != null) {
                drawn.addAll(answers.apply(q));
            }
        }
        return h.append("</body></html>").toString();
    }

    private static String chart(String title, List<Series> series, List<Long> marks, long fromMs, long toMs) {
        int w = 580;
        int ht = 170;
        double max = series.stream().flatMap(s -> s.values().stream()).filter(v -> !v.isNaN())
                .mapToDouble(Double::doubleValue).max().orElse(1);
        max = max <= 0 ? 1 : max * 1.05;
        double span = Math.max(1, toMs - fromMs);
        StringBuilder s = new StringBuilder("<div class=\"p\"><h3>").append(esc(title)).append("</h3><svg width=\"")
                .append(w).append("\" height=\"").append(ht + 16).append("\"><rect x=\"40\" y=\"0\" width=\"")
                .append(w - 40).append("\" height=\"").append(ht).append("\" fill=\"#fafafa\" stroke=\"#ddd\"/>")
                .append("<text x=\"36\" y=\"10\" text-anchor=\"end\" class=\"l\">").append(num(max / 1.05))
                .append("</text><text x=\"36\" y=\"").append(ht).append("\" text-anchor=\"end\" class=\"l\">0</text>")
                .append("<text x=\"40\" y=\"").append(ht + 13).append("\" class=\"l\">0 s</text><text x=\"")
                .append(w).append("\" y=\"").append(ht + 13).append("\" text-anchor=\"end\" class=\"l\">")
                .append(num(span / 1000)).append(" s</text>");
        for (long m : marks) {
            double x = 40 + (w - 40) * (m - fromMs) / span;
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" y2=\"%d\" stroke=\"#e06060\" "
                    + "stroke-dasharray=\"4 3\"/>", x, x, ht));
        }
        StringBuilder legend = new StringBuilder("<div class=\"l\">");
        for (int i = 0; i < series.size(); i++) {
            Series one = series.get(i);
            String colour = COLOURS[i % COLOURS.length];
            StringBuilder pts = new StringBuilder();
            for (int j = 0; j < one.values().size(); j++) {
                double x = 40 + (w - 40) * (one.times().get(j) - fromMs) / span;
                double y = ht - ht * one.values().get(j) / max;
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
            }
            s.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.5\" points=\"")
                    .append(pts).append("\"/>");
            legend.append("<span style=\"color:").append(colour).append("\">&#9632; ").append(esc(one.legend()))
                    .append("</span> &nbsp;");
        }
        return s.append("</svg>").append(legend).append("</div></div>").toString();
    }

    private static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.2g", v);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
