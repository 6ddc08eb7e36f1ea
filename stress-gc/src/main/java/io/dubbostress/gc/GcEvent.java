package io.dubbostress.gc;

/**
 * One stop-the-world collection from a GC log: when (wall clock when the log has it, JVM uptime), how long the
 * application stood still, what kind of pause, and the heap around it.
 */
public final class GcEvent {

    /** For {@link #epochMs()} when the log has no wall-clock time, and for unknown heap sizes. */
    public static final long UNKNOWN = -1;

    private final long epochMs;
    private final double uptimeSeconds;
    private final double pauseMs;
    private final String type;
    private final boolean full;
    private final long heapBeforeBytes;
    private final long heapAfterBytes;
    private final long heapCommittedBytes;

    public GcEvent(long epochMs, double uptimeSeconds, double pauseMs, String type, boolean full,
                   long heapBeforeBytes, long heapAfterBytes, long heapCommittedBytes) {
        this.epochMs = epochMs;
        this.uptimeSeconds = uptimeSeconds;
        this.pauseMs = pauseMs;
        this.type = type;
        this.full = full;
        this.heapBeforeBytes = heapBeforeBytes;
        this.heapAfterBytes = heapAfterBytes;
        this.heapCommittedBytes = heapCommittedBytes;
    }

    /**
     * When the pause started, epoch ms, or {@link #UNKNOWN} without wall clock: the stamp of the line that opens it in
     * a JDK 8 log; the stamp of its line minus the pause in a unified log (whose pause line is its end).
     */
    public long epochMs() {
        return epochMs;
    }

    /** The JVM's uptime when the pause started, seconds, or {@link #UNKNOWN} when the log has no uptime. */
    public double uptimeSeconds() {
        return uptimeSeconds;
    }

    public double pauseMs() {
        return pauseMs;
    }

    /** The log's name for the pause, e.g. "Pause Young (Normal) (G1 Evacuation Pause)". */
    public String type() {
        return type;
    }

    public boolean full() {
        return full;
    }

    public long heapBeforeBytes() {
        return heapBeforeBytes;
    }

    public long heapAfterBytes() {
        return heapAfterBytes;
    }

    public long heapCommittedBytes() {
        return heapCommittedBytes;
    }
}
