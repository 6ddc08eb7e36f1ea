package io.dubbostress.cli.profile;

import io.dubbostress.perfmon.host.ProcessCounters;
import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What async-profiler, as {@code stress run --profile} sets it ({@link AsyncProfiler#OPTIONS}; {@code --kernel} as
 * {@code --profile-kernel} does), costs a busy JVM, measured so that a busy machine does not decide it: a
 * {@link ProfiledWork} JVM does fixed units of work while the profiler is alternately off and on (rounds of
 * {@code args[1]} s each, off first), and each phase's units per CPU second of that JVM (its own CPU time, /proc)
 * are compared. Not a test (no assertion on time); the numbers go to docs/PROFILES.md and docs/BENCHMARKS.md. Run after a build:
 * <pre>
 * java -cp "stress-cli/target/test-classes:stress-cli/target/stress-cli.jar:stress-api/target/test-classes" \
 *     io.dubbostress.cli.profile.ProfilerCostBenchmark 8 4 /tmp/profiler-cost [--kernel]
 * </pre>
 * args: rounds (each an off and an on phase), seconds per phase, a work folder, {@code --kernel} for perf_events.
 */
public final class ProfilerCostBenchmark {

    private static final Pattern UNITS = Pattern.compile("units=(\\d+)");

    private ProfilerCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        long phaseMs = Long.parseLong(args[1]) * 1000;
        Path dir = Paths.get(args[2]);
        Files.createDirectories(dir);
        AsyncProfiler engine = AsyncProfiler.fromClassPath(dir.resolve("lib"),
                args.length > 3 && args[3].equals("--kernel"));
        long lifeMs = (rounds * 2 + 2) * phaseMs + 10_000;
        try (ChildJvm work = ChildJvm.mainClass(ProfiledWork.class.getName(), System.getProperty("java.class.path"))
                .jvmArgs("-Xmx256m").args("2", String.valueOf(lifeMs)).log(dir.resolve("work.log")).start()) {
            Thread.sleep(phaseMs); // JIT and heap settle
            List<double[]> off = new ArrayList<>();
            List<double[]> on = new ArrayList<>();
            System.out.println("round  profile  units/CPU-s  units/s  CPU %");
            for (int r = 1; r <= rounds; r++) {
                off.add(phase(work, phaseMs));
                print(r, "off", off.get(off.size() - 1));
                Path file = dir.resolve("round" + r + ".jfr");
                engine.start(work.pid(), file);
                on.add(phase(work, phaseMs));
                engine.stop(work.pid(), file);
                print(r, "on", on.get(on.size() - 1));
            }
            double offMedian = median(off, 0);
            double onMedian = median(on, 0);
            System.out.printf(Locale.ROOT, "median units per CPU second: off %.0f, on %.0f: the profiler costs %.2f %%"
                    + " of the JVM's CPU per unit of work%n", offMedian, onMedian, 100 * (offMedian / onMedian - 1));
            System.out.printf(Locale.ROOT, "median units per second: off %.0f, on %.0f (%.2f %%; the machine's load"
                    + " moves this one)%n", median(off, 1), median(on, 1), 100 * (median(on, 1) / median(off, 1) - 1));
        } finally {
            engine.close();
        }
    }

    /** Units per CPU second, units per second and CPU % of the worker over one phase. */
    private static double[] phase(ChildJvm work, long ms) throws IOException, InterruptedException {
        long units0 = units(work);
        long cpu0 = ProcessCounters.readLinux(Paths.get("/proc"), work.pid(), false).cpuMillis();
        long t0 = System.nanoTime();
        Thread.sleep(ms);
        long units1 = units(work);
        long cpu1 = ProcessCounters.readLinux(Paths.get("/proc"), work.pid(), false).cpuMillis();
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpuSeconds = (cpu1 - cpu0) / 1000.0;
        return new double[] {(units1 - units0) / cpuSeconds, (units1 - units0) / seconds, 100 * cpuSeconds / seconds};
    }

    private static long units(ChildJvm work) {
        Matcher m = UNITS.matcher(work.logText());
        long last = 0;
        while (m.find()) {
            last = Long.parseLong(m.group(1));
        }
        return last;
    }

    private static void print(int round, String side, double[] p) {
        System.out.printf(Locale.ROOT, "%5d  %-7s  %11.0f  %7.0f  %5.0f%n", round, side, p[0], p[1], p[2]);
    }

    private static double median(List<double[]> phases, int column) {
        double[] values = phases.stream().mapToDouble(p -> p[column]).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
}
