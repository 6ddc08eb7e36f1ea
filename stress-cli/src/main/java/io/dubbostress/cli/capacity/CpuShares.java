package io.dubbostress.cli.capacity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who used this machine's CPU while a capacity search ran: readings of {@code /proc/stat} (the whole machine: busy
 * and total ticks over every core) and {@code /proc/<pid>/stat} (utime + stime of the provider, the consumer and
 * JMeter), taken once a second; for a window of time, each party's share of the machine's CPU and what the others
 * took. All figures are in the kernel's clock ticks, so shares need no tick rate. Without {@code /proc} (not Linux)
 * nothing is known: {@link #window} returns null.
 *
 * <pre>{@code
 * CpuShares cpu = new CpuShares(Path.of("/proc"), Map.of("provider", providerPid, "JMeter", jmeterPid));
 * cpu.read();                                   // once a second
 * CpuShares.Window w = cpu.window(fromMs, toMs); // w.machine(), w.share("provider"), w.others()
 * }</pre>
 */
public final class CpuShares {

    /** Shares of the machine's CPU over a window, percent of all cores (100 = every core busy). */
    record Window(double machine, Map<String, Double> parties, long fromMs, long toMs) {
        double share(String party) {
            Double d = parties.get(party);
            return d == null ? Double.NaN : d;
        }

        /** What processes other than the parties took (the other sessions of a shared machine, the kernel). */
        double others() {
            double known = 0;
            for (double d : parties.values()) {
                known += d;
            }
            return Math.max(0, machine - known);
        }
    }

    private record Reading(long atMs, long total, long busy, Map<String, Long> parties) {
    }

    private final Path proc;
    private final Map<String, Long> pids;
    private final List<Reading> readings = new ArrayList<>();

    /** {@code pids}: name to pid of the parties to follow; a pid below 1 is not followed (not on this machine). */
    public CpuShares(Path proc, Map<String, Long> pids) {
        this.proc = proc;
        this.pids = new LinkedHashMap<>();
        pids.forEach((name, pid) -> {
            if (pid != null && pid > 0) {
                this.pids.put(name, pid);
            }
        });
    }

    /** Follows {@code pid} as {@code name} from the next reading on (JMeter's pid is known once it runs). */
    synchronized void follow(String name, long pid) {
        if (pid > 0 && !pids.containsKey(name)) {
            pids.put(name, pid);
        }
    }

    /** Takes a reading now; a party that has ended keeps its last figure. */
    synchronized void read() {
        long[] machine = machine();
        if (machine == null) {
            return;
        }
        Map<String, Long> parties = new LinkedHashMap<>();
        Reading last = readings.isEmpty() ? null : readings.get(readings.size() - 1);
        for (Map.Entry<String, Long> e : pids.entrySet()) {
            long ticks = processTicks(e.getValue());
            if (ticks < 0 && last != null && last.parties().containsKey(e.getKey())) {
                ticks = last.parties().get(e.getKey());
            }
            if (ticks >= 0) {
                parties.put(e.getKey(), ticks);
            }
        }
        readings.add(new Reading(System.currentTimeMillis(), machine[0], machine[1], parties));
    }

    /**
     * Shares between the last reading at or before {@code fromMs} and the first at or after {@code toMs} (the nearest
     * ones inside when the window's edges have none); null with fewer than two readings to compare.
     */
    synchronized Window window(long fromMs, long toMs) {
        if (readings.size() < 2) {
            return null;
        }
        Reading a = readings.get(0);
        for (Reading r : readings) {
            if (r.atMs() <= fromMs) {
                a = r;
            }
        }
        Reading b = readings.get(readings.size() - 1);
        for (int i = readings.size() - 1; i >= 0; i--) {
            if (readings.get(i).atMs() >= toMs) {
                b = readings.get(i);
            }
        }
        long total = b.total() - a.total();
        if (b == a || total <= 0) {
            return null;
        }
        Map<String, Double> parties = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : b.parties().entrySet()) {
            Long before = a.parties().get(e.getKey());
            if (before != null) {
                parties.put(e.getKey(), 100.0 * (e.getValue() - before) / total);
            }
        }
        return new Window(100.0 * (b.busy() - a.busy()) / total, parties, a.atMs(), b.atMs());
    }

    /** {@code /proc/stat}'s first line: total and busy ticks of every core together; null when unreadable. */
    private long[] machine() {
        try {
            String first = Files.readAllLines(proc.resolve("stat"), StandardCharsets.US_ASCII).get(0);
            String[] f = first.trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal [guest guest_nice: already inside user and nice]
            long total = 0;
            for (int i = 1; i <= Math.min(8, f.length - 1); i++) {
                total += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
            return new long[] {total, total - idle};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** utime + stime of {@code pid}, ticks; -1 when it is gone or unreadable. */
    private long processTicks(long pid) {
        try {
            String stat = Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.US_ASCII);
            // the command (field 2) is in parentheses and may hold spaces: count from the last ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            // after the ')' field 3 (state) is f[0]: utime is field 14, stime field 15
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
