package io.dubbostress.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What Linux's {@code /proc/<pid>} says about a process: CPU time used so far ({@code stat}: user + system, in clock
 * ticks of {@code 1/CLK_TCK} s) and the peak resident set ({@code status}: {@code VmHWM}). Read from outside the
 * process, so every load generator is measured the same way whatever runs inside it.
 *
 * <pre>{@code
 * long cpuMs = ProcStat.cpuMillis(pid);     // -1 when the process is gone
 * long peakKb = ProcStat.peakRssKb(pid);    // VmHWM
 * }</pre>
 */
public final class ProcStat {

    /** Clock ticks per second of {@code /proc/<pid>/stat} (CLK_TCK): 100 on every mainstream Linux. */
    static final long TICKS_PER_SECOND = 100;

    private ProcStat() {
    }

    /** Whether {@code /proc} can tell this (Linux). */
    public static boolean available() {
        return Files.isReadable(Path.of("/proc/self/stat"));
    }

    /** User + system CPU time of {@code pid} so far in milliseconds, or -1 when it cannot be read (exited). */
    public static long cpuMillis(long pid) {
        return statCpuMillis(read(Path.of("/proc", Long.toString(pid), "stat")));
    }

    /**
     * User + system CPU time of one thread ({@code /proc/<pid>/task/<tid>/stat}) so far in milliseconds, or -1 when
     * it cannot be read (the thread ended).
     */
    public static long threadCpuMillis(long pid, long tid) {
        return statCpuMillis(read(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "stat")));
    }

    /** The ids of the threads of {@code pid} now ({@code /proc/<pid>/task}); empty when it is gone. */
    public static long[] threadIds(long pid) {
        String[] names = Path.of("/proc", Long.toString(pid), "task").toFile().list();
        if (names == null) {
            return new long[0];
        }
        long[] ids = new long[names.length];
        int n = 0;
        for (String name : names) {
            try {
                ids[n] = Long.parseLong(name);
                n++;
            } catch (NumberFormatException e) {
                // not a thread's folder
            }
        }
        return java.util.Arrays.copyOf(ids, n);
    }

    /** A thread's name ({@code /proc/<pid>/task/<tid>/comm}: at most 15 characters), or null when it ended. */
    public static String threadName(long pid, long tid) {
        String comm = read(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "comm"));
        return comm == null ? null : comm.trim();
    }

    private static long statCpuMillis(String stat) {
        if (stat == null) {
            return -1;
        }
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses, the fields start after the last ')'
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String[] fields = stat.substring(close + 2).trim().split("\\s+");
        // fields[0] is field 3 (state); utime and stime are fields 14 and 15
        if (fields.length < 13) {
            return -1;
        }
        try {
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            return ticks * 1000 / TICKS_PER_SECOND;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * CPU time the whole machine has spent busy so far (all CPUs: user, nice, system, irq, softirq, steal from the
     * first line of {@code /proc/stat}) in milliseconds, or -1.
     */
    public static long machineBusyMillis() {
        String stat = read(Path.of("/proc/stat"));
        if (stat == null || !stat.startsWith("cpu ")) {
            return -1;
        }
        String[] f = stat.substring(0, stat.indexOf('\n')).substring(4).trim().split("\\s+");
        try {
            long busy = 0;
            for (int i : new int[] {0, 1, 2, 5, 6, 7}) { // user nice system (idle iowait) irq softirq steal
                if (i < f.length) {
                    busy += Long.parseLong(f[i]);
                }
            }
            return busy * 1000 / TICKS_PER_SECOND;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The 1-minute load average, or NaN. */
    public static double loadAverage() {
        String text = read(Path.of("/proc/loadavg"));
        try {
            return text == null ? Double.NaN : Double.parseDouble(text.trim().split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** {@code VmHWM} (peak resident set) of {@code pid} in KiB, or -1. */
    public static long peakRssKb(long pid) {
        return statusKb(pid, "VmHWM:");
    }

    /** {@code VmRSS} (resident set now) of {@code pid} in KiB, or -1. */
    public static long rssKb(long pid) {
        return statusKb(pid, "VmRSS:");
    }

    /** The number of threads of {@code pid} ({@code status}: {@code Threads}), or -1. */
    public static long threads(long pid) {
        return statusKb(pid, "Threads:");
    }

    private static long statusKb(long pid, String field) {
        String status = read(Path.of("/proc", Long.toString(pid), "status"));
        if (status == null) {
            return -1;
        }
        for (String line : status.split("\n")) {
            if (line.startsWith(field)) {
                String[] parts = line.substring(field.length()).trim().split("\\s+");
                try {
                    return Long.parseLong(parts[0]);
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
