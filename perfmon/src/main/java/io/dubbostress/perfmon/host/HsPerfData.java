package io.dubbostress.perfmon.host;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;

/**
 * The counters a HotSpot JVM publishes in its performance data file, {@code <tmp>/hsperfdata_<user>/<pid>}, what
 * {@code jstat} reads: here the garbage collectors' time and count ({@code sun.gc.collector.N.time} in ticks of
 * {@code sun.os.hrt.frequency}, {@code .invocations}). Read without touching the JVM (no attach, no JMX); the file
 * exists unless the JVM runs with {@code -XX:-UsePerfData}, and only its user (or root) can read it.
 *
 * <p>Format (the JDK's {@code perfMemory.hpp}, read by {@code sun.jvmstat...v2_0.PerfDataBuffer}): a 32-byte prologue
 * (magic {@code 0xcafec0c0} big-endian, byte order at 4 (0 big, 1 little), major version 2 at 5, entry offset at 24,
 * entry count at 28), then entries: length, name offset, vector length (0 for a scalar), type ({@code 'J'} long),
 * flags, units, variability, data offset; the name NUL-terminated. No library on this module's class path reads it
 * on Java 8 and newer alike ({@code sun.jvmstat} is internal since 9, in tools.jar before).
 *
 * <pre>{@code
 * HsPerfData.Gc gc = HsPerfData.gc(4242);   // null: no readable file for that process
 * double seconds = gc.seconds();
 * }</pre>
 */
public final class HsPerfData {

    private static final int MAGIC = 0xcafec0c0;

    private HsPerfData() {
    }

    /** Its collectors' pause time and collections so far. */
    public static final class Gc {
        private final double seconds;
        private final long collections;

        Gc(double seconds, long collections) {
            this.seconds = seconds;
            this.collections = collections;
        }

        public double seconds() {
            return seconds;
        }

        public long collections() {
            return collections;
        }
    }

    /** The GC counters of process {@code pid}, or null when its file cannot be found or read. */
    public static Gc gc(long pid) {
        Path file = find(pid);
        if (file == null) {
            return null;
        }
        try {
            Map<String, Long> longs = longs(Files.readAllBytes(file));
            Long frequency = longs.get("sun.os.hrt.frequency");
            if (frequency == null || frequency <= 0) {
                return null;
            }
            long ticks = 0;
            long count = 0;
            for (int i = 0; longs.containsKey("sun.gc.collector." + i + ".time"); i++) {
                ticks += longs.get("sun.gc.collector." + i + ".time");
                count += longs.getOrDefault("sun.gc.collector." + i + ".invocations", 0L);
            }
            return new Gc((double) ticks / frequency, count);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {@code hsperfdata_*}/{@code pid} under the temporary folders the JVM uses. */
    static Path find(long pid) {
        for (String tmp : new String[] {System.getProperty("java.io.tmpdir"), "/tmp"}) {
            if (tmp == null) {
                continue;
            }
            try (java.util.stream.Stream<Path> dirs = Files.list(Paths.get(tmp))) {
                Path found = dirs.filter(d -> d.getFileName().toString().startsWith("hsperfdata_"))
                        .map(d -> d.resolve(Long.toString(pid))).filter(Files::isReadable).findFirst().orElse(null);
                if (found != null) {
                    return found;
                }
            } catch (IOException | RuntimeException e) {
                // no such folder, or not ours to list
            }
        }
        return null;
    }

    /** The scalar long counters of a performance data file, by name. */
    static Map<String, Long> longs(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN);
        if (bytes.length < 32 || b.getInt(0) != MAGIC) {
            throw new IllegalArgumentException("not a HotSpot performance data file");
        }
        b.order(bytes[4] == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        if (bytes[5] != 2) {
            throw new IllegalArgumentException("performance data version " + bytes[5] + " (2 expected)");
        }
        int at = b.getInt(24);
        int entries = b.getInt(28);
        Map<String, Long> out = new HashMap<>();
        for (int i = 0; i < entries && at + 20 <= bytes.length; i++) {
            int length = b.getInt(at);
            if (length <= 0) {
                break;
            }
            int nameOffset = b.getInt(at + 4);
            int vector = b.getInt(at + 8);
            byte type = b.get(at + 12);
            int dataOffset = b.getInt(at + 16);
            int end = at + nameOffset;
            while (end < bytes.length && bytes[end] != 0) {
                end++;
            }
            if (type == 'J' && vector == 0 && at + dataOffset + 8 <= bytes.length) {
                out.put(new String(bytes, at + nameOffset, end - at - nameOffset, StandardCharsets.US_ASCII),
                        b.getLong(at + dataOffset));
            }
            at += length;
        }
        return out;
    }
}
