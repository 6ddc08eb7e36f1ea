package io.dubbostress.gc;

import java.util.Arrays;
import java.util.List;

/**
 * Count, total, mean, max and p99 of a set of GC pauses, in milliseconds, and the GC throughput over a span: the
 * share of the span the application was not paused.
 *
 * <pre>{@code
 * PauseStats stats = PauseStats.of(analysis.events(), spanMs);
 * System.out.printf("%d pauses, %.1f ms, throughput %.2f %%%n", stats.count(), stats.totalMs(), stats.throughputPercent());
 * }</pre>
 */
public final class PauseStats {

    private final int count;
    private final double totalMs;
    private final double maxMs;
    private final double p99Ms;
    private final double spanMs;
    private final int fullCount;
    private final double fullTotalMs;

    PauseStats(int count, double totalMs, double maxMs, double p99Ms, double spanMs, int fullCount,
                       double fullTotalMs) {
        this.count = count;
        this.totalMs = totalMs;
        this.maxMs = maxMs;
        this.p99Ms = p99Ms;
        this.spanMs = spanMs;
        this.fullCount = fullCount;
        this.fullTotalMs = fullTotalMs;
    }

    /** The pauses of {@code events} over a span of {@code spanMs} (the window the throughput is about). */
    public static PauseStats of(List<GcEvent> events, double spanMs) {
        double[] pauses = new double[events.size()];
        double total = 0;
        double max = 0;
        int full = 0;
        double fullTotal = 0;
        for (int i = 0; i < pauses.length; i++) {
            GcEvent event = events.get(i);
            pauses[i] = event.pauseMs();
            total += event.pauseMs();
            max = Math.max(max, event.pauseMs());
            if (event.full()) {
                full++;
                fullTotal += event.pauseMs();
            }
        }
        Arrays.sort(pauses);
        double p99 = pauses.length == 0 ? 0 : pauses[Math.max(0, (int) Math.ceil(0.99 * pauses.length) - 1)];
        return new PauseStats(pauses.length, total, max, p99, spanMs, full, fullTotal);
    }

    public int count() {
        return count;
    }

    public double totalMs() {
        return totalMs;
    }

    /** The mean pause; NaN without a pause (there is no pause to average: not 0 ms). */
    public double meanMs() {
        return count == 0 ? Double.NaN : totalMs / count;
    }

    /** The longest pause; NaN without a pause. */
    public double maxMs() {
        return count == 0 ? Double.NaN : maxMs;
    }

    /** The nearest-rank 99th percentile pause; NaN without a pause. */
    public double p99Ms() {
        return count == 0 ? Double.NaN : p99Ms;
    }

    public double spanMs() {
        return spanMs;
    }

    /** 100 x (1 - paused / span); NaN when the span is unknown or empty (nothing to measure it over). */
    public double throughputPercent() {
        return spanMs <= 0 ? Double.NaN : Math.max(0, 100.0 * (1 - totalMs / spanMs));
    }

    public int fullCount() {
        return fullCount;
    }

    public double fullTotalMs() {
        return fullTotalMs;
    }
}
