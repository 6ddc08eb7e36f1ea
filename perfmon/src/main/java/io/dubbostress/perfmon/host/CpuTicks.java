package io.dubbostress.perfmon.host;

import java.util.Arrays;

/**
 * Cumulative CPU time by state: user, nice, system, idle, iowait, irq, softirq, steal, in the OS's unit (Linux's
 * {@code /proc/stat} clock ticks; OSHI's milliseconds elsewhere). Percentages come from two readings:
 * {@link #share(CpuTicks, State...)}.
 */
public final class CpuTicks {

    /** The states, in OSHI's tick order. */
    public enum State { USER, NICE, SYSTEM, IDLE, IOWAIT, IRQ, SOFTIRQ, STEAL }

    private final long[] ticks;

    public CpuTicks(long[] ticks) {
        if (ticks.length < State.values().length) {
            throw new IllegalArgumentException("expected " + State.values().length + " tick counts, got "
                    + ticks.length);
        }
        this.ticks = ticks.clone();
    }

    public long get(State state) {
        return ticks[state.ordinal()];
    }

    public long total() {
        long total = 0;
        for (State state : State.values()) {
            total += ticks[state.ordinal()];
        }
        return total;
    }

    /**
     * The fraction (0..1) of the CPU time between {@code earlier} and this reading spent in the given states; NaN
     * when no time passed.
     */
    public double share(CpuTicks earlier, State... states) {
        long total = 0;
        for (State state : State.values()) {
            total += Math.max(0, get(state) - earlier.get(state));
        }
        if (total <= 0) {
            return Double.NaN;
        }
        long part = 0;
        for (State state : states) {
            part += Math.max(0, get(state) - earlier.get(state));
        }
        return (double) part / total;
    }

    @Override
    public String toString() {
        return Arrays.toString(ticks);
    }
}
