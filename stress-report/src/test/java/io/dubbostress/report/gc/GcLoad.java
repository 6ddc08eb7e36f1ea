package io.dubbostress.report.gc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The JVM the GC tests start to get a real GC log: allocates garbage for a bounded time, keeping a sliding window of
 * live objects so the old generation fills and concurrent cycles (G1 remark and cleanup) happen, then asks for one
 * full collection and exits.
 *
 * <pre>
 * java -XX:+UseG1GC -Xmx64m -Xlog:gc*:file=g1.log:time,uptime,level,tags io.dubbostress.report.gc.GcLoad 2000 0 24
 * </pre>
 * Arguments: milliseconds to run, MB to allocate per second (0: as fast as it goes), MB to keep alive.
 */
public final class GcLoad {

    private GcLoad() {
    }

    public static void main(String[] args) {
        long runMs = Long.parseLong(args[0]);
        long mbPerSecond = Long.parseLong(args[1]);
        long liveMb = Long.parseLong(args[2]);
        List<byte[]> live = new ArrayList<>();
        long liveBytes = 0;
        long allocated = 0;
        long start = System.nanoTime();
        long deadline = start + runMs * 1_000_000L;
        int i = 0;
        while (System.nanoTime() < deadline) {
            byte[] chunk = new byte[1024 * (1 + i % 64)];
            chunk[0] = (byte) i;
            allocated += chunk.length;
            if (i % 8 == 0) {
                live.add(chunk);
                liveBytes += chunk.length;
                while (liveBytes > liveMb * 1024 * 1024) {
                    liveBytes -= live.remove(0).length;
                }
            }
            i++;
            if (mbPerSecond > 0) {
                long dueNanos = start + allocated * 1_000_000_000L / (mbPerSecond * 1024 * 1024);
                long ahead = dueNanos - System.nanoTime();
                if (ahead > 1_000_000) {
                    LockSupport.parkNanos(ahead); // pacing the allocation rate is the workload, not a wait
                }
            }
        }
        System.gc();
        System.out.println("allocated " + allocated / (1024 * 1024) + " MB in " + i + " chunks, live " + live.size());
    }
}
