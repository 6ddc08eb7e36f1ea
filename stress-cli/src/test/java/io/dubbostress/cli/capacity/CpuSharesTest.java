package io.dubbostress.cli.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CPU shares from {@code /proc} readings: a {@code /proc} written by the test (the kernel's formats: the first line of
 * {@code stat}, a process's {@code stat} with a command holding spaces and parentheses), then the real one.
 */
class CpuSharesTest {

    @TempDir
    Path proc;

    private void write(long user, long idle, long providerTicks, long jmeterTicks) throws Exception {
        // cpu user nice system idle iowait irq softirq steal guest guest_nice
        Files.writeString(proc.resolve("stat"), "cpu  " + user + " 0 0 " + idle + " 0 0 0 0 0 0\ncpu0 1 2 3 4\n");
        Files.createDirectories(proc.resolve("41"));
        Files.createDirectories(proc.resolve("42"));
        // field 14 utime, 15 stime; the command "(java (x) y)" has spaces and a ')' inside
        Files.writeString(proc.resolve("41/stat"), "41 (java (x) y) S 1 1 1 0 -1 0 0 0 0 0 " + providerTicks
                + " 0 0 0 20 0 50 0 0\n");
        Files.writeString(proc.resolve("42/stat"), "42 (java) S 1 1 1 0 -1 0 0 0 0 0 " + (jmeterTicks - 5) + " 5 0 0 20"
                + " 0 30 0 0\n");
    }

    @Test
    void sharesOfTheMachineOverAWindow() throws Exception {
        CpuShares cpu = new CpuShares(proc, Map.of(CapacityReport.PROVIDER, 41L, CapacityReport.JMETER, -1L));
        assertThat(cpu.window(0, Long.MAX_VALUE)).as("no readings yet").isNull();
        write(1000, 1000, 100, 50);
        cpu.read();
        cpu.follow(CapacityReport.JMETER, 42);
        write(1000 + 180, 1000 + 20, 100 + 120, 50 + 40);
        cpu.read();
        // 200 ticks in all, 180 busy: 90 %; the provider 120 of them (60 %); JMeter followed from the 2nd reading only
        CpuShares.Window w = cpu.window(0, Long.MAX_VALUE);
        assertThat(w.machine()).isCloseTo(90, within(1e-9));
        assertThat(w.share(CapacityReport.PROVIDER)).isCloseTo(60, within(1e-9));
        assertThat(w.share(CapacityReport.JMETER)).isNaN();
        assertThat(w.others()).isCloseTo(30, within(1e-9));
        long second = System.currentTimeMillis();
        while (System.currentTimeMillis() <= second) {
            Thread.onSpinWait(); // the third reading a millisecond later than the second: windows are in ms
        }
        write(1000 + 380, 1000 + 20, 100 + 120, 50 + 40 + 100);
        cpu.read();
        CpuShares.Window last = cpu.window(second, Long.MAX_VALUE);
        assertThat(last.share(CapacityReport.JMETER)).isCloseTo(50, within(1e-9));
        assertThat(last.share(CapacityReport.PROVIDER)).isZero();
        assertThat(last.machine()).isCloseTo(100, within(1e-9));
    }

    /** On this machine (Linux): the test's own JVM, busy for a moment, has a share, and no party exceeds the machine. */
    @Test
    void theRealProcReadsAsOfThisMachine() {
        if (!Files.isReadable(Path.of("/proc/stat"))) {
            return; // not Linux: the search says the CPU was not measured, and so does this test
        }
        CpuShares cpu = new CpuShares(Path.of("/proc"), Map.of("self", ProcessHandle.current().pid()));
        cpu.read();
        // 300 ms of this thread's own CPU (the kernel counts in ticks of 10 ms), however long a busy machine takes to
        // give it, at most a minute
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuUntil = threads.getCurrentThreadCpuTime() + 300_000_000L;
        long wallLimit = System.nanoTime() + 60_000_000_000L;
        long spin = 0;
        while (threads.getCurrentThreadCpuTime() < cpuUntil && System.nanoTime() < wallLimit) {
            spin++;
        }
        cpu.read();
        CpuShares.Window w = cpu.window(0, Long.MAX_VALUE);
        assertThat(spin).isPositive();
        // the process's ticks and the machine's are read one after the other: a tick may fall between the two reads
        double oneTick = 100.0 / (w.toMs() - w.fromMs()) * 10 / Runtime.getRuntime().availableProcessors();
        assertThat(w.share("self")).isGreaterThan(0).isLessThanOrEqualTo(w.machine() + 2 * oneTick);
        assertThat(w.machine()).isBetween(0.0, 100.0);
    }
}
