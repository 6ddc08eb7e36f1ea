package io.dubbostress.api;

/**
 * Introspection the reference provider exports beside {@link StressTestService}: what it has done, so tests and soak
 * runs can check the work is real and that connections come and go as they should. Not part of what plans measure.
 */
public interface ProviderStatsService {

    /** A snapshot of the provider's counters. */
    ProviderStats stats();
}
