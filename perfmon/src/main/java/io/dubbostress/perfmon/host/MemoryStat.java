package io.dubbostress.perfmon.host;

/**
 * Physical memory, bytes: total, available (what programs can still get without swapping: Linux's MemAvailable),
 * and free (not used at all: Linux's MemFree; where the OS does not tell, the same as available).
 */
public final class MemoryStat {

    private final long total;
    private final long available;
    private final long free;

    public MemoryStat(long total, long available, long free) {
        this.total = total;
        this.available = available;
        this.free = free;
    }

    public long total() {
        return total;
    }

    public long available() {
        return available;
    }

    public long free() {
        return free;
    }
}
