package io.dubbostress.gc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code <base>.analysis.json}, the saved {@link GcAnalysis} of a GC log: its only writer and reader, through the one
 * configured mapper ({@link Json#MAPPER}). The pauses are written and read one at a time ({@link EventJson}), so a
 * large analysis takes no more memory on disk's way than its events already do; the pause figures have one shape here
 * and in report.json ({@link PauseFigures}). Field names: docs/GC.md.
 *
 * <pre>{@code
 * try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(writer)) {
 *     GcAnalysisJson.write(analysis, g);
 * }
 * GcAnalysis again = GcAnalysisJson.read(Paths.get("run/gc/provider-gc.analysis.json"));
 * }</pre>
 */
public final class GcAnalysisJson {

    /** The value of the {@code schema} field; changes only when a field changes meaning or goes away. */
    public static final String SCHEMA = "dubbo-stress/gc-analysis/2";

    /** Values into the file's generator: no flush after each (the events would each cost a write to the file). */
    private static final ObjectWriter VALUES = Json.MAPPER.writer().without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
    private static final ObjectWriter EVENT_WRITER = VALUES.forType(EventJson.class);
    private static final ObjectReader EVENT_READER = Json.MAPPER.readerFor(EventJson.class);

    private GcAnalysisJson() {
    }

    /**
     * Count, total, mean, max, p99 (ms) and full-collection figures of a set of pauses, as analysis.json and
     * report.json write them; mean, max and p99 are null without a pause (there is none to take them of).
     */
    public record PauseFigures(int count, double totalMs, Double meanMs, Double maxMs, Double p99Ms, int fullCount,
                               double fullTotalMs) {

        public static PauseFigures of(PauseStats stats) {
            return new PauseFigures(stats.count(), round6(stats.totalMs()), orNull(round3(stats.meanMs())),
                    orNull(round6(stats.maxMs())), orNull(round3(stats.p99Ms())), stats.fullCount(),
                    round6(stats.fullTotalMs()));
        }

        /** The figures as they were over a span of {@code spanMs} (a file does not hold the span of each). */
        PauseStats stats(double spanMs) {
            return new PauseStats(count, totalMs, maxMs == null ? 0 : maxMs, p99Ms == null ? 0 : p99Ms, spanMs,
                    fullCount, fullTotalMs);
        }
    }

    /** A figure, or null where there is none (NaN). */
    private static Double orNull(double value) {
        return Double.isNaN(value) ? null : value;
    }

    /** One pause as the file holds it (times rounded to the nanosecond); a missing stamp or size is unknown. */
    record EventJson(Long epochMs, double uptimeSeconds, double pauseMs, String type, boolean full,
                     Long heapBeforeBytes, Long heapAfterBytes, Long heapCommittedBytes) {

        static EventJson of(GcEvent event) {
            return new EventJson(event.epochMs(), round6(event.uptimeSeconds()), round6(event.pauseMs()),
                    event.type(), event.full(), event.heapBeforeBytes(), event.heapAfterBytes(),
                    event.heapCommittedBytes());
        }

        GcEvent event() {
            return new GcEvent(known(epochMs), uptimeSeconds, pauseMs, type == null ? "" : type, full,
                    known(heapBeforeBytes), known(heapAfterBytes), known(heapCommittedBytes));
        }

        private static long known(Long value) {
            return value == null ? GcEvent.UNKNOWN : value;
        }
    }

    /** The figures of {@code stats} as a JSON object (report.json's GC sections). */
    public static ObjectNode pauseJson(PauseStats stats) {
        return Json.MAPPER.valueToTree(PauseFigures.of(stats));
    }

    /** The analysis as the file holds it, as a tree (for small logs and tests). */
    public static ObjectNode toTree(GcAnalysis analysis) {
        try (TokenBuffer buffer = new TokenBuffer(Json.MAPPER, false)) {
            write(analysis, buffer);
            return (ObjectNode) Json.MAPPER.readTree(buffer.asParser());
        } catch (IOException e) {
            throw new UncheckedIOException("an analysis always serialises", e);
        }
    }

    /**
     * Writes the analysis one field after the other: no tree of the events is built, so a large analysis is written in
     * the memory its events already take.
     */
    public static void write(GcAnalysis a, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("schema", SCHEMA);
        g.writeStringField("log", a.log());
        g.writeFieldName("files");
        VALUES.writeValue(g, a.files());
        g.writeStringField("service", a.service());
        g.writeStringField("parser", a.parser());
        g.writeStringField("format", a.format());
        g.writeStringField("collector", a.collector());
        g.writeFieldName("warnings");
        VALUES.writeValue(g, a.warnings());
        g.writeFieldName("notes");
        VALUES.writeValue(g, a.notes());
        g.writeNumberField("pauseLinesCounted", a.pauseLinesCounted());
        g.writeBooleanField("hasWallClock", a.hasWallClock());
        g.writeNumberField("logStartEpochMs", a.logStartEpochMs());
        g.writeNumberField("logEndEpochMs", a.logEndEpochMs());
        List<GcEvent> events = a.events();
        if (!events.isEmpty() && a.hasWallClock()) {
            g.writeNumberField("firstEventEpochMs", events.get(0).epochMs());
            if (a.eventsComplete()) {
                g.writeNumberField("lastEventEpochMs", events.get(events.size() - 1).epochMs());
            }
        }
        g.writeNumberField("spanSeconds", round3(a.spanMs() / 1000));
        g.writeFieldName("pauses");
        VALUES.writeValue(g, PauseFigures.of(a.pauses()));
        // null: no span to take the throughput over, no heap figure to estimate the allocation from
        g.writeFieldName("throughputPercent");
        VALUES.writeValue(g, orNull(round3(a.pauses().throughputPercent())));
        g.writeNumberField("allocatedBytes", a.allocatedBytes());
        double rate = a.allocationRateBytesPerSecond();
        g.writeFieldName("allocationRateBytesPerSec");
        VALUES.writeValue(g, Double.isNaN(rate) ? null : Math.round(rate));
        g.writeObjectFieldStart("heap");
        g.writeNumberField("peakBeforeGcBytes", a.peakHeapBeforeGcBytes());
        g.writeNumberField("peakAfterGcBytes", a.peakHeapAfterGcBytes());
        g.writeNumberField("peakCommittedBytes", a.peakHeapCommittedBytes());
        g.writeEndObject();
        g.writeArrayFieldStart("pauseTypes");
        for (Map.Entry<String, PauseStats> type : a.byType().entrySet()) {
            g.writeTree(pauseJson(type.getValue()).put("type", type.getKey()));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("windows");
        for (Map.Entry<TimeWindow, PauseStats> window : a.windows().entrySet()) {
            g.writeTree(pauseJson(window.getValue()).put("fromEpochMs", window.getKey().fromEpochMs())
                    .put("toEpochMs", window.getKey().toEpochMs()));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("earlierRuns");
        for (GcAnalysis run : a.earlierRuns()) {
            write(run, g);
        }
        g.writeEndArray();
        g.writeBooleanField("eventsComplete", a.eventsComplete());
        g.writeArrayFieldStart("events");
        for (GcEvent event : events) {
            EVENT_WRITER.writeValue(g, EventJson.of(event));
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * Reads a saved analysis one event at a time (the events are the bulk of a large file; the rest is small). A file of
     * another schema is an IllegalArgumentException.
     */
    public static GcAnalysis read(Path file) throws IOException {
        ObjectNode head = Json.MAPPER.createObjectNode();
        List<GcEvent> events = new ArrayList<>();
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(file.toFile())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException(file + " is not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("events".equals(field) && value == JsonToken.START_ARRAY) {
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        events.add(EVENT_READER.<EventJson>readValue(parser).event());
                    }
                } else {
                    head.set(field, Json.MAPPER.readTree(parser));
                }
            }
        }
        return fromTree(head, events);
    }

    /** Reads an analysis written by {@link #toTree}; a tree of another schema is an IllegalArgumentException. */
    public static GcAnalysis fromTree(JsonNode root) {
        List<GcEvent> events = new ArrayList<>();
        for (JsonNode node : root.path("events")) {
            events.add(Json.MAPPER.convertValue(node, EventJson.class).event());
        }
        return fromTree(root, events);
    }

    private static GcAnalysis fromTree(JsonNode root, List<GcEvent> events) {
        String schema = root.path("schema").asText("");
        if (!SCHEMA.equals(schema)) {
            throw new IllegalArgumentException("schema is '" + schema + "', expected '" + SCHEMA + "'");
        }
        double spanMs = root.path("spanSeconds").asDouble() * 1000;
        Map<String, PauseStats> types = new LinkedHashMap<>();
        for (JsonNode node : root.path("pauseTypes")) {
            types.put(node.path("type").asText(""), figures(node).stats(spanMs));
        }
        Map<TimeWindow, PauseStats> windows = new LinkedHashMap<>();
        for (JsonNode node : root.path("windows")) {
            TimeWindow window = new TimeWindow(node.path("fromEpochMs").asLong(), node.path("toEpochMs").asLong());
            windows.put(window, figures(node).stats(window.lengthMs()));
        }
        JsonNode heap = root.path("heap");
        return new GcAnalysis(new GcAnalysis.Parts()
                .log(root.path("log").asText(""))
                .service(root.path("service").asText(""))
                .parser(root.path("parser").asText(""))
                .format(root.path("format").asText(""))
                .collector(root.path("collector").asText("unknown"))
                .files(texts(root.path("files")))
                .events(events, root.path("eventsComplete").asBoolean(true))
                .hasWallClock(root.path("hasWallClock").asBoolean())
                .pauses(figures(root.path("pauses")).stats(spanMs), types, windows)
                .allocatedBytes(root.path("allocatedBytes").asLong())
                .heapPeaks(heap.path("peakBeforeGcBytes").asLong(GcEvent.UNKNOWN),
                        heap.path("peakAfterGcBytes").asLong(GcEvent.UNKNOWN),
                        heap.path("peakCommittedBytes").asLong(GcEvent.UNKNOWN))
                .span(root.path("logStartEpochMs").asLong(GcEvent.UNKNOWN),
                        root.path("logEndEpochMs").asLong(GcEvent.UNKNOWN), spanMs)
                .pauseLinesCounted(root.path("pauseLinesCounted").asLong())
                .warnings(texts(root.path("warnings")))
                .notes(texts(root.path("notes")))
                .earlierRuns(earlierRuns(root.path("earlierRuns"))));
    }

    private static List<GcAnalysis> earlierRuns(JsonNode array) {
        List<GcAnalysis> runs = new ArrayList<>();
        for (JsonNode run : array) {
            runs.add(fromTree(run));
        }
        return runs;
    }

    private static PauseFigures figures(JsonNode node) {
        return Json.MAPPER.convertValue(node, PauseFigures.class);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(n -> texts.add(n.asText()));
        return texts;
    }

    static double round3(double value) {
        return Double.isNaN(value) ? value : Math.round(value * 1000) / 1000.0;
    }

    static double round6(double value) {
        return Double.isNaN(value) ? value : Math.round(value * 1_000_000) / 1_000_000.0;
    }
}
