package io.dubbostress.gc;

import java.util.Locale;

/**
 * Names the collector from the log's own words: unified logging's "Using G1" header, JDK 8's command-line flags, or,
 * for a piece of a rotated log without its header, the names only one collector uses (G1's "G1 Evacuation Pause",
 * Shenandoah's "Pause Init Mark" or "Pause Degenerated GC", ZGC's "Pause Mark Start", Parallel's "PSYoungGen", Serial's "DefNew", CMS's
 * "ParNew"). "unknown" when nothing says.
 *
 * <pre>{@code
 * CollectorDetector detector = new CollectorDetector();
 * set.forEachLine(detector::line);
 * detector.collector(); // "G1"
 * }</pre>
 */
final class CollectorDetector {

    static final String UNKNOWN = "unknown";

    private String fromHeader;
    private String fromWords;

    void line(String text) {
        if (fromHeader != null) {
            return;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        String header = header(lower);
        if (header != null) {
            fromHeader = header;
            return;
        }
        if (fromWords == null) {
            fromWords = words(lower);
        }
    }

    /** G1, Parallel, Serial, CMS, Shenandoah, ZGC, or {@link #UNKNOWN}. */
    String collector() {
        return fromHeader != null ? fromHeader : fromWords != null ? fromWords : UNKNOWN;
    }

    private static String header(String lower) {
        if (lower.contains("using g1") || lower.contains("+useg1gc")) {
            return "G1";
        }
        if (lower.contains("using parallel") || lower.contains("+useparallelgc") || lower.contains("+useparalleloldgc")) {
            return "Parallel";
        }
        if (lower.contains("using serial") || lower.contains("+useserialgc")) {
            return "Serial";
        }
        if (lower.contains("using concurrent mark sweep") || lower.contains("+useconcmarksweepgc")) {
            return "CMS";
        }
        if (lower.contains("using shenandoah") || lower.contains("+useshenandoahgc")) {
            return "Shenandoah";
        }
        if (lower.contains("using the z garbage collector") || lower.contains("+usezgc")) {
            return "ZGC";
        }
        return null;
    }

    private static String words(String lower) {
        if (lower.contains("g1 evacuation pause") || lower.contains("g1 compaction") || lower.contains("[gc pause (")
                || lower.contains("pause remark") || lower.contains("g1 humongous") || lower.contains("g1 preventive")
                || lower.contains("[gc remark") || lower.contains("[gc cleanup")) {
            return "G1";
        }
        if (lower.contains("pause init mark") || lower.contains("pause final mark")
                || lower.contains("pause init update refs") || lower.contains("pause degenerated gc")
                || lower.contains("cancelling concurrent gc") || lower.contains("concurrent evacuation")) {
            return "Shenandoah";
        }
        if (lower.contains("pause mark start") || lower.contains("pause relocate start")) {
            return "ZGC";
        }
        if (lower.contains("psyounggen") || lower.contains("paroldgen") || lower.contains("psoldgen")) {
            return "Parallel";
        }
        if (lower.contains("parnew") || lower.contains("cms-initial-mark") || lower.contains("cms initial mark")
                || lower.contains("[cms") || lower.contains("cms-remark") || lower.contains("cms final remark")
                || lower.contains("concurrent mode failure")) {
            return "CMS";
        }
        if (lower.contains("defnew") || lower.contains("[tenured")) {
            return "Serial";
        }
        return null;
    }
}
