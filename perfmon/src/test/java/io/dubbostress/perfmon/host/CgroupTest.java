package io.dubbostress.perfmon.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control-group reader on cgroup file systems laid out as the kernel lays them out (files written here, in the
 * kernel's formats: this host runs cgroup v1, so v2 can only be met this way), and on this host's real one.
 */
class CgroupTest {

    @TempDir
    Path dir;

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void v2ContainerReportsItsLimitsTheTightestUpTheTreeAndItsUsage() throws IOException {
        Path root = dir.resolve("cgroup");
        write(root.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
        write(dir.resolve("self-cgroup"), "0::/kubepods/pod1/ctr\n");
        Path group = root.resolve("kubepods/pod1/ctr");
        write(group.resolve("cpu.max"), "150000 100000\n");
        write(group.resolve("cpuset.cpus.effective"), "0-3\n");
        write(group.resolve("cpu.stat"), "usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n"
                + "nr_periods 10\nnr_throttled 3\nthrottled_usec 1200\n");
        write(group.resolve("memory.max"), "536870912\n");
        write(group.resolve("memory.current"), "300000000\n");
        write(group.resolve("memory.stat"), "anon 150000000\nfile 140000000\nactive_file 40000000\n"
                + "inactive_file 100000000\n");
        write(root.resolve("kubepods/memory.max"), "268435456\n"); // the pod's limit is tighter
        write(root.resolve("kubepods/cpu.max"), "max 100000\n");

        Cgroup cgroup = Cgroup.detect(dir.resolve("self-cgroup"), root);

        assertThat(cgroup).isNotNull();
        assertThat(cgroup.version()).isEqualTo(2);
        CgroupStat stat = cgroup.read();
        assertThat(stat.cpuLimitCores()).isEqualTo(1.5);
        assertThat(stat.cpuUsageNanos()).isEqualTo(2_500_000_000L);
        assertThat(stat.throttledPeriods()).isEqualTo(3);
        assertThat(stat.memoryLimitBytes()).isEqualTo(268_435_456L);
        assertThat(stat.memoryUsageBytes()).isEqualTo(200_000_000L);
    }

    @Test
    void v2WithinItsNamespaceIsTheMountItselfAndACpusetCanBeTheLimit() throws IOException {
        Path root = dir.resolve("cgroup");
        write(root.resolve("cgroup.controllers"), "cpu memory\n");
        write(dir.resolve("self-cgroup"), "0::/\n");
        write(root.resolve("cpu.max"), "max 100000\n");
        write(root.resolve("cpuset.cpus.effective"), "0,2-3\n");
        write(root.resolve("memory.max"), "max\n");
        write(root.resolve("memory.current"), "1000\n");
        write(root.resolve("cpu.stat"), "usage_usec 7\n");

        CgroupStat stat = Cgroup.detect(dir.resolve("self-cgroup"), root).read();

        assertThat(stat.cpuLimitCores()).isEqualTo(3.0);
        assertThat(stat.memoryLimitBytes()).isEqualTo(-1);
        assertThat(stat.memoryUsageBytes()).isEqualTo(1000);
        assertThat(stat.cpuUsageNanos()).isEqualTo(7000);
        assertThat(stat.throttledPeriods()).isEqualTo(-1);
    }

    @Test
    void v1ReadsEachControllersOwnDirectory() throws IOException {
        Path root = dir.resolve("cgroup");
        write(dir.resolve("self-cgroup"), "9:pids:/docker/abc\n4:memory:/docker/abc\n2:cpu,cpuacct:/docker/abc\n"
                + "0::/\n");
        Path memory = root.resolve("memory/docker/abc");
        write(memory.resolve("memory.limit_in_bytes"), "9223372036854771712\n");
        write(memory.resolve("memory.usage_in_bytes"), "200000000\n");
        write(memory.resolve("memory.stat"), "cache 60000000\ntotal_inactive_file 50000000\n");
        Path cpu = root.resolve("cpu,cpuacct/docker/abc");
        write(cpu.resolve("cpu.cfs_quota_us"), "50000\n");
        write(cpu.resolve("cpu.cfs_period_us"), "100000\n");
        write(cpu.resolve("cpuacct.usage"), "123456789\n");
        write(cpu.resolve("cpu.stat"), "nr_periods 20\nnr_throttled 7\nthrottled_time 99\n");

        Cgroup cgroup = Cgroup.detect(dir.resolve("self-cgroup"), root);

        assertThat(cgroup.version()).isEqualTo(1);
        CgroupStat stat = cgroup.read();
        assertThat(stat.memoryLimitBytes()).as("v1's 'unlimited' is a huge number").isEqualTo(-1);
        assertThat(stat.memoryUsageBytes()).isEqualTo(150_000_000L);
        assertThat(stat.cpuLimitCores()).isEqualTo(0.5);
        assertThat(stat.cpuUsageNanos()).isEqualTo(123_456_789L);
        assertThat(stat.throttledPeriods()).isEqualTo(7);
    }

    @Test
    void noControlGroupFileMeansNone() {
        assertThat(Cgroup.detect(dir.resolve("missing"), dir)).isNull();
    }

    @Test
    void cpusetSizes() {
        assertThat(Cgroup.cpusetSize("0-3,6")).isEqualTo(5.0);
        assertThat(Cgroup.cpusetSize("")).isEqualTo(-1.0);
        assertThat(Cgroup.cpusetSize("x")).isEqualTo(-1.0);
    }

    @Test
    void thisHostsControlGroupHasMemoryInUse() {
        assumeThat(System.getProperty("os.name")).containsIgnoringCase("linux");
        Cgroup cgroup = Cgroup.detect(Paths.get("/proc/self/cgroup"), Paths.get("/sys/fs/cgroup"));
        assumeThat(cgroup).as("a control group with a memory controller").isNotNull();
        CgroupStat stat = cgroup.read();
        assertThat(stat.memoryUsageBytes()).as("this JVM's group uses memory").isPositive();
        if (stat.memoryLimitBytes() > 0) {
            assertThat(stat.memoryUsageBytes()).isLessThanOrEqualTo(stat.memoryLimitBytes());
        }
    }

    @Test
    void pidsLimitsAreEveryPidsMaxUpTheTreeInV2AndInV1sOwnController() throws IOException {
        Path root = dir.resolve("v2");
        write(root.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
        write(dir.resolve("self-v2"), "0::/user.slice/stress.scope\n");
        write(root.resolve("user.slice/stress.scope/pids.max"), "max\n");
        write(root.resolve("user.slice/stress.scope/pids.current"), "40\n");
        write(root.resolve("user.slice/pids.max"), "2000\n");
        write(root.resolve("user.slice/pids.current"), "300\n");
        java.util.List<Cgroup.PidsLimit> v2 = Cgroup.detect(dir.resolve("self-v2"), root).pidsLimits();
        assertThat(v2).singleElement().satisfies(l -> {
            assertThat(l.maxFile()).isEqualTo(root.resolve("user.slice/pids.max"));
            assertThat(l.max()).isEqualTo(2000);
            assertThat(l.current()).isEqualTo(300);
        });

        Path v1 = dir.resolve("v1");
        write(dir.resolve("self-v1"), "9:name=systemd:/\n8:pids:/docker/abc\n4:memory:/docker/abc\n");
        write(v1.resolve("pids/docker/abc/pids.max"), "1024\n");
        write(v1.resolve("pids/docker/abc/pids.current"), "24\n");
        write(v1.resolve("pids/pids.current"), "170\n"); // the root of a hierarchy has no pids.max
        Cgroup pidsOnly = Cgroup.detect(dir.resolve("self-v1"), v1);
        assertThat(pidsOnly).as("a v1 pids controller alone is a control group too").isNotNull();
        assertThat(pidsOnly.pidsLimits()).singleElement().satisfies(l -> {
            assertThat(l.maxFile()).isEqualTo(v1.resolve("pids/docker/abc/pids.max"));
            assertThat(l.max()).isEqualTo(1024);
            assertThat(l.current()).isEqualTo(24);
        });
    }
}
