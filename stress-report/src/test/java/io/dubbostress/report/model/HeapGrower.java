package io.dubbostress.report.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A JVM for {@link HeapTrendTest}: for {@code args[1]} steps it keeps {@code args[0]} KiB more (0: a JVM that leaks
 * nothing), makes some garbage, and asks for a full collection, so its GC log has a full GC per step with the heap it
 * keeps after it.
 */
public final class HeapGrower {

    static final List<byte[]> KEPT = new ArrayList<>();
    static volatile byte[] garbage;

    private HeapGrower() {
    }

    public static void main(String[] args) throws InterruptedException {
        int keptKib = Integer.parseInt(args[0]);
        int steps = Integer.parseInt(args[1]);
        for (int step = 0; step < steps; step++) {
            if (keptKib > 0) {
                KEPT.add(new byte[keptKib * 1024]);
            }
            for (int i = 0; i < 200; i++) {
                garbage = new byte[16 * 1024];
            }
            System.gc();
            Thread.sleep(20);
        }
        System.out.println("kept " + KEPT.size() + " blocks");
    }
}
