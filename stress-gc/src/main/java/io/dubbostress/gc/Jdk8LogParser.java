package io.dubbostress.gc;

import com.tagtraum.perf.gcviewer.imp.DataReaderFactory;
import com.tagtraum.perf.gcviewer.model.AbstractGCEvent;
import com.tagtraum.perf.gcviewer.model.GCEvent;
import com.tagtraum.perf.gcviewer.model.GCModel;
import com.tagtraum.perf.gcviewer.model.GCResource;
import com.tagtraum.perf.gcviewer.model.GcResourceFile;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * JDK 8 (and older) {@code -XX:+PrintGCDetails} logs, read by GCViewer 1.36 ({@code com.github.chewiebug:gcviewer},
 * LGPL 2.1, used unmodified as a library), which is exact on them once {@link Jdk8LogFilter} has removed what it
 * misreads, and with one correction: GCViewer splits a CMS remark that began with a scavenge
 * ({@code -XX:+CMSScavengeBeforeRemark}) into the scavenge and the rest of the remark; the JVM did one pause, the
 * remark's, which contains the scavenge. A CMS remark that GCViewer dates at or before the young collection it reported
 * just before is that case, and the two become one pause of their summed time (GCViewer gives the remark the rest).
 *
 * <p>Memory: GCViewer keeps every event of the log in its model (about a kilobyte each), so a JDK 8 log takes memory in
 * proportion to its collections, unlike unified logs ({@link UnifiedLogParser}).
 *
 * <pre>{@code
 * long gcViewerPauses = new Jdk8LogParser().parse(set, event -> stats.add(event));
 * }</pre>
 */
final class Jdk8LogParser {

    static final String PARSER = "GCViewer 1.36";

    /**
     * Parses the set's files in order and hands on its pauses; returns how many pauses GCViewer reported before the
     * correction (what the log's lines state). An unreadable log is an IOException.
     */
    long parse(GcLogSet set, Consumer<GcEvent> sink) throws IOException {
        GCResource resource = new GcResourceFile(set.first().toFile());
        Logger logger = resource.getLogger();
        logger.setLevel(Level.OFF);
        logger.setUseParentHandlers(false);
        List<InputStream> streams = new ArrayList<>();
        for (Path file : set.files()) {
            streams.add(new Jdk8LogFilter(set.open(file)));
        }
        GCModel model;
        try (InputStream in = new BufferedInputStream(new SequenceInputStream(Collections.enumeration(streams)))) {
            model = new DataReaderFactory().getDataReader(resource, in).read();
        } finally {
            for (InputStream stream : streams) {
                stream.close();
            }
        }
        long reported = 0;
        GcEvent pending = null;
        String pendingRawType = "";
        Iterator<AbstractGCEvent<?>> pauses = model.getStopTheWorldEvents();
        while (pauses.hasNext()) {
            AbstractGCEvent<?> raw = pauses.next();
            if (!(raw instanceof GCEvent)) { // VM operations ("application threads were stopped") are not GC pauses
                continue;
            }
            reported++;
            GcEvent event = toEvent(raw);
            String rawType = raw.getTypeAsString();
            if (pending != null && rawType.contains("CMS-remark") && pendingRawType.contains("ParNew")
                    && !pendingRawType.contains("CMS-remark")
                    && event.uptimeSeconds() <= pending.uptimeSeconds()) {
                pending = new GcEvent(event.epochMs(), event.uptimeSeconds(), pending.pauseMs() + event.pauseMs(),
                        event.type(), pending.full() || event.full(), pending.heapBeforeBytes(),
                        event.heapAfterBytes(), event.heapCommittedBytes());
                pendingRawType = rawType;
                continue;
            }
            if (pending != null) {
                sink.accept(pending);
            }
            pending = event;
            pendingRawType = rawType;
        }
        if (pending != null) {
            sink.accept(pending);
        }
        return reported;
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
}
