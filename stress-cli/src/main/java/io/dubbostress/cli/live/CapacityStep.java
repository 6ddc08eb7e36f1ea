package io.dubbostress.cli.live;

/**
 * A step of a capacity search as the live page lists it: the scenario, the JMeter run it belongs to, its number and
 * rate, its window (epoch ms; -1 before the schedule started), and its verdict once judged ({@code held},
 * {@code broke}, {@code not sure}; null while it runs or waits) with what limited it.
 *
 * @param achievedPerSec calls/s achieved in the window, NaN when not known (yet)
 * @param fromDueP99Us the window's p99 from the due time, -1 when not known (yet)
 */
public record CapacityStep(String scenario, String run, int step, double rate, long fromMs, long toMs, String verdict,
                           String limitedBy, double achievedPerSec, long fromDueP99Us) {
}
