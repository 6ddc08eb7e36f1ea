package io.dubbostress.gc;

/**
 * A span of wall-clock time, {@code [fromEpochMs, toEpochMs)}: a scenario's steady window, for pause figures within it.
 *
 * <pre>{@code
 * TimeWindow steady = new TimeWindow(scenarioStartMs, scenarioEndMs);
 * GcAnalysis analysis = new GcLogAnalyzer().analyze(GcLogSet.of(log), List.of(steady));
 * PauseStats during = analysis.window(steady.fromEpochMs(), steady.toEpochMs());
 * }</pre>
 */
public final class TimeWindow {

    private final long fromEpochMs;
    private final long toEpochMs;

    public TimeWindow(long fromEpochMs, long toEpochMs) {
        if (toEpochMs < fromEpochMs) {
            throw new IllegalArgumentException("a window ends after it starts: " + fromEpochMs + " > " + toEpochMs);
        }
        this.fromEpochMs = fromEpochMs;
        this.toEpochMs = toEpochMs;
    }

    public long fromEpochMs() {
        return fromEpochMs;
    }

    public long toEpochMs() {
        return toEpochMs;
    }

    public long lengthMs() {
        return toEpochMs - fromEpochMs;
    }

    boolean contains(long epochMs) {
        return epochMs >= fromEpochMs && epochMs < toEpochMs;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TimeWindow && ((TimeWindow) other).fromEpochMs == fromEpochMs
                && ((TimeWindow) other).toEpochMs == toEpochMs;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(fromEpochMs) * 31 + Long.hashCode(toEpochMs);
    }

    @Override
    public String toString() {
        return "[" + fromEpochMs + ", " + toEpochMs + ")";
    }
}
