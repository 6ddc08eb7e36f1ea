package io.dubbostress.perfmon;

import io.dubbostress.perfmon.server.AgentSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.dubbostress.perfmon.host.Host;

/**
 * The agent as a client sees it, over real TCP on loopback: the classic protocol's commands and line shapes, what
 * "safe by default" refuses, and that bad input costs an error line, never the connection or the agent.
 */
class AgentProtocolTest {

    private static Host host;
    private final List<PerfMonAgent> agents = new ArrayList<>();

    @TempDir
    Path dir;

    @BeforeAll
    static void loadHost() {
        host = Host.local();
    }

    @AfterEach
    void stopAgents() {
        agents.forEach(PerfMonAgent::close);
    }

    private PerfMonAgent start(AgentSettings.Builder settings) throws IOException {
        PerfMonAgent agent = PerfMonAgent.start(settings.tcpPort(0).firstWindowMillis(300).build(), host);
        agents.add(agent);
        return agent;
    }

    private PerfMonAgent start() throws IOException {
        return start(AgentSettings.builder());
    }

    private static int port(PerfMonAgent agent) {
        return agent.tcpAddress().getPort();
    }

    @Test
    void listensOnLoopbackOnlyByDefaultAndSaysWhere() throws IOException {
        PerfMonAgent agent = start();
        assertThat(agent.tcpAddress().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(agent.udpAddress()).isNull();
        assertThat(agent.listeningLine()).isEqualTo("perfmon agent listening on tcp 127.0.0.1:" + port(agent)
                + " (udp off); exec off, tail off, shutdown off; at most 16 clients");
    }

    @Test
    void testAnswersYep() throws IOException {
        try (AgentClient client = AgentClient.connect(port(start()))) {
            assertThat(client.ask("test")).isEqualTo("Yep\n");
        }
    }

    @Test
    void metricsSingleAnswersOneLineWithANumberPerMetric() throws IOException {
        String[] specs = {"cpu", "cpu:user", "cpu:idle", "cpu:core=0:system", "memory", "memory:used:unit=mb",
            "memory:ram", "swap:total", "disks i/o:writebytes", "disks i/o:queue", "disks i/o:useperc:fs=/",
            "network i/o:bytesrecv", "network i/o:tx:iface=lo", "tcp:estab", "tcp:listen",
            "cpu:pid=" + ProcessHandle.current().pid() + ":percent",
            "memory:pid=" + ProcessHandle.current().pid() + ":resident:unit=kb"};
        try (AgentClient client = AgentClient.connect(port(start()))) {
            List<String> fields = AgentClient.fields(client.ask("metrics-single:" + String.join("\t", specs)));

            assertThat(fields).hasSize(specs.length);
            for (int i = 0; i < specs.length; i++) {
                assertThat(AgentClient.number(fields.get(i))).as(specs[i]).isGreaterThanOrEqualTo(0);
            }
            assertThat(AgentClient.number(fields.get(1)) + AgentClient.number(fields.get(2)))
                    .as("user + idle is a share of 100%").isLessThanOrEqualTo(100.0001);
            assertThat(AgentClient.number(fields.get(13))).as("tcp:estab counts this very connection, both ends")
                    .isGreaterThanOrEqualTo(2);
            assertThat(AgentClient.number(fields.get(14))).as("the agent itself listens").isGreaterThanOrEqualTo(1);
            assertThat(AgentClient.number(fields.get(16))).as("this JVM's resident KiB").isGreaterThan(10_000);
        }
    }

    @Test
    void metricsStreamsALinePerIntervalUntilReplacedOrExit() throws IOException {
        try (AgentClient client = AgentClient.connect(port(start()))) {
            client.send("interval:0.3").send("metrics:cpu\tmemory:usedperc\t");
            long first = System.nanoTime();
            for (int i = 0; i < 3; i++) {
                List<String> fields = AgentClient.fields(client.readLine());
                assertThat(fields).hasSize(2);
                assertThat(AgentClient.number(fields.get(1))).isBetween(0.0, 100.0);
            }
            assertThat(System.nanoTime() - first).as("3 lines take about 3 intervals, not a burst")
                    .isGreaterThan(TimeUnit.MILLISECONDS.toNanos(700));

            client.send("metrics:tcp:estab");
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> AgentClient.fields(client.readLine()).size() == 1);

            client.send("exit");
            assertThat(client.closedByAgent(Duration.ofSeconds(10))).isTrue();
        }
    }

