package io.dubbostress.perfmon.metrics;

/**
 * One column of a metrics line. {@link #read()} gives the field: a number as the classic agent writes it, or ""
 * when it cannot be read right now (a process gone, a counter the OS does not have); a failing metric never breaks
 * the line or the connection.
 *
 * <p>Metrics that report a change (CPU %, bytes sent, disk writes, GC time...) measure from one reading to the
 * next: the first window starts when the metric is created, so a client's first line covers its first interval.
 */
public interface Metric extends AutoCloseable {

    /** The field for the line; never null, never containing TAB or newline. */
    String read();

    /** True when a value is a change since the previous reading (the first needs a window to have passed). */
    default boolean measuresChange() {
        return false;
    }

    /** Releases what the metric holds (a JMX connection, an open file). */
    @Override
    default void close() {
    }
}
