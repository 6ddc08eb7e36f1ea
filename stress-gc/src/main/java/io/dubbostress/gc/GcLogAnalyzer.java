package io.dubbostress.gc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        PauseLineCounter counter = new PauseLineCounter();
        LogWindow window = new LogWindow();
        CollectorDetector collector = new CollectorDetector();
        GcAnalysisBuilder builder = new GcAnalysisBuilder(eventLimit, windows);
        UnifiedLogParser unified = format == GcLogFormat.UNIFIED ? new UnifiedLogParser(builder::add) : null;
        try {
            set.forEachLine(line -> {
                counter.line(line);
                window.line(line);
                collector.line(line);
                if (unified != null) {
                    unified.line(line);
                }
            });
        } catch (UncheckedIOException e) {
            throw unreadable(e);
        }
        window.finish();
        if (counter.gcLines() == 0 && !window.startsAtJvmStart()
                && CollectorDetector.UNKNOWN.equals(collector.collector())) {
            throw new GcException("GC log " + set.first() + " is not a GC log: no JDK 8 -XX:+PrintGCDetails or JDK 9+ "
                    + "-Xlog:gc line in it");
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
            parser = format == GcLogFormat.JDK8 ? Jdk8LogParser.PARSER : format == GcLogFormat.UNIFIED ? UNIFIED_PARSER
                    : "none";
            stated = 0;
        }
        for (Map.Entry<String, String> piece : set.cutPieces().entrySet()) {
            builder.warn(piece.getKey() + " could not be read to its end (" + piece.getValue() + "): the figures "
                    + "are partial, they cover what could be read of it and the other pieces");
        }
        return builder.build(set, parser, format.description(), collector.collector(), window, counter, stated);
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
