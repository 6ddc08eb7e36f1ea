package io.dubbostress.report.gc;

import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * The program the GC corpus runs in a child JVM to get a real GC log: allocates garbage for a bounded time while
 * keeping a sliding window of live objects (so the old generation fills and concurrent cycles and full collections
 * happen in a small heap), then asks for one full collection and exits. Java 8 language level on purpose: the same
 * class runs on every JDK the corpus uses.
 *
 * <pre>
 * java -Xmx32m -XX:+UseG1GC -Xlog:gc*:file=g1.log:time,uptime,level,tags -cp target/test-classes \
 *     io.dubbostress.report.gc.GcCorpusLoad 1500 12
 * </pre>
 * Arguments: milliseconds to run, MB to keep alive; a third, optional, MB per second (0 or absent: unpaced).
 */
public final class GcCorpusLoad {

    private GcCorpusLoad() {
    }

    public static void main(String[] args) {
        long runMs = Long.parseLong(args[0]);
        long liveBytesMax = Long.parseLong(args[1]) * 1024 * 1024;
        long mbPerSecond = args.length > 2 ? Long.parseLong(args[2]) : 0;
        ArrayDeque<byte[]> live = new ArrayDeque<>();
        long liveBytes = 0;
        long allocated = 0;
        long start = System.nanoTime();
        long deadline = start + runMs * 1_000_000L;
        int i = 0;
        while (System.nanoTime() < deadline) {
            byte[] chunk = new byte[512 * (1 + i % 128)];
            chunk[0] = (byte) i;
            allocated += chunk.length;
            if (i % 4 == 0) {
                live.addLast(chunk);
                liveBytes += chunk.length;
                while (liveBytes > liveBytesMax) {
                    liveBytes -= live.removeFirst().length;
                }
            }
            i++;
            if (mbPerSecond > 0) {
                long dueNanos = start + allocated * 1_000_000_000L / (mbPerSecond * 1024 * 1024);
                long ahead = dueNanos - System.nanoTime();
                if (ahead > 1_000_000) {
                    LockSupport.parkNanos(ahead); // pacing the allocation is the workload, not a wait
                }
            }
        }
        System.gc();
        System.out.println("allocated " + allocated / (1024 * 1024) + " MB, live " + live.size() + " chunks");
    }
}
