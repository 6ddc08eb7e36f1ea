package io.dubbostress.report.gc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline analysis of one GC log: its pauses ({@link GcEvent}s) and what follows from them -- pause count, total,
 * mean, max and p99, GC throughput, allocation rate, heap peaks -- for the whole log and for any time window (a
 * scenario's). Saved as {@code <base>.analysis.json} next to the log (field names in docs/GC.md) and read back by
 * {@code stress report}.
 *
 * <pre>{@code
 * GcAnalysis analysis = new GcLogAnalyzer().analyze(Paths.get("run/gc/provider-gc.log"));
 * PauseStats whole = analysis.pauses();
 * PauseStats during = analysis.window(scenarioStartMs, scenarioEndMs); // null without wall-clock times
 * }</pre>
 */
public final class GcAnalysis {

    /** The value of the {@code schema} field; changes only when a field changes meaning or goes away. */
    public static final String SCHEMA = "dubbo-stress/gc-analysis/1";

    private final String log;
    private final String service;
    private final String parser;
    private final String format;
    private final String collector;
    private final List<GcEvent> events;
    private final long logStartEpochMs;
    private final long logEndEpochMs;

    /** {@code logStartEpochMs}/{@code logEndEpochMs}: the log's first and last wall-clock stamps, or UNKNOWN. */
    public GcAnalysis(String log, String service, String parser, String format, String collector,
                      List<GcEvent> events, long logStartEpochMs, long logEndEpochMs) {
        this.log = log;
        this.service = service;
        this.parser = parser;
        this.format = format;
        this.collector = collector;
        this.events = Collections.unmodifiableList(new ArrayList<>(events));
        this.logStartEpochMs = logStartEpochMs;
        this.logEndEpochMs = logEndEpochMs;
    }

    /** The log's first wall-clock stamp (about when the JVM started), or {@link GcEvent#UNKNOWN}. */
    public long logStartEpochMs() {
        return logStartEpochMs;
    }

    /** The log's last wall-clock stamp (about when the JVM stopped, or the log was copied), or UNKNOWN. */
    public long logEndEpochMs() {
        return logEndEpochMs;
    }

    /** The log's file name. */
    public String log() {
        return log;
    }

    public String service() {
        return service;
    }

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

    /** The pauses in log order. */
    public List<GcEvent> events() {
        return events;
    }

    /** Whether the events carry wall-clock times (decorator {@code time}, or {@code -XX:+PrintGCDateStamps}). */
    public boolean hasWallClock() {
        return !events.isEmpty() && events.stream().allMatch(e -> e.epochMs() != GcEvent.UNKNOWN);
    }

    /**
     * The span the log covers, in ms: from the JVM's start (uptime 0) to the end of the last pause; from the first
     * pause when the log has no uptime.
     */
    public double spanMs() {
        if (events.isEmpty()) {
            return 0;
        }
        GcEvent first = events.get(0);
        GcEvent last = events.get(events.size() - 1);
        double start = Math.min(0, first.uptimeSeconds() * 1000);
        return last.uptimeSeconds() * 1000 + last.pauseMs() - start;
    }

    /** Pause figures for the whole log. */
    public PauseStats pauses() {
        return PauseStats.of(events, spanMs());
    }

    /**
     * Pause figures for the pauses stamped within {@code [fromMs, toMs)}; null when the log has no wall clock, or when
     * the JVM was not running then (the window is outside the log's first and last stamps).
     */
    public PauseStats window(long fromMs, long toMs) {
        if (!hasWallClock()) {
            return null;
        }
        if (logStartEpochMs != GcEvent.UNKNOWN && logEndEpochMs != GcEvent.UNKNOWN
                && (toMs <= logStartEpochMs || fromMs > logEndEpochMs)) {
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
        Map<String, List<GcEvent>> groups = new LinkedHashMap<>();
        for (GcEvent event : events) {
            groups.computeIfAbsent(event.type(), t -> new ArrayList<>()).add(event);
        }
        Map<String, PauseStats> result = new LinkedHashMap<>();
        groups.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), PauseStats.of(e.getValue(), spanMs())))
                .sorted((a, b) -> Double.compare(b.getValue().totalMs(), a.getValue().totalMs()))
                .forEach(e -> result.put(e.getKey(), e.getValue()));
        return result;
    }

    /**
     * Bytes allocated by the application, estimated from the heap around the pauses: the heap in use before the first
     * pause, plus, for every later pause, how much the heap grew since the previous pause ended.
     */
    public long allocatedBytes() {
        long allocated = 0;
        long previousAfter = -1;
        for (GcEvent event : events) {
            if (event.heapBeforeBytes() < 0 || event.heapAfterBytes() < 0) {
                continue;
            }
            allocated += previousAfter < 0 ? event.heapBeforeBytes()
                    : Math.max(0, event.heapBeforeBytes() - previousAfter);
            previousAfter = event.heapAfterBytes();
        }
        return allocated;
    }

    /** {@link #allocatedBytes()} per second of {@link #spanMs()}. */
    public double allocationRateBytesPerSecond() {
        double span = spanMs();
        return span <= 0 ? 0 : allocatedBytes() * 1000.0 / span;
    }

    public long peakHeapBeforeGcBytes() {
        return events.stream().mapToLong(GcEvent::heapBeforeBytes).max().orElse(GcEvent.UNKNOWN);
    }

    public long peakHeapAfterGcBytes() {
        return events.stream().mapToLong(GcEvent::heapAfterBytes).max().orElse(GcEvent.UNKNOWN);
    }

    public long peakHeapCommittedBytes() {
        return events.stream().mapToLong(GcEvent::heapCommittedBytes).max().orElse(GcEvent.UNKNOWN);
    }

    /** The analysis as written to {@code <base>.analysis.json}. */
    public ObjectNode toJson() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("schema", SCHEMA);
        root.put("log", log);
        root.put("service", service);
        root.put("parser", parser);
        root.put("format", format);
        root.put("collector", collector);
        root.put("hasWallClock", hasWallClock());
        root.put("logStartEpochMs", logStartEpochMs);
        root.put("logEndEpochMs", logEndEpochMs);
        if (!events.isEmpty() && hasWallClock()) {
            root.put("firstEventEpochMs", events.get(0).epochMs());
            root.put("lastEventEpochMs", events.get(events.size() - 1).epochMs());
        }
        root.put("spanSeconds", round3(spanMs() / 1000));
        root.set("pauses", pauseJson(pauses()));
        root.put("throughputPercent", round3(pauses().throughputPercent()));
        root.put("allocatedBytes", allocatedBytes());
        root.put("allocationRateBytesPerSec", Math.round(allocationRateBytesPerSecond()));
        ObjectNode heap = root.putObject("heap");
        heap.put("peakBeforeGcBytes", peakHeapBeforeGcBytes());
        heap.put("peakAfterGcBytes", peakHeapAfterGcBytes());
        heap.put("peakCommittedBytes", peakHeapCommittedBytes());
        ArrayNode types = root.putArray("pauseTypes");
        byType().forEach((type, stats) -> {
            ObjectNode node = pauseJson(stats);
            node.put("type", type);
            types.add(node);
        });
        ArrayNode list = root.putArray("events");
        for (GcEvent event : events) {
            ObjectNode node = list.addObject();
            node.put("epochMs", event.epochMs());
            node.put("uptimeSeconds", round3(event.uptimeSeconds()));
            node.put("pauseMs", round3(event.pauseMs()));
            node.put("type", event.type());
            node.put("full", event.full());
            node.put("heapBeforeBytes", event.heapBeforeBytes());
            node.put("heapAfterBytes", event.heapAfterBytes());
            node.put("heapCommittedBytes", event.heapCommittedBytes());
        }
        return root;
    }

    /** Count, total, mean, max, p99 (ms) and full-collection figures, as in report.json and analysis.json. */
    public static ObjectNode pauseJson(PauseStats stats) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("count", stats.count());
        node.put("totalMs", round3(stats.totalMs()));
        node.put("meanMs", round3(stats.meanMs()));
        node.put("maxMs", round3(stats.maxMs()));
        node.put("p99Ms", round3(stats.p99Ms()));
        node.put("fullCount", stats.fullCount());
        node.put("fullTotalMs", round3(stats.fullTotalMs()));
        return node;
    }

    /** Reads an analysis written by {@link #toJson()}; a file of another schema is an IllegalArgumentException. */
    public static GcAnalysis fromJson(JsonNode root) {
        String schema = root.path("schema").asText("");
        if (!SCHEMA.equals(schema)) {
            throw new IllegalArgumentException("schema is '" + schema + "', expected '" + SCHEMA + "'");
        }
        List<GcEvent> events = new ArrayList<>();
        for (JsonNode node : root.path("events")) {
            events.add(new GcEvent(node.path("epochMs").asLong(GcEvent.UNKNOWN),
                    node.path("uptimeSeconds").asDouble(), node.path("pauseMs").asDouble(),
                    node.path("type").asText(""), node.path("full").asBoolean(),
                    node.path("heapBeforeBytes").asLong(GcEvent.UNKNOWN),
                    node.path("heapAfterBytes").asLong(GcEvent.UNKNOWN),
                    node.path("heapCommittedBytes").asLong(GcEvent.UNKNOWN)));
        }
        return new GcAnalysis(root.path("log").asText(""), root.path("service").asText(""),
                root.path("parser").asText(""), root.path("format").asText(""),
                root.path("collector").asText("unknown"), events,
                root.path("logStartEpochMs").asLong(GcEvent.UNKNOWN), root.path("logEndEpochMs").asLong(GcEvent.UNKNOWN));
    }

    static double round3(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
