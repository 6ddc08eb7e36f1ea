package io.dubbostress.plans.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Target Rate Schedule as users get it, in the stock homes run with bin/jmeter: JMeter 5.1.1 (which has no Open
 * Model Thread Group), and 5.6.3 in distributed mode with the rate shared by the load generators. One schedule
 * paces a Dubbo Sampler and JMeter's own HTTP Request: every row carries its due time, none starts before it, the first
 * call is the opening call (due when the timer let it go), the others are the schedule's arrivals (spaced 1/rate apart,
 * none skipped, none due before the opening call ended) and the Dubbo Sampler's response_us is its lag plus its service
 * time.
 */
class TargetRateInStockJMeterIT {

    private static final int RATE = 60;
    private static final int THREADS = 4;
    /** Iterations per thread (two calls each): the run ends by count, however long the first call took. */
    private static final int LOOPS = 15;
    /** An upper bound only: the first call creates the Dubbo reference, which takes seconds on a loaded machine. */
    private static final int SECONDS = 150;

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

    private static Path plan() {
        return Path.of(System.getProperty("user.dir"), "src/test/resources/pacing/target-rate.jmx");
    }

    private static List<String> settings(String prefix, Path jtl, int loadGenerators) {
        return List.of("-l", jtl.toString(), "-Jsample_variables=elapsed_us,due_us,lag_us,response_us",
                "-Jjmeter.save.saveservice.output_format=csv", "-Jjmeter.save.saveservice.timestamp_format=ms",
                prefix + "sample_variables=elapsed_us,due_us,lag_us,response_us",
                prefix + "address=dubbo://127.0.0.1:" + providerPort, prefix + "hop_port=" + consumerPort,
                prefix + "rate=" + RATE, prefix + "seconds=" + SECONDS, prefix + "threads=" + THREADS,
                prefix + "loops=" + LOOPS,
                prefix + "load_generators=" + loadGenerators);
    }

    /** The rows follow a schedule of {@code rate} calls/s: checked row by row. */
    private static void assertPaced(Path jtl, double rate) throws Exception {
        Jtl results = new Jtl(jtl);
        assertThat(results.header).contains("due_us", "lag_us", "response_us", "elapsed_us");
        assertThat(results.countByLabel()).containsOnlyKeys("dubbo-echo", "http-echo");
        List<Long> dues = new ArrayList<>();
        long openingEndUs = 0;
        long openingDue = Long.MAX_VALUE;
        for (String[] row : results.rows) {
            openingDue = Math.min(openingDue, Long.parseLong(results.cell(row, "due_us")));
        }
        for (String[] row : results.rows) {
            String line = String.join(",", row);
            assertThat(results.cell(row, "success")).as(line).isEqualTo("true");
            long due = Long.parseLong(results.cell(row, "due_us"));
            long lag = Long.parseLong(results.cell(row, "lag_us"));
            long startMs = Long.parseLong(results.cell(row, "timeStamp"));
            if (due == openingDue) {
                // the opening call: made at once (it creates the reference), due when the timer let it go; its lag
                // is the sampler's first-call preparation before its clock started (hundreds of ms on a busy box)
                assertThat(lag).as(line).isNotNegative();
                openingEndUs = (startMs + Long.parseLong(results.cell(row, "elapsed"))) * 1000;
                continue;
            }
            dues.add(due);
            assertThat(lag).as(line).isNotNegative();
            // never before its due time: exactly so on the nanosecond clock (lag_us >= 0 above); the JTL's start is
            // JMeter's millisecond clock, nanoTime plus an offset it calibrates now and then (sampleresult.useNanoTime),
            // which may stand 1 ms from the wall clock the due time is mapped to: a call released on time (arrival 0,
            // due the moment the opening call ended) can read 1 ms early there
            assertThat(startMs).as(line).isGreaterThanOrEqualTo(due / 1000 - 1);
            if (results.cell(row, "label").equals("dubbo-echo")) {
                long response = Long.parseLong(results.cell(row, "response_us"));
                long elapsed = Long.parseLong(results.cell(row, "elapsed_us"));
                // from the due time = from the due time to the start + the service time (each truncated to 1 us)
                assertThat(response).as(line).isBetween(lag + elapsed, lag + elapsed + 2);
            } else {
                // JMeter's HTTP Request has no response_us (unset: JMeter writes null): the report takes end - due_us
                assertThat(results.cell(row, "response_us")).as(line).isEqualTo("null");
            }
        }
        dues.sort(null);
        // the schedule started when the opening call had ended (its end on JMeter's millisecond clock: 1 ms slack)
        assertThat(dues.get(0)).as("arrival 0 after the opening call").isGreaterThanOrEqualTo(openingEndUs - 1000);
        // one schedule for both samplers and all threads: the due times are 1/rate apart, none skipped or repeated
        double spacingUs = 1e6 / rate;
        for (int i = 1; i < dues.size(); i++) {
            assertThat((double) (dues.get(i) - dues.get(i - 1))).as("due time %d after %d", i, i - 1)
                    .isBetween(spacingUs - 1.5, spacingUs + 1.5);
        }
        // every call made: the opening call and one arrival each for the others
        assertThat(dues).hasSize(THREADS * LOOPS * 2 - 1);
    }

