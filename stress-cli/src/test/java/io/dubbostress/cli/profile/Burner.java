package io.dubbostress.cli.profile;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * A JVM with a known profile, for the profiler's tests: its main thread alternates {@link #hot} (2 ms of CPU) and
 * {@link #cold} (1 ms), the same loop in two named frames, timing both with its own thread CPU clock and printing the
 * totals ({@code split hot=NS cold=NS}) every 200 ms, for {@code args[0]} ms.
 */
public final class Burner {

    static volatile long sink;

    private Burner() {
    }

    public static void main(String[] args) {
        long end = System.currentTimeMillis() + Long.parseLong(args[0]);
        ThreadMXBean clock = ManagementFactory.getThreadMXBean();
        long hotNs = 0;
        long coldNs = 0;
        long nextPrint = 0;
        System.out.println("ready");
        while (System.currentTimeMillis() < end) {
            long a = clock.getCurrentThreadCpuTime();
            hot(clock, a + 2_000_000);
            long b = clock.getCurrentThreadCpuTime();
            cold(clock, b + 1_000_000);
            long c = clock.getCurrentThreadCpuTime();
            hotNs += b - a;
            coldNs += c - b;
            if (System.currentTimeMillis() >= nextPrint) {
                System.out.println("split hot=" + hotNs + " cold=" + coldNs);
                nextPrint = System.currentTimeMillis() + 200;
            }
        }
    }

    static void hot(ThreadMXBean clock, long untilNs) {
        long x = sink;
        while (clock.getCurrentThreadCpuTime() < untilNs) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 31 + i;
            }
        }
        sink = x;
    }

    static void cold(ThreadMXBean clock, long untilNs) {
        long x = sink;
        while (clock.getCurrentThreadCpuTime() < untilNs) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 31 + i;
            }
        }
        sink = x;
    }
}
