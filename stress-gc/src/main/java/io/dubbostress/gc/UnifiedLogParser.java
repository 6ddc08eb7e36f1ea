package io.dubbostress.gc;

import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Our parser of JDK 9+ unified GC logs ({@code -Xlog:gc}, {@code -Xlog:gc*}, any decorators or none): every
 * collector states each stop-the-world pause in one line, "GC(12) Pause Young (Normal) (G1 Evacuation Pause)
 * 24M->4M(256M) 3.456ms" (G1, Parallel, Serial, CMS, Shenandoah) or "GC(12) y: Pause Mark Start 0.012ms" (ZGC,
 * generational ZGC's young and old prefixes too). It reads those lines, one at a time, and keeps nothing but the
 * previous pause, so any log size takes the same memory.
 *
 * <p>A pause's times are those of its start: the line's stamps minus the pause. JDK 9-11's Serial and CMS log a young
 * collection that turned into a full one as two lines, "GC(3) Pause Full ..." and then "GC(2) Pause Young ..." whose
 * time includes the full one's: that is one pause, the young line's, and a full one.
 *
 * <pre>{@code
 * UnifiedLogParser parser = new UnifiedLogParser(event -> stats.add(event));
 * for (String line : lines) { parser.line(line); }
 * parser.finish();
 * }</pre>
 */
final class UnifiedLogParser {

    /** The message of a pause's line, after the decorators. */
    private static final Pattern PAUSE = Pattern.compile(
            "^GC\\((\\d+)\\) (?:([yYoO]): )?(Pause .*?)"
                    + "(?: (\\d+)([BKMGT])->(\\d+)([BKMGT])\\((\\d+)([BKMGT])\\))? (\\d+[.,]\\d+)ms\\s*$");

    private final Consumer<GcEvent> sink;
    private GcEvent pending;
    private long pendingId = -1;
    private long pauseLines;

    UnifiedLogParser(Consumer<GcEvent> sink) {
        this.sink = sink;
    }

    void line(String text) {
        if (text.indexOf("Pause") < 0) {
            return;
        }
        GcLogLine line = GcLogLine.parse(text);
        Matcher m = PAUSE.matcher(line.message());
        if (!m.matches()) {
            return;
        }
        pauseLines++;
        long id = Long.parseLong(m.group(1));
        String type = (m.group(2) == null ? "" : generation(m.group(2)) + ": ") + m.group(3).trim();
        double ms = GcLogLine.number(m.group(10));
        long startEpoch = line.epochMs() == GcLogLine.NO_EPOCH ? GcEvent.UNKNOWN : line.epochMs() - Math.round(ms);
        double startUptime = line.uptimeSeconds() == GcLogLine.NO_UPTIME ? GcEvent.UNKNOWN
                : line.uptimeSeconds() - ms / 1000;
        boolean full = m.group(3).startsWith("Pause Full");
        long before = m.group(4) == null ? GcEvent.UNKNOWN : bytes(m.group(4), m.group(5));
        long after = m.group(6) == null ? GcEvent.UNKNOWN : bytes(m.group(6), m.group(7));
        long committed = m.group(8) == null ? GcEvent.UNKNOWN : bytes(m.group(8), m.group(9));
        GcEvent event = new GcEvent(startEpoch, startUptime, ms, type, full, before, after, committed);
        if (pending != null && id < pendingId && pending.full() && type.startsWith("Pause Young")) {
            // the full collection just logged happened inside this young one (JDK 9-11 Serial, CMS)
            pending = new GcEvent(startEpoch, startUptime, ms, type, true, before, after, committed);
            pendingId = id;
            return;
        }
        flush();
        pending = event;
        pendingId = id;
    }

    /** Hands on the last pause; call once after the last line. */
    void finish() {
        flush();
    }

    /** How many pause lines the log has (before a young line and the full one inside it become one pause). */
    long pauseLines() {
        return pauseLines;
    }

    private void flush() {
        if (pending != null) {
            sink.accept(pending);
            pending = null;
        }
    }

    private static String generation(String prefix) {
        switch (prefix) {
            case "y":
                return "Minor";
            case "Y":
                return "Major young";
            default:
                return "Major old";
        }
    }

    private static long bytes(String number, String unit) {
        long n = Long.parseLong(number);
        switch (unit) {
            case "K":
                return n * 1024;
            case "M":
                return n * 1024 * 1024;
            case "G":
                return n * 1024 * 1024 * 1024;
            case "T":
                return n * 1024L * 1024 * 1024 * 1024;
            default:
                return n;
        }
    }
}