    @Test
    void changesInMetricsSingleAreSinceTheClientsPreviousAsk() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/net/dev")), "Linux: /proc/net/dev is the ground truth");
        try (AgentClient client = AgentClient.connect(port(start()));
                ServerSocket sink = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String ask = "metrics-single:network i/o:bytesrecv:iface=lo\tcpu";
            long before = LoopbackCounter.bytesReceived();
            AgentClient.fields(client.ask(ask)); // the first answer covers a short window; it starts ours
            int bytes = 4 * 1024 * 1024;
            pushAcrossLoopback(sink, bytes);

            // successive asks each report the change since the previous one: their sum is the change since the first
            double[] sum = {0};
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                sum[0] += AgentClient.number(AgentClient.fields(client.ask(ask)).get(0));
                return sum[0] >= bytes;
            });
            long after = LoopbackCounter.bytesReceived();

            assertThat(sum[0]).as("bytes received on lo since the first ask, summed over the asks")
                    .isGreaterThanOrEqualTo(bytes)
                    .isLessThanOrEqualTo(after - before);
        }
    }

    static void pushAcrossLoopback(ServerSocket sink, int bytes) throws IOException {
        try (Socket sender = new Socket(InetAddress.getLoopbackAddress(), sink.getLocalPort());
                Socket receiver = sink.accept()) {
            Thread reading = new Thread(() -> {
                try (InputStream in = receiver.getInputStream()) {
                    byte[] buffer = new byte[65536];
                    long total = 0;
                    while (total < bytes) {
                        int n = in.read(buffer);
                        if (n < 0) {
                            break;
                        }
                        total += n;
                    }
                } catch (IOException e) {
                    // the sender's side reports
                }
            });
            reading.start();
            OutputStream out = sender.getOutputStream();
            byte[] chunk = new byte[65536];
            for (int sent = 0; sent < bytes; sent += chunk.length) {
                out.write(chunk, 0, Math.min(chunk.length, bytes - sent));
            }
            out.flush();
            reading.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aProcessThatExitsLeavesItsFieldEmptyAndTheLineGoesOn() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try (AgentClient client = AgentClient.connect(port(start()))) {
            String ask = "metrics-single:memory:pid=" + sleeper.pid() + ":resident\tmemory:usedperc";
            List<String> alive = AgentClient.fields(client.ask(ask));
            assertThat(AgentClient.number(alive.get(0))).as("the sleeper's resident bytes").isPositive();

            sleeper.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            List<String> gone = AgentClient.fields(client.ask(ask));

            assertThat(gone.get(0)).as("no value for a process that is gone").isEmpty();
            assertThat(AgentClient.number(gone.get(1))).isPositive();
            assertThat(client.ask("metrics-single:cpu:pid=" + sleeper.pid()))
                    .as("a new ask for it is refused").contains("no process with pid=" + sleeper.pid());
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    void badInputGetsAnErrorLineAndTheConnectionGoesOn() throws IOException {
        try (AgentClient client = AgentClient.connect(port(start(AgentSettings.builder().maxLineBytes(256))))) {
            assertThat(client.ask("bogus")).startsWith("ERROR unknown command 'bogus'");
            assertThat(client.ask("metrics-single:nosuch")).startsWith("ERROR metrics-single: unknown metric type 'nosuch'");
            assertThat(client.ask("metrics-single:cpu:wrongkind"))
                    .startsWith("ERROR metrics-single: cpu: unknown kind 'wrongkind'");
            assertThat(client.ask("metrics:memory:usedperc\tdisks i/o:fs=/no/such/mount"))
                    .startsWith("ERROR metrics: disks: no local file system at fs=/no/such/mount");
            assertThat(client.ask("metrics-single:cpu:core=999")).contains("core '999' is not a CPU of this host");
            assertThat(client.ask("metrics-single:cpu:pid=abc")).contains("pid 'abc' is not a process id");
            assertThat(client.ask("metrics-single:memory:name=no-such-process-xyz"))
                    .contains("no process named 'no-such-process-xyz'");
            assertThat(client.ask("metrics-single:network:iface=nope0")).contains("no interface iface=nope0");
            assertThat(client.ask("metrics-single:memory:unit=tb")).contains("unit 'tb' is not one of b, kb, mb, gb");
            assertThat(client.ask("metrics-single:tcp:iface=lo")).contains("option 'iface=' does not apply");
            assertThat(client.ask("metrics-single:cpu:ptql=State.Name.eq=java")).contains("ptql=");
            assertThat(client.ask("interval:soon")).startsWith("ERROR interval: interval 'soon' is not a number");
            assertThat(client.ask("udp-transmitter:10.0.0.1:4444:cpu")).startsWith("ERROR udp-transmitter:");
            assertThat(client.ask("x".repeat(1000))).contains("line longer than 256 bytes ignored");
            client.send("");
            assertThat(client.ask("test")).as("still serving").isEqualTo("Yep\n");
        }
    }

    @Test
    void execTailAndShutdownAreRefusedByDefault() throws IOException {
        Path log = Files.write(dir.resolve("app.log"), "one\ntwo\n".getBytes(StandardCharsets.UTF_8));
        PerfMonAgent agent = start();
        try (AgentClient client = AgentClient.connect(port(agent))) {
            assertThat(client.ask("metrics-single:exec:/bin/echo:42")).startsWith("ERROR metrics-single: exec:")
                    .contains("disabled");
            assertThat(client.ask("metrics:tail:" + log)).startsWith("ERROR metrics: tail:").contains("disabled");
            assertThat(client.ask("shutdown")).startsWith("ERROR shutdown:").contains("disabled");
            assertThat(client.ask("test")).isEqualTo("Yep\n");
        }
        assertThat(agent.isStopped()).isFalse();
    }

    @Test
    void whatIsAllowedWorksAndOnlyThat(@TempDir Path other) throws Exception {
        Path log = Files.write(dir.resolve("app.log"), "one\ntwo\n".getBytes(StandardCharsets.UTF_8));
        Path secret = Files.write(other.resolve("secret.txt"), "key\n".getBytes(StandardCharsets.UTF_8));
        PerfMonAgent agent = start(AgentSettings.builder().allowExec(true).allowTail(log.toString())
                .allowShutdown(true));
        try (AgentClient client = AgentClient.connect(port(agent))) {
            assertThat(client.ask("metrics-single:exec:/bin/sh:-c:echo 1; echo 42")).isEqualTo("42\t\n");
            assertThat(client.ask("metrics-single:tail:" + log)).isEqualTo("two\t\n");
            Files.write(log, "three\n".getBytes(StandardCharsets.UTF_8), java.nio.file.StandardOpenOption.APPEND);
            assertThat(client.ask("metrics-single:tail:" + log)).isEqualTo("three\t\n");
            assertThat(client.ask("metrics-single:tail:" + log)).as("nothing new").isEqualTo("\t\n");
            assertThat(client.ask("metrics-single:tail:" + secret)).contains("not a file this agent allows");
            assertThat(client.ask("metrics-single:tail:" + dir.resolve("../" + dir.getFileName() + "/../x")))
                    .contains("not a file this agent allows");

            client.send("shutdown");
            assertThat(agent.awaitStop(10, TimeUnit.SECONDS)).isTrue();
            assertThat(client.closedByAgent(Duration.ofSeconds(10))).isTrue();
        }
    }

    @Test
    void aClientBeyondTheCapIsToldAndClosed() throws IOException {
        PerfMonAgent agent = start(AgentSettings.builder().maxClients(2));
        try (AgentClient one = AgentClient.connect(port(agent)); AgentClient two = AgentClient.connect(port(agent))) {
            assertThat(one.ask("test")).isEqualTo("Yep\n");
            assertThat(two.ask("test")).isEqualTo("Yep\n");
            try (AgentClient three = AgentClient.connect(port(agent))) {
                assertThat(three.readLine()).startsWith("ERROR too many clients (this agent serves at most 2)");
                assertThat(three.closedByAgent(Duration.ofSeconds(10))).isTrue();
            }
            two.send("exit");
            assertThat(two.closedByAgent(Duration.ofSeconds(10))).isTrue();
            await().atMost(Duration.ofSeconds(10)).until(() -> agent.clientCount() == 1);
            try (AgentClient four = AgentClient.connect(port(agent))) {
                assertThat(four.ask("test")).isEqualTo("Yep\n");
            }
        }
    }

    @Test
    void sixteenSilentClientsLockNobodyOut() throws IOException {
        // the default cap (16); silent for 200 ms here instead of the default 5 s before a place can be taken
        PerfMonAgent agent = start(AgentSettings.builder().evictableAfterMillis(200));
        List<AgentClient> silent = new ArrayList<>();
        try (AgentClient streaming = AgentClient.connect(port(agent))) {
            streaming.send("interval:0.2").send("metrics:memory");
            AgentClient.fields(streaming.readLine());
            for (int i = 0; i < 15; i++) {
                AgentClient client = AgentClient.connect(port(agent));
                silent.add(client);
                assertThat(client.ask("test")).isEqualTo("Yep\n");
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> agent.clientCount() == 16);
            await().pollDelay(Duration.ofMillis(300)).atMost(Duration.ofSeconds(5)).until(() -> true); // silent

            try (AgentClient newcomer = AgentClient.connect(port(agent))) {
                assertThat(newcomer.ask("test")).as("the 17th client is served").isEqualTo("Yep\n");
                assertThat(silent.get(0).readLine()).as("the longest-silent client is told why it goes")
                        .startsWith("ERROR closed: this agent is full (at most 16 clients) and this connection had"
                                + " sent nothing for ");
                assertThat(silent.get(0).closedByAgent(Duration.ofSeconds(10))).isTrue();
                assertThat(silent.get(1).ask("test")).as("the others stay").isEqualTo("Yep\n");
                assertThat(agent.clientCount()).isEqualTo(16);
                assertThat(AgentClient.fields(streaming.readLine())).as("the streaming client keeps its place")
                        .hasSize(1);
            }
        } finally {
            silent.forEach(AgentClient::close);
        }
    }

    @Test
    void clientsThatStreamOrKeepTalkingKeepTheirPlaces() throws IOException {
        PerfMonAgent agent = start(AgentSettings.builder().maxClients(2).evictableAfterMillis(200));
        try (AgentClient one = AgentClient.connect(port(agent)); AgentClient two = AgentClient.connect(port(agent))) {
            one.send("interval:0.15").send("metrics:memory");
            two.send("interval:0.15").send("metrics:tcp:estab");
            for (int i = 0; i < 2; i++) { // 0.3 s: both silent past the 200 ms, but streaming
                AgentClient.fields(one.readLine());
                AgentClient.fields(two.readLine());
            }
            try (AgentClient three = AgentClient.connect(port(agent))) {
                assertThat(three.readLine()).startsWith("ERROR too many clients (this agent serves at most 2)");
                assertThat(three.closedByAgent(Duration.ofSeconds(10))).isTrue();
            }
            assertThat(AgentClient.fields(one.readLine())).hasSize(1);
            assertThat(AgentClient.fields(two.readLine())).hasSize(1);
        }
    }

    @Test
    void cpuValuesAreFreshAtATenthOfASecond() throws Exception {
        // OSHI kept CPU ticks for 300 ms: at 0.1 s each value was repeated on the next line or two (7 or more of
        // 14 lines a copy of the one before), and the first lines were empty. Fresh values still repeat by chance
        // (10 ms ticks: 5 % steps at 0.1 s on 2 CPUs), less so across 10 fields with an uneven load running
        String specs = "cpu\tcpu:user\tcpu:system\tcpu:idle\tcpu:softirq\tcpu:nice\tcpu:core=0\tcpu:core=0:user"
                + "\tcpu:core=0:system\tcpu:core=0:idle";
        AtomicBoolean loading = new AtomicBoolean(true);
        Thread load = new Thread(() -> unevenLoad(loading), "uneven-load");
        load.setDaemon(true);
        load.start();
        try (AgentClient client = AgentClient.connect(port(start()))) {
            client.send("interval:0.1").send("metrics:" + specs);
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < 15; i++) {
                String line = client.readLine();
                assertThat(AgentClient.fields(line)).as("line %d: %s", i, line).hasSize(10).doesNotContain("");
                lines.add(line);
            }
            int copies = 0;
            for (int i = 1; i < lines.size(); i++) {
                copies += lines.get(i).equals(lines.get(i - 1)) ? 1 : 0;
            }
            System.out.printf("cpu at 0.1 s: %d of %d lines the same as the one before%n", copies, lines.size() - 1);
            assertThat(copies).as("lines the same as the one before, of 14:%n%s", String.join("", lines))
                    .isLessThan(7);
        } finally {
            loading.set(false);
            load.join(10_000);
        }
    }

    /** Busy and idle in random slices of up to 20 ms, so that no two 0.1 s windows are likely to be alike. */
    private static void unevenLoad(AtomicBoolean running) {
        Random random = new Random();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        long sink = 0;
        while (running.get() && System.nanoTime() < deadline) {
            long busyUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(random.nextInt(20));
            while (System.nanoTime() < busyUntil) {
                sink += random.nextInt();
            }
            try {
                Thread.sleep(random.nextInt(20));
            } catch (InterruptedException e) {
                return;
            }
        }
        if (sink == 42) {
            System.out.print(""); // keeps the loop from being optimised away
        }
    }

    @Test
    void theBindAddressIsTheOnlyOneItListensOn() throws IOException {
        PerfMonAgent agent = start(AgentSettings.builder().bind("127.0.0.2"));
        assertThat(agent.tcpAddress().getAddress().getHostAddress()).isEqualTo("127.0.0.2");
        try (AgentClient client = AgentClient.connect(new InetSocketAddress("127.0.0.2", port(agent)))) {
            assertThat(client.ask("test")).isEqualTo("Yep\n");
        }
        assertThatThrownBy(() -> AgentClient.connect(new InetSocketAddress("127.0.0.1", port(agent))))
                .hasRootCauseInstanceOf(java.net.ConnectException.class);
    }

    @Test
    void garbageFromManyClientsNeverStopsTheAgent() throws Exception {
        PerfMonAgent agent = start(AgentSettings.builder().maxLineBytes(4096));
        Random random = new Random(42);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        int rounds = 0;
        while (System.nanoTime() < deadline && rounds < 200) {
            rounds++;
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port(agent))) {
                byte[] garbage = new byte[random.nextInt(20_000)];
                random.nextBytes(garbage);
                if (rounds % 3 == 0) {
                    garbage = ("metrics:" + "cpu:".repeat(random.nextInt(300)) + "\t\0\n").getBytes(StandardCharsets.UTF_8);
                }
                socket.getOutputStream().write(garbage);
                socket.getOutputStream().flush();
            } catch (IOException closedOnUs) {
                // an agent may close a client that talks nonsense; it must not die
            }
        }
        assertThat(agent.isStopped()).isFalse();
        try (AgentClient client = AgentClient.connect(port(agent))) {
            assertThat(client.ask("test")).isEqualTo("Yep\n");
            assertThat(AgentClient.fields(client.ask("metrics-single:memory"))).hasSize(1);
        }
    }

    @Test
    void aSilentClientIsClosedAfterTheIdleTimeoutButAStreamingOneIsNot() throws IOException {
        PerfMonAgent agent = start(AgentSettings.builder().idleTimeoutMillis(500));
        try (AgentClient silent = AgentClient.connect(port(agent));
                AgentClient streaming = AgentClient.connect(port(agent))) {
            streaming.send("interval:0.2").send("metrics:memory");
            assertThat(silent.closedByAgent(Duration.ofSeconds(10))).isTrue();
            for (int i = 0; i < 8; i++) {
                assertThat(AgentClient.fields(streaming.readLine())).hasSize(1); // 1.6 s: well past the timeout
            }
        }
    }

    @Test
    void autoShutdownStopsWhenTheLastClientLeaves() throws IOException, InterruptedException {
        PerfMonAgent agent = start(AgentSettings.builder().autoShutdown(true));
        try (AgentClient client = AgentClient.connect(port(agent))) {
            assertThat(client.ask("test")).isEqualTo("Yep\n");
            assertThat(agent.isStopped()).isFalse();
            client.send("exit");
        }
        assertThat(agent.awaitStop(10, TimeUnit.SECONDS)).isTrue();
    }
}
