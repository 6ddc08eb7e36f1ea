package io.dubbostress.perfmon.host;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Counts TCP states from Linux's {@code /proc/net/tcp} and {@code /proc/net/tcp6} (column {@code st}, hex; local
 * address {@code addr:port}, hex). Cheaper than OSHI's connection list, which also maps every socket to its process.
 */
final class LinuxTcpTable {

    /** Linux's numbering (include/net/tcp_states.h), 1-based. */
    private static final TcpStates.State[] BY_CODE = {
        null,
        TcpStates.State.ESTABLISHED, TcpStates.State.SYN_SENT, TcpStates.State.SYN_RECV,
        TcpStates.State.FIN_WAIT1, TcpStates.State.FIN_WAIT2, TcpStates.State.TIME_WAIT,
        TcpStates.State.CLOSE, TcpStates.State.CLOSE_WAIT, TcpStates.State.LAST_ACK,
        TcpStates.State.LISTEN, TcpStates.State.CLOSING
    };

    private LinuxTcpTable() {
    }

    /** Counts the rows of any number of tables (the header line of each is skipped). */
    static TcpStates count(List<List<String>> tables) {
        Map<TcpStates.State, Integer> counts = new EnumMap<>(TcpStates.State.class);
        Set<Integer> listeningPorts = new HashSet<>();
        java.util.List<int[]> connections = new java.util.ArrayList<>(); // {state code, local port}
        for (List<String> table : tables) {
            for (String line : table) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 4 || !f[0].endsWith(":")) {
                    continue;
                }
                int code;
                int localPort;
                try {
                    code = Integer.parseInt(f[3], 16);
                    localPort = Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1), 16);
                } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                    continue;
                }
                if (code <= 0 || code >= BY_CODE.length) {
                    continue;
                }
                TcpStates.State state = BY_CODE[code];
                counts.merge(state, 1, Integer::sum);
                if (state == TcpStates.State.LISTEN) {
                    listeningPorts.add(localPort);
                } else {
                    connections.add(new int[] {code, localPort});
                }
            }
        }
        int inbound = 0;
        int outbound = 0;
        for (int[] connection : connections) {
            if (listeningPorts.contains(connection[1])) {
                inbound++;
            } else {
                outbound++;
            }
        }
        return new TcpStates(counts, inbound, outbound);
    }
}
