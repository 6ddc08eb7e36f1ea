package io.dubbostress.perfmon;

import java.util.ArrayList;
import java.util.List;

/**
 * A JVM for JMX tests: makes garbage and asks for a GC every 100 ms, so its GC time grows; prints "churning" once
 * started; stops by itself after the given seconds (default 120) so it can never be left behind.
 */
public final class GcChurnMain {

    private GcChurnMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 120;
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        System.out.println("churning");
        System.out.flush();
        List<byte[]> kept = new ArrayList<>();
        while (System.nanoTime() < end) {
            for (int i = 0; i < 200; i++) {
                kept.add(new byte[64 * 1024]);
            }
            kept.clear();
            System.gc();
            Thread.sleep(100);
        }
    }
}
