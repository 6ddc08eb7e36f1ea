package io.dubbostress.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code /proc} read for this very JVM: the kernel's part of the CPU time is a part of it, and it grows. */
class ProcStatTest {

    @Test
    void systemTimeIsPartOfTheCpuTimeAndCountsSystemCalls() throws IOException {
        assumeTrue(ProcStat.available(), "Linux /proc");
        long pid = ProcessHandle.current().pid();
        long system0 = ProcStat.systemCpuMillis(pid);
        assertThat(system0).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(ProcStat.cpuMillis(pid));
        // system calls until the kernel's clock (10 ms ticks) has counted some of them
        Path file = Files.createTempFile("procstat", ".bin");
        try {
            byte[] block = new byte[4096];
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (ProcStat.systemCpuMillis(pid) <= system0 && System.nanoTime() < deadline) {
                for (int i = 0; i < 200; i++) {
                    Files.write(file, block);
                }
            }
            long system1 = ProcStat.systemCpuMillis(pid);
            assertThat(system1).as("kernel time after writing files").isGreaterThan(system0)
                    .isLessThanOrEqualTo(ProcStat.cpuMillis(pid));
        } finally {
            Files.deleteIfExists(file);
        }
        assertThat(ProcStat.systemCpuMillis(Long.MAX_VALUE)).as("no such process").isEqualTo(-1);
    }
}
