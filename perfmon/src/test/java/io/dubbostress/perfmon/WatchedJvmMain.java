package io.dubbostress.perfmon;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A JVM for the Prometheus test to watch: 6 threads of its own that wait, garbage and a GC every 250 ms, and, every
 * 100 ms, its own count of its collections and their time as its GC beans give them ({@code gc EPOCH_MS COUNT
 * TIME_MS}): the second, independent read the agent's figures are held against. Stops by itself after the given
 * seconds (default 120).
 */
public final class WatchedJvmMain {

    private WatchedJvmMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 120;
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        for (int i = 0; i < 6; i++) {
            Thread t = new Thread(() -> {
                try {
                    Thread.sleep(seconds * 1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "idle-" + i);
            t.setDaemon(true);
            t.start();
        }
        System.out.println("watched");
        System.out.flush();
        List<byte[]> kept = new ArrayList<>();
        int tick = 0;
        while (System.nanoTime() < end) {
            if (tick++ % 25 == 0) {
                for (int i = 0; i < 100; i++) {
                    kept.add(new byte[32 * 1024]);
                }
                kept.clear();
                System.gc();
            }
            long count = 0;
            long time = 0;
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                count += Math.max(0, gc.getCollectionCount());
                time += Math.max(0, gc.getCollectionTime());
            }
            System.out.println("gc " + System.currentTimeMillis() + " " + count + " " + time);
            System.out.flush();
            Thread.sleep(10);
        }
    }
}
