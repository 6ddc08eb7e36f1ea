package io.dubbostress.gc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Analyses a GC log offline, one line at a time: JDK 9+ unified logs with our {@link UnifiedLogParser} (any collector,
 * any decorators, in constant memory), JDK 8 logs with GCViewer 1.36 ({@link Jdk8LogParser}). Every analysis checks
 * itself: a {@link PauseLineCounter} counts the log's pause lines independently, and a disagreement, an unknown
 * collector, or collections without any pause become {@link GcAnalysis#warnings() warnings}, never a silent zero. A
 * rotated log ({@link GcLogSet}) is read as one log in time order.
 *
 * <pre>{@code
 * GcAnalysis analysis = new GcLogAnalyzer().analyze(Paths.get("provider-gc.log"));
 * System.out.println(analysis.pauses().count() + " pauses, max " + analysis.pauses().maxMs() + " ms");
 * analysis.warnings().forEach(System.out::println);
 * GcAnalysis rotated = new GcLogAnalyzer().analyze(GcLogSet.rotated(List.of(gcLog, gcLog0, gcLog1)));
 * }</pre>
 */
public final class GcLogAnalyzer {

    /** The parser named in analyses of unified logs. */
    static final String UNIFIED_PARSER = "dubbo-stress unified-logging parser";
    /** How many pauses an analysis keeps one by one (for events[] and {@link GcAnalysis#window}); figures take all. */
    public static final int DEFAULT_EVENT_LIMIT = 200_000;

    private final int eventLimit;

    public GcLogAnalyzer() {
        this(DEFAULT_EVENT_LIMIT);
    }

    /** Keeps at most {@code eventLimit} pauses one by one; the figures always cover every pause. */
    public GcLogAnalyzer(int eventLimit) {
        this.eventLimit = eventLimit;
    }

    /** Analyses one log file; an unreadable or foreign file is a {@link GcException} naming it. */
    public GcAnalysis analyze(Path log) {
        return analyze(GcLogSet.of(log), Collections.emptyList());
    }

    public GcAnalysis analyze(GcLogSet set) {
        return analyze(set, Collections.emptyList());
    }

    /**
     * Analyses a log and, in the same pass, the pauses within each of {@code windows} (epoch ms, such as a scenario's
     * steady window): {@link GcAnalysis#window} answers for them even when the log has more pauses than are kept one
     * by one.
     */
    public GcAnalysis analyze(GcLogSet set, List<TimeWindow> windows) {
        boolean anyText = false;
        for (Path file : set.files()) {
            anyText |= check(file);
        }
        if (!anyText) {
            // one empty piece of a rotated set is the JVM's new current file, just rotated: only all empty is empty
            throw new GcException("GC log " + set.first() + (set.isRotated() ? " (and every piece of its set)" : "")
                    + " is empty");
        }
        GcLogFormat format;
        try {
            format = GcLogFormat.of(set);
        } catch (UncheckedIOException e) {
            throw unreadable(e);
        }
        List<RunPass> runs = new ArrayList<>();
        runs.add(new RunPass(format, windows, null));
        JvmRestarts restarts = format == GcLogFormat.UNIFIED ? new JvmRestarts() : null;
        Path[] previous = {null, null};
        try {
            set.forEachLine((file, line) -> {
                if (restarts != null) {
                    if (!file.equals(previous[0])) {
                        if (previous[0] != null) {
                            restarts.nextPiece();
                        }
                        previous[1] = previous[0];
                        previous[0] = file;
                    }
                    String why = restarts.line(line);
                    if (why != null) {
                        runs.add(new RunPass(format, windows, why + " in " + file.getFileName()));
                    }
                    String gap = restarts.takeGap();
                    // a piece cut short is said as such: the collections after its cut are not a piece missing
                    if (gap != null && (previous[1] == null
                            || !set.cutPieces().containsKey(previous[1].getFileName().toString()))) {
                        runs.get(runs.size() - 1).builder.warn("collections " + gap + " are in no piece of the set "
                                + "(before " + file.getFileName() + "): a piece is missing, and the figures cover "
                                + "the pieces there (its pauses are not in them, its time is in the span)");
                    }
                }
                runs.get(runs.size() - 1).line(file, line);
            });
        } catch (UncheckedIOException e) {
            throw unreadable(e);
        }
        RunPass last = runs.get(runs.size() - 1);
        List<GcAnalysis> earlier = new ArrayList<>();
        for (int i = 0; i < runs.size() - 1; i++) {
            earlier.add(runs.get(i).build(set, false, false));
        }
        GcAnalysis analysis = last.build(set, true, runs.size() == 1);
        if (!earlier.isEmpty()) {
            return analysis.withEarlierRuns(earlier, earlierRunsNote(set, runs, earlier));
        }
        return analysis;
    }

    /** "gc.log holds 2 JVM runs (...): this analysis is of the last one (...); the earlier one, analysed apart: ...". */
    private static String earlierRunsNote(GcLogSet set, List<RunPass> runs, List<GcAnalysis> earlier) {
        StringBuilder out = new StringBuilder(set.name() + " holds " + runs.size() + " JVM runs (a restarted JVM, or "
                + "logs joined), told apart by " + runs.get(runs.size() - 1).startReason + ": this analysis is of the "
                + "last one (" + String.join(", ", runs.get(runs.size() - 1).fileNames()) + "); the earlier "
                + (earlier.size() == 1 ? "one, analysed apart: " : "ones, each analysed apart: "));
        for (int i = 0; i < earlier.size(); i++) {
            GcAnalysis run = earlier.get(i);
            out.append(i == 0 ? "" : "; ").append(String.format(java.util.Locale.ROOT, "run %d (%s): %s, %d pauses, "
                    + "%.1f ms", i + 1, String.join(", ", run.files()), run.collector(), run.pauses().count(),
                    run.pauses().totalMs()));
        }
        return out.toString();
    }

    /** One JVM run's pass over its lines: its own counter, window, collector and figures. */
    private final class RunPass {
        final PauseLineCounter counter = new PauseLineCounter();
        final LogWindow window = new LogWindow();
        final CollectorDetector collector = new CollectorDetector();
        final GcAnalysisBuilder builder;
        final UnifiedLogParser unified;
        final GcLogFormat format;
        final String startReason;
        final java.util.Set<Path> files = new java.util.LinkedHashSet<>();

        RunPass(GcLogFormat format, List<TimeWindow> windows, String startReason) {
            this.format = format;
            this.startReason = startReason;
            this.builder = new GcAnalysisBuilder(eventLimit, windows);
            this.unified = format == GcLogFormat.UNIFIED ? new UnifiedLogParser(builder::add) : null;
        }

        void line(Path file, String line) {
            files.add(file);
            counter.line(line);
            window.line(line);
            collector.line(line);
            if (unified != null) {
                unified.line(line);
            }
        }

        List<String> fileNames() {
            List<String> names = new ArrayList<>();
            files.forEach(f -> names.add(f.getFileName().toString()));
            return names;
        }

        /**
         * The run's analysis; {@code whole}: the last run, which stands for the set (JDK 8 logs, copies, gaps);
         * {@code only}: the set's one run.
         */
        GcAnalysis build(GcLogSet set, boolean whole, boolean only) {
            // one run: the set, its empty pieces too (a current file just rotated); else the run's own files
            GcLogSet part = only || files.isEmpty() ? set : set.part(new ArrayList<>(files));
            window.finish();
            if (whole && counter.gcLines() == 0 && !window.startsAtJvmStart()
                    && CollectorDetector.UNKNOWN.equals(collector.collector())) {
                throw new GcException("GC log " + set.first() + " is not a GC log: no JDK 8 -XX:+PrintGCDetails or "
                        + "JDK 9+ -Xlog:gc line in it");
            }
            long stated;
            String parser;
            if (unified != null) {
                unified.finish();
                stated = unified.pauseLines();
                parser = UNIFIED_PARSER;
            } else if (format == GcLogFormat.JDK8 && counter.gcLines() > 0) {
                parser = Jdk8LogParser.PARSER;
                try {
                    stated = new Jdk8LogParser().parse(set, builder::add);
                } catch (IOException | RuntimeException e) {
                    stated = 0;
                    builder.warn("GCViewer could not read the log (" + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "): no figures");
                }
            } else {
                parser = format == GcLogFormat.JDK8 ? Jdk8LogParser.PARSER : format == GcLogFormat.UNIFIED
                        ? UNIFIED_PARSER : "none";
                stated = 0;
            }
            if (whole) {
                for (Map.Entry<String, String> piece : set.cutPieces().entrySet()) {
                    builder.warn(piece.getKey() + " could not be read to its end (" + piece.getValue() + "): the "
                            + "figures are partial, they cover what could be read of it and the other pieces");
                }
                if (!set.missing().isEmpty()) {
                    builder.warn(String.join(", ", set.missing()) + (set.missing().size() == 1 ? " is" : " are")
                            + " missing between the set's other pieces: the figures cover the pieces there (the "
                            + "missing pauses are not in them)");
                }
            }
            GcAnalysis analysis = builder.build(part, parser, format.description(), collector.collector(), window,
                    counter, stated);
            if (whole && !set.skipped().isEmpty()) {
                List<String> notes = new ArrayList<>();
                set.skipped().forEach((name, why) -> notes.add(name + " left out: " + why));
                analysis = analysis.withNotes(notes);
            }
            return analysis;
        }
    }

    private static GcException unreadable(UncheckedIOException e) {
        return new GcException("GC log " + e.getMessage() + " cannot be read: " + e.getCause().getClass().getSimpleName()
                + (e.getCause().getMessage() == null ? "" : " " + e.getCause().getMessage()));
    }

    /** A file of the log that is there and readable; whether it holds any byte. */
    private static boolean check(Path log) {
        if (Files.isDirectory(log)) {
            throw new GcException("GC log " + log + " is a folder; give the log files in it");
        }
        if (!Files.isRegularFile(log)) {
            throw new GcException("GC log " + log + " does not exist");
        }
        try {
            return Files.size(log) > 0;
        } catch (IOException e) {
            throw new GcException("GC log " + log + " cannot be read: " + e.getMessage());
        }
    }
}
