package io.dubbostress.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which local addresses a TCP port is listening on, read from Linux's {@code /proc/net/tcp} and {@code tcp6}: lets a
 * test check "binds 127.0.0.1 only" without sending traffic anywhere but loopback.
 */
public final class ListeningSockets {

    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    /**
     * The addresses listening on {@code port}, as dotted IPv4 ({@code 127.0.0.1}, {@code 0.0.0.0}) or, for IPv6
     * sockets that are not IPv4-mapped, {@code ::} / {@code ::1} / hex.
     */
    public static List<String> addressesListeningOn(int port) {
        List<String> addresses = new ArrayList<>();
        read(Path.of("/proc/net/tcp"), port, addresses);
        read(Path.of("/proc/net/tcp6"), port, addresses);
        return addresses;
    }

    private static void read(Path table, int port, List<String> into) {
        if (!Files.isReadable(table)) {
            return;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length < 4 || !LISTEN.equals(fields[3])) {
                continue;
            }
            String[] local = fields[1].split(":");
            if (Integer.parseInt(local[1], 16) == port) {
                into.add(decode(local[0]));
            }
        }
    }

    private static String decode(String hex) {
        if (hex.length() == 8) {
            return ipv4(hex);
        }
        // IPv6 as four little-endian 32-bit words; IPv4-mapped = 0000000000000000FFFF0000 + IPv4 word
        if (hex.startsWith("0000000000000000FFFF0000")) {
            return ipv4(hex.substring(24));
        }
        if (hex.equals("00000000000000000000000000000000")) {
            return "::";
        }
        if (hex.equals("00000000000000000000000001000000")) {
            return "::1";
        }
        return hex;
    }

    private static String ipv4(String littleEndianHex) {
        StringBuilder out = new StringBuilder();
        for (int i = 6; i >= 0; i -= 2) {
            out.append(Integer.parseInt(littleEndianHex.substring(i, i + 2), 16));
            if (i > 0) {
                out.append('.');
            }
        }
        return out.toString();
    }
}
