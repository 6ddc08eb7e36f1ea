package io.dubbostress.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two measures of a load generator the bench reads besides its CPU, checked against what a real JVM did: the bytes
 * it allocated in a window ({@link AllocationWindow}, from the JFR recording every run makes) against the JVM's own
 * count of what it allocated, and its JIT compiler threads' CPU ({@link CpuRecorder#jitCpuMillis}) against a JVM that
 * has no JIT compiler running.
 */
class LoadGeneratorMeasuresTest {

    @TempDir
    Path dir;

    /** Allocates one 1 MiB array every 20 ms for 4 s, printing the epoch ms after each: the test's own count. */
    public static final class SteadyAllocator {
        static volatile byte[] kept;

        public static void main(String[] args) throws InterruptedException {
            long end = System.currentTimeMillis() + 4000;
            while (System.currentTimeMillis() < end) {
                kept = new byte[1 << 20];
                System.out.println("allocated " + System.currentTimeMillis());
                Thread.sleep(20);
            }
        }
    }

    @Test
    void bytesAllocatedInAWindowAreWhatTheJvmAllocatedThen() throws IOException {
        List<String> jvmArgs = new ArrayList<>(AllocationWindow.recordingFlags(dir));
        jvmArgs.add("-Xmx256m");
        try (ChildJvm child = ChildJvm.mainClass(SteadyAllocator.class.getName(), System.getProperty("java.class.path"))
                .jvmArgs(jvmArgs.toArray(new String[0])).log(dir.resolve("child.out")).start()) {
            assertThat(child.waitFor(Duration.ofSeconds(60))).as("the child ends by itself").isTrue();
            List<Long> times = new ArrayList<>();
            for (String line : Files.readAllLines(child.log())) {
                if (line.startsWith("allocated ")) {
                    times.add(Long.parseLong(line.substring("allocated ".length())));
                }
            }
            assertThat(times).as(child.logText()).hasSizeGreaterThan(20);
            // the middle of the run, where the rate is steady: its own count of 1 MiB arrays there
            long from = times.get(0) + 1000;
            long to = times.get(times.size() - 1) - 1000;
            long arrays = times.stream().filter(t -> t > from && t <= to).count();
            double counted = AllocationWindow.allocatedBytes(dir.resolve(AllocationWindow.FILE), from, to);
            assertThat(counted / (1 << 20)).as("MiB in the window; the child allocated %d arrays of 1 MiB", arrays)
                    .isBetween(arrays * 0.85, arrays * 1.15 + 2);
            assertThat(AllocationWindow.allocatedBytes(dir.resolve(AllocationWindow.FILE), from - 60_000, to))
                    .as("a window the recording does not cover").isNaN();
        }
        assertThat(AllocationWindow.allocatedBytes(dir.resolve("none.jfr"), 0, 1)).isNaN();
    }

    @Test
    void aThreadsCountIsReadLinearlyBetweenItsSamples() {
        List<long[]> samples = List.of(new long[] {1000, 100}, new long[] {2000, 300});
        assertThat(AllocationWindow.at(samples, 500)).as("before its first sample: born later").isZero();
        assertThat(AllocationWindow.at(samples, 1500)).isEqualTo(200);
        assertThat(AllocationWindow.at(samples, 2500)).as("after its last: ended").isEqualTo(300);
    }

