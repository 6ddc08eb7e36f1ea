package io.dubbostress.perfmon.metrics;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.host.TcpStates;
import io.dubbostress.perfmon.protocol.MetricSpec;

/**
 * {@code tcp[:kind]}: TCP sockets (IPv4 and IPv6) now, by state: {@code estab} (the default), {@code listen},
 * {@code time_wait}, {@code close_wait}, {@code fin_wait1}, {@code fin_wait2}, {@code syn_recv}, {@code syn_sent}
 * (ours only), {@code last_ack}, {@code closing}, {@code close}; {@code inbound} (connections to a port something
 * listens on), {@code outbound} (the other connections); {@code bound} and {@code idle}, which Linux does not
 * distinguish, are 0 as with SIGAR there.
 */
final class TcpMetric extends NumberMetric {

    static final String[] KINDS = {"bound", "close", "close_wait", "closing", "estab", "fin_wait1", "fin_wait2",
        "idle", "inbound", "last_ack", "listen", "outbound", "syn_recv", "syn_sent", "time_wait"};

    private final Host host;
    private final String kind;

    TcpMetric(Host host, MetricSpec spec) {
        super(spec.text());
        this.host = host;
        this.kind = Kinds.of(spec, "estab", KINDS);
    }

    @Override
    double value() {
        TcpStates tcp = host.tcp();
        switch (kind) {
            case "estab": return tcp.count(TcpStates.State.ESTABLISHED);
            case "listen": return tcp.count(TcpStates.State.LISTEN);
            case "time_wait": return tcp.count(TcpStates.State.TIME_WAIT);
            case "close_wait": return tcp.count(TcpStates.State.CLOSE_WAIT);
            case "fin_wait1": return tcp.count(TcpStates.State.FIN_WAIT1);
            case "fin_wait2": return tcp.count(TcpStates.State.FIN_WAIT2);
            case "syn_recv": return tcp.count(TcpStates.State.SYN_RECV);
            case "syn_sent": return tcp.count(TcpStates.State.SYN_SENT);
            case "last_ack": return tcp.count(TcpStates.State.LAST_ACK);
            case "closing": return tcp.count(TcpStates.State.CLOSING);
            case "close": return tcp.count(TcpStates.State.CLOSE);
            case "bound": return tcp.count(TcpStates.State.BOUND);
            case "idle": return tcp.count(TcpStates.State.IDLE);
            case "inbound": return tcp.inbound();
            case "outbound": return tcp.outbound();
            default: throw new IllegalStateException(kind);
        }
    }
}
