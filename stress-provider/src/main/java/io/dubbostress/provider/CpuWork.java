package io.dubbostress.provider;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * The reference harness's per-call CPU work: sum {@code iterations} random numbers. The sums are added to a
 * {@link #checksum()} so the JIT cannot drop the loop, and the work done is counted, so a test can prove it happened;
 * the wall time spent in it is summed too ({@link #workNanos()}): the provider's own service time for the work, which
 * a test checks a measured slowdown against.
 */
public final class CpuWork {

    private final int iterations;
    private final LongAdder calls = new LongAdder();
    private final LongAdder iterationsDone = new LongAdder();
    private final LongAdder checksum = new LongAdder();
    private final LongAdder workNanos = new LongAdder();

    public CpuWork(int iterations) {
        if (iterations < 0) {
            throw new IllegalArgumentException("cpu iterations must be >= 0, was " + iterations);
        }
        this.iterations = iterations;
    }

    /** Does one call's work. */
    public void perform() {
        long start = System.nanoTime();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long sum = 0;
        for (int i = 0; i < iterations; i++) {
            sum += random.nextInt(1000);
        }
        checksum.add(sum);
        iterationsDone.add(iterations);
        calls.increment();
        workNanos.add(System.nanoTime() - start);
    }

    public int iterationsPerCall() {
        return iterations;
    }

    public long calls() {
        return calls.sum();
    }

    public long iterationsDone() {
        return iterationsDone.sum();
    }

    /** Wall time spent in {@link #perform()} over all calls, nanoseconds. */
    public long workNanos() {
        return workNanos.sum();
    }

    /** Sum of every random number drawn: observable, so the work cannot be optimised away. */
    public long checksum() {
        return checksum.sum();
    }
}