    /** Runs the same arithmetic for 3 s: compiled by the JIT unless it runs interpreted only. */
    public static final class Busy {
        public static void main(String[] args) {
            long end = System.nanoTime() + 3_000_000_000L;
            long sum = 0;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 10_000; i++) {
                    sum += Long.toString(i).hashCode();
                }
            }
            System.out.println("done " + sum);
        }
    }

    @Test
    void jitCpuIsTheCompilerThreadsAndNothingWithoutThem() throws InterruptedException {
        double[] compiled = busyJvm();
        assertThat(compiled[1]).as("JIT ms of a JVM warming up (of %.0f ms CPU)", compiled[0]).isPositive()
                .isLessThan(compiled[0]);
        double[] interpreted = busyJvm("-Xint");
        assertThat(interpreted[0]).as("CPU ms of the interpreted JVM").isPositive();
        assertThat(interpreted[1]).as("JIT ms without a JIT compiler").isZero();
    }

    /** CPU ms and JIT ms of a {@link Busy} JVM over its first 2.5 s. */
    private double[] busyJvm(String... jvmArgs) throws InterruptedException {
        try (CpuRecorder cpu = CpuRecorder.start();
                ChildJvm child = ChildJvm.mainClass(Busy.class.getName(), System.getProperty("java.class.path"))
                        .jvmArgs(jvmArgs).log(dir.resolve("busy" + jvmArgs.length + ".out")).start()) {
            cpu.watchJvm("load", child.pid()); // its first sample: the window's start
            long start = System.currentTimeMillis();
            Thread.sleep(2500); // the JVM under way: the recorder samples it every 100 ms meanwhile
            long end = System.currentTimeMillis();
            // from the JVM's start (the first sample): on a quiet box the loop is compiled within its first 200 ms,
            // and the JIT is idle after that
            return new double[] {cpu.cpuMillis("load", start, end), cpu.jitCpuMillis("load", start, end)};
        }
    }

    /**
     * Two threads named {@code spin-1} and {@code spin-2} that compute for 5 s, one {@code sleeper-1} that sleeps; every
     * 50 ms the main thread prints the epoch ms and the two spinners' CPU ns so far, as the JVM counts them
     * ({@code ThreadMXBean}): the test's own count.
     */
    public static final class NamedSpinners {
        static volatile long sink;

        public static void main(String[] args) throws InterruptedException {
            long end = System.currentTimeMillis() + 5000;
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            List<Thread> spinners = new ArrayList<>();
            for (int i = 1; i <= 2; i++) {
                Thread t = new Thread(() -> {
                    long sum = 0;
                    while (System.currentTimeMillis() < end) {
                        for (int k = 0; k < 10_000; k++) {
                            sum += Long.toString(k).hashCode();
                        }
                    }
                    sink = sum;
                }, "spin-" + i);
                t.start();
                spinners.add(t);
            }
            Thread sleeper = new Thread(() -> {
                try {
                    Thread.sleep(6000);
                } catch (InterruptedException e) {
                    // ends
                }
            }, "sleeper-1");
            sleeper.setDaemon(true);
            sleeper.start();
            while (System.currentTimeMillis() < end) {
                long ns = 0;
                for (Thread t : spinners) {
                    ns += Math.max(0, mx.getThreadCpuTime(t.getId()));
                }
                System.out.println("spun " + System.currentTimeMillis() + " " + ns);
                Thread.sleep(50);
            }
        }
    }

    @Test
    void eachThreadGroupsCpuIsWhatItsThreadsUsed() {
        try (CpuRecorder cpu = CpuRecorder.start();
                ChildJvm child = ChildJvm.mainClass(NamedSpinners.class.getName(), System.getProperty("java.class.path"))
                        .log(dir.resolve("spinners.out")).start()) {
            cpu.watchJvm("load", child.pid());
            assertThat(child.waitFor(Duration.ofSeconds(60))).as("the child ends by itself").isTrue();
            List<long[]> spun = new ArrayList<>();
            for (String line : child.logText().split("\n")) {
                if (line.startsWith("spun ")) {
                    String[] f = line.split(" ");
                    spun.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
                }
            }
            assertThat(spun).as(child.logText()).hasSizeGreaterThan(40);
            // a window in the middle of the run, from one line of the child's count to another
            long[] from = spun.stream().filter(p -> p[0] >= spun.get(0)[0] + 1200).findFirst().orElseThrow();
            long[] to = spun.stream().filter(p -> p[0] >= from[0] + 2500).findFirst().orElseThrow();
            double counted = (to[1] - from[1]) / 1e6;
            Map<String, Double> groups = cpu.threadGroupCpuMillis("load", from[0], to[0]);
            assertThat(groups).as("the groups of a window the reads cover").containsKey("spin-#");
            assertThat(groups.get("spin-#")).as("the spinners' ms, by their own count %.0f ms; all groups: %s",
                    counted, groups).isBetween(counted * 0.85 - 50, counted * 1.15 + 50);
            assertThat(groups.getOrDefault("sleeper-#", 0.0)).as("a thread that sleeps").isLessThan(20);
            assertThat(groups.keySet()).as("largest first").first().isEqualTo("spin-#");
            double all = groups.values().stream().mapToDouble(Double::doubleValue).sum();
            double process = cpu.cpuMillis("load", from[0], to[0]);
            assertThat(all).as("the groups together against the process's CPU %.0f ms", process)
                    .isBetween(process * 0.85 - 50, process * 1.15 + 50);
            assertThat(cpu.threadGroupCpuMillis("load", from[0] - 60_000, to[0])).as("a window not covered").isEmpty();
        }
        assertThat(CpuRecorder.group("Thread Group 1-17")).isEqualTo("Thread Group #-#");
        assertThat(CpuRecorder.group("C2 CompilerThre")).isEqualTo("C# CompilerThre");
    }
}
