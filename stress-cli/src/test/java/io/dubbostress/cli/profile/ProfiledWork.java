package io.dubbostress.cli.profile;

import java.util.concurrent.atomic.LongAdder;

/**
 * The JVM {@link ProfilerCostBenchmark} profiles: {@code args[0]} threads doing a fixed unit of work each (build a
 * 1 KiB string, hash it: about 2 KiB allocated; every 64 units a lock all threads share), the units done so far printed
 * every 20 ms ({@code units=N}), for {@code args[1]} ms.
 */
public final class ProfiledWork {

    static final LongAdder UNITS = new LongAdder();
    static final Object LOCK = new Object();
    static volatile long sink;

    private ProfiledWork() {
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = Integer.parseInt(args[0]);
        long end = System.currentTimeMillis() + Long.parseLong(args[1]);
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> work(end), "worker-" + t);
            worker.setDaemon(true);
            worker.start();
        }
        while (System.currentTimeMillis() < end) {
            System.out.println("units=" + UNITS.sum());
            Thread.sleep(20);
        }
    }

    static void work(long end) {
        StringBuilder text = new StringBuilder(1024);
        long n = 0;
        while (System.currentTimeMillis() < end) {
            text.setLength(0);
            for (int i = 0; i < 64; i++) {
                text.append("0123456789abcdef");
            }
            long h = text.toString().hashCode();
            if (++n % 64 == 0) {
                synchronized (LOCK) {
                    sink += h;
                }
            }
            UNITS.increment();
        }
    }
}
