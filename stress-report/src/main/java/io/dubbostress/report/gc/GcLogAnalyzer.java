package io.dubbostress.report.gc;

import io.dubbostress.report.UserError;

import com.tagtraum.perf.gcviewer.imp.DataReaderException;
import com.tagtraum.perf.gcviewer.imp.DataReaderFacade;
import com.tagtraum.perf.gcviewer.model.AbstractGCEvent;
import com.tagtraum.perf.gcviewer.model.GCEvent;
import com.tagtraum.perf.gcviewer.model.GCModel;
import com.tagtraum.perf.gcviewer.model.GCResource;
import com.tagtraum.perf.gcviewer.model.GcResourceFile;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Analyses a GC log offline with GCViewer 1.36 ({@code com.github.chewiebug:gcviewer}, LGPL 2.1, used as a library):
 * JDK 8 {@code -XX:+PrintGCDetails} logs and JDK 9+ unified {@code -Xlog:gc*} logs, G1, Parallel, Serial, CMS and
 * more. GCViewer's pause count and total were checked against the log's own pause lines (see GcLogAnalyzerIT);
 * its warnings about lines it does not need (phases, metaspace) are silenced.
 *
 * <pre>{@code
 * GcAnalysis analysis = new GcLogAnalyzer().analyze(Paths.get("provider-gc.log"));
 * System.out.println(analysis.pauses().count() + " pauses, max " + analysis.pauses().maxMs() + " ms");
 * }</pre>
 */
public final class GcLogAnalyzer {

    static final String PARSER = "GCViewer 1.36";
    private static final int COLLECTOR_PROBE_LINES = 400;
    private static final int TAIL_BYTES = 64 * 1024;
    private static final Pattern WALL_CLOCK =
            Pattern.compile("^\\[?(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4})[\\]:]");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    /** Analyses one log; an unreadable or unrecognised file is a {@link UserError} naming it. */
    public GcAnalysis analyze(Path log) {
        if (Files.isDirectory(log)) {
            throw new UserError("GC log " + log + " is a folder; give the log files in it");
        }
        if (!Files.isRegularFile(log)) {
            throw new UserError("GC log " + log + " does not exist");
        }
        try {
            if (Files.size(log) == 0) {
                throw new UserError("GC log " + log + " is empty");
            }
        } catch (IOException e) {
            throw new UserError("GC log " + log + " cannot be read: " + e.getMessage());
        }
        GCResource resource = new GcResourceFile(log.toFile());
        Logger logger = resource.getLogger();
        logger.setLevel(Level.OFF);
        logger.setUseParentHandlers(false);
        GCModel model;
        try {
            model = new DataReaderFacade().loadModel(resource);
        } catch (DataReaderException | RuntimeException e) {
            throw new UserError("GC log " + log + " is not in a format GCViewer knows (JDK 8 -XX:+PrintGCDetails or "
                    + "JDK 9+ -Xlog:gc*)" + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        if (model == null || model.getFormat() == null) {
            throw new UserError("GC log " + log + " is not in a format GCViewer knows (JDK 8 -XX:+PrintGCDetails or "
                    + "JDK 9+ -Xlog:gc*)");
        }
        List<GcEvent> events = new ArrayList<>();
        Iterator<AbstractGCEvent<?>> pauses = model.getStopTheWorldEvents();
        while (pauses.hasNext()) {
            AbstractGCEvent<?> event = pauses.next();
            if (event instanceof GCEvent) { // VM operations ("application threads were stopped") are not GC pauses
                events.add(toEvent(event));
            }
        }
        long[] stamps = wallClockSpan(log);
        return new GcAnalysis(log.getFileName().toString(), GcLogFiles.service(log), PARSER,
                model.getFormat().toString(), collector(log), events, stamps[0], stamps[1]);
    }

    /**
     * The first and last wall-clock stamps of the log's lines ({@code [2026-11-21T10:00:00.123+0000]...} in a unified
     * log, {@code 2026-11-21T10:00:00.123+0000: 1.234: [...} in a JDK 8 one): when the JVM was running. UNKNOWN for
     * a log without them.
     */
    static long[] wallClockSpan(Path log) {
        long first = GcEvent.UNKNOWN;
        long last = GcEvent.UNKNOWN;
        try (BufferedReader reader = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1)) {
            String line;
            int n = 0;
            while (first == GcEvent.UNKNOWN && (line = reader.readLine()) != null && n++ < COLLECTOR_PROBE_LINES) {
                first = stamp(line);
            }
        } catch (IOException e) {
            return new long[] {GcEvent.UNKNOWN, GcEvent.UNKNOWN};
        }
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(log.toFile(), "r")) {
            long from = Math.max(0, file.length() - TAIL_BYTES);
            byte[] tail = new byte[(int) (file.length() - from)];
            file.seek(from);
            file.readFully(tail);
            String[] lines = new String(tail, StandardCharsets.ISO_8859_1).split("\n");
            for (int i = lines.length - 1; i >= 0 && last == GcEvent.UNKNOWN; i--) {
                last = stamp(lines[i]);
            }
        } catch (IOException e) {
            return new long[] {first, GcEvent.UNKNOWN};
        }
        return new long[] {first, last};
    }

