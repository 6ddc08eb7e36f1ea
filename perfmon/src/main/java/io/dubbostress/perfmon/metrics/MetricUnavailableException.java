package io.dubbostress.perfmon.metrics;

/** A metric has no value right now (its process exited, its device went away); the field is left empty. */
final class MetricUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    MetricUnavailableException(String message) {
        super(message);
    }
}
