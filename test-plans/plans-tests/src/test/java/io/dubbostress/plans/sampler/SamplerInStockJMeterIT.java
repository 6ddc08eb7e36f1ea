package io.dubbostress.plans.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.awaitility.Awaitility;

/**
 * The sampler jar as users get it, in stock JMeter homes run with bin/jmeter: 5.6.3 on this JDK 17 with no JVM
 * flags at all, 5.1.1, and distributed mode (bin/jmeter-server on loopback, bin/jmeter -R). Direct calls and the
 * consumer hop, the Dubbo Defaults element, __P properties in the fields, the elapsed_us column. The Batched JTL
 * Writer beside JMeter's own writer in one run (the same file, byte for byte), and killed with kill -9.
 */
class SamplerInStockJMeterIT {

    @TempDir
    static Path dir;
    static int providerPort;
    static int consumerPort;
    static final List<ChildJvm> services = new ArrayList<>();

    @BeforeAll
    static void startServices() throws Exception {
        providerPort = FreePort.find();
        consumerPort = FreePort.find();
        ChildJvm provider = ChildJvm.jar(Path.of(System.getProperty("stress.provider.jar"))).jvmArgs("-Xmx256m")
                .args("--stress.provider.port=" + providerPort, "--stress.provider.host=127.0.0.1",
                        "--stress.provider.cpu-iterations=2000", "--dubbo.application.qos-enable=false")
                .log(dir.resolve("provider.log")).start();
        services.add(provider);
        ChildJvm consumer = ChildJvm.jar(Path.of(System.getProperty("stress.consumer.jar"))).jvmArgs("-Xmx256m")
                .args("--server.port=" + consumerPort, "--server.address=127.0.0.1",
                        "--stress.consumer.provider-url=dubbo://127.0.0.1:" + providerPort,
                        "--dubbo.application.qos-enable=false")
                .log(dir.resolve("consumer.log")).start();
        services.add(consumer);
        CompletableFuture.allOf(
                CompletableFuture.runAsync(() -> provider.awaitLog(l -> l.contains("stress-provider ready"),
                        "provider ready", Duration.ofSeconds(120))),
                CompletableFuture.runAsync(() -> consumer.awaitLog(l -> l.contains("stress-consumer ready"),
                        "consumer ready", Duration.ofSeconds(120)))).get(150, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stopServices() {
        services.forEach(ChildJvm::close);
    }

    static final int LOOPS = 25;

    private static Path plan() {
        return Path.of(System.getProperty("user.dir"), "src/test/resources/sampler/dubbo-sampler.jmx");
    }

    private static List<String> properties(String prefix, int threads, int size, String invocation) {
        return List.of(prefix + "address=dubbo://127.0.0.1:" + providerPort,
                prefix + "hop=http://127.0.0.1:" + consumerPort,
                // bounded by count (the first samples create the reference, which takes a while on a loaded
                // machine), with a generous time limit
                prefix + "threads=" + threads, prefix + "loops=" + LOOPS, prefix + "seconds=90", prefix + "size=" + size,
                prefix + "invocation=" + invocation);
    }

    private static List<String> jtlSettings(Path jtl) {
        return List.of("-l", jtl.toString(), "-Jsample_variables=elapsed_us",
                "-Jjmeter.save.saveservice.output_format=csv", "-Jjmeter.save.saveservice.connect_time=true",
                "-Jjmeter.save.saveservice.latency=true", "-Jjmeter.save.saveservice.bytes=true",
                "-Jjmeter.save.saveservice.sent_bytes=true");
    }

    /** Both samplers ran, none failed, elapsed_us is there and agrees with elapsed. */
    private static void assertGoodJtl(Path jtl, int size, int threads) throws IOException {
        Jtl results = new Jtl(jtl);
        assertThat(results.header).contains("elapsed", "elapsed_us", "Latency", "Connect", "bytes", "sentBytes");
        assertThat(results.countByLabel()).containsOnlyKeys("dubbo-echo", "hop-echo");
        assertThat(results.countByLabel().values()).allMatch(n -> n == threads * LOOPS);
        for (String[] row : results.rows) {
            assertThat(results.cell(row, "success")).as(String.join(",", row)).isEqualTo("true");
            long ms = Long.parseLong(results.cell(row, "elapsed"));
            long us = Long.parseLong(results.cell(row, "elapsed_us"));
            assertThat(us).as(String.join(",", row)).isBetween(Math.max(0, ms - 1) * 1000, (ms + 1) * 1000);
            if (results.cell(row, "label").equals("dubbo-echo")) {
                assertThat(Long.parseLong(results.cell(row, "sentBytes"))).isEqualTo(size);
            }
        }
    }

    @Test
    void loadsAndRunsInStockJMeter563OnJdk17WithoutAnyJvmFlag() throws Exception {
        StockJMeter jmeter = new StockJMeter("5.6.3");
        // the 5.6.3 home's launcher adds no --add-opens, and JVM_ARGS is empty (StockJMeter removes it)
        assertThat(StockJMeter.text(jmeter.home().resolve("bin/jmeter"))).contains("opens=\"\"");
        Path work = Files.createDirectories(dir.resolve("563"));
        Path jtl = work.resolve("results.jtl");
        List<String> args = new ArrayList<>(List.of("-n", "-t", plan().toString(), "-j", "jmeter.log"));
        args.addAll(jtlSettings(jtl));
        args.addAll(properties("-J", 4, 1024, "generic"));
        try (jmeter) {
            int exit = jmeter.run(work, work.resolve("out.txt"), 180, args.toArray(new String[0]));
            assertThat(exit).as(StockJMeter.text(work.resolve("out.txt"))).isZero();
        }
        // nothing on the user's console but JMeter's own lines: no stack trace from hessian-lite's start-up
        assertThat(StockJMeter.text(work.resolve("out.txt"))).doesNotContain("Exception", "\tat ", "Throwable");
        assertGoodJtl(jtl, 1024, 4);
        String log = StockJMeter.text(work.resolve("jmeter.log"));
        assertThat(log).contains("Dubbo reference created", "Dubbo references destroyed: 1").doesNotContain("JVM_ARGS");
    }

    @Test
    void loadsAndRunsInStockJMeter511WithTypedCallsOf100KiB() throws Exception {
        StockJMeter jmeter = new StockJMeter("5.1.1");
        Path work = Files.createDirectories(dir.resolve("511"));
        Path jtl = work.resolve("results.jtl");
        List<String> args = new ArrayList<>(List.of("-n", "-t", plan().toString(), "-j", "jmeter.log"));
        args.addAll(jtlSettings(jtl));
        args.addAll(properties("-J", 4, 102_400, "typed"));
        try (jmeter) {
            int exit = jmeter.run(work, work.resolve("out.txt"), 180, args.toArray(new String[0]));
            assertThat(exit).as(StockJMeter.text(work.resolve("out.txt"))).isZero();
        }
        // typed calls (invocation=typed) of 100 KiB, every one successful and echo-checked
        assertGoodJtl(jtl, 102_400, 4);
        // jmeter.log is complete (no Dubbo shutdown hook logging after log4j's has run and truncating it)
        assertThat(StockJMeter.text(work.resolve("jmeter.log"))).contains("Dubbo reference created",
                "Dubbo references destroyed: 1");
    }

    @Test
    void worksInDistributedModeWithAJMeterServerOnLoopback() throws Exception {
        StockJMeter jmeter = new StockJMeter("5.6.3");
        Path work = Files.createDirectories(dir.resolve("distributed"));
        int serverPort = FreePort.find();
        int serverLocalPort = FreePort.find();
        Path jtl = work.resolve("results.jtl");
        try (jmeter) {
            Process server = jmeter.start("jmeter-server", work, work.resolve("server-out.txt"),
                    "-Jserver_port=" + serverPort, "-Jserver.rmi.localport=" + serverLocalPort,
                    "-Jserver.rmi.ssl.disable=true", "-Djava.rmi.server.hostname=127.0.0.1",
                    "-Jsample_variables=elapsed_us");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!ChildJvm.canConnect(serverPort)) {
                assertThat(server.isAlive()).as(StockJMeter.text(work.resolve("server-out.txt"))).isTrue();
                assertThat(System.nanoTime()).as("jmeter-server listening").isLessThan(deadline);
                Thread.sleep(100); // polling a deadline-bounded wait for the RMI port
            }
            List<String> args = new ArrayList<>(List.of("-n", "-t", plan().toString(),
                    "-j", "jmeter.log", "-R", "127.0.0.1:" + serverPort,
                    "-Jserver.rmi.ssl.disable=true", "-Djava.rmi.server.hostname=127.0.0.1"));
            args.addAll(jtlSettings(jtl));
            args.addAll(properties("-G", 2, 1024, "generic"));
            int exit = jmeter.run(work, work.resolve("out.txt"), 180, args.toArray(new String[0]));
            assertThat(exit).as(StockJMeter.text(work.resolve("out.txt"))).isZero();
            assertGoodJtl(jtl, 1024, 2);
            // the references lived and died in the server, not in the client
            assertThat(StockJMeter.text(work.resolve("jmeter-server.log"))).contains("Dubbo reference created",
                    "Dubbo references destroyed");
            assertThat(StockJMeter.text(work.resolve("jmeter.log"))).contains("Remote engines have been started")
                    .doesNotContain("Dubbo reference created");
        }
    }

    private static Path batchedPlan() {
        return Path.of(System.getProperty("user.dir"), "src/test/resources/sampler/batched-jtl.jmx");
    }

    /** stress run's JTL settings (stress-cli JMeterRun.JTL_PROPERTIES), every column it asks for. */
    private static List<String> stressRunJtlSettings() {
        return List.of("-Jsample_variables=elapsed_us,due_us,lag_us,response_us",
                "-Jjmeter.save.saveservice.output_format=csv", "-Jjmeter.save.saveservice.print_field_names=true",
                "-Jjmeter.save.saveservice.timestamp_format=ms", "-Jjmeter.save.saveservice.thread_name=true",
                "-Jjmeter.save.saveservice.assertion_results_failure_message=true",
                "-Jjmeter.save.saveservice.connect_time=true", "-Jjmeter.save.saveservice.latency=true",
                "-Jjmeter.save.saveservice.bytes=true", "-Jjmeter.save.saveservice.sent_bytes=true",
                "-Jjmeter.save.saveservice.idle_time=true", "-Jjmeter.save.saveservice.thread_counts=true",
                "-Jjmeter.save.saveservice.url=true");
    }

    /** Per thread, its samples in the order the report's reader read them: label, timeStamp, elapsed, elapsed_us. */
    private static Map<String, List<String>> readByTheReport(Path jtl, long expectedRows) {
        Map<String, List<String>> byThread = new TreeMap<>();
        try (JtlReader reader = JtlReader.open(jtl)) {
            while (reader.next()) {
                JtlRow row = reader.row();
                byThread.computeIfAbsent(row.threadName(), t -> new ArrayList<>()).add(row.label() + " "
                        + row.timeStampMs() + " " + row.elapsedMs() + " " + row.elapsedUs() + " " + row.success());
            }
            assertThat(reader.malformedRows()).as("%s: %s", jtl, reader.malformedExamples()).isZero();
            assertThat(reader.rows()).as(jtl.toString()).isEqualTo(expectedRows);
        }
        return byThread;
    }

    @Test
    void theBatchedJtlWriterWritesJMetersOwnJtlByteForByteInTheSameRun() throws Exception {
        StockJMeter jmeter = new StockJMeter("5.6.3");
        Path work = Files.createDirectories(dir.resolve("batched"));
        Path jmeters = work.resolve("jmeter.jtl");
        Path batched = work.resolve("batched.jtl");
        int threads = 4;
        int loops = 30;
        List<String> args = new ArrayList<>(List.of("-n", "-t", batchedPlan().toString(), "-j", "jmeter.log",
                "-l", jmeters.toString(), "-Jjtl_file=" + batched));
        args.addAll(stressRunJtlSettings());
        args.addAll(List.of("-Jaddress=dubbo://127.0.0.1:" + providerPort, "-Jhop=http://127.0.0.1:" + consumerPort,
                "-Jthreads=" + threads, "-Jloops=" + loops, "-Jseconds=120"));
        try (jmeter) {
            int exit = jmeter.run(work, work.resolve("out.txt"), 240, args.toArray(new String[0]));
            assertThat(exit).as(StockJMeter.text(work.resolve("out.txt"))).isZero();
        }
        JtlRecords theirs = new JtlRecords(jmeters);
        JtlRecords ours = new JtlRecords(batched);
        // per loop: the transaction (its line and one per sub-result, as JMeter 5.6 writes them) and the failing call
        int perLoop = 4;
        assertThat(theirs.records).hasSize(threads * loops * perLoop);
        assertThat(theirs.tail).isEmpty();
        assertThat(ours.tail).isEmpty();
        assertThat(ours.header).isEqualTo(theirs.header).endsWith("\"elapsed_us\",\"due_us\",\"lag_us\",\"response_us\"\n");
        // every record, byte for byte: the same records, each as often (the two writers see the samples in the
        // same order per thread; across threads JMeter's lock and our queue may interleave them differently)
        Map<String, Integer> counts = new HashMap<>();
        theirs.records.forEach(r -> counts.merge(r, 1, Integer::sum));
        ours.records.forEach(r -> counts.merge(r, -1, Integer::sum));
        counts.values().removeIf(n -> n == 0);
        assertThat(counts).as("records in one file and not in the other (+: JMeter's, -: ours)").isEmpty();
        assertThat(ours.records).hasSameSizeAs(theirs.records);
        assertThat(ours.records).anySatisfy(r -> assertThat(r).contains(",\"no such method, \"\"quoted\"\"\",", ",false,"));
        // the report's reader reads both, every row, and per thread in the same order
        assertThat(readByTheReport(batched, ours.records.size()))
                .isEqualTo(readByTheReport(jmeters, theirs.records.size()));
        // samples: per loop the transaction (its line and its sub-results' lines) and the failing call
        assertThat(StockJMeter.text(work.resolve("jmeter.log"))).contains("JTL writer: " + threads * loops * 2
                + " samples written to").doesNotContain("ERROR o.a.j");
    }

    @Test
    void aJMeterKilledWithKill9LeavesTheBatchedJtlWholeAndLosesAtMostItsLastSecond() throws Exception {
        StockJMeter jmeter = new StockJMeter("5.6.3");
        Path work = Files.createDirectories(dir.resolve("killed"));
        Path reference = work.resolve("flushed.jtl");
        Path batched = work.resolve("batched.jtl");
        // JMeter's own writer flushing every line (autoflush): what had ended when the kill came
        List<String> args = new ArrayList<>(List.of("-n", "-t", batchedPlan().toString(), "-j", "jmeter.log",
                "-l", reference.toString(), "-Jjmeter.save.saveservice.autoflush=true", "-Jjtl_file=" + batched));
        args.addAll(stressRunJtlSettings());
        args.addAll(List.of("-Jaddress=dubbo://127.0.0.1:" + providerPort, "-Jhop=http://127.0.0.1:" + consumerPort,
                "-Jthreads=4", "-Jloops=100000000", "-Jseconds=240"));
        long killedAtMs;
        try (jmeter) {
            Process script = jmeter.start("jmeter", work, work.resolve("out.txt"), args.toArray(new String[0]));
            // a few hundred records written, then a second more of load
            Awaitility.await("the batched JTL growing").atMost(Duration.ofSeconds(180))
                    .pollInterval(Duration.ofMillis(200)).until(() -> {
                        assertThat(script.isAlive()).as(StockJMeter.text(work.resolve("out.txt"))).isTrue();
                        return Files.exists(batched) && new JtlRecords(batched).records.size() > 400;
                    });
            Thread.sleep(1000); // a second more of samples: whatever the writer holds at the kill is that recent
            // bin/jmeter execs java (the script's process is JMeter's); a launcher that forks has it below
            ProcessHandle jvm = Stream.concat(Stream.of(script.toHandle()),
                    script.toHandle().descendants()).filter(p -> p.info().command()
                    .map(c -> c.endsWith("java")).orElse(false)).findFirst()
                    .orElseThrow(() -> new AssertionError("no java process under " + script.pid()));
            killedAtMs = System.currentTimeMillis();
            assertThat(jvm.destroyForcibly()).isTrue(); // SIGKILL
            jvm.onExit().get(60, TimeUnit.SECONDS);
            script.waitFor(60, TimeUnit.SECONDS);
        }
        JtlRecords flushed = new JtlRecords(reference);
        JtlRecords ours = new JtlRecords(batched);
        assertThat(ours.header).isEqualTo(flushed.header);
        assertThat(ours.tail).as("whole lines only").isEmpty();
        Map<String, Integer> counts = new HashMap<>();
        flushed.records.forEach(r -> counts.merge(r, 1, Integer::sum));
        ours.records.forEach(r -> counts.merge(r, -1, Integer::sum));
        counts.values().removeIf(n -> n == 0);
        // what one file has and the other has not ended within the last second before the kill
        long lastSecond = killedAtMs - 1000;
        assertThat(counts.keySet()).allSatisfy(r -> assertThat(JtlRecords.endMs(r)).as(r)
                .isGreaterThanOrEqualTo(lastSecond));
        assertThat(ours.records.size()).isGreaterThan(400).isLessThanOrEqualTo(flushed.records.size());
        // and the report reads it as any JTL
        try (JtlReader reader = JtlReader.open(batched)) {
            while (reader.next()) {
                assertThat(reader.row().label()).isNotEmpty();
            }
            assertThat(reader.malformedRows()).as("%s", reader.malformedExamples()).isZero();
            assertThat(reader.rows()).isEqualTo(ours.records.size());
        }
    }
}
