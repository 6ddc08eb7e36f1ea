package io.dubbostress.perfmon.host;

/** Swap: total and used bytes, and the cumulative pages swapped in and out. */
public final class SwapStat {

    private final long total;
    private final long used;
    private final long pagesIn;
    private final long pagesOut;

    public SwapStat(long total, long used, long pagesIn, long pagesOut) {
        this.total = total;
        this.used = used;
        this.pagesIn = pagesIn;
        this.pagesOut = pagesOut;
    }

    public long total() {
        return total;
    }

    public long used() {
        return used;
    }

    public long free() {
        return Math.max(0, total - used);
    }

    public long pagesIn() {
        return pagesIn;
    }

    public long pagesOut() {
        return pagesOut;
    }
}
