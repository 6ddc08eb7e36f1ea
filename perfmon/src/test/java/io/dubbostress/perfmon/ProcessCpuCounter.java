package io.dubbostress.perfmon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Paths;

/** Ground truth for tests: a process's CPU time (user + system), from Linux's /proc/PID/stat, in milliseconds. */
final class ProcessCpuCounter {

    /** USER_HZ: the unit of /proc's CPU times, 100 per second on every Linux architecture. */
    private static final int USER_HZ = 100;

    private ProcessCpuCounter() {
    }

    static long cpuMillis(long pid) {
        try {
            String stat = new String(Files.readAllBytes(Paths.get("/proc/" + pid + "/stat")), "UTF-8");
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split("\\s+");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 1000 / USER_HZ;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
