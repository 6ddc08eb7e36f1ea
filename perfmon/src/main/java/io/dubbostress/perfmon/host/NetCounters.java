package io.dubbostress.perfmon.host;

import java.util.EnumMap;
import java.util.Map;

/**
 * One network interface's cumulative counters. A counter the OS does not report (OSHI has no frame or carrier
 * counts outside Linux) is absent: {@link #has} says so, and the metric reports nothing rather than a made-up 0.
 */
public final class NetCounters {

    /** The counters, named as the classic metric names them. */
    public enum Field {
        BYTES_RECV, RX_PACKETS, RX_ERRORS, RX_DROPS, RX_OVERRUNS, RX_FRAME,
        BYTES_SENT, TX_PACKETS, TX_ERRORS, TX_DROPS, TX_OVERRUNS, TX_COLLISIONS, TX_CARRIER
    }

    private final String name;
    private final Map<Field, Long> values;
    private final long speedBitsPerSecond;

    public NetCounters(String name, Map<Field, Long> values, long speedBitsPerSecond) {
        this.name = name;
        this.values = new EnumMap<>(Field.class);
        this.values.putAll(values);
        this.speedBitsPerSecond = speedBitsPerSecond;
    }

    public String name() {
        return name;
    }

    public boolean has(Field field) {
        return values.containsKey(field);
    }

    /** The counter, or 0 when the OS does not report it (check {@link #has}). */
    public long get(Field field) {
        Long value = values.get(field);
        return value == null ? 0 : value;
    }

    /** Link speed in bits per second; 0 when unknown (virtual and loopback interfaces). */
    public long speedBitsPerSecond() {
        return speedBitsPerSecond;
    }
}
