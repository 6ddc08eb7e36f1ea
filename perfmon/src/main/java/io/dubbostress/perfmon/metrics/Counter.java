package io.dubbostress.perfmon.metrics;

/**
 * A cumulative counter read as changes: each {@link #change(long)} returns how much it grew since the previous
 * reading (the first since the baseline given at creation). A counter that went backwards (a device re-attached, a
 * process replaced) restarts from the new value and reports 0 for that step.
 */
final class Counter {

    private long previous;

    Counter(long baseline) {
        this.previous = baseline;
    }

    long change(long current) {
        long change = current - previous;
        previous = current;
        return Math.max(0, change);
    }
}
