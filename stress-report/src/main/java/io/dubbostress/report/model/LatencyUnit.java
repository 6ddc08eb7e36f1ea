package io.dubbostress.report.model;

/** The unit a scenario's latencies are recorded and reported in: the JTL's resolution. */
public enum LatencyUnit {
    /** From our sampler's {@code elapsed_us} column. */
    MICROSECONDS("us", "µs", 1),
    /** From JMeter's own {@code elapsed} column. */
    MILLISECONDS("ms", "ms", 1000);

    private final String jsonName;
    private final String symbol;
    private final long micros;

    LatencyUnit(String jsonName, String symbol, long micros) {
        this.jsonName = jsonName;
        this.symbol = symbol;
        this.micros = micros;
    }

    /** The name in report.json: {@code us} or {@code ms}. */
    public String jsonName() {
        return jsonName;
    }

    /** The name for people: {@code µs} or {@code ms}. */
    public String symbol() {
        return symbol;
    }

    /** Microseconds in one unit: 1 or 1000. */
    public long micros() {
        return micros;
    }
}
