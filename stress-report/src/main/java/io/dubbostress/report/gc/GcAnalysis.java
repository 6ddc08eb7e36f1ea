package io.dubbostress.report.gc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline analysis of one GC log (or rotated set): pause count, total, mean, max and p99, GC throughput over the
 * time the log covers, allocation rate, heap peaks, per pause type and per time window (a scenario's); which parser
 * read it, what the independent count of its pause lines says, and every doubt as a {@link #warnings() warning}.
 * Saved as {@code <base>.analysis.json} next to the log (field names in docs/GC.md) and read back by
 * {@code stress report}.
 *
 * <pre>{@code
 * GcAnalysis analysis = new GcLogAnalyzer().analyze(Paths.get("run/gc/provider-gc.log"));
 * PauseStats whole = analysis.pauses();
 * PauseStats during = analysis.window(scenarioStartMs, scenarioEndMs); // null without wall-clock times
 * if (!analysis.warnings().isEmpty()) { ... } // the figures are not sure
 * }</pre>
 */
public final class GcAnalysis {

    /** The value of the {@code schema} field; changes only when a field changes meaning or goes away. */
    public static final String SCHEMA = "dubbo-stress/gc-analysis/2";

    /** Everything an analysis is made of (the analyzer and {@link #fromJson} fill it). */
    static final class Parts {
        final String log;
        final String service;
        final String parser;
        final String format;
        final String collector;
        final List<String> files;
        final List<GcEvent> events;
        final boolean eventsComplete;
        final boolean hasWallClock;
        final PauseStats pauses;
        final Map<String, PauseStats> byType;
        final Map<TimeWindow, PauseStats> windows;
        final long allocatedBytes;
        final long peakBefore;
        final long peakAfter;
        final long peakCommitted;
        final long logStartEpochMs;
        final long logEndEpochMs;
        final double spanMs;
        final long pauseLinesCounted;
        final List<String> warnings;
        final List<String> notes;

        Parts(String log, String service, String parser, String format, String collector, List<String> files,
              List<GcEvent> events, boolean eventsComplete, boolean hasWallClock, PauseStats pauses,
              Map<String, PauseStats> byType, Map<TimeWindow, PauseStats> windows, long allocatedBytes,
              long peakBefore, long peakAfter, long peakCommitted, long logStartEpochMs, long logEndEpochMs,
              double spanMs, long pauseLinesCounted, List<String> warnings, List<String> notes) {
            this.log = log;
            this.service = service;
            this.parser = parser;
            this.format = format;
            this.collector = collector;
            this.files = Collections.unmodifiableList(new ArrayList<>(files));
            this.events = Collections.unmodifiableList(new ArrayList<>(events));
            this.eventsComplete = eventsComplete;
            this.hasWallClock = hasWallClock;
            this.pauses = pauses;
            this.byType = Collections.unmodifiableMap(new LinkedHashMap<>(byType));
            this.windows = Collections.unmodifiableMap(new LinkedHashMap<>(windows));
            this.allocatedBytes = allocatedBytes;
            this.peakBefore = peakBefore;
            this.peakAfter = peakAfter;
            this.peakCommitted = peakCommitted;
            this.logStartEpochMs = logStartEpochMs;
            this.logEndEpochMs = logEndEpochMs;
            this.spanMs = spanMs;
            this.pauseLinesCounted = pauseLinesCounted;
            this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
            this.notes = Collections.unmodifiableList(new ArrayList<>(notes));
        }
    }

    private final Parts p;

    GcAnalysis(Parts parts) {
        this.p = parts;
    }

    /** The log's file name (a rotated set's base name). */
    public String log() {
        return p.log;
    }

    public String service() {
        return p.service;
    }

    /** {@code dubbo-stress unified-logging parser} or {@code GCViewer 1.36}. */
    public String parser() {
        return p.parser;
    }

    public String format() {
        return p.format;
    }

    /** G1, Parallel, Serial, CMS, Shenandoah, ZGC, or "unknown". */
    public String collector() {
        return p.collector;
    }

    /** The files read, oldest first (one, or a rotated set's pieces). */
    public List<String> files() {
        return p.files;
    }

    /** The log's first wall-clock stamp (about when the JVM started), or {@link GcEvent#UNKNOWN}. */
    public long logStartEpochMs() {
        return p.logStartEpochMs;
    }

    /** The log's last wall-clock stamp (about when the JVM stopped, or the log was copied), or UNKNOWN. */
    public long logEndEpochMs() {
        return p.logEndEpochMs;
    }

    /** The pauses in log order, one by one: all of them when {@link #eventsComplete()}, else the first ones. */
    public List<GcEvent> events() {
        return p.events;
    }

    /** Whether {@link #events()} holds every pause (a huge log keeps only its first ones; the figures take all). */
    public boolean eventsComplete() {
        return p.eventsComplete;
    }

    /** Whether the pauses carry wall-clock times (decorator {@code time}, or {@code -XX:+PrintGCDateStamps}). */
    public boolean hasWallClock() {
        return p.hasWallClock;
    }

    /**
     * The time the log covers, ms: from the JVM's start (uptime 0) when the log begins with the JVM's header, else
     * from its first stamp, to its last stamp or the end of its last pause, whichever is later.
     */
    public double spanMs() {
        return p.spanMs;
    }

    /** Pause figures for the whole log. */
    public PauseStats pauses() {
        return p.pauses;
    }

    /** How many pauses the log's lines state, counted independently of the parser. */
    public long pauseLinesCounted() {
        return p.pauseLinesCounted;
    }

    /** Why the figures may be wrong (empty when the analysis vouches for them). */
    public List<String> warnings() {
        return p.warnings;
    }

    /** What the reader should know that does not make the figures doubtful (e.g. no collection yet). */
    public List<String> notes() {
        return p.notes;
    }

    /**
     * Pause figures for the pauses started within {@code [fromMs, toMs)}; null when the log has no wall clock, when
     * the JVM was not running then (the window is outside the log's first and last stamps), or when the log had more
     * pauses than were kept and the window was not asked for up front ({@link GcLogAnalyzer#analyze(GcLogSet, List)}).
     */
    public PauseStats window(long fromMs, long toMs) {
        // a window that ends before it starts (a scenario shorter than its warm-up) has no pause and no span
        PauseStats asked = toMs >= fromMs ? p.windows.get(new TimeWindow(fromMs, toMs)) : null;
        if (asked != null) {
            return asked;
        }
        if (!hasWallClock()) {
            return null;
        }
        if (p.logStartEpochMs != GcEvent.UNKNOWN && p.logEndEpochMs != GcEvent.UNKNOWN
                && (toMs <= p.logStartEpochMs || fromMs > p.logEndEpochMs)) {
            return null;
        }
        if (!p.eventsComplete) {
            return null;
        }
        List<GcEvent> inside = new ArrayList<>();
        for (GcEvent event : p.events) {
            if (event.epochMs() >= fromMs && event.epochMs() < toMs) {
                inside.add(event);
            }
        }
        return PauseStats.of(inside, Math.max(0, toMs - fromMs));
    }

    /** Pause figures per pause type, most total time first. */
    public Map<String, PauseStats> byType() {
        return p.byType;
    }

    /**
     * Bytes allocated by the application, estimated from the heap around the pauses: the heap in use before the first
     * pause, plus, for every later pause, how much the heap grew since the previous pause ended.
     */
    public long allocatedBytes() {
        return p.allocatedBytes;
    }

    /**
     * {@link #allocatedBytes()} per second of {@link #spanMs()}; NaN when the log shows no heap figure (no pause, or
     * pauses without heap sizes) or covers no time: an allocation rate it cannot give, not 0.
     */
    public double allocationRateBytesPerSecond() {
        return p.spanMs <= 0 || p.peakBefore == GcEvent.UNKNOWN ? Double.NaN : p.allocatedBytes * 1000.0 / p.spanMs;
    }

    public long peakHeapBeforeGcBytes() {
        return p.peakBefore;
    }

    public long peakHeapAfterGcBytes() {
        return p.peakAfter;
    }

    public long peakHeapCommittedBytes() {
        return p.peakCommitted;
    }

    /** The analysis as written to {@code <base>.analysis.json}, as a tree (for small logs and tests). */
    public ObjectNode toJson() {
        ObjectMapper mapper = new ObjectMapper();
        try (TokenBuffer buffer = new TokenBuffer(mapper, false)) {
            writeJson(buffer);
            return (ObjectNode) mapper.readTree(buffer.asParser());
        } catch (IOException e) {
            throw new UncheckedIOException("an analysis always serialises", e);
        }
    }

    /**
     * Writes the analysis as {@code <base>.analysis.json} holds it, one field after the other: no tree of the events is
     * built, so a large analysis is written in the memory its events already take.
     */
    public void writeJson(JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("schema", SCHEMA);
        g.writeStringField("log", p.log);
        g.writeArrayFieldStart("files");
        for (String file : p.files) {
            g.writeString(file);
        }
        g.writeEndArray();
        g.writeStringField("service", p.service);
        g.writeStringField("parser", p.parser);
        g.writeStringField("format", p.format);
        g.writeStringField("collector", p.collector);
        g.writeArrayFieldStart("warnings");
        for (String warning : p.warnings) {
            g.writeString(warning);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("notes");
        for (String note : p.notes) {
            g.writeString(note);
        }
        g.writeEndArray();
        g.writeNumberField("pauseLinesCounted", p.pauseLinesCounted);
        g.writeBooleanField("hasWallClock", hasWallClock());
        g.writeNumberField("logStartEpochMs", p.logStartEpochMs);
        g.writeNumberField("logEndEpochMs", p.logEndEpochMs);
        if (!p.events.isEmpty() && hasWallClock()) {
            g.writeNumberField("firstEventEpochMs", p.events.get(0).epochMs());
            if (p.eventsComplete) {
                g.writeNumberField("lastEventEpochMs", p.events.get(p.events.size() - 1).epochMs());
            }
        }
        g.writeNumberField("spanSeconds", round3(p.spanMs / 1000));
        g.writeFieldName("pauses");
        g.writeTree(pauseJson(p.pauses));
        if (Double.isNaN(p.pauses.throughputPercent())) {
            g.writeNullField("throughputPercent");
        } else {
            g.writeNumberField("throughputPercent", round3(p.pauses.throughputPercent()));
        }
        g.writeNumberField("allocatedBytes", p.allocatedBytes);
        if (Double.isNaN(allocationRateBytesPerSecond())) {
            g.writeNullField("allocationRateBytesPerSec");
        } else {
            g.writeNumberField("allocationRateBytesPerSec", Math.round(allocationRateBytesPerSecond()));
        }
        g.writeObjectFieldStart("heap");
        g.writeNumberField("peakBeforeGcBytes", p.peakBefore);
        g.writeNumberField("peakAfterGcBytes", p.peakAfter);
        g.writeNumberField("peakCommittedBytes", p.peakCommitted);
        g.writeEndObject();
        g.writeArrayFieldStart("pauseTypes");
        for (Map.Entry<String, PauseStats> type : p.byType.entrySet()) {
            ObjectNode node = pauseJson(type.getValue());
            node.put("type", type.getKey());
            g.writeTree(node);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("windows");
        for (Map.Entry<TimeWindow, PauseStats> window : p.windows.entrySet()) {
            ObjectNode node = pauseJson(window.getValue());
            node.put("fromEpochMs", window.getKey().fromEpochMs());
            node.put("toEpochMs", window.getKey().toEpochMs());
            g.writeTree(node);
        }
        g.writeEndArray();
        g.writeBooleanField("eventsComplete", p.eventsComplete);
        g.writeArrayFieldStart("events");
        for (GcEvent event : p.events) {
            g.writeStartObject();
            g.writeNumberField("epochMs", event.epochMs());
            g.writeNumberField("uptimeSeconds", round6(event.uptimeSeconds()));
            g.writeNumberField("pauseMs", round6(event.pauseMs()));
            g.writeStringField("type", event.type());
            g.writeBooleanField("full", event.full());
            g.writeNumberField("heapBeforeBytes", event.heapBeforeBytes());
            g.writeNumberField("heapAfterBytes", event.heapAfterBytes());
            g.writeNumberField("heapCommittedBytes", event.heapCommittedBytes());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** Count, total, mean, max, p99 (ms) and full-collection figures, as in report.json and analysis.json. */
    public static ObjectNode pauseJson(PauseStats stats) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("count", stats.count());
        node.put("totalMs", round6(stats.totalMs()));
        putOrNull(node, "meanMs", round3(stats.meanMs()));
        putOrNull(node, "maxMs", round6(stats.maxMs()));
        putOrNull(node, "p99Ms", round3(stats.p99Ms()));
        node.put("fullCount", stats.fullCount());
        node.put("fullTotalMs", round6(stats.fullTotalMs()));
        return node;
    }

    /** A figure, {@code null} when there is none (NaN: no pause to take a mean or maximum of). */
    private static void putOrNull(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static PauseStats pauseStats(JsonNode node, double spanMs) {
        return new PauseStats(node.path("count").asInt(), node.path("totalMs").asDouble(),
                node.path("maxMs").asDouble(), node.path("p99Ms").asDouble(), spanMs, node.path("fullCount").asInt(),
                node.path("fullTotalMs").asDouble());
    }

    /**
     * Reads {@code <base>.analysis.json} one event at a time (the events are the bulk of a large file; the rest is
     * small). A file of another schema is an IllegalArgumentException.
     */
    public static GcAnalysis read(Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        List<GcEvent> events = new ArrayList<>();
        try (JsonParser parser = mapper.getFactory().createParser(file.toFile())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException(file + " is not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.getCurrentName();
                JsonToken value = parser.nextToken();
                if ("events".equals(field) && value == JsonToken.START_ARRAY) {
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        events.add(event(mapper.readTree(parser)));
                    }
                } else {
                    root.set(field, mapper.readTree(parser));
                }
            }
        }
        return fromJson(root, events);
    }

    /** Reads an analysis written by {@link #toJson()}; a file of another schema is an IllegalArgumentException. */
    public static GcAnalysis fromJson(JsonNode root) {
        List<GcEvent> events = new ArrayList<>();
        for (JsonNode node : root.path("events")) {
            events.add(event(node));
        }
        return fromJson(root, events);
    }

    private static GcEvent event(JsonNode node) {
        return new GcEvent(node.path("epochMs").asLong(GcEvent.UNKNOWN),
                node.path("uptimeSeconds").asDouble(), node.path("pauseMs").asDouble(),
                node.path("type").asText(""), node.path("full").asBoolean(),
                node.path("heapBeforeBytes").asLong(GcEvent.UNKNOWN),
                node.path("heapAfterBytes").asLong(GcEvent.UNKNOWN),
                node.path("heapCommittedBytes").asLong(GcEvent.UNKNOWN));
    }

    private static GcAnalysis fromJson(JsonNode root, List<GcEvent> events) {
        String schema = root.path("schema").asText("");
        if (!SCHEMA.equals(schema)) {
            throw new IllegalArgumentException("schema is '" + schema + "', expected '" + SCHEMA + "'");
        }
        double spanMs = root.path("spanSeconds").asDouble() * 1000;
        Map<String, PauseStats> types = new LinkedHashMap<>();
        for (JsonNode node : root.path("pauseTypes")) {
            types.put(node.path("type").asText(""), pauseStats(node, spanMs));
        }
        Map<TimeWindow, PauseStats> windows = new LinkedHashMap<>();
        for (JsonNode node : root.path("windows")) {
            TimeWindow window = new TimeWindow(node.path("fromEpochMs").asLong(), node.path("toEpochMs").asLong());
            windows.put(window, pauseStats(node, window.lengthMs()));
        }
        List<String> files = new ArrayList<>();
        root.path("files").forEach(n -> files.add(n.asText()));
        List<String> warnings = new ArrayList<>();
        root.path("warnings").forEach(n -> warnings.add(n.asText()));
        List<String> notes = new ArrayList<>();
        root.path("notes").forEach(n -> notes.add(n.asText()));
        JsonNode heap = root.path("heap");
        return new GcAnalysis(new Parts(root.path("log").asText(""), root.path("service").asText(""),
                root.path("parser").asText(""), root.path("format").asText(""),
                root.path("collector").asText("unknown"), files, events, root.path("eventsComplete").asBoolean(true),
                root.path("hasWallClock").asBoolean(), pauseStats(root.path("pauses"), spanMs), types, windows,
                root.path("allocatedBytes").asLong(), heap.path("peakBeforeGcBytes").asLong(GcEvent.UNKNOWN),
                heap.path("peakAfterGcBytes").asLong(GcEvent.UNKNOWN),
                heap.path("peakCommittedBytes").asLong(GcEvent.UNKNOWN),
                root.path("logStartEpochMs").asLong(GcEvent.UNKNOWN), root.path("logEndEpochMs").asLong(GcEvent.UNKNOWN),
                spanMs, root.path("pauseLinesCounted").asLong(), warnings, notes));
    }

    static double round3(double value) {
        return Double.isNaN(value) ? value : Math.round(value * 1000) / 1000.0;
    }

    static double round6(double value) {
        return Double.isNaN(value) ? value : Math.round(value * 1_000_000) / 1_000_000.0;
    }
}
