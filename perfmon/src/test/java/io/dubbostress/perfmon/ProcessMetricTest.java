package io.dubbostress.perfmon;

import io.dubbostress.perfmon.server.AgentSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dubbostress.perfmon.host.Host;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Ours, not the classic's: {@code process:pid=N:threads|fds|cswitch} and {@code cpu:cswitch}, over a real agent on
 * loopback, against processes whose counts are known (a {@code sleep}: one thread, three descriptors) or read
 * independently ({@code /proc/<pid>/status} before and after the agent's readings).
 */
@EnabledOnOs(OS.LINUX)
class ProcessMetricTest {

    private static PerfMonAgent agent;

    @BeforeAll
    static void startAgent() throws IOException {
        agent = PerfMonAgent.start(AgentSettings.builder().tcpPort(0).firstWindowMillis(300).build(), Host.local());
    }

    @AfterAll
    static void stopAgent() {
        agent.close();
    }

    @Test
    void threadsAndOpenFilesOfAProcessAreTheKernelsCount() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").start(); // stdin, stdout, stderr: three pipes
        try (AgentClient client = AgentClient.connect(agent.tcpAddress().getPort())) {
            List<String> fields = AgentClient.fields(client.ask("metrics-single:process:pid=" + sleeper.pid()
                    + "\tprocess:pid=" + sleeper.pid() + ":fds"));
            assertThat(AgentClient.number(fields.get(0))).as("threads of sleep").isEqualTo(1.0);
            assertThat(AgentClient.number(fields.get(1))).as("open files of sleep").isEqualTo(3.0);
        } finally {
            sleeper.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void contextSwitchesAreCountedSinceThePreviousAskWithinWhatTheKernelSays() throws Exception {
        Process shell = new ProcessBuilder("sh", "-c", "while :; do sleep 0.02; done").start();
        try (AgentClient client = AgentClient.connect(agent.tcpAddress().getPort())) {
            String ask = "metrics-single:process:pid=" + shell.pid() + ":cswitch\tcpu:cswitch";
            long before = switches(shell.pid());
            client.ask(ask); // the first ask starts the count
            AtomicReference<List<String>> second = new AtomicReference<>();
            await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(300)).until(() -> {
                second.set(AgentClient.fields(client.ask(ask)));
                return AgentClient.number(second.get().get(0)) > 0;
            });
            long after = switches(shell.pid());
            double counted = AgentClient.number(second.get().get(0));
            assertThat(counted).as("the shell's switches since the previous ask, within /proc's %d before and %d"
                    + " after", before, after).isPositive().isLessThanOrEqualTo(after - before);
            assertThat(AgentClient.number(second.get().get(1))).as("the machine's switches meanwhile")
                    .isGreaterThanOrEqualTo(counted);
        } finally {
            shell.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProcessMetricWithoutAProcessAndAHostSwitchCountPerCoreAreRefusedInWords() throws IOException {
        try (AgentClient client = AgentClient.connect(agent.tcpAddress().getPort())) {
            assertThat(client.ask("metrics-single:process:threads"))
                    .contains("process: give the process as pid=N or name=NAME");
            assertThat(client.ask("metrics-single:cpu:cswitch:core=0"))
                    .contains("cpu: cswitch counts the whole host; core= does not go with it");
        }
    }

    /** Voluntary and involuntary switches of the process's one thread, from the kernel's status file. */
    private static long switches(long pid) throws IOException {
        Path status = Paths.get("/proc", Long.toString(pid), "status");
        long sum = 0;
        for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
            if (line.startsWith("voluntary_ctxt_switches:") || line.startsWith("nonvoluntary_ctxt_switches:")) {
                sum += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return sum;
    }
}
