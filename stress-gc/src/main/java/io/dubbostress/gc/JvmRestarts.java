package io.dubbostress.gc;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a new JVM begins in a unified log read line by line (a restarted JVM whose predecessor's log became
 * {@code gc.log.0}, two logs joined with {@code cat}): the JVM's header again ({@code Using G1}), the uptime back by more
 * than a tenth of a second (a JVM's uptime only grows; lines of one moment may be printed a few ms out of order), or the GC ids
 * starting again at {@code GC(0)} after ten or more collections (a concurrent cycle's lines may come after later ids,
 * never after ten). Also the collections missing between two pieces of one run: the next piece's first GC id beyond
 * the last one seen plus one.
 *
 * <pre>{@code
 * JvmRestarts restarts = new JvmRestarts();
 * String why = restarts.line(text);   // non-null: a new JVM starts at this line, and why
 * }</pre>
 */
final class JvmRestarts {

    private static final Pattern HEADER = Pattern.compile("\\] Using ([A-Z][A-Za-z0-9 ]*)");
    private static final Pattern GC_ID = Pattern.compile("GC\\((\\d+)\\)");
    /** How far back the uptime may step between lines of one JVM, seconds. */
    static final double UPTIME_SLACK = 0.1;
    /** Collections after which GC(0) is a new JVM, not a late line of the first one. */
    static final long IDS_BEFORE_RESTART = 10;

    private boolean header;
    private double lastUptime = GcLogLine.NO_UPTIME;
    private long lastId = -1;
    private long maxId = -1;
    private boolean pieceStart;
    private String gap;

    /** Why a new JVM run begins at {@code text}, or null when it goes on the current one. */
    String line(String text) {
        if (text.isEmpty() || text.charAt(0) != '[') {
            return null;
        }
        Matcher h = text.indexOf("] Using ") >= 0 ? HEADER.matcher(text) : null;
        if (h != null && h.find() && !text.contains("GC(")) {
            String why = header ? "the JVM's header again ('Using " + h.group(1).trim() + "')" : null;
            header = true;
            if (why != null) {
                restart(text);
                return why;
            }
            return null;
        }
        int at = text.indexOf("GC(");
        if (at < 0) {
            return null;
        }
        Matcher m = GC_ID.matcher(text);
        if (!m.find(at)) {
            return null;
        }
        long id = Long.parseLong(m.group(1));
        if (id == lastId) {
            return null; // the same collection's lines: its stamps were read at its first one
        }
        lastId = id;
        double uptime = GcLogLine.parse(text).uptimeSeconds();
        String why = null;
        if (uptime != GcLogLine.NO_UPTIME && lastUptime != GcLogLine.NO_UPTIME && uptime < lastUptime - UPTIME_SLACK) {
            why = String.format(Locale.ROOT, "the uptime back from %.3f s to %.3f s", lastUptime, uptime);
        } else if (id == 0 && maxId >= IDS_BEFORE_RESTART) {
            why = "GC ids starting again at GC(0) after GC(" + maxId + ")";
        }
        if (why != null) {
            restart(text);
            lastId = id;
            maxId = id;
            lastUptime = uptime;
            return why;
        }
        if (pieceStart && maxId >= 0 && id > maxId + 1) {
            gap = "GC(" + (maxId + 1) + ")" + (id - 1 > maxId + 1 ? " to GC(" + (id - 1) + ")" : "");
        }
        pieceStart = false;
        maxId = Math.max(maxId, id);
        if (uptime != GcLogLine.NO_UPTIME) {
            lastUptime = Math.max(lastUptime, uptime);
        }
        return null;
    }

    /** The next line is the first of another piece of the set. */
    void nextPiece() {
        pieceStart = true;
    }

    /** The collections found missing at the last piece's start ({@code GC(58) to GC(80)}), once; else null. */
    String takeGap() {
        String g = gap;
        gap = null;
        return g;
    }

    private void restart(String text) {
        header = text.contains("] Using ");
        lastUptime = GcLogLine.NO_UPTIME;
        lastId = -1;
        maxId = -1;
        pieceStart = false;
    }
}
