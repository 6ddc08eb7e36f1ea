package io.dubbostress.cli.profile;

import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the profiler's options cost a running {@code stress run}, measured inside one run so that the drift from run to
 * run does not decide it: async-profiler is started on the given JVMs (the run's provider, consumer and JMeter) with
 * each set of options in turn, each phase {@code seconds} long, an unprofiled phase between any two ({@code off}), for
 * {@code cycles} cycles; then the scenario's JTL gives each phase's calls per second (calls ended inside it) and p99,
 * and each profiled phase is compared with the mean of the unprofiled phases on either side of it. Not a test (no
 * assertion on time); the numbers go to docs/PROFILES.md. Start it once the run's steady state has begun:
 * <pre>
 * java -cp "stress-cli/target/test-classes:stress-cli/target/stress-cli.jar" \
 *     io.dubbostress.cli.profile.ProfilerToggleBenchmark /tmp/toggle RUN/scenarios/hop-1k/results.jtl 10 6 \
 *     PID1,PID2,PID3 event=ctimer,interval=10ms,alloc=2m,lock=10ms event=cpu,interval=10ms
 * </pre>
 * args: a work folder, the scenario's JTL, seconds per phase, cycles, the JVMs' pids, one or more option sets.
 */
public final class ProfilerToggleBenchmark {

    /** Left out at each edge of a phase: the profiler's start and stop on three JVMs take some of it. */
    private static final long EDGE_MS = 1000;

    private ProfilerToggleBenchmark() {
    }

    record Phase(int cycle, String set, long fromMs, long toMs) {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[0]);
        Path jtl = Paths.get(args[1]);
        long phaseMs = Long.parseLong(args[2]) * 1000;
        int cycles = Integer.parseInt(args[3]);
        long[] pids = Arrays.stream(args[4].split(",")).mapToLong(Long::parseLong).toArray();
        List<String> sets = List.of(args).subList(5, args.length);
        Files.createDirectories(dir);
        AsyncProfiler base = AsyncProfiler.fromClassPath(dir.resolve("lib"), false);
        List<Phase> phases = new ArrayList<>();
        try {
            phases.add(off(0, phaseMs));
            for (int c = 1; c <= cycles; c++) {
                for (String set : sets) {
                    AsyncProfiler engine = base.withOptions(set);
                    for (long pid : pids) {
                        engine.start(pid, dir.resolve("c" + c + "-" + pid + ".jfr"));
                    }
                    long from = System.currentTimeMillis();
                    Thread.sleep(phaseMs);
                    long to = System.currentTimeMillis();
                    for (long pid : pids) {
                        engine.stop(pid, dir.resolve("c" + c + "-" + pid + ".jfr"));
                    }
                    phases.add(new Phase(c, set, from + EDGE_MS, to - EDGE_MS));
                    phases.add(off(c, phaseMs));
                    System.err.printf("cycle %d, %s: done%n", c, set);
                }
            }
        } finally {
            base.close();
        }
        Thread.sleep(5000); // the JTL's last rows written
        List<long[]> rows = readJtl(jtl);
        Map<String, List<double[]>> ratios = new LinkedHashMap<>();
        System.out.println("cycle\tset\tcalls/s\tp99 us\tvs off\tp99 vs off");
        double[][] figures = new double[phases.size()][];
        for (int i = 0; i < phases.size(); i++) {
            figures[i] = figures(rows, phases.get(i));
        }
        for (int i = 1; i + 1 < phases.size(); i += 2) {
            Phase p = phases.get(i);
            double offTps = (figures[i - 1][0] + figures[i + 1][0]) / 2;
            double offP99 = (figures[i - 1][1] + figures[i + 1][1]) / 2;
            double[] r = {figures[i][0] / offTps - 1, figures[i][1] / offP99 - 1};
            ratios.computeIfAbsent(p.set(), k -> new ArrayList<>()).add(r);
            System.out.printf(Locale.ROOT, "%d\t%s\t%.0f\t%.0f\t%+.1f %%\t%+.1f %%\t(off beside: %.0f, %.0f calls/s)%n",
                    p.cycle(), p.set(), figures[i][0], figures[i][1], 100 * r[0], 100 * r[1], figures[i - 1][0],
                    figures[i + 1][0]);
        }
        for (Map.Entry<String, List<double[]>> e : ratios.entrySet()) {
            double[] tps = e.getValue().stream().mapToDouble(r -> r[0]).sorted().toArray();
            double[] p99 = e.getValue().stream().mapToDouble(r -> r[1]).sorted().toArray();
            System.out.printf(Locale.ROOT, "%s: calls/s %+.1f %% (median of %d; %+.1f to %+.1f), p99 %+.1f %%%n",
                    e.getKey(), 100 * median(tps), tps.length, 100 * tps[0], 100 * tps[tps.length - 1],
                    100 * median(p99));
        }
    }

    private static Phase off(int cycle, long ms) throws InterruptedException {
        long from = System.currentTimeMillis();
        Thread.sleep(ms);
        return new Phase(cycle, "off", from + EDGE_MS, System.currentTimeMillis() - EDGE_MS);
    }

    /** The JTL's rows as {end epoch ms, response µs}: JMeter's timeStamp + elapsed, and elapsed_us where present. */
    private static List<long[]> readJtl(Path jtl) {
        List<long[]> rows = new ArrayList<>();
        try (JtlReader reader = JtlReader.open(jtl)) {
            JtlRow row = reader.row();
            while (reader.next()) {
                long micros = row.elapsedUs() >= 0 ? row.elapsedUs() : row.elapsedMs() * 1000;
                rows.add(new long[] {row.timeStampMs() + row.elapsedMs(), micros});
            }
        }
        return rows;
    }

    /** Calls per second and p99 (µs) of the calls that ended inside {@code p}. */
    private static double[] figures(List<long[]> rows, Phase p) {
        long[] micros = rows.stream().filter(r -> r[0] >= p.fromMs() && r[0] < p.toMs()).mapToLong(r -> r[1]).sorted()
                .toArray();
        double p99 = micros.length == 0 ? Double.NaN : micros[(int) Math.min(micros.length - 1,
                Math.ceil(0.99 * micros.length) - 1)];
        return new double[] {micros.length * 1000.0 / (p.toMs() - p.fromMs()), p99};
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
