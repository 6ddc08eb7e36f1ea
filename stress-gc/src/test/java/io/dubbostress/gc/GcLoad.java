package io.dubbostress.gc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The JVM the GC tests start to get a real GC log: allocates garbage for a bounded time, keeping a sliding window of
 * live objects so the old generation fills and concurrent cycles (G1 remark and cleanup) happen, then asks for one
 * full collection and exits.
 *
 * <pre>
 * java -XX:+UseG1GC -Xmx64m -Xlog:gc*:file=g1.log:time,uptime,level,tags io.dubbostress.gc.GcLoad 2000 0 24
 * </pre>
 * Arguments: milliseconds to run, MB to allocate per second (0: as fast as it goes), MB to keep alive. It runs at
 * least that long and until it has allocated at least what the rate gives over that time ({@value #UNPACED_MB} MB
 * unpaced), at most {@value #LIMIT_SECONDS} s: on a busy machine a JVM gets less CPU in the same wall time, and its
 * log would hold a few collections instead of dozens (seen: 2 where the tests want more than 10, at load 22).
 */
public final class GcLoad {

    /** What an unpaced run allocates at least, MB (a quiet machine does it in a fraction of a second). */
    static final long UNPACED_MB = 200;

    /** The longest a run takes, seconds, whatever it has allocated by then. */
    static final long LIMIT_SECONDS = 60;

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
        long limit = start + LIMIT_SECONDS * 1_000_000_000L;
        long minimum = (mbPerSecond > 0 ? runMs * mbPerSecond / 1000 : UNPACED_MB) * 1024 * 1024;
        int i = 0;
        while ((System.nanoTime() < deadline || allocated < minimum) && System.nanoTime() < limit) {
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
