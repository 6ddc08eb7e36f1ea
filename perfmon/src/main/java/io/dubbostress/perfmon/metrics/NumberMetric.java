package io.dubbostress.perfmon.metrics;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.dubbostress.perfmon.protocol.MetricsLine;

/**
 * A metric whose value is a number: formats it as the classic does and turns a failure into an empty field, logged
 * once at WARN (then at DEBUG, so a process that went away does not flood the log).
 */
abstract class NumberMetric implements Metric {

    private static final Logger LOG = LoggerFactory.getLogger(NumberMetric.class);

    private final String spec;
    private boolean warned;

    NumberMetric(String spec) {
        this.spec = spec;
    }

    /** The value now; NaN, or a {@link MetricUnavailableException}, when there is none. */
    abstract double value();

    @Override
    public final String read() {
        try {
            return MetricsLine.number(value());
        } catch (RuntimeException e) {
            if (!warned) {
                warned = true;
                LOG.warn("metric '{}' gives no value: {}", spec, e.getMessage() == null ? e.toString() : e.getMessage());
            } else {
                LOG.debug("metric '{}' gives no value: {}", spec, e.toString());
            }
            return "";
        }
    }

    String spec() {
        return spec;
    }
}
