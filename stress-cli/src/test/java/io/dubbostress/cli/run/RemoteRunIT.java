package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.cli.testkit.JtlSeconds;
import io.dubbostress.cli.testkit.LivePoller;
import io.dubbostress.testsupport.BoxLoad;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress run --remote}: the plan runs on a real {@code jmeter-server} (the embedded home's, on loopback), the
 * samples come back to the JTL of the run, and the live page follows them as they come.
 */
class RemoteRunIT {

    @TempDir
    Path dir;

    @Test
    void runsTheScenarioOnAJMeterServerAndCollectsItsSamples() throws Exception {
        Path home = StressCli.HOME.resolve("test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3");
        int rmiPort = FreePort.find();
        int localPort = FreePort.find();
        Path serverDir = Files.createDirectories(dir.resolve("server"));
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/jmeter-server").toString(),
                "-Jserver.rmi.ssl.disable=true", "-Dserver_port=" + rmiPort, "-Jserver.rmi.localport=" + localPort,
                "-Djava.rmi.server.hostname=127.0.0.1"));
        Process server = new ProcessBuilder(command).directory(serverDir.toFile()).redirectErrorStream(true)
                .redirectOutput(serverDir.resolve("server.out").toFile()).start();
        try {
            org.awaitility.Awaitility.await("jmeter-server's RMI port").atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                    .until(() -> ChildJvm.canConnect(rmiPort) || !server.isAlive());
            assertThat(ChildJvm.canConnect(rmiPort)).as("jmeter-server listening; its output:\n"
                    + Files.readString(serverDir.resolve("server.out"))).isTrue();

            Path run = dir.resolve("run");
            // the live page shows a second of a remote run once a call ends 5 s after it (rows come back in batches,
            // stamped by the servers' clocks: LiveRun's grace): a 5 s run shows one before it ends only when it starts
            // late in a second, a 10 s run about 4
            int seconds = BoxLoad.scaled(10, 30);
            LivePoller live;
            try (ChildJvm cli = StressCli.start(dir.resolve("stress.out"), "run", "--scenarios", "direct-1k",
                    "--threads", "2", "--duration", seconds + "s", "--no-dashboard", "--remote", "127.0.0.1:" + rmiPort,
                    "--live-port", "0", "--out", run.toString())) {
                live = LivePoller.start(cli);
                assertThat(cli.waitFor(Duration.ofMinutes(5))).isTrue();
                assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(40)).isZero();
                live.close();
            }
            // the live page followed the rows the server sent back as the scenario ran (each second: -Gtime_threshold),
            // and every second it showed is what the JTL holds for it
            Map<Long, JtlSeconds.Second> counted = JtlSeconds.count(run.resolve("scenarios/direct-1k/results.jtl"));
            Map<Long, JsonNode> shown = live.secondsWhileRunning("direct-1k");
            assertThat(shown).as("seconds shown while the remote scenario ran").isNotEmpty();
            shown.forEach((second, figures) -> {
                JtlSeconds.Second exact = counted.getOrDefault(second, JtlSeconds.Second.NONE);
                assertThat(figures.get(1).asLong()).as("calls of " + figures).isEqualTo(exact.calls());
                assertThat(figures.get(2).asLong()).as("errors of " + figures).isEqualTo(exact.errors());
            });
            JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
            assertThat(runJson.at("/settings/remote").asText()).isEqualTo("127.0.0.1:" + rmiPort);
            List<String> lines = Files.readAllLines(run.resolve("scenarios/direct-1k/results.jtl"));
            assertThat(lines.get(0)).endsWith("\"elapsed_us\",\"due_us\",\"lag_us\",\"response_us\"");
            List<String> rows = lines.subList(1, lines.size());
            assertThat(rows).isNotEmpty();
            // the server wrote elapsed_us (4th from the end; the pacing columns are null in a closed-model run)
            assertThat(rows).allSatisfy(row -> assertThat(row).contains(",200,").contains(",true,")
                    .endsWith(",null,null,null").matches(".*,\\d+,null,null,null"));
            assertThat(Files.readString(run.resolve("scenarios/direct-1k/jmeter.out")))
                    .contains("Starting distributed test with remote engines: [127.0.0.1:" + rmiPort + "]");
        } finally {
            server.descendants().forEach(ProcessHandle::destroy);
            server.destroy();
            server.waitFor();
        }
    }
}