    @Test
    void pacesTheDubboSamplerAndJMetersHttpRequestInStockJMeter511() throws Exception {
        StockJMeter jmeter = new StockJMeter("5.1.1");
        Path work = Files.createDirectories(dir.resolve("511"));
        Path jtl = work.resolve("results.jtl");
        List<String> args = new ArrayList<>(List.of("-n", "-t", plan().toString(), "-j", "jmeter.log"));
        args.addAll(settings("-J", jtl, 1));
        try (jmeter) {
            int exit = jmeter.run(work, work.resolve("out.txt"), 240, args.toArray(new String[0]));
            assertThat(exit).as(StockJMeter.text(work.resolve("out.txt"))).isZero();
        }
        assertPaced(jtl, RATE);
        assertThat(StockJMeter.text(work.resolve("jmeter.log"))).contains("Target Rate Schedule 'Target Rate Schedule': "
                + RATE + " calls/s, start: opening-call").contains("the schedule started at");
    }

    @Test
    void eachLoadGeneratorTakesItsShareOfTheRateInDistributedMode() throws Exception {
        StockJMeter jmeter = new StockJMeter("5.6.3");
        Path work = Files.createDirectories(dir.resolve("distributed"));
        int serverPort = FreePort.find();
        int serverLocalPort = FreePort.find();
        Path jtl = work.resolve("results.jtl");
        try (jmeter) {
            Process server = jmeter.start("jmeter-server", work, work.resolve("server-out.txt"),
                    "-Jserver_port=" + serverPort, "-Jserver.rmi.localport=" + serverLocalPort,
                    "-Jserver.rmi.ssl.disable=true", "-Djava.rmi.server.hostname=127.0.0.1",
                    "-Jsample_variables=elapsed_us,due_us,lag_us,response_us");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!ChildJvm.canConnect(serverPort)) {
                assertThat(server.isAlive()).as(StockJMeter.text(work.resolve("server-out.txt"))).isTrue();
                assertThat(System.nanoTime()).as("jmeter-server listening").isLessThan(deadline);
                Thread.sleep(100); // polling a deadline-bounded wait for the RMI port
            }
            List<String> args = new ArrayList<>(List.of("-n", "-t", plan().toString(),
                    "-j", "jmeter.log", "-R", "127.0.0.1:" + serverPort,
                    "-Jserver.rmi.ssl.disable=true", "-Djava.rmi.server.hostname=127.0.0.1"));
            // the plan as if two servers ran it: this one paces half the rate
            args.addAll(settings("-G", jtl, 2));
            int exit = jmeter.run(work, work.resolve("out.txt"), 240, args.toArray(new String[0]));
            assertThat(exit).as(StockJMeter.text(work.resolve("out.txt"))).isZero();
            assertPaced(jtl, RATE / 2.0);
            assertThat(StockJMeter.text(work.resolve("jmeter-server.log")))
                    .contains("Target Rate Schedule 'Target Rate Schedule': " + RATE + " calls/s / 2 load generators");
        }
    }
}
