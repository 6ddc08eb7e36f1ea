package io.dubbostress.report.compare;

import io.dubbostress.report.change.ChangeEstimator;
import io.dubbostress.report.change.FigureChange;
import io.dubbostress.report.text.ReportText;
import io.dubbostress.report.write.Table;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * compare.md (also printed): per scenario a table of figures, BASE and NEW side by side, the change with its interval,
 * the smallest change the data could have detected, and the verdict; then the gate and the warnings. The same
 * {@link Table}s make compare.html's tables. In the language of a {@link ReportText} (English by default); compare.json
 * keeps the model's English words.
 */
final class ComparisonMarkdown {

    static final String NONE = "-";

    private ComparisonMarkdown() {
    }

    static String render(Comparison c) {
        return render(c, ReportText.english());
    }

    static String render(Comparison c, ReportText text) {
        StringBuilder out = new StringBuilder();
        out.append("# ").append(text.get("compare.title")).append("\n\n");
        out.append(text.get("compare.base", Table.markdownText(String.join(", ", c.base())))).append("  \n");
        out.append(text.get("compare.new", Table.markdownText(String.join(", ", c.news())))).append("  \n");
        out.append(text.get("report.generated", c.generatedAt())).append("\n\n");
        out.append(summary(c, text)).append("\n\n");
        for (Table table : tables(c, text)) {
            out.append(table.markdown()).append('\n');
        }
        if (c.gate() != null) {
            out.append("## ").append(text.get("compare.gate", c.gate().limits())).append("\n\n");
            out.append(gateLine(c.gate(), text)).append('\n');
            c.gate().crossed().forEach(line -> out.append("- ").append(Table.markdownText(line)).append('\n'));
            out.append('\n');
        }
        if (!c.warnings().isEmpty()) {
            out.append("## ").append(text.get("report.warnings")).append("\n\n");
            c.warnings().forEach(w -> out.append("- ").append(Table.markdownText(w)).append('\n'));
            out.append('\n');
        }
        return out.toString();
    }

    /** "2 slower, 9 no change, ..." and how intervals are made. */
    static String summary(Comparison c, ReportText text) {
        int worse = 0;
        int better = 0;
        int same = 0;
        int blind = 0;
        int unmeasured = 0;
        for (ScenarioComparison s : c.scenarios()) {
            for (FigureChange f : s.figures()) {
                if (!f.measured()) {
                    unmeasured++;
                } else if (f.notDetectable()) {
                    blind++;
                } else if (!f.detected()) {
                    same++;
                } else if (f.worse()) {
                    worse++;
                } else {
                    better++;
                }
            }
        }
        return text.get("compare.summary", String.valueOf(worse), String.valueOf(better), String.valueOf(same),
                String.valueOf(blind), String.valueOf(unmeasured), String.valueOf(c.scenarios().size()),
                c.failed().isEmpty() ? "" : text.get("compare.summary.failed", String.valueOf(c.failed().size())),
                method(c, text));
    }

    /** How the intervals were made ({@link Comparison#method()}) in {@code text}'s language. */
    static String method(Comparison c, ReportText text) {
        String said = text.get("compare.method", percent(c.confidence()), String.format(Locale.ROOT, "%,d",
                c.resamples()), String.valueOf(c.seed()));
        // the model's own sentence where it says something else (a comparison made by another version)
        return ReportText.english().get("compare.method", percent(c.confidence()), String.format(Locale.ROOT, "%,d",
                c.resamples()), String.valueOf(c.seed())).equals(c.method()) ? said : c.method();
    }

    /** 0.95 -> "95", 0.995 -> "99.5". */
    static String percent(double share) {
        return BigDecimal.valueOf(share * 100).setScale(2, RoundingMode.HALF_UP)
                .stripTrailingZeros().toPlainString();
    }

    static String gateLine(Comparison.Gate gate, ReportText text) {
        return text.get(gate.holds() ? "compare.gate.holds" : "compare.gate.crossed");
    }

