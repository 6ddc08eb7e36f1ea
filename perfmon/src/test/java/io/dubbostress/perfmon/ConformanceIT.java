package io.dubbostress.perfmon;

import io.dubbostress.perfmon.server.AgentSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;

/**
 * Ours against the classic ServerAgent 2.2.2 on this host, with the same client commands: the same line shapes, the
 * same metric vocabulary accepted, and values of the same kind and unit, checked against what happened (a busy
 * loop, a known number of bytes across loopback, a known file written, a JVM collecting garbage) and against the
 * kernel's own counters. Runs where the classic runs (x86-64 Linux).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConformanceIT {

    private static final long PID = ProcessHandle.current().pid();

    @TempDir
    static Path dir;

    private ClassicAgent classic;
    private PerfMonAgent ours;
    private int classicUdpPort;

    @BeforeAll
    void startBoth() throws IOException {
        assumeTrue(ClassicAgent.runsHere(), "the classic agent runs on x86-64 Linux only");
        classicUdpPort = freeUdpPort();
        classic = ClassicAgent.start(FreePort.find(), classicUdpPort, dir.resolve("classic.log"));
        ours = PerfMonAgent.start(AgentSettings.builder().tcpPort(0).udpPort(freeUdpPort()).build());
    }

    @AfterAll
    void stopBoth() {
        if (ours != null) {
            ours.close();
        }
        if (classic != null) {
            classic.close();
        }
    }

    private AgentClient classicClient() {
        return AgentClient.connect(classic.port());
    }

    private AgentClient ourClient() {
        return AgentClient.connect(ours.tcpAddress().getPort());
    }

    /** What JMeter's PerfMon GUI offers, with the classic's spelling (types as JMeter lower-cases them). */
    private static List<String> vocabulary() {
        List<String> specs = new ArrayList<>(Arrays.asList(
                "cpu:", "cpu:combined", "cpu:user", "cpu:system", "cpu:iowait", "cpu:idle", "cpu:nice", "cpu:irq",
                "cpu:softirq", "cpu:stolen", "cpu:core=0", "cpu:core=0:user",
                "memory:", "memory:usedperc", "memory:freeperc", "memory:used", "memory:free", "memory:actualused",
                "memory:actualfree", "memory:total", "memory:ram", "memory:used:unit=mb", "memory:total:unit=kb",
                "swap:", "swap:used", "swap:free", "swap:total", "swap:pagein", "swap:pageout",
                "disks i/o:", "disks i/o:reads", "disks i/o:writes", "disks i/o:readbytes", "disks i/o:writebytes",
                "disks i/o:service", "disks i/o:available", "disks i/o:total", "disks i/o:free", "disks i/o:used",
                "disks i/o:useperc", "disks i/o:files", "disks i/o:freefiles", "disks i/o:fs=/:useperc",
                "disks i/o:fs=/:total", "disks i/o:fs=/:total:unit=mb",
                "network i/o:", "network i/o:bytesrecv", "network i/o:bytessent", "network i/o:rx", "network i/o:tx",
                "network i/o:rxerr", "network i/o:rxdrops", "network i/o:rxoverruns", "network i/o:rxframe",
                "network i/o:txerr", "network i/o:txdrops", "network i/o:txoverruns", "network i/o:txcollisions",
                "network i/o:txcarrier", "network i/o:speed", "network i/o:iface=lo:bytesrecv",
                "network i/o:bytessent:unit=kb",
                "tcp:", "tcp:estab", "tcp:listen", "tcp:time_wait", "tcp:close_wait", "tcp:fin_wait1",
                "tcp:fin_wait2", "tcp:syn_recv", "tcp:last_ack", "tcp:closing", "tcp:close", "tcp:inbound",
                "tcp:outbound", "tcp:bound", "tcp:idle",
                "cpu:pid=" + PID, "cpu:pid=" + PID + ":percent", "cpu:pid=" + PID + ":total",
                "cpu:pid=" + PID + ":user", "cpu:pid=" + PID + ":system",
                "memory:pid=" + PID, "memory:pid=" + PID + ":resident", "memory:pid=" + PID + ":virtual",
                "memory:pid=" + PID + ":shared", "memory:pid=" + PID + ":pagefaults",
                "memory:pid=" + PID + ":minorfaults", "memory:pid=" + PID + ":majorfaults",
                "memory:pid=" + PID + ":resident:unit=mb"));
        return specs;
    }

    @Test
    void sameLineShapeAndEveryMetricTheClassicAnswersOursAnswersToo() {
        List<String> specs = vocabulary();
        String command = "metrics-single:" + String.join("\t", specs) + "\t";
        List<String> classicFields;
        List<String> ourFields;
        try (AgentClient c = classicClient(); AgentClient o = ourClient()) {
            classicFields = AgentClient.fields(c.ask(command));
            ourFields = AgentClient.fields(o.ask(command));
        }

        assertThat(classicFields).as("the classic answers a field per metric").hasSize(specs.size());
        assertThat(ourFields).as("ours answers a field per metric").hasSize(specs.size());
        Map<String, String> classicOnlyEmpty = new LinkedHashMap<>();
        for (int i = 0; i < specs.size(); i++) {
            String spec = specs.get(i);
            assertThat(ourFields.get(i)).as("ours for %s (classic: '%s')", spec, classicFields.get(i))
                    .matches("-?[0-9]+(\\.[0-9]+)?(E-?[0-9]+)?");
            if (classicFields.get(i).isEmpty()) {
                classicOnlyEmpty.put(spec, "");
            } else {
                assertThat(Double.parseDouble(classicFields.get(i))).as("the classic's %s is a number", spec).isNotNaN();
            }
        }
        System.out.println("metrics the classic leaves empty here: " + classicOnlyEmpty.keySet());

        Map<String, String[]> both = new LinkedHashMap<>();
        for (int i = 0; i < specs.size(); i++) {
            both.put(specs.get(i), new String[] {classicFields.get(i), ourFields.get(i)});
        }
        // gauges that barely move between two asks a moment apart: the same number, same unit
        assertSame(both, "memory:total", 0.001);
        assertSame(both, "memory:total:unit=kb", 0.001);
        assertSame(both, "memory:ram", 0.001);
        assertSame(both, "swap:total", 0.001);
        assertSame(both, "disks i/o:fs=/:total", 0.001);
        assertThat(Double.parseDouble(both.get("disks i/o:fs=/:total:unit=mb")[1]) * 1024)
                .as("ours with unit=mb is MiB (the classic's is its KiB / 1048576)")
                .isCloseTo(Double.parseDouble(both.get("disks i/o:fs=/:total")[0]),
                        org.assertj.core.data.Offset.offset(1024.0));
        assertWithin(both, "disks i/o:fs=/:useperc", 1.0); // SIGAR rounds to a whole percent, as df
        // the classic (SIGAR) sums per mount, so a disk mounted twice (a bind mount; `ip netns add` makes one at
        // /run/netns) counts twice there; ours counts each file system once
        int mounts = rootDeviceMounts();
        assertScaled(both, "disks i/o:total", mounts);
        assertScaled(both, "disks i/o:files", mounts);
        assertSame(both, "memory:pid=" + PID + ":virtual", 0.10);
        assertWithin(both, "memory:usedperc", 5.0);
        assertWithin(both, "tcp:listen", 10.0);
        assertWithin(both, "memory:pid=" + PID + ":resident:unit=mb", 100.0);
        assertThat(Double.parseDouble(both.get("disks i/o:")[1])).as("ours: requests in flight, not the classic's -1")
                .isGreaterThanOrEqualTo(0);
    }

    /**
     * How many times /proc/mounts lists the device mounted at / (1 on most machines; 2 once a bind mount of the same
     * file system exists, as the one {@code ip netns add} makes at /run/netns). The classic's SIGAR sums disk figures
     * over mounts, so its sums are that many times the disk's; ours are not.
     */
    static int rootDeviceMounts() {
        try {
            List<String[]> entries = new ArrayList<>();
            for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
                entries.add(line.split(" "));
            }
            String root = entries.stream().filter(e -> e.length > 1 && e[1].equals("/") && e[0].startsWith("/dev/"))
                    .map(e -> e[0]).reduce((a, b) -> b).orElse(null);
            if (root == null) {
                return 1;
            }
            return (int) Math.max(1, entries.stream().filter(e -> e[0].equals(root)).count());
        } catch (IOException e) {
            return 1;
        }
    }

    /** The classic's figure is ours times {@code mounts} (see {@link #rootDeviceMounts}). */
    private static void assertScaled(Map<String, String[]> both, String spec, int mounts) {
        String[] values = both.get(spec);
        if (values[0].isEmpty()) {
            return;
        }
        double classicValue = Double.parseDouble(values[0]);
        double ourValue = Double.parseDouble(values[1]) * mounts;
        assertThat(ourValue).as("%s: ours %s x %d mounts, classic %s", spec, values[1], mounts, values[0])
                .isCloseTo(classicValue, org.assertj.core.data.Offset.offset(Math.abs(classicValue) * 0.001 + 1e-9));
    }

    private static void assertSame(Map<String, String[]> both, String spec, double relative) {
        String[] values = both.get(spec);
        if (values[0].isEmpty()) {
            return;
        }
        double classicValue = Double.parseDouble(values[0]);
        double ourValue = Double.parseDouble(values[1]);
        assertThat(ourValue).as("%s: ours %s, classic %s", spec, values[1], values[0])
                .isCloseTo(classicValue, org.assertj.core.data.Offset.offset(Math.abs(classicValue) * relative + 1e-9));
    }

    private static void assertWithin(Map<String, String[]> both, String spec, double absolute) {
        String[] values = both.get(spec);
        assertThat(Double.parseDouble(values[1])).as("%s: ours %s, classic %s", spec, values[1], values[0])
                .isCloseTo(Double.parseDouble(values[0]), org.assertj.core.data.Offset.offset(absolute));
    }

    /** Streams the same metrics from both agents at 1 s; {@link #lines} collects what each sent. */
    private static final class TwoStreams implements AutoCloseable {
        final AgentClient classic;
        final AgentClient ours;

        TwoStreams(AgentClient classic, AgentClient ours, String metrics) {
            this.classic = classic;
            this.ours = ours;
            for (AgentClient client : Arrays.asList(classic, ours)) {
                client.send("interval:1").send("metrics:" + metrics);
            }
        }

        /** The next {@code n} lines of each, as numbers per line. */
        List<List<double[]>> lines(int n) {
            List<double[]> fromClassic = new ArrayList<>();
            List<double[]> fromOurs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                fromClassic.add(numbers(classic.readLine()));
                fromOurs.add(numbers(ours.readLine()));
            }
            return Arrays.asList(fromClassic, fromOurs);
        }

        static double[] numbers(String line) {
            return AgentClient.fields(line).stream().mapToDouble(f -> f.isEmpty() ? Double.NaN : Double.parseDouble(f))
                    .toArray();
        }

        @Override
        public void close() {
            classic.send("exit");
            ours.send("exit");
            classic.close();
            ours.close();
        }
    }

    private static double median(List<double[]> lines, int field) {
        double[] values = lines.stream().mapToDouble(l -> l[field]).sorted().toArray();
        return values[values.length / 2];
    }

    private static double sum(List<double[]> lines, int field) {
        return lines.stream().mapToDouble(l -> l[field]).sum();
    }

    @Test
    void cpuWhileABusyLoopRuns() throws InterruptedException {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "Linux: /proc/PID/stat is the ground truth");
        Thread busy = new Thread(() -> {
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            double x = 1;
            while (System.nanoTime() < end && !Thread.currentThread().isInterrupted()) {
                x = Math.sqrt(x + 1.0);
            }
            if (x < 0) {
                System.out.println(x);
            }
        }, "busy-loop");
        busy.setDaemon(true);
        String metrics = "cpu:combined\tcpu:idle\tcpu:pid=" + PID + ":total\tcpu:pid=" + PID + ":percent\t";
        try (AgentClient classicClient = classicClient(); AgentClient ourClient = ourClient()) {
            for (AgentClient client : Arrays.asList(classicClient, ourClient)) {
                client.send("interval:1").send("metrics:" + metrics);
            }
            busy.start();
            TwoStreams.numbers(classicClient.readLine());
            TwoStreams.numbers(ourClient.readLine()); // a line that began before the loop
            long truthBefore = ProcessCpuCounter.cpuMillis(PID);
            List<double[]> classicLines = new ArrayList<>();
            List<double[]> ourLines = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                ourLines.add(TwoStreams.numbers(ourClient.readLine()));
                classicLines.add(TwoStreams.numbers(classicClient.readLine()));
            }
            long truth = ProcessCpuCounter.cpuMillis(PID) - truthBefore;

            double classicCombined = median(classicLines, 0);
            double ourCombined = median(ourLines, 0);
            double ourProcessMillis = sum(ourLines, 2);
            System.out.printf("busy loop: cpu combined classic %.1f ours %.1f; this JVM's CPU ms: ours %.0f, kernel %d,"
                    + " classic %.0f; ours %% of a CPU %.1f%n", classicCombined, ourCombined, ourProcessMillis, truth,
                    sum(classicLines, 2), median(ourLines, 3));
            int cores = Runtime.getRuntime().availableProcessors();
            double oneCore = 100.0 / cores;
            assertThat(ourCombined).as("percent of all CPUs, one of %d busy", cores).isBetween(oneCore * 0.7, 100.0);
            assertThat(classicCombined).isBetween(oneCore * 0.7, 100.0);
            assertThat(ourCombined).isCloseTo(classicCombined, org.assertj.core.data.Offset.offset(30.0));
            for (double[] line : ourLines) {
                assertThat(line[0] + line[1]).as("combined + idle <= 100").isLessThanOrEqualTo(100.0001);
            }
            assertThat(ourProcessMillis).as("this JVM's CPU milliseconds over 4 lines, as the kernel counts them")
                    .isCloseTo(truth, org.assertj.core.data.Offset.offset(truth * 0.15 + 100));
            assertThat(median(ourLines, 3)).as("percent of one CPU: milliseconds per second / 10")
                    .isCloseTo(median(ourLines, 2) / 10, org.assertj.core.data.Offset.offset(median(ourLines, 2) / 50 + 5));
        } finally {
            busy.interrupt();
            busy.join(10_000);
        }
    }

    @Test
    void networkBytesWhileAKnownNumberOfBytesCrossesLoopback() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/net/dev")));
        int bytes = 32 * 1024 * 1024;
        long before = LoopbackCounter.bytesReceived();
        List<List<double[]>> lines;
        try (TwoStreams streams = new TwoStreams(classicClient(), ourClient(), "network i/o:bytesrecv:iface=lo\t");
                ServerSocket sink = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            streams.lines(1); // the windows start
            AgentProtocolTest.pushAcrossLoopback(sink, bytes);
            lines = streams.lines(2); // both end after the transfer
        }
        long after = LoopbackCounter.bytesReceived();
        double classicSum = sum(lines.get(0), 0);
        double ourSum = sum(lines.get(1), 0);
        System.out.printf("loopback: sent %d, classic %.0f, ours %.0f, kernel over the whole test %d%n", bytes,
                classicSum, ourSum, after - before);
        assertThat(ourSum).as("bytes (not KiB, not packets): at least what crossed, at most what the kernel counted")
                .isBetween((double) bytes, (double) (after - before));
        assertThat(classicSum).isBetween((double) bytes, (double) (after - before));
    }

    @Test
    void diskWritesWhileAKnownFileIsWritten() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/diskstats")));
        int bytes = 64 * 1024 * 1024;
        Path file = dir.resolve("written.bin");
        long before = DiskCounter.bytesWritten();
        List<List<double[]>> lines;
        try (TwoStreams streams = new TwoStreams(classicClient(), ourClient(),
                "disks i/o:writebytes\tdisks i/o:writes\t")) {
            streams.lines(1);
            try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
                byte[] chunk = new byte[1024 * 1024];
                Arrays.fill(chunk, (byte) 'x');
                for (int written = 0; written < bytes; written += chunk.length) {
                    out.write(chunk);
                }
                out.getChannel().force(true);
            }
            lines = streams.lines(2);
        } finally {
            Files.deleteIfExists(file);
        }
        long after = DiskCounter.bytesWritten();
        double classicSum = sum(lines.get(0), 0);
        double ourSum = sum(lines.get(1), 0);
        System.out.printf("disk: wrote %d, classic %.0f, ours %.0f, kernel over the whole test %d%n", bytes,
                classicSum, ourSum, after - before);
        assertThat(ourSum).as("bytes written: at least the file, at most what the kernel counted")
                .isBetween((double) bytes, (double) (after - before));
        // the classic counts a disk once per mount of it (see rootDeviceMounts)
        int mounts = rootDeviceMounts();
        assertThat(classicSum).as("the classic, its disk mounted %d time(s)", mounts)
                .isBetween((double) bytes * mounts, (double) (after - before) * mounts);
        assertThat(sum(lines.get(1), 1)).as("write operations").isPositive();
    }

    @Test
    void tcpConnectionsWhileAKnownNumberAreOpen() throws IOException {
        List<Socket> sockets = new ArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 100, InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 30; i++) {
                sockets.add(new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()));
                sockets.add(server.accept());
            }
            try (AgentClient c = classicClient(); AgentClient o = ourClient()) {
                double classicEstab = AgentClient.number(AgentClient.fields(c.ask("metrics-single:tcp:estab")).get(0));
                double ourEstab = AgentClient.number(AgentClient.fields(o.ask("metrics-single:tcp:estab")).get(0));
                System.out.printf("tcp estab: classic %.0f ours %.0f%n", classicEstab, ourEstab);
                assertThat(ourEstab).as("our 60 sockets, and the clients'").isGreaterThanOrEqualTo(60);
                assertThat(classicEstab).isGreaterThanOrEqualTo(60);
            }
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }

    @Test
    void jmxOfAJvmCollectingGarbage() throws IOException {
        int jmxPort = FreePort.find();
        try (ChildJvm jvm = ChildJvm.mainClass(GcChurnMain.class.getName(), System.getProperty("java.class.path"))
                .jvmArgs("-Xmx64m", "-Dcom.sun.management.jmxremote.port=" + jmxPort,
                        "-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort,
                        "-Dcom.sun.management.jmxremote.host=127.0.0.1", "-Djava.rmi.server.hostname=127.0.0.1",
                        "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false")
                .args("120").log(dir.resolve("churn.log")).start()) {
            jvm.awaitLog(line -> line.contains("churning"), "the JVM to start churning", Duration.ofSeconds(60));
            jvm.awaitPort(jmxPort, Duration.ofSeconds(30));
            String url = "url=127.0.0.1\\:" + jmxPort;
            String metrics = "jmx:" + url + ":gc-time\tjmx:" + url + ":memory-usage:unit=kb\tjmx:" + url
                    + ":class-count\tjmx:" + url + ":memorypool-committed\t";
            List<List<double[]>> lines;
            try (TwoStreams streams = new TwoStreams(classicClient(), ourClient(), metrics)) {
                streams.lines(1);
                lines = streams.lines(3);
            }
            List<double[]> classicLines = lines.get(0);
            List<double[]> ourLines = lines.get(1);
            System.out.printf("jmx: gc ms classic %.0f ours %.0f; heap KiB classic %.0f ours %.0f%n",
                    sum(classicLines, 0), sum(ourLines, 0), median(classicLines, 1), median(ourLines, 1));
            assertThat(sum(ourLines, 0)).as("GC milliseconds over 3 s of System.gc() every 100 ms").isPositive();
            assertThat(sum(classicLines, 0)).isPositive();
            assertThat(median(ourLines, 1)).as("heap used, KiB, under -Xmx64m").isBetween(1.0, 64.0 * 1024);
            assertThat(median(classicLines, 1)).isBetween(1.0, 64.0 * 1024);
            assertThat(median(ourLines, 2)).isCloseTo(median(classicLines, 2),
                    org.assertj.core.data.Offset.offset(median(classicLines, 2) * 0.05));
            assertThat(median(ourLines, 3)).isCloseTo(median(classicLines, 3),
                    org.assertj.core.data.Offset.offset(median(classicLines, 3) * 0.25));

            // ours, with defaults (JMX on loopback only): the whole service URL and localhost are loopback too
            String serviceUrl = "service:jmx:rmi:///jndi/rmi://localhost:" + jmxPort + "/jmxrmi";
            try (AgentClient client = ourClient()) {
                List<String> fields = AgentClient.fields(client.ask("metrics-single:jmx:url="
                        + serviceUrl.replace(":", "\\:") + ":class-count"));
                assertThat(AgentClient.number(fields.get(0))).isCloseTo(median(ourLines, 2),
                        org.assertj.core.data.Offset.offset(median(ourLines, 2) * 0.05));
            }
        }
    }

    @Test
    void udpAnswersTheSameWay() throws IOException {
        for (int port : new int[] {classicUdpPort, ours.udpAddress().getPort()}) {
            try (DatagramSocket client = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
                client.connect(new InetSocketAddress("127.0.0.1", port));
                client.setSoTimeout(10_000);
                assertThat(exchange(client, "test")).as("udp port %d", port).isEqualTo("Yep\n");
                assertThat(AgentClient.fields(exchange(client, "metrics-single:memory:usedperc\tcpu"))).hasSize(2);
                exchange(client, null);
            }
        }
    }

    private static String exchange(DatagramSocket client, String command) throws IOException {
        byte[] bytes = ((command == null ? "exit" : command) + "\n").getBytes(StandardCharsets.UTF_8);
        client.send(new DatagramPacket(bytes, bytes.length));
        if (command == null) {
            return null;
        }
        byte[] buffer = new byte[65536];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        client.receive(packet);
        return new String(packet.getData(), 0, packet.getLength(), StandardCharsets.UTF_8);
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            return probe.getLocalPort();
        }
    }
}
