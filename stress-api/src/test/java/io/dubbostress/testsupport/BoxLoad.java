package io.dubbostress.testsupport;

import java.lang.management.ManagementFactory;

/**
 * How overloaded this machine is now: the 1-minute load average per available core, at least 1 (1 where the OS does
 * not say). Tests multiply what depends on the box by it (a start-up deadline, a run long enough to have steady
 * samples after a slow first connection), so that they pass on a busy 2-core machine and cost nothing extra on a
 * quiet one.
 *
 * <pre>{@code
 * int seconds = BoxLoad.scaled(6, 30); // 6 s on a quiet box, up to 30 s on a busy one
 * }</pre>
 */
public final class BoxLoad {

    private BoxLoad() {
    }

    /** 1 on an idle box, 3 at a load of 6 on 2 cores. */
    public static double factor() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        int cores = Runtime.getRuntime().availableProcessors();
        return load <= 0 ? 1.0 : Math.max(1.0, Math.ceil(load / cores));
    }

    /** {@code quiet} times {@link #factor()}, at most {@code cap}. */
    public static int scaled(int quiet, int cap) {
        return (int) Math.min(cap, Math.round(quiet * factor()));
    }
}
