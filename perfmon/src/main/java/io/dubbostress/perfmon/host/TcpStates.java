package io.dubbostress.perfmon.host;

import java.util.EnumMap;
import java.util.Map;

/**
 * How many TCP sockets (IPv4 and IPv6) are in each state, plus the classic's two derived counts: inbound (the local
 * port is one something listens on) and outbound (any other connection that is not listening).
 */
public final class TcpStates {

    /** The states the classic {@code tcp} metric names. */
    public enum State {
        ESTABLISHED, SYN_SENT, SYN_RECV, FIN_WAIT1, FIN_WAIT2, TIME_WAIT, CLOSE, CLOSE_WAIT, LAST_ACK, LISTEN,
        CLOSING, BOUND, IDLE
    }

    private final Map<State, Integer> counts;
    private final int inbound;
    private final int outbound;

    public TcpStates(Map<State, Integer> counts, int inbound, int outbound) {
        this.counts = new EnumMap<>(State.class);
        this.counts.putAll(counts);
        this.inbound = inbound;
        this.outbound = outbound;
    }

    public int count(State state) {
        Integer count = counts.get(state);
        return count == null ? 0 : count;
    }

    public int inbound() {
        return inbound;
    }

    public int outbound() {
        return outbound;
    }
}
