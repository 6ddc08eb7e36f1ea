package io.dubbostress.api;

import java.io.Serializable;

/**
 * What the reference provider has done since it started, as {@link ProviderStatsService#stats()} reports it: calls
 * served, CPU iterations done (the harness's work, proven done rather than assumed), the wall time that work took (the
 * provider's own service time for it), and the connections it holds open now (so a test can see a consumer's
 * references created and destroyed).
 */
public class ProviderStats implements Serializable {

    private static final long serialVersionUID = 1L;

    private long calls;
    private long cpuIterations;
    private long cpuIterationsPerCall;
    private int openConnections;
    private long workNanos;

    public ProviderStats() {
    }

    public ProviderStats(long calls, long cpuIterations, long cpuIterationsPerCall, int openConnections) {
        this.calls = calls;
        this.cpuIterations = cpuIterations;
        this.cpuIterationsPerCall = cpuIterationsPerCall;
        this.openConnections = openConnections;
    }

    /** Calls to {@link StressTestService} served (echo and echoOrder). */
    public long getCalls() {
        return calls;
    }

    public void setCalls(long calls) {
        this.calls = calls;
    }

    /** Random additions done in total across all calls. */
    public long getCpuIterations() {
        return cpuIterations;
    }

    public void setCpuIterations(long cpuIterations) {
        this.cpuIterations = cpuIterations;
    }

    /** The configured random additions per call. */
    public long getCpuIterationsPerCall() {
        return cpuIterationsPerCall;
    }

    public void setCpuIterationsPerCall(long cpuIterationsPerCall) {
        this.cpuIterationsPerCall = cpuIterationsPerCall;
    }

    /** Client connections the provider's Dubbo server holds open right now. */
    public int getOpenConnections() {
        return openConnections;
    }

    public void setOpenConnections(int openConnections) {
        this.openConnections = openConnections;
    }

    /** As {@link #ProviderStats(long, long, long, int)}, with the wall time the CPU work took. */
    public ProviderStats(long calls, long cpuIterations, long cpuIterationsPerCall, int openConnections,
                         long workNanos) {
        this(calls, cpuIterations, cpuIterationsPerCall, openConnections);
        this.workNanos = workNanos;
    }

    /** Wall time spent in the CPU work over all calls, nanoseconds. */
    public long getWorkNanos() {
        return workNanos;
    }

    public void setWorkNanos(long workNanos) {
        this.workNanos = workNanos;
    }

    @Override
    public String toString() {
        return "ProviderStats{calls=" + calls + ", cpuIterations=" + cpuIterations + ", cpuIterationsPerCall="
                + cpuIterationsPerCall + ", openConnections=" + openConnections + ", workNanos=" + workNanos + '}';
    }
}
