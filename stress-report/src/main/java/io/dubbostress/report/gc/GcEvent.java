package io.dubbostress.report.gc;

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
     * When the log stamps the pause, epoch ms, or {@link #UNKNOWN}: the line that opens it in a JDK 8 log, the summary
     * line (the pause's end) in a unified log.
     */
    public long epochMs() {
        return epochMs;
    }

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
