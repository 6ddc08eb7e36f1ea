package io.dubbostress.gc;

import org.HdrHistogram.Histogram;

/**
 * Pause figures gathered one pause at a time, in constant memory: count, total, maximum, full collections, and the
 * distribution in an HdrHistogram (microseconds, 3 significant digits, 1 µs to one hour), from which percentiles
 * come. {@link #stats(double)} gives the {@link PauseStats} over a span.
 *
 * <pre>{@code
 * PauseAccumulator all = new PauseAccumulator();
 * parser.parse(set, all::add);
 * PauseStats stats = all.stats(window.spanMs());
 * }</pre>
 */
final class PauseAccumulator {

    private static final long MAX_MICROS = 3_600_000_000L;

    private final Histogram micros = new Histogram(1, MAX_MICROS, 3);
    private int count;
    private double totalMs;
    private double maxMs;
    private int fullCount;
    private double fullTotalMs;

    void add(GcEvent event) {
        double ms = event.pauseMs();
        count++;
        totalMs += ms;
        maxMs = Math.max(maxMs, ms);
        if (event.full()) {
            fullCount++;
            fullTotalMs += ms;
        }
        micros.recordValue(Math.max(1, Math.min(MAX_MICROS, Math.round(ms * 1000))));
    }

    int count() {
        return count;
    }

    /** The figures over {@code spanMs} (the window the throughput is about). */
    PauseStats stats(double spanMs) {
        double p99 = count == 0 ? 0 : Math.min(maxMs, micros.getValueAtPercentile(99) / 1000.0);
        return new PauseStats(count, totalMs, maxMs, p99, spanMs, fullCount, fullTotalMs);
    }
}
