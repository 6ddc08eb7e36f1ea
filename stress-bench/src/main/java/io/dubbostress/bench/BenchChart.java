package io.dubbostress.bench;

import io.dubbostress.cli.options.Scenario;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The cost curve as an SVG chart ({@code bench-curve.svg}): one column per payload, one row per figure (calls/s,
 * load-generator CPU per call, p99), the thread counts along x, one line per load generator through the medians
 * over the rounds with a bar from the minimum to the maximum. Plain SVG 1.1, no script, no external font.
 *
 * <pre>{@code
 * Files.writeString(out.resolve("bench-curve.svg"), BenchChart.svg(results));
 * }</pre>
 */
final class BenchChart {

    private static final int PANEL_W = 380;
    private static final int PANEL_H = 210;
    private static final int LEFT = 70;
    private static final int TOP = 60;
    private static final int GAP_X = 50;
    private static final int GAP_Y = 60;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};

    /** One row of panels: a figure of a run, its name and unit. */
    private static final class Figure {
        final String title;
        final ToDoubleFunction<LoadResult> value;

        Figure(String title, ToDoubleFunction<LoadResult> value) {
            this.title = title;
            this.value = value;
        }
    }

    private static final Figure[] FIGURES = {
        new Figure("calls/s", LoadResult::tps),
        new Figure("load-generator CPU, µs per call", r -> r.perThousandCalls(r.loadCpuMs)),
        new Figure("p99 latency, ms", r -> r.percentile(99) / 1000.0),
    };

    private BenchChart() {
    }

    static String svg(BenchResults results) {
        BenchSettings s = results.settings;
        int columns = s.payloads.size();
        int width = LEFT + columns * (PANEL_W + GAP_X) + 20;
        int height = TOP + FIGURES.length * (PANEL_H + GAP_Y) + 20;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-size=\"15\">stress bench: the cost curve "
                + "(closed model; median over %d round(s), bars min-max; the conditions: bench.md)"
                + "</text>%n", LEFT, s.rounds));
        for (int i = 0; i < s.sides.size(); i++) {
            int x = LEFT + i * 130;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"38\" x2=\"%d\" y2=\"38\" stroke=\"%s\" "
                    + "stroke-width=\"3\"/><text x=\"%d\" y=\"42\">%s</text>%n", x, x + 24, colour(i), x + 30,
                    escape(s.sides.get(i).label())));
        }
        for (int row = 0; row < FIGURES.length; row++) {
            for (int col = 0; col < columns; col++) {
                int x0 = LEFT + col * (PANEL_W + GAP_X);
                int y0 = TOP + row * (PANEL_H + GAP_Y);
                panel(svg, results, FIGURES[row], s.payloads.get(col), x0, y0);
            }
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void panel(StringBuilder svg, BenchResults results, Figure figure, int payload, int x0, int y0) {
        BenchSettings s = results.settings;
        double max = 0;
        for (int threads : s.threadCounts) {
            for (BenchSide side : s.sides) {
                Spread sp = Spread.of(results.runs(threads, payload, side), figure.value);
                if (sp.count > 0) {
                    max = Math.max(max, sp.max);
                }
            }
        }
        double top = niceCeiling(max);
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">%s, %s</text>%n", x0,
                y0 - 8, escape(figure.title), Scenario.sizeLabel(payload)));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#999\"/>%n", x0, y0, PANEL_W, PANEL_H));
        for (int tick = 0; tick <= 4; tick++) {
            double value = top * tick / 4;
            double y = y0 + PANEL_H - PANEL_H * tick / 4.0;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", x0, y, x0 + PANEL_W, y, x0 - 4,
                    y + 4, label(value)));
        }
        List<Integer> counts = s.threadCounts;
        for (int i = 0; i < counts.size(); i++) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d threads</text>%n",
                    xOf(x0, i, counts.size()), y0 + PANEL_H + 16, counts.get(i)));
        }
        for (int si = 0; si < s.sides.size(); si++) {
            BenchSide side = s.sides.get(si);
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < counts.size(); i++) {
                Spread sp = Spread.of(results.runs(counts.get(i), payload, side), figure.value);
                if (sp.count == 0 || top <= 0) {
                    continue;
                }
                double x = xOf(x0, i, counts.size()) + (si - (s.sides.size() - 1) / 2.0) * 4; // bars side by side
                double y = y0 + PANEL_H - PANEL_H * sp.median / top;
                line.append(line.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                        + "stroke=\"%s\" stroke-width=\"2\" opacity=\"0.6\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" "
                        + "fill=\"%s\"><title>%s %d threads: %s</title></circle>%n", x,
                        y0 + PANEL_H - PANEL_H * sp.min / top, x, y0 + PANEL_H - PANEL_H * sp.max / top, colour(si),
                        x, y, colour(si), escape(side.label()), counts.get(i),
                        BenchMarkdown.spread(sp, sp.median >= 100 ? 0 : 1)));
            }
            if (line.length() > 0) {
                svg.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>%n",
                        line, colour(si)));
            }
        }
    }

    private static double xOf(int x0, int index, int count) {
        return x0 + PANEL_W * (index + 0.5) / count;
    }

    /** The smallest 1, 2, 2.5 or 5 times a power of ten at or above {@code value}: the axis top. */
    static double niceCeiling(double value) {
        if (!(value > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * power >= value) {
                return step * power;
            }
        }
        return 10 * power;
    }

    private static String label(double value) {
        if (value >= 10_000) {
            return String.format(Locale.ROOT, "%,.0fk", value / 1000);
        }
        return value >= 10 || value == 0 ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String colour(int index) {
        return COLOURS[index % COLOURS.length];
    }

    private static String escape(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
