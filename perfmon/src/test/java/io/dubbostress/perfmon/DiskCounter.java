package io.dubbostress.perfmon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Ground truth for tests: bytes written to this host's physical disks, from Linux's /proc/diskstats (sectors of 512
 * bytes, whole disks only: those in /sys/block, without loop, ram, zram, device-mapper or md devices).
 */
final class DiskCounter {

    private DiskCounter() {
    }

    static long bytesWritten() {
        long sectors = 0;
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/diskstats"))) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 10) {
                    continue;
                }
                String name = f[2];
                Path block = Paths.get("/sys/block", name);
                if (!Files.isDirectory(block) || name.matches("(loop|ram|zram|dm-|md|sr).*")) {
                    continue;
                }
                sectors += Long.parseLong(f[9]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sectors * 512;
    }
}