    private static long stamp(String line) {
        Matcher m = WALL_CLOCK.matcher(line);
        if (!m.find()) {
            return GcEvent.UNKNOWN;
        }
        try {
            return OffsetDateTime.parse(m.group(1), STAMP).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            return GcEvent.UNKNOWN;
        }
    }

    private static GcEvent toEvent(AbstractGCEvent<?> event) {
        ZonedDateTime date = event.getDatestamp();
        boolean memory = event.hasMemoryInformation();
        return new GcEvent(date == null ? GcEvent.UNKNOWN : date.toInstant().toEpochMilli(),
                event.getTimestamp(),
                event.getPause() * 1000,
                typeName(event.getTypeAsString()),
                event.isFull(),
                memory ? event.getPreUsed() * 1024L : GcEvent.UNKNOWN,
                memory ? event.getPostUsed() * 1024L : GcEvent.UNKNOWN,
                memory && event.getTotal() > 0 ? event.getTotal() * 1024L : GcEvent.UNKNOWN);
    }

    /** GCViewer appends the sub-events it merged ("; Eden regions:; Metaspace:"): the pause's own name is first. */
    static String typeName(String gcViewerType) {
        int semicolon = gcViewerType.indexOf(';');
        return (semicolon < 0 ? gcViewerType : gcViewerType.substring(0, semicolon)).trim();
    }

    /** The collector, from the log's own words: "Using G1" (unified) or the flags and event names of a JDK 8 log. */
    static String collector(Path log) {
        try (BufferedReader reader = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1)) {
            String line;
            int n = 0;
            while ((line = reader.readLine()) != null && n++ < COLLECTOR_PROBE_LINES) {
                String lower = line.toLowerCase(Locale.ROOT);
                if (lower.contains("using g1") || lower.contains("+useg1gc") || lower.contains("gc pause (g1")) {
                    return "G1";
                }
                if (lower.contains("using parallel") || lower.contains("+useparallelgc")
                        || lower.contains("psyounggen")) {
                    return "Parallel";
                }
                if (lower.contains("using shenandoah") || lower.contains("+useshenandoahgc")) {
                    return "Shenandoah";
                }
                if (lower.contains("using the z garbage collector") || lower.contains("+usezgc")) {
                    return "ZGC";
                }
                if (lower.contains("+useconcmarksweepgc") || lower.contains("cms-initial-mark")
                        || lower.contains("parnew")) {
                    return "CMS";
                }
                if (lower.contains("using serial") || lower.contains("+useserialgc") || lower.contains("defnew")) {
                    return "Serial";
                }
            }
        } catch (IOException e) {
            return "unknown";
        }
        return "unknown";
    }
}
