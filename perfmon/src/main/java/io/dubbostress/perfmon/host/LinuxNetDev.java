package io.dubbostress.perfmon.host;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Linux's {@code /proc/net/dev}, which has every counter the classic metric names (OSHI keeps only some):
 * receive bytes, packets, errs, drop, fifo (overruns), frame; transmit bytes, packets, errs, drop, fifo, colls,
 * carrier.
 */
final class LinuxNetDev {

    private LinuxNetDev() {
    }

    static List<NetCounters> parse(List<String> lines) {
        List<NetCounters> interfaces = new ArrayList<>();
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon < 0 || line.contains("|")) {
                continue; // the two header lines
            }
            String name = line.substring(0, colon).trim();
            String[] f = line.substring(colon + 1).trim().split("\\s+");
            if (name.isEmpty() || f.length < 16) {
                continue;
            }
            Map<NetCounters.Field, Long> values = new EnumMap<>(NetCounters.Field.class);
            values.put(NetCounters.Field.BYTES_RECV, parse(f[0]));
            values.put(NetCounters.Field.RX_PACKETS, parse(f[1]));
            values.put(NetCounters.Field.RX_ERRORS, parse(f[2]));
            values.put(NetCounters.Field.RX_DROPS, parse(f[3]));
            values.put(NetCounters.Field.RX_OVERRUNS, parse(f[4]));
            values.put(NetCounters.Field.RX_FRAME, parse(f[5]));
            values.put(NetCounters.Field.BYTES_SENT, parse(f[8]));
            values.put(NetCounters.Field.TX_PACKETS, parse(f[9]));
            values.put(NetCounters.Field.TX_ERRORS, parse(f[10]));
            values.put(NetCounters.Field.TX_DROPS, parse(f[11]));
            values.put(NetCounters.Field.TX_OVERRUNS, parse(f[12]));
            values.put(NetCounters.Field.TX_COLLISIONS, parse(f[13]));
            values.put(NetCounters.Field.TX_CARRIER, parse(f[14]));
            interfaces.add(new NetCounters(name, values, 0));
        }
        return interfaces;
    }

    private static long parse(String number) {
        try {
            return Long.parseLong(number);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
