package io.dubbostress.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;

/**
 * Makes a large real GC log for {@code stress bench}: allocates short-lived arrays as fast as it can while keeping a
 * few MB alive in a ring that keeps changing (so objects get promoted, the old generation fills and concurrent cycles
 * and mixed collections happen too), until the JVM has made {@code pauses} collections or {@code maxSeconds} have
 * passed. Run it with a small heap, a small young generation and GC logging:
 *
 * <pre>
 * java -Xms64m -Xmx64m -Xmn2m -XX:+UseG1GC -Xlog:gc*:file=churn-gc.log:time,uptime,level,tags:filecount=0 \
 *   -cp stress-bench.jar io.dubbostress.bench.GarbageChurn 30000 600
 * </pre>
 */
public final class GarbageChurn {

    private GarbageChurn() {
    }

    public static void main(String[] args) {
        long pauses = Long.parseLong(args[0]);
        long maxNanos = Long.parseLong(args[1]) * 1_000_000_000L;
        int liveSlots = args.length > 2 ? Integer.parseInt(args[2]) : 4096;
        Object[] live = new Object[liveSlots];
        SplittableRandom random = new SplittableRandom(42);
        long start = System.nanoTime();
        long sink = 0;
        long collections = 0;
        while (collections < pauses && System.nanoTime() - start < maxNanos) {
            for (int i = 0; i < 100_000; i++) {
                byte[] garbage = new byte[64 + random.nextInt(2048)];
                garbage[garbage.length - 1] = (byte) i;
                sink += garbage.length;
                if ((i & 31) == 0) {
                    live[random.nextInt(live.length)] = garbage; // survives a while, then becomes garbage too
                }
            }
            collections = collections();
        }
        System.out.printf("GarbageChurn: %d collections, %d MB allocated, %.1f s%n", collections, sink >> 20,
                (System.nanoTime() - start) / 1e9);
    }

    private static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            // G1's "G1 Concurrent GC" bean counts concurrent cycles, not pauses
            if (!gc.getName().contains("Concurrent")) {
                n += Math.max(0, gc.getCollectionCount());
            }
        }
        return n;
    }
}