    static List<Table> tables(Comparison c, ReportText text) {
        List<Table> tables = new ArrayList<>();
        String confidence = text.get("compare.col.interval", percent(c.confidence()));
        for (ScenarioComparison s : c.scenarios()) {
            Table table = new Table(s.failed() ? text.get("compare.scenarioFailed", s.name()) : s.name(), 1,
                    text.get("compare.col.figure"), "BASE", "NEW", text.get("compare.col.change"), confidence,
                    text.get("compare.col.mde"), text.get("compare.col.verdict")).text(6);
            for (FigureChange f : s.figures()) {
                table.row(title(f, text) + unit(f, s.unit()), value(f.base(), f, s.unit()),
                        value(f.news(), f, s.unit()), change(f.change(), f.changeUnit()), interval(f),
                        f.mde() == null ? NONE : String.format(Locale.ROOT, f.changeUnit().equals("pp") ? "%.2f %s"
                                : "%.1f %s", f.mde(), f.changeUnit()),
                        verdict(f.verdict(), text));
            }
            if (s.failed()) {
                table.note(text.get("compare.notCompared", s.reason()));
            }
            table.note(trials("BASE", s.base(), text) + " " + trials("NEW", s.news(), text));
            if (!s.figures().isEmpty() && s.figures().get(0).method() != null) {
                table.note(text.get("compare.intervals", figureMethod(s.figures().get(0).method(), s.base().size(),
                        s.news().size(), text)));
            }
            for (FigureChange f : s.figures()) {
                if (f.reason() != null) {
                    table.note(text.get("compare.figureReason", title(f, text), ChangeEstimator.ZERO_REASON.equals(
                            f.reason()) ? text.get("compare.reason.zero") : f.reason()));
                }
            }
            tables.add(table);
        }
        return tables;
    }

    /** A figure's name: the percentiles and TPS as they are, the others in {@code text}'s language. */
    static String title(FigureChange f, ReportText text) {
        String key = "compare.figure." + f.figure();
        return text.has(key) ? text.get(key) : f.title();
    }

    /** A verdict ({@code slower}, {@code no change}...) in {@code text}'s language. */
    static String verdict(String verdict, ReportText text) {
        String prefix = FigureChange.NOT_DETECTABLE + " (";
        if (verdict.startsWith(prefix) && verdict.endsWith(")")) { // not detectable (too few trials)
            return text.get("compare.verdict.not_detectable", verdict(verdict.substring(prefix.length(),
                    verdict.length() - 1), text));
        }
        String key = "compare.verdict." + verdict.replace(' ', '_');
        return text.has(key) ? text.get(key) : verdict;
    }

    /** How a figure's interval was made, said again from the trial counts when the model says what they give. */
    static String figureMethod(String method, int baseTrials, int newTrials, ReportText text) {
        return methodSentence(ReportText.english(), baseTrials, newTrials).equals(method)
                ? methodSentence(text, baseTrials, newTrials) : method;
    }

    private static String methodSentence(ReportText text, int baseTrials, int newTrials) {
        String said = text.get(baseTrials == 1 && newTrials == 1 ? "compare.method.within" : "compare.method.between",
                String.valueOf(baseTrials), String.valueOf(newTrials));
        if (baseTrials == 1 ^ newTrials == 1) {
            said += text.get(baseTrials == 1 ? "compare.method.baseOne" : "compare.method.newOne");
        }
        return said;
    }

    private static String trials(String side, List<ScenarioComparison.Trial> trials, ReportText text) {
        List<String> parts = new ArrayList<>();
        for (ScenarioComparison.Trial t : trials) {
            parts.add(text.get("compare.trial", t.source(), String.format(Locale.ROOT, "%,d", t.samples()),
                    String.format(Locale.ROOT, "%.1f", t.steadySeconds()), t.segments() == 0 ? ""
                            : text.get("compare.trial.blocks", String.valueOf(t.blockSegments()),
                                    String.valueOf(t.segmentMs()))));
        }
        return text.get("compare.trials", side, String.valueOf(trials.size()),
                String.join(text.get("list.semicolon"), parts));
    }

    private static String unit(FigureChange f, String unit) {
        switch (f.unit()) {
            case "us":
                return " (" + ("us".equals(unit) ? "\u00b5s" : "ms") + ")";
            case "/s":
                return " (/s)";
            default:
                return "";
        }
    }

    static String value(Double v, FigureChange f, String unit) {
        if (v == null) {
            return NONE;
        }
        switch (f.unit()) {
            case "us":
                return "us".equals(unit) ? String.format(Locale.ROOT, "%.0f", v)
                        : String.format(Locale.ROOT, "%.1f", v / 1000);
            case "/s":
                return String.format(Locale.ROOT, "%.1f", v);
            default:
                return String.format(Locale.ROOT, "%.2f", v);
        }
    }

    static String change(Double v, String unit) {
        return v == null ? NONE : signed(v, unit) + " " + unit;
    }

    static String interval(FigureChange f) {
        if (f.low() == null || f.high() == null) {
            return NONE;
        }
        return "[" + signed(f.low(), f.changeUnit()) + ", " + signed(f.high(), f.changeUnit()) + "] "
                + f.changeUnit();
    }

    /** With its sign, 1 decimal (2 for percentage points); what rounds to zero is "+0.0", never "-0.0". */
    static String signed(double v, String unit) {
        int decimals = unit.equals("pp") ? 2 : 1;
        double shown = Math.abs(v) < 0.5 * Math.pow(10, -decimals) ? 0 : v;
        return String.format(Locale.ROOT, "%+." + decimals + "f", shown);
    }
}
