package io.dubbostress.perfmon.metrics;

import java.util.ArrayList;
import java.util.List;

import io.dubbostress.perfmon.host.Host;
import io.dubbostress.perfmon.host.NetCounters;
import io.dubbostress.perfmon.host.NetCounters.Field;
import io.dubbostress.perfmon.protocol.ErrorReply;
import io.dubbostress.perfmon.protocol.MetricSpec;
import io.dubbostress.perfmon.protocol.ProtocolException;

/**
 * {@code network[ i/o][:iface=NAME][:kind][:unit=...]}: what crossed the interfaces since the previous reading, all
 * of them (loopback included, as the classic) or one. {@code bytesrecv} (the default), {@code bytessent} in bytes
 * (or {@code unit=}); {@code rx}, {@code tx} packets; {@code rxerr}, {@code rxdrops}, {@code rxoverruns},
 * {@code rxframe}, {@code txerr}, {@code txdrops}, {@code txoverruns}, {@code txcollisions}, {@code txcarrier}
 * counts; {@code used}: bytes received plus sent (the classic's "used" is a cumulative packet count of one interface,
 * which means nothing); {@code speed}: link speed in bits per second, now (0 when the OS does not know it).
 */
final class NetworkIoMetric extends NumberMetric {

    static final String[] KINDS = {"bytesrecv", "rxdrops", "rxerr", "rxframe", "rxoverruns", "rx", "bytessent",
        "txcarrier", "txcollisions", "txdrops", "txerr", "txoverruns", "used", "speed", "tx"};

    private final Host host;
    private final String kind;
    private final Field[] fields;
    private final double divisor;
    private final String iface;
    private final Counter counter;

    NetworkIoMetric(Host host, MetricSpec spec) {
        super(spec.text());
        this.host = host;
        this.kind = Kinds.of(spec, "bytesrecv", KINDS);
        this.fields = fieldsOf(kind);
        this.divisor = "bytesrecv".equals(kind) || "bytessent".equals(kind) || "used".equals(kind)
                ? Units.divisor(spec) : 1;
        this.iface = spec.option("iface");
        if (iface != null) {
            List<String> names = new ArrayList<>();
            for (NetCounters nif : host.network()) {
                names.add(nif.name());
            }
            if (!names.contains(iface)) {
                throw new ProtocolException("network: no interface iface=" + ErrorReply.excerpt(iface) + " (known: "
                        + ErrorReply.excerpt(String.join(", ", names)) + ")");
            }
        }
        this.counter = new Counter(fields.length == 0 ? 0 : sum());
    }

    private static Field[] fieldsOf(String kind) {
        switch (kind) {
            case "bytesrecv": return new Field[] {Field.BYTES_RECV};
            case "bytessent": return new Field[] {Field.BYTES_SENT};
            case "used": return new Field[] {Field.BYTES_RECV, Field.BYTES_SENT};
            case "rx": return new Field[] {Field.RX_PACKETS};
            case "tx": return new Field[] {Field.TX_PACKETS};
            case "rxerr": return new Field[] {Field.RX_ERRORS};
            case "rxdrops": return new Field[] {Field.RX_DROPS};
            case "rxoverruns": return new Field[] {Field.RX_OVERRUNS};
            case "rxframe": return new Field[] {Field.RX_FRAME};
            case "txerr": return new Field[] {Field.TX_ERRORS};
            case "txdrops": return new Field[] {Field.TX_DROPS};
            case "txoverruns": return new Field[] {Field.TX_OVERRUNS};
            case "txcollisions": return new Field[] {Field.TX_COLLISIONS};
            case "txcarrier": return new Field[] {Field.TX_CARRIER};
            case "speed": return new Field[0];
            default: throw new IllegalStateException(kind);
        }
    }

    private List<NetCounters> selected() {
        List<NetCounters> selected = new ArrayList<>();
        for (NetCounters nif : host.network()) {
            if (iface == null || iface.equals(nif.name())) {
                selected.add(nif);
            }
        }
        if (selected.isEmpty()) {
            throw new MetricUnavailableException("interface " + iface + " is gone");
        }
        return selected;
    }

    private long sum() {
        long sum = 0;
        for (NetCounters nif : selected()) {
            for (Field field : fields) {
                if (!nif.has(field)) {
                    throw new MetricUnavailableException("this OS does not count " + kind);
                }
                sum += nif.get(field);
            }
        }
        return sum;
    }

    @Override
    double value() {
        if (fields.length == 0) {
            long speed = 0;
            for (NetCounters nif : selected()) {
                speed += host.linkSpeed(nif.name());
            }
            return speed;
        }
        return counter.change(sum()) / divisor;
    }

    @Override
    public boolean measuresChange() {
        return fields.length > 0;
    }
}
