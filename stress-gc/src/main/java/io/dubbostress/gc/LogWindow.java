package io.dubbostress.gc;

import java.util.regex.Pattern;

/**
 * The time a GC log covers, from its lines' own stamps (lines in time order: the first stamped line and the last one are
 * all it reads, so a huge log costs a character test per line): the first and last wall-clock time and uptime, and whether the
 * log begins at the JVM's start (its header is there: unified logging's "Using G1", JDK 8's "CommandLine flags:").
 * A log that begins at the JVM's start covers uptime 0 to its last stamp; the later pieces of a rotated log, or a log
 * whose beginning was overwritten, cover their first stamp to their last.
 *
 * <pre>{@code
 * LogWindow window = new LogWindow();
 * set.forEachLine(window::line);
 * double spanMs = window.spanMs(); // what GC throughput is computed over
 * }</pre>
 */
final class LogWindow {

    private static final Pattern HEADER = Pattern.compile(
            "\\] Using [A-Z]|^CommandLine flags: |^\\[?[^\\]]*\\]?\\s*Version: \\d|\\] Initializing The Z Garbage Collector");

    private long firstEpochMs = GcLogLine.NO_EPOCH;
    private long lastEpochMs = GcLogLine.NO_EPOCH;
    private double firstUptime = GcLogLine.NO_UPTIME;
    private double lastUptime = GcLogLine.NO_UPTIME;
    private boolean stampSeen;
    private boolean startsAtJvmStart;
    private boolean rotatedPiece;

    /** The last line that may carry a stamp (unified lines start with '[', JDK 8 ones with a digit). */
    private String lastCandidate;

    void line(String text) {
        if (text.isEmpty()) {
            return;
        }
        char first = text.charAt(0);
        if (first == '[' || (first >= '0' && first <= '9')) {
            lastCandidate = text;
        }
        if (stampSeen) {
            return; // only the first stamp is read here; the last one at the end, from lastCandidate
        }
        if (text.contains("GC log file created")) {
            rotatedPiece = true; // JDK 8 rotation repeats the JVM's header in every piece: this one is not the start
        } else if (HEADER.matcher(text).find()) {
            startsAtJvmStart = true;
        }
        stamp(text);
    }

    private void stamp(String text) {
        GcLogLine line = text.startsWith("[") ? GcLogLine.parse(text) : GcLogLine.parseJdk8(text);
        if (line.epochMs() != GcLogLine.NO_EPOCH) {
            if (firstEpochMs == GcLogLine.NO_EPOCH) {
                firstEpochMs = line.epochMs();
            }
            lastEpochMs = Math.max(lastEpochMs, line.epochMs());
            stampSeen = true;
        }
        if (line.uptimeSeconds() != GcLogLine.NO_UPTIME) {
            if (firstUptime == GcLogLine.NO_UPTIME) {
                firstUptime = line.uptimeSeconds();
            }
            lastUptime = Math.max(lastUptime, line.uptimeSeconds());
            stampSeen = true;
        }
    }

    /** Reads the last stamp; call once after the last line. */
    void finish() {
        if (lastCandidate != null) {
            stamp(lastCandidate);
            lastCandidate = null;
        }
    }

    /** Widens the window to take in the pauses, from the first one's start to the last one's end (uptime, s). */
    void cover(double firstPauseStart, double lastPauseEnd) {
        if (lastUptime == GcLogLine.NO_UPTIME) {
            return; // no uptime in the log: the wall clock alone says what it covers
        }
        lastUptime = Math.max(lastUptime, lastPauseEnd);
        firstUptime = Math.min(firstUptime, firstPauseStart);
    }

    /** Whether the log begins with the JVM's header (so it covers the JVM from its start). */
    boolean startsAtJvmStart() {
        return startsAtJvmStart && !rotatedPiece;
    }

    long firstEpochMs() {
        return firstEpochMs;
    }

    long lastEpochMs() {
        return lastEpochMs;
    }

    /**
     * The span the log covers, ms: by uptime when the log has it (from 0 when it starts at the JVM's start, else from
     * its first stamp), else by wall clock; 0 when it has no stamps.
     */
    double spanMs() {
        if (lastUptime != GcLogLine.NO_UPTIME) {
            double from = startsAtJvmStart() ? 0 : firstUptime;
            return Math.max(0, (lastUptime - from) * 1000);
        }
        if (lastEpochMs != GcLogLine.NO_EPOCH) {
            return Math.max(0, lastEpochMs - firstEpochMs);
        }
        return 0;
    }
}
