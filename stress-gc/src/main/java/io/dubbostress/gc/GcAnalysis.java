package io.dubbostress.gc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline analysis of one GC log (or rotated set): pause count, total, mean, max and p99, GC throughput over the
 * time the log covers, allocation rate, heap peaks, per pause type and per time window (a scenario's); which parser
 * read it, what the independent count of its pause lines says, and every doubt as a {@link #warnings() warning}.
 * A value: {@link GcAnalysisJson} writes it as {@code <base>.analysis.json} next to the log (field names in docs/GC.md)
 * and reads it back for {@code stress report}.
 *
 * <pre>{@code
 * GcAnalysis analysis = new GcLogAnalyzer().analyze(Paths.get("run/gc/provider-gc.log"));
 * PauseStats whole = analysis.pauses();
 * PauseStats during = analysis.window(scenarioStartMs, scenarioEndMs); // null without wall-clock times
 * if (!analysis.warnings().isEmpty()) { ... } // the figures are not sure
 * }</pre>
 */
public final class GcAnalysis {

    /**
     * Everything an analysis is made of, named one by one (the analyzer and {@link GcAnalysisJson} fill it):
     * {@code new GcAnalysis(new Parts().log("gc.log").collector("G1").pauses(stats)...)}.
     */
    static final class Parts {
        private String log = "";
        private String service = "";
        private String parser = "";
        private String format = "";
        private String collector = "unknown";
        private List<String> files = Collections.emptyList();
        private List<GcEvent> events = Collections.emptyList();
        private boolean eventsComplete = true;
        private boolean hasWallClock;
        private PauseStats pauses;
        private Map<String, PauseStats> byType = Collections.emptyMap();
        private Map<TimeWindow, PauseStats> windows = Collections.emptyMap();
        private long allocatedBytes;
        private long peakBefore = GcEvent.UNKNOWN;
        private long peakAfter = GcEvent.UNKNOWN;
        private long peakCommitted = GcEvent.UNKNOWN;
        private long logStartEpochMs = GcEvent.UNKNOWN;
        private long logEndEpochMs = GcEvent.UNKNOWN;
        private double spanMs;
        private long pauseLinesCounted;
        private List<String> warnings = Collections.emptyList();
        private List<String> notes = Collections.emptyList();
        private List<GcAnalysis> earlierRuns = Collections.emptyList();

        Parts log(String value) {
            log = value;
            return this;
        }

        Parts service(String value) {
            service = value;
            return this;
        }

        Parts parser(String value) {
            parser = value;
            return this;
        }

        Parts format(String value) {
            format = value;
            return this;
        }

        Parts collector(String value) {
            collector = value;
            return this;
        }

        Parts files(List<String> value) {
            files = value;
            return this;
        }

        /** The pauses kept one by one, and whether they are all of them. */
        Parts events(List<GcEvent> value, boolean complete) {
            events = value;
            eventsComplete = complete;
            return this;
        }

        Parts hasWallClock(boolean value) {
            hasWallClock = value;
            return this;
        }

        /** The whole log's pause figures, per pause type, and per window asked for. */
        Parts pauses(PauseStats all, Map<String, PauseStats> perType, Map<TimeWindow, PauseStats> perWindow) {
            pauses = all;
            byType = perType;
            windows = perWindow;
            return this;
        }

        Parts allocatedBytes(long value) {
            allocatedBytes = value;
            return this;
        }

        /** The heap's peaks: in use before and after a collection, committed; {@link GcEvent#UNKNOWN} when unknown. */
        Parts heapPeaks(long before, long after, long committed) {
            peakBefore = before;
            peakAfter = after;
            peakCommitted = committed;
            return this;
        }

        /** The log's first and last wall-clock stamps and the time it covers. */
        Parts span(long startEpochMs, long endEpochMs, double ms) {
            logStartEpochMs = startEpochMs;
            logEndEpochMs = endEpochMs;
            spanMs = ms;
            return this;
        }

        Parts pauseLinesCounted(long value) {
            pauseLinesCounted = value;
            return this;
        }

        Parts warnings(List<String> value) {
            warnings = value;
            return this;
        }

        Parts notes(List<String> value) {
            notes = value;
            return this;
        }

        /** The JVM runs before this one in the same log (a restart), each analysed apart. */
        Parts earlierRuns(List<GcAnalysis> value) {
            earlierRuns = value;
            return this;
        }
    }

    private final String log;
    private final String service;
    private final String parser;
    private final String format;
    private final String collector;
    private final List<String> files;
    private final List<GcEvent> events;
    private final boolean eventsComplete;
    private final boolean hasWallClock;
    private final PauseStats pauses;
    private final Map<String, PauseStats> byType;
    private final Map<TimeWindow, PauseStats> windows;
    private final long allocatedBytes;
    private final long peakBefore;
    private final long peakAfter;
    private final long peakCommitted;
    private final long logStartEpochMs;
    private final long logEndEpochMs;
    private final double spanMs;
    private final long pauseLinesCounted;
    private final List<String> warnings;
    private final List<String> notes;
    private final List<GcAnalysis> earlierRuns;
    private final Parts parts;

    GcAnalysis(Parts p) {
        if (p.pauses == null) {
            throw new IllegalArgumentException("an analysis needs its pause figures");
        }
        this.log = p.log;
        this.service = p.service;
        this.parser = p.parser;
        this.format = p.format;
        this.collector = p.collector;
        this.files = Collections.unmodifiableList(new ArrayList<>(p.files));
        this.events = Collections.unmodifiableList(new ArrayList<>(p.events));
        this.eventsComplete = p.eventsComplete;
        this.hasWallClock = p.hasWallClock;
        this.pauses = p.pauses;
        this.byType = Collections.unmodifiableMap(new LinkedHashMap<>(p.byType));
        this.windows = Collections.unmodifiableMap(new LinkedHashMap<>(p.windows));
        this.allocatedBytes = p.allocatedBytes;
        this.peakBefore = p.peakBefore;
        this.peakAfter = p.peakAfter;
        this.peakCommitted = p.peakCommitted;
        this.logStartEpochMs = p.logStartEpochMs;
        this.logEndEpochMs = p.logEndEpochMs;
        this.spanMs = p.spanMs;
        this.pauseLinesCounted = p.pauseLinesCounted;
        this.warnings = Collections.unmodifiableList(new ArrayList<>(p.warnings));
        this.notes = Collections.unmodifiableList(new ArrayList<>(p.notes));
        this.earlierRuns = Collections.unmodifiableList(new ArrayList<>(p.earlierRuns));
        this.parts = p;
    }

    /**
     * The JVM runs the log held before the one this analysis is of (a restarted JVM whose log became {@code gc.log.0},
     * logs joined with {@code cat}), oldest first, each analysed apart; empty for a log of one run.
     */
    public List<GcAnalysis> earlierRuns() {
        return earlierRuns;
    }

    /** This analysis with the earlier runs of its log, and the note that names them. */
    GcAnalysis withEarlierRuns(List<GcAnalysis> runs, String note) {
        List<String> more = new ArrayList<>(notes);
        more.add(0, note);
        return new GcAnalysis(parts.earlierRuns(runs).notes(more));
    }

    /** This analysis with more notes. */
    GcAnalysis withNotes(List<String> more) {
        List<String> all = new ArrayList<>(notes);
        all.addAll(more);
        return new GcAnalysis(parts.notes(all));
    }

    /** The log's file name (a rotated set's base name). */
    public String log() {
        return log;
    }

    public String service() {
        return service;
    }

    /** {@code dubbo-stress unified-logging parser} or {@code GCViewer 1.36}. */
    public String parser() {
        return parser;
    }

    public String format() {
        return format;
    }

    /** G1, Parallel, Serial, CMS, Shenandoah, ZGC, or "unknown". */
    public String collector() {
        return collector;
    }

    /** The files read, oldest first (one, or a rotated set's pieces). */
    public List<String> files() {
        return files;
    }

    /** The log's first wall-clock stamp (about when the JVM started), or {@link GcEvent#UNKNOWN}. */
    public long logStartEpochMs() {
        return logStartEpochMs;
    }

    /** The log's last wall-clock stamp (about when the JVM stopped, or the log was copied), or UNKNOWN. */
    public long logEndEpochMs() {
        return logEndEpochMs;
    }

    /** The pauses in log order, one by one: all of them when {@link #eventsComplete()}, else the first ones. */
    public List<GcEvent> events() {
        return events;
    }

    /** Whether {@link #events()} holds every pause (a huge log keeps only its first ones; the figures take all). */
    public boolean eventsComplete() {
        return eventsComplete;
    }

    /** Whether the pauses carry wall-clock times (decorator {@code time}, or {@code -XX:+PrintGCDateStamps}). */
    public boolean hasWallClock() {
        return hasWallClock;
    }

    /**
     * The time the log covers, ms: from the JVM's start (uptime 0) when the log begins with the JVM's header, else
     * from its first stamp, to its last stamp or the end of its last pause, whichever is later.
     */
    public double spanMs() {
        return spanMs;
    }

    /** Pause figures for the whole log. */
    public PauseStats pauses() {
        return pauses;
    }

    /** How many pauses the log's lines state, counted independently of the parser. */
    public long pauseLinesCounted() {
        return pauseLinesCounted;
    }

    /** Why the figures may be wrong (empty when the analysis vouches for them). */
    public List<String> warnings() {
        return warnings;
    }

    /** What the reader should know that does not make the figures doubtful (e.g. no collection yet). */
    public List<String> notes() {
        return notes;
    }

    /**
     * Pause figures for the pauses started within {@code [fromMs, toMs)}; null when the log has no wall clock, when
     * the JVM was not running then (the window is outside the log's first and last stamps), or when the log had more
     * pauses than were kept and the window was not asked for up front ({@link GcLogAnalyzer#analyze(GcLogSet, List)}).
     */
    public PauseStats window(long fromMs, long toMs) {
        // a window that ends before it starts (a scenario shorter than its warm-up) has no pause and no span
        PauseStats asked = toMs >= fromMs ? windows.get(new TimeWindow(fromMs, toMs)) : null;
        if (asked != null) {
            return asked;
        }
        if (!hasWallClock()) {
            return null;
        }
        if (logStartEpochMs != GcEvent.UNKNOWN && logEndEpochMs != GcEvent.UNKNOWN
                && (toMs <= logStartEpochMs || fromMs > logEndEpochMs)) {
            return null;
        }
        if (!eventsComplete) {
            return null;
        }
        List<GcEvent> inside = new ArrayList<>();
        for (GcEvent event : events) {
            if (event.epochMs() >= fromMs && event.epochMs() < toMs) {
                inside.add(event);
            }
        }
        return PauseStats.of(inside, Math.max(0, toMs - fromMs));
    }

    /** Pause figures per pause type, most total time first. */
    public Map<String, PauseStats> byType() {
        return byType;
    }

    /**
     * Bytes allocated by the application, estimated from the heap around the pauses: the heap in use before the first
     * pause, plus, for every later pause, how much the heap grew since the previous pause ended.
     */
    public long allocatedBytes() {
        return allocatedBytes;
    }

    /**
     * {@link #allocatedBytes()} per second of {@link #spanMs()}; NaN when the log shows no heap figure (no pause, or
     * pauses without heap sizes) or covers no time: an allocation rate it cannot give, not 0.
     */
    public double allocationRateBytesPerSecond() {
        return spanMs <= 0 || peakBefore == GcEvent.UNKNOWN ? Double.NaN : allocatedBytes * 1000.0 / spanMs;
    }

    public long peakHeapBeforeGcBytes() {
        return peakBefore;
    }

    public long peakHeapAfterGcBytes() {
        return peakAfter;
    }

    public long peakHeapCommittedBytes() {
        return peakCommitted;
    }

    /** The pause figures per window asked for up front ({@link GcLogAnalyzer#analyze(GcLogSet, List)}). */
    Map<TimeWindow, PauseStats> windows() {
        return windows;
    }
}
