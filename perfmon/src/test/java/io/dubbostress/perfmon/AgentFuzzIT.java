package io.dubbostress.perfmon;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent as a user runs it ({@code java -jar}, a small heap) under everything at once for a bounded time, while a
 * JMeter-like client streams metrics: random bytes from many short connections (more than the client cap), a 32 MiB
 * line without a line break, clients that drip a command one byte at a time, and one that asks for a stream and never
 * reads it. The agent answers or closes each, never dies, and the well-behaved client keeps getting its lines.
 */
class AgentFuzzIT {

    private static final Duration FUZZ = Duration.ofSeconds(4);

    @TempDir
    Path dir;

    @Test
    void theAgentAnswersOrClosesEveryAbuseNeverDiesAndKeepsServingItsStream() throws Exception {
        int port = FreePort.find();
        Path jar = Paths.get(System.getProperty("perfmon.agent.jar", "target/perfmon-agent.jar"));
        ExecutorService pool = Executors.newCachedThreadPool();
        try (ChildJvm agent = ChildJvm.jar(jar).jvmArgs("-Xmx48m").args("--tcp-port", String.valueOf(port))
                .log(dir.resolve("agent.log")).start();
                AgentClient streaming = connectWhenListening(agent, port);
                AgentClient silent = AgentClient.connect(port);
                AgentClient longLine = AgentClient.connect(port)) {
            // the well-behaved client: a line every 0.25 s, timestamps kept
            streaming.send("interval:0.25").send("metrics:memory\tcpu");
            List<Long> lineTimes = new ArrayList<>();
            long end = System.nanoTime() + FUZZ.toNanos();
            Future<?> reader = pool.submit(() -> {
                while (System.nanoTime() < end) {
                    assertThat(AgentClient.fields(streaming.readLine(Duration.ofSeconds(10)))).hasSize(2);
                    synchronized (lineTimes) {
                        lineTimes.add(System.nanoTime());
                    }
                }
                return null;
            });
            // asks for a fast stream and never reads it: the agent's writes to it block, nobody else's
            silent.send("interval:0.1").send("metrics:memory\tcpu\tswap\tnetwork i/o\tdisks i/o\ttcp");
            // 32 MiB without a line break, in the background
            CompletableFuture<Void> longWriter = CompletableFuture.runAsync(() -> {
                byte[] chunk = new byte[1 << 20];
                Arrays.fill(chunk, (byte) 'x');
                for (int i = 0; i < 32; i++) {
                    longLine.sendRaw(chunk);
                }
            }, pool);
            // dripping clients (connected before the fuzz takes every free slot): one byte every 100 ms
            List<Future<String>> drips = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                AgentClient drip = AgentClient.connect(port);
                drips.add(pool.submit(() -> {
                    try (AgentClient d = drip) {
                        for (byte b : "test\n".getBytes(StandardCharsets.US_ASCII)) {
                            d.sendRaw(new byte[] {b});
                            Thread.sleep(100); // the drip's pace: what is tested is a slow sender
                        }
                        return d.readLine(Duration.ofSeconds(10));
                    }
                }));
            }
            // random bytes from 12 threads, each opening connection after connection until the time is up: with the
            // 5 clients above, more than the agent's cap of 16
            AtomicLong connections = new AtomicLong();
            AtomicLong refused = new AtomicLong();
            List<Future<?>> fuzzers = new ArrayList<>();
            for (int t = 0; t < 12; t++) {
                long seed = t;
                fuzzers.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    while (System.nanoTime() < end && connections.get() < 20_000) {
                        connections.incrementAndGet();
                        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                            socket.setSoTimeout(200);
                            byte[] garbage = new byte[random.nextInt(100_000)];
                            random.nextBytes(garbage);
                            OutputStream out = socket.getOutputStream();
                            out.write(garbage);
                            out.flush();
                            if (drain(socket.getInputStream()).startsWith("ERROR too many clients")) {
                                refused.incrementAndGet();
                            }
                        } catch (IOException closedOnUs) {
                            // the agent may close a client that talks nonsense; it must not die
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : fuzzers) {
                f.get(60, TimeUnit.SECONDS);
            }
            reader.get(60, TimeUnit.SECONDS);
            for (Future<String> drip : drips) {
                assertThat(drip.get(60, TimeUnit.SECONDS)).isEqualTo("Yep\n");
            }
            longWriter.get(60, TimeUnit.SECONDS);
            longLine.send("");
            assertThat(longLine.readLine()).isEqualTo("ERROR line longer than 65536 bytes ignored\n");
            assertThat(longLine.ask("test")).as("the long line's connection goes on").isEqualTo("Yep\n");

            assertThat(agent.isAlive()).as("agent alive; its log:\n" + agent.logTail(20)).isTrue();
            assertThat(agent.logText()).doesNotContain("OutOfMemoryError", "Exception in thread");
            try (AgentClient after = AgentClient.connect(port)) {
                assertThat(after.ask("test")).isEqualTo("Yep\n");
                assertThat(AgentClient.fields(after.ask("metrics-single:memory"))).hasSize(1);
            }
            long longestGapMs;
            synchronized (lineTimes) {
                longestGapMs = 0;
                for (int i = 1; i < lineTimes.size(); i++) {
                    longestGapMs = Math.max(longestGapMs, (lineTimes.get(i) - lineTimes.get(i - 1)) / 1_000_000);
                }
            }
            System.out.printf("fuzz: %d connections (%d told the agent is full), %d lines streamed, longest gap %d"
                    + " ms%n", connections.get(), refused.get(), lineTimes.size(), longestGapMs);
            assertThat(refused.get()).as("connections beyond the cap, told so").isPositive();
            assertThat(lineTimes).as("lines of the well-behaved stream during the fuzz").hasSizeGreaterThanOrEqualTo(4);
            assertThat(longestGapMs).as("the stream never stalled (interval 250 ms), ms").isLessThan(3000);
        } finally {
            pool.shutdownNow();
        }
    }

    private static AgentClient connectWhenListening(ChildJvm agent, int port) {
        agent.awaitLog(line -> line.startsWith("perfmon agent listening on tcp 127.0.0.1:" + port), "the listening line",
                Duration.ofSeconds(60));
        return AgentClient.connect(port);
    }

    /** Reads what the agent answers until it stops talking (200 ms) or closes; returns the first 100 bytes. */
    private static String drain(InputStream in) throws IOException {
        byte[] buffer = new byte[8192];
        StringBuilder start = new StringBuilder();
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (start.length() < 100) {
                    start.append(new String(buffer, 0, Math.min(n, 100), StandardCharsets.ISO_8859_1));
                }
            }
        } catch (java.net.SocketTimeoutException quiet) {
            // it answered what it had to
        }
        return start.toString();
    }
}
