package io.dubbostress.gc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Gathers an analysis from a log's pauses as the parser hands them on, in memory that does not grow with the log:
 * the figures of all pauses, per pause type and per requested window ({@link PauseAccumulator}), the allocation
 * estimate and heap peaks, and the first {@code eventLimit} pauses one by one. Then it checks the result against the
 * independent count of pause lines and turns every doubt into a warning.
 */
final class GcAnalysisBuilder {

    /** Stamps have millisecond resolution: a pause may seem to outlast the log by that much. */
    private static final double STAMP_RESOLUTION_MS = 1;

    private final int eventLimit;
    private final PauseAccumulator all = new PauseAccumulator();
    private final Map<String, PauseAccumulator> byType = new LinkedHashMap<>();
    private final Map<TimeWindow, PauseAccumulator> windows = new LinkedHashMap<>();
    private final Map<String, String> typeNames = new HashMap<>(); // one String per type, however many pauses
    private final List<GcEvent> events = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private long omitted;
    private long allocated;
    private long previousAfter = -1;
    private long peakBefore = GcEvent.UNKNOWN;
    private long peakAfter = GcEvent.UNKNOWN;
    private long peakCommitted = GcEvent.UNKNOWN;
    private boolean allWallClock = true;
    private long firstEpoch = GcEvent.UNKNOWN;
    private long lastEpoch = GcEvent.UNKNOWN;
    private double firstStart = Double.MAX_VALUE;
    private double lastEnd = -Double.MAX_VALUE;

    GcAnalysisBuilder(int eventLimit, List<TimeWindow> requested) {
        this.eventLimit = eventLimit;
        for (TimeWindow window : requested) {
            windows.put(window, new PauseAccumulator());
        }
    }

    void add(GcEvent raw) {
        String type = typeNames.computeIfAbsent(raw.type(), t -> t);
        GcEvent event = type == raw.type() ? raw : new GcEvent(raw.epochMs(), raw.uptimeSeconds(), raw.pauseMs(),
                type, raw.full(), raw.heapBeforeBytes(), raw.heapAfterBytes(), raw.heapCommittedBytes());
        all.add(event);
        byType.computeIfAbsent(type, t -> new PauseAccumulator()).add(event);
        if (event.epochMs() == GcEvent.UNKNOWN) {
            allWallClock = false;
        } else {
            if (firstEpoch == GcEvent.UNKNOWN) {
                firstEpoch = event.epochMs();
            }
            lastEpoch = event.epochMs();
            for (Map.Entry<TimeWindow, PauseAccumulator> window : windows.entrySet()) {
                if (window.getKey().contains(event.epochMs())) {
                    window.getValue().add(event);
                }
            }
        }
        if (event.uptimeSeconds() != GcEvent.UNKNOWN) {
            firstStart = Math.min(firstStart, event.uptimeSeconds());
            lastEnd = Math.max(lastEnd, event.uptimeSeconds() + event.pauseMs() / 1000);
        }
        if (event.heapBeforeBytes() >= 0 && event.heapAfterBytes() >= 0) {
            allocated += previousAfter < 0 ? event.heapBeforeBytes()
                    : Math.max(0, event.heapBeforeBytes() - previousAfter);
            previousAfter = event.heapAfterBytes();
        }
        peakBefore = Math.max(peakBefore, event.heapBeforeBytes());
        peakAfter = Math.max(peakAfter, event.heapAfterBytes());
        peakCommitted = Math.max(peakCommitted, event.heapCommittedBytes());
        if (events.size() < eventLimit) {
            events.add(event);
        } else {
            omitted++;
        }
    }

    void warn(String warning) {
        warnings.add(warning);
    }

    GcAnalysis build(GcLogSet set, String parser, String format, String collector, LogWindow window,
                     PauseLineCounter counter, long statedByParser) {
        if (all.count() > 0 && lastEnd > -Double.MAX_VALUE) {
            window.cover(firstStart, lastEnd);
        }
        double spanMs = window.spanMs();
        PauseStats pauses = all.stats(spanMs);
        List<String> notes = new ArrayList<>();
        if (statedByParser != counter.pauseLines()) {
            warnings.add(String.format(Locale.ROOT, "the parser read %d pauses, the log's lines state %d: the figures "
                    + "are not sure", statedByParser, counter.pauseLines()));
        }
        if (all.count() == 0 && counter.gcLines() > 0) {
            warnings.add(counter.gcLines() + " lines speak of collections but none states a pause the analysis "
                    + "knows: no figures");
        } else if (all.count() == 0) {
            notes.add("no collection in the log yet (only the JVM's header)");
        }
        if (all.count() > 0 && CollectorDetector.UNKNOWN.equals(collector)) {
            warnings.add("the collector is unknown (no 'Using ...' header, no collector's own words in the log)");
        }
        if (spanMs > 0 && pauses.maxMs() > spanMs + STAMP_RESOLUTION_MS) {
            warnings.add(String.format(Locale.ROOT, "a pause of %.3f ms is longer than the %.3f ms the log covers",
                    pauses.maxMs(), spanMs));
        }
        if (omitted > 0) {
            notes.add(String.format(Locale.ROOT, "%d pauses kept one by one of %d (the figures take all of them)",
                    events.size(), events.size() + omitted));
        }
        Map<String, PauseStats> types = new LinkedHashMap<>();
        byType.entrySet().stream()
                .sorted((a, b) -> Double.compare(b.getValue().stats(spanMs).totalMs(),
                        a.getValue().stats(spanMs).totalMs()))
                .forEach(e -> types.put(e.getKey(), e.getValue().stats(spanMs)));
        Map<TimeWindow, PauseStats> windowStats = new LinkedHashMap<>();
        windows.forEach((w, acc) -> windowStats.put(w, acc.stats(w.lengthMs())));
        List<String> files = new ArrayList<>();
        set.files().forEach(f -> files.add(f.getFileName().toString()));
        long logStart = window.firstEpochMs() != GcLogLine.NO_EPOCH ? window.firstEpochMs() : firstEpoch;
        long logEnd = window.lastEpochMs() != GcLogLine.NO_EPOCH ? window.lastEpochMs() : lastEpoch;
        return new GcAnalysis(new GcAnalysis.Parts()
                .log(set.name())
                .service(GcLogFiles.service(set.first().resolveSibling(set.name())))
                .parser(parser)
                .format(format)
                .collector(collector)
                .files(files)
                .events(events, omitted == 0)
                .hasWallClock(allWallClock && all.count() > 0)
                .pauses(pauses, types, windowStats)
                .allocatedBytes(allocated)
                .heapPeaks(peakBefore, peakAfter, peakCommitted)
                .span(logStart, logEnd, spanMs)
                .pauseLinesCounted(counter.pauseLines())
                .warnings(warnings)
                .notes(notes));
    }
}
