package io.dubbostress.perfmon;

import io.dubbostress.perfmon.server.AgentSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.dubbostress.perfmon.host.Host;

/**
 * The {@code container} metrics through the agent: against a cgroup v2 tree in the kernel's file formats (this host
 * runs v1), and against this host's real control group.
 */
class ContainerMetricTest {

    @TempDir
    Path dir;

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aCgroupV2ContainersLimitsAndUsageAgainstThem() throws IOException {
        assumeThat(System.getProperty("os.name")).containsIgnoringCase("linux");
        Path root = dir.resolve("cgroup");
        write(root.resolve("cgroup.controllers"), "cpu memory\n");
        write(dir.resolve("self"), "0::/app\n");
        Path app = root.resolve("app");
        write(app.resolve("cpu.max"), "50000 100000\n");
        write(app.resolve("cpu.stat"), "usage_usec 1000000\nnr_throttled 4\n");
        write(app.resolve("memory.max"), "1073741824\n");
        write(app.resolve("memory.current"), "322122547\n");
        write(app.resolve("memory.stat"), "inactive_file 53687091\n");
        Host host = Host.withCgroupRoot(dir.resolve("self"), root);

        try (PerfMonAgent agent = PerfMonAgent.start(AgentSettings.builder().tcpPort(0).firstWindowMillis(200).build(),
                host);
                AgentClient client = AgentClient.connect(agent.tcpAddress().getPort())) {
            List<String> limits = AgentClient.fields(client.ask(
                    "metrics-single:container:cpulimit\tcontainer:memlimit:unit=mb\tcontainer:memused\tcontainer:memperc"));
            assertThat(limits).containsExactly("0.5", "1024.0", Double.toString(322122547.0 - 53687091.0),
                    Double.toString(100.0 * (322122547.0 - 53687091.0) / 1073741824.0));

            String usage = "metrics-single:container:cpuused\tcontainer:throttled";
            List<String> idle = AgentClient.fields(client.ask(usage));
            assertThat(idle).containsExactly("0.0", "0.0");
            write(app.resolve("cpu.stat"), "usage_usec 1600000\nnr_throttled 6\n");
            List<String> busy = AgentClient.fields(client.ask(usage));
            assertThat(AgentClient.number(busy.get(0))).as("CPUs used since the previous ask").isPositive();
            assertThat(busy.get(1)).as("periods throttled since the previous ask").isEqualTo("2.0");
        }
    }

    @Test
    void thisHostsControlGroup() throws IOException {
        Host host = Host.local();
        assumeThat(host.cgroup()).as("a Linux control group").isNotNull();
        try (PerfMonAgent agent = PerfMonAgent.start(AgentSettings.builder().tcpPort(0).firstWindowMillis(200).build(),
                host);
                AgentClient client = AgentClient.connect(agent.tcpAddress().getPort())) {
            List<String> fields = AgentClient.fields(client.ask(
                    "metrics-single:container:memused\tcontainer:memlimit\tcontainer:cpulimit\tmemory:total"));
            assertThat(AgentClient.number(fields.get(0))).isPositive();
            assertThat(AgentClient.number(fields.get(0))).isLessThanOrEqualTo(AgentClient.number(fields.get(1)));
            assertThat(AgentClient.number(fields.get(1))).as("no more than the host has")
                    .isLessThanOrEqualTo(AgentClient.number(fields.get(3)));
            assertThat(AgentClient.number(fields.get(2))).isPositive()
                    .isLessThanOrEqualTo(Runtime.getRuntime().availableProcessors() + 0.0001);
        }
    }
}
