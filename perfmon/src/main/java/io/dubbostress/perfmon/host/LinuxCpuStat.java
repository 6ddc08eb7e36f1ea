package io.dubbostress.perfmon.host;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Reads Linux's {@code /proc/stat} CPU lines: {@code cpu} (all CPUs) and {@code cpuN} (logical CPU N), each
 * {@code user nice system idle iowait irq softirq steal [guest guest_nice]} in clock ticks (USER_HZ, 10 ms), the
 * order {@link CpuTicks.State} has. Read on every ask: OSHI keeps its CPU ticks for 300 ms (its memoizer's default),
 * so readings closer together than that would see no change and a stream faster than 0.3 s would repeat its values.
 */
final class LinuxCpuStat {

    private final CpuTicks all;
    private final List<CpuTicks> cores;

    private LinuxCpuStat(CpuTicks all, List<CpuTicks> cores) {
        this.all = all;
        this.cores = cores;
    }

    /** Null when there is no {@code cpu} line (not the kernel's format). */
    static LinuxCpuStat parse(List<String> lines) {
        CpuTicks all = null;
        List<CpuTicks> cores = new ArrayList<>();
        for (String line : lines) {
            if (!line.startsWith("cpu")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            long[] ticks = new long[CpuTicks.State.values().length];
            try {
                for (int i = 0; i < ticks.length && i + 1 < f.length; i++) {
                    ticks[i] = Long.parseLong(f[i + 1]);
                }
            } catch (NumberFormatException e) {
                continue;
            }
            if ("cpu".equals(f[0])) {
                all = new CpuTicks(ticks);
                continue;
            }
            int index;
            try {
                index = Integer.parseInt(f[0].substring(3));
            } catch (NumberFormatException e) {
                continue;
            }
            while (cores.size() <= index) {
                cores.add(null); // an offline CPU has no line: its place stays empty
            }
            cores.set(index, new CpuTicks(ticks));
        }
        return all == null ? null : new LinuxCpuStat(all, Collections.unmodifiableList(cores));
    }

    /** All CPUs together. */
    CpuTicks all() {
        return all;
    }

    /** By logical CPU number; null where that CPU is offline. */
    List<CpuTicks> cores() {
        return cores;
    }

    @Override
    public String toString() {
        return all + " " + Arrays.toString(cores.toArray());
    }
}
