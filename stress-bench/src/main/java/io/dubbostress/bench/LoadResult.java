package io.dubbostress.bench;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one load generator did in one run's measured window: calls, errors, latencies (µs), and the CPU it, the
 * provider and the consumer used meanwhile.
 */
final class LoadResult {

    final BenchSide side;
    /** The load generator's calling threads (the closed model's concurrency). */
    final int threads;
    final int payloadBytes;
    final int round;
    final long windowStartEpochMs;
    final long windowEndEpochMs;
    final long calls;
    final long errors;
    final String firstError;
    final Histogram micros;
    double loadCpuMs = Double.NaN;
    /** Of {@link #loadCpuMs}, what the JIT compiler's threads used (a JVM still compiling: not warmed up). */
    double loadJitCpuMs = Double.NaN;
    /**
     * Of {@link #loadCpuMs}, each thread group's ({@link CpuRecorder#group}: calling threads, Netty's I/O threads, the
     * JTL writer, GC, JIT ...), largest first; empty when not read.
     */
    Map<String, Double> loadCpuMsByThreadGroup = Map.of();
    /** Bytes the load generator's JVM allocated in the window, all threads ({@link AllocationWindow}). */
    double loadAllocatedBytes = Double.NaN;
    double providerCpuMs = Double.NaN;
    double consumerCpuMs = Double.NaN;
    /** The whole machine's busy CPU time in the window (all processes). */
    double machineCpuMs = Double.NaN;
    /** The largest heap in use after a collection in the window, from the load generator's GC log (KiB); -1: none. */
    long heapAfterGcKb = -1;
    /** The most threads the load generator's JVM had in the window (all of them, not only the calling ones); -1. */
    long jvmThreads = -1;

    LoadResult(BenchSide side, int threads, int payloadBytes, int round, long windowStartEpochMs, long windowEndEpochMs, long calls,
            long errors, String firstError, Histogram micros) {
        this.side = side;
        this.threads = threads;
        this.payloadBytes = payloadBytes;
        this.round = round;
        this.windowStartEpochMs = windowStartEpochMs;
        this.windowEndEpochMs = windowEndEpochMs;
        this.calls = calls;
        this.errors = errors;
        this.firstError = firstError;
        this.micros = micros;
    }

    double windowSeconds() {
        return (windowEndEpochMs - windowStartEpochMs) / 1000.0;
    }

    /** Calls per second in the window. */
    double tps() {
        return calls / windowSeconds();
    }

    /** A latency percentile in µs (nearest rank, HdrHistogram, 3 significant digits). */
    double percentile(double p) {
        return micros.getTotalCount() == 0 ? Double.NaN : micros.getValueAtPercentile(p);
    }

    double meanMicros() {
        return micros.getTotalCount() == 0 ? Double.NaN : micros.getMean();
    }

    /** CPU ms per 1,000 calls of a process's CPU time in the window. */
    double perThousandCalls(double cpuMs) {
        return calls == 0 ? Double.NaN : cpuMs * 1000.0 / calls;
    }

    /** Bytes the load generator allocated per call in the window: independent of the machine's load. */
    double allocatedBytesPerCall() {
        return calls == 0 ? Double.NaN : loadAllocatedBytes / calls;
    }

    /** Cores kept busy in the window by processes other than the load generator, provider and consumer. */
    double otherCores() {
        double ours = loadCpuMs + providerCpuMs + (Double.isNaN(consumerCpuMs) ? 0 : consumerCpuMs);
        return Math.max(0, cores(machineCpuMs - ours));
    }

    double heapAfterGcKbOrNaN() {
        return heapAfterGcKb < 0 ? Double.NaN : heapAfterGcKb;
    }

    double jvmThreadsOrNaN() {
        return jvmThreads < 0 ? Double.NaN : jvmThreads;
    }

    /** Average cores a process kept busy in the window. */
    double cores(double cpuMs) {
        return cpuMs / (windowEndEpochMs - windowStartEpochMs);
    }
}
