package io.dubbostress.gc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The table {@code stress gc} prints: one row per log, in Markdown so it pastes into a review as is. A log whose
 * analysis has warnings is marked: "NOT SURE" before its name, and each warning in the notes below the table.
 */
public final class GcTable {

    /** The mark of a row whose figures the analysis cannot vouch for. */
    public static final String NOT_SURE = "NOT SURE";

    private final List<String[]> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private static final String[] HEADER = {
        "log", "collector", "pauses", "total ms", "mean ms", "p99 ms", "max ms", "full GCs", "GC throughput %",
        "alloc MB/s", "heap peak before/after GC MB"};

    public void add(GcAnalysis analysis, GcEasyAnswer gcEasy) {
        for (int i = 0; i < analysis.earlierRuns().size(); i++) {
            // a JVM run before the one the log's analysis is of: its own row, above the current one
            GcAnalysis run = analysis.earlierRuns().get(i);
            row(run, run.log() + " earlier run " + (i + 1) + " of " + (analysis.earlierRuns().size() + 1) + " ("
                    + String.join(", ", run.files()) + ")");
            for (String warning : run.warnings()) {
                notes.add(run.log() + " earlier run " + (i + 1) + ": " + NOT_SURE + ": " + warning);
            }
        }
        row(analysis, analysis.log() + (analysis.files().size() > 1 ? " (" + analysis.files().size() + " files)"
                : ""));
        notesOf(analysis, gcEasy);
    }

    private void row(GcAnalysis analysis, String name) {
        PauseStats p = analysis.pauses();
        boolean sure = analysis.warnings().isEmpty();
        rows.add(new String[] {
            (sure ? "" : NOT_SURE + " ") + name,
            analysis.collector(), Integer.toString(p.count()), number(p.totalMs()),
            number(p.meanMs()), number(p.p99Ms()), number(p.maxMs()), Integer.toString(p.fullCount()),
            number(p.throughputPercent()), number(analysis.allocationRateBytesPerSecond() / (1024 * 1024)),
            megabytes(analysis.peakHeapBeforeGcBytes()) + " / " + megabytes(analysis.peakHeapAfterGcBytes())});
    }

    private void notesOf(GcAnalysis analysis, GcEasyAnswer gcEasy) {
        for (String warning : analysis.warnings()) {
            notes.add(analysis.log() + ": " + NOT_SURE + ": " + warning);
        }
        for (String note : analysis.notes()) {
            notes.add(analysis.log() + ": " + note);
        }
        if (!analysis.hasWallClock() && !analysis.events().isEmpty()) {
            notes.add(analysis.log() + ": no wall-clock times in the log (decorator 'time' or -XX:+PrintGCDateStamps),"
                    + " so stress report cannot attribute its pauses to scenarios");
        }
        if (gcEasy != null) {
            notes.add(analysis.log() + ": GCeasy: throughput " + number(gcEasy.throughputPercent()) + " %, mean pause "
                    + number(gcEasy.averagePauseMs()) + " ms, max pause " + number(gcEasy.maxPauseMs()) + " ms; "
                    + (gcEasy.isProblem() ? "problems: " + String.join(" | ", gcEasy.problems()) : "no problem found")
                    + (gcEasy.webReport().isEmpty() ? "" : "; report: " + gcEasy.webReport()));
        }
    }

    public void note(String note) {
        notes.add(note);
    }

    public String render() {
        StringBuilder out = new StringBuilder();
        out.append(row(HEADER)).append('\n');
        StringBuilder rule = new StringBuilder("|");
        for (int i = 0; i < HEADER.length; i++) {
            rule.append(i < 2 ? "---|" : "---:|");
        }
        out.append(rule).append('\n');
        for (String[] r : rows) {
            out.append(row(r)).append('\n');
        }
        if (!notes.isEmpty()) {
            out.append('\n');
            for (String note : notes) {
                out.append("- ").append(note).append('\n');
            }
        }
        return out.toString();
    }

    private static String row(String[] cells) {
        StringBuilder line = new StringBuilder("|");
        for (String cell : cells) {
            line.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        return line.toString();
    }

    /** Not measured (no pause to take a mean of, no span, no heap figure): the report's mark, not a zero. */
    public static final String NONE = "-";

    public static String number(double value) {
        if (Double.isNaN(value)) {
            return NONE;
        }
        return String.format(Locale.ROOT, value >= 100 ? "%.1f" : "%.2f", value);
    }

    private static String megabytes(long bytes) {
        return bytes < 0 ? NONE : String.format(Locale.ROOT, "%.1f", bytes / (1024.0 * 1024.0));
    }
}
