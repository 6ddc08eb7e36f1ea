package io.dubbostress.cli.metrics;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A JVM of known behaviour for the JVM-metrics tests, for at most {@code args[1]} ms:
 * <ul>
 * <li>{@code grow LIFE_MS DELAY_MS GROW_MS THREAD_EVERY_MS FILE_EVERY_MS DIR}: after {@code DELAY_MS}, for
 * {@code GROW_MS}, starts a new parked thread every {@code THREAD_EVERY_MS} and opens (and keeps open) a file of
 * {@code DIR} every {@code FILE_EVERY_MS}, each on the clock (the n-th at start + n x period, however late the loop
 * wakes), printing {@code growing EPOCH_MS} at the start and {@code holding EPOCH_MS threads=N files=M} at the end,
 * then holds them;</li>
 * <li>{@code steady LIFE_MS}: one thread parks for 1 ms in a loop (a voluntary context switch each), nothing else
 * changes.</li>
 * </ul>
 * Prints {@code ready} first.
 */
public final class KnownJvm {

    private KnownJvm() {
    }

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args[1]);
        if (args[0].equals("steady")) {
            Thread parker = new Thread(() -> {
                while (System.currentTimeMillis() < end) {
                    LockSupport.parkNanos(1_000_000);
                }
            }, "parker");
            parker.start();
            System.out.println("ready");
            parker.join();
            return;
        }
        long delay = Long.parseLong(args[2]);
        long grow = Long.parseLong(args[3]);
        long threadEvery = Long.parseLong(args[4]);
        long fileEvery = Long.parseLong(args[5]);
        Path dir = Path.of(args[6]);
        List<InputStream> open = new ArrayList<>();
        System.out.println("ready");
        sleepUntil(System.currentTimeMillis() + delay);
        long start = System.currentTimeMillis();
        System.out.println("growing " + start);
        int threads = 0;
        int files = 0;
        while (true) {
            long nextThread = start + (threads + 1) * threadEvery;
            long nextFile = start + (files + 1) * fileEvery;
            long next = Math.min(nextThread, nextFile);
            if (next > start + grow) {
                break;
            }
            sleepUntil(next);
            if (next == nextThread) {
                Thread t = new Thread(() -> LockSupport.parkUntil(end), "grown-" + (threads + 1));
                t.setDaemon(true);
                t.start();
                threads++;
            } else {
                open.add(new FileInputStream(Files.writeString(dir.resolve("file-" + files), "x").toFile()));
                files++;
            }
        }
        System.out.println("holding " + System.currentTimeMillis() + " threads=" + threads + " files=" + files);
        sleepUntil(end);
        for (InputStream in : open) {
            close(in);
        }
    }

    private static void close(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // exiting anyway
        }
    }

    private static void sleepUntil(long epochMs) throws InterruptedException {
        long left;
        while ((left = epochMs - System.currentTimeMillis()) > 0) {
            Thread.sleep(left);
        }
    }
}
