package io.dubbostress.report.compare;

import io.dubbostress.report.write.Table;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * compare.md (also printed): per scenario a table of figures, BASE and NEW side by side, the change with its interval,
 * the smallest change the data could have detected, and the verdict; then the gate and the warnings. The same
 * {@link Table}s make compare.html's tables.
 */
final class ComparisonMarkdown {

    static final String NONE = "-";

    private ComparisonMarkdown() {
    }

    static String render(Comparison c) {
        StringBuilder out = new StringBuilder();
        out.append("# dubbo-stress comparison\n\n");
        out.append("BASE: ").append(Table.markdownText(String.join(", ", c.base()))).append("  \n");
        out.append("NEW: ").append(Table.markdownText(String.join(", ", c.news()))).append("  \n");
        out.append("Generated: ").append(c.generatedAt()).append("\n\n");
        out.append(summary(c)).append("\n\n");
        for (Table table : tables(c)) {
            out.append(table.markdown()).append('\n');
        }
        if (c.gate() != null) {
            out.append("## Gate: --fail-on ").append(c.gate().limits()).append("\n\n");
            out.append(gateLine(c.gate())).append('\n');
            c.gate().crossed().forEach(line -> out.append("- ").append(Table.markdownText(line)).append('\n'));
            out.append('\n');
        }
        if (!c.warnings().isEmpty()) {
            out.append("## Warnings\n\n");
            c.warnings().forEach(w -> out.append("- ").append(Table.markdownText(w)).append('\n'));
            out.append('\n');
        }
        return out.toString();
    }

    /** "2 slower, 9 no change, ..." and how intervals are made. */
    static String summary(Comparison c) {
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
        return String.format(Locale.ROOT, "%d figure(s) worse, %d better, %d without a change detectable at this "
                + "noise, %d where no change could have been detected, %d not measured, over %d scenario(s)%s. %s.",
                worse, better, same, blind, unmeasured,
                c.scenarios().size(), c.failed().isEmpty() ? "" : " (" + c.failed().size() + " failed)", c.method());
    }

    /** 0.95 -> "95", 0.995 -> "99.5". */
    static String percent(double share) {
        return BigDecimal.valueOf(share * 100).setScale(2, RoundingMode.HALF_UP)
                .stripTrailingZeros().toPlainString();
    }

    static String gateLine(Comparison.Gate gate) {
        return gate.holds() ? "The gate holds: no limit crossed at this confidence (exit code 0)."
                : "The gate is crossed (exit code 1):";
    }

    static List<Table> tables(Comparison c) {
        List<Table> tables = new ArrayList<>();
        String confidence = percent(c.confidence()) + " % interval";
        for (ScenarioComparison s : c.scenarios()) {
            Table table = new Table(s.name() + (s.failed() ? " (failed)" : ""), 1, "figure", "BASE", "NEW",
                    "change", confidence, "smallest detectable", "verdict").text(6);
            for (FigureChange f : s.figures()) {
                table.row(f.title() + unit(f, s.unit()), value(f.base(), f, s.unit()), value(f.news(), f, s.unit()),
                        change(f.change(), f.changeUnit()), interval(f),
                        f.mde() == null ? NONE : String.format(Locale.ROOT, f.changeUnit().equals("pp") ? "%.2f %s"
                                : "%.1f %s", f.mde(), f.changeUnit()),
                        f.verdict());
            }
            if (s.failed()) {
                table.note("Not compared: " + s.reason());
            }
            table.note(trials("BASE", s.base()) + " " + trials("NEW", s.news()));
            if (!s.figures().isEmpty() && s.figures().get(0).method() != null) {
                table.note("Intervals: " + s.figures().get(0).method() + ".");
            }
            for (FigureChange f : s.figures()) {
                if (f.reason() != null) {
                    table.note(f.title() + ": " + f.reason() + ".");
                }
            }
            tables.add(table);
        }
        return tables;
    }

    private static String trials(String side, List<ScenarioComparison.Trial> trials) {
        StringBuilder out = new StringBuilder(side + ": " + trials.size() + " trial(s)");
        List<String> parts = new ArrayList<>();
        for (ScenarioComparison.Trial t : trials) {
            parts.add(String.format(Locale.ROOT, "%s %,d samples over %.1f s%s", t.source(), t.samples(),
                    t.steadySeconds(), t.segments() == 0 ? "" : String.format(Locale.ROOT, ", blocks of %d x %d ms",
                            t.blockSegments(), t.segmentMs())));
        }
        return out.append(" (").append(String.join("; ", parts)).append(").").toString();
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
