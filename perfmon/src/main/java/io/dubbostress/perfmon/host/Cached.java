package io.dubbostress.perfmon.host;

import java.util.function.Supplier;

/**
 * A value read from the system at most once per {@code maxAge}: several metrics in one line, and several clients in
 * the same moment, share one read of {@code /proc/stat} (the classic agent does the same with a 500 ms SIGAR cache).
 */
final class Cached<T> {

    private final Supplier<T> source;
    private final long maxAgeNanos;
    private T value;
    private long readAtNanos;

    Cached(Supplier<T> source, long maxAgeMillis) {
        this.source = source;
        this.maxAgeNanos = maxAgeMillis * 1_000_000L;
    }

    synchronized T get() {
        long now = System.nanoTime();
        if (value == null || now - readAtNanos >= maxAgeNanos) {
            value = source.get();
            readAtNanos = System.nanoTime();
        }
        return value;
    }
}
