package io.dubbostress.cli.live;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Random;

/**
 * What the live page's own work costs in the stress command's JVM, without a run around it: CPU time per JTL row
 * followed (a JTL of a direct-1k run's shape growing by one second of rows per tick, as JMeter writes it), per tick
 * (run.json, the GC logs, the seconds closed) and per poll of the page's data; then the heap the model keeps after 10
 * minutes, 1 hour and 3 hours of a run (per-second histograms, not rows: it must not grow; the rows per second do
 * not change what is kept, so the long stretch runs at 50 rows/s to keep the file small). Not a test
 * (no assertion): run it by hand, the figures go to docs/BENCHMARKS.md (The live page's cost).
 *
 * <pre>
 * ./mvnw -B -ntp -pl stress-cli -am test-compile -q
 * java -cp "stress-cli/target/test-classes:stress-cli/target/stress-cli.jar" io.dubbostress.cli.live.LivePageCostBenchmark 10000
 * </pre>
 */
public final class LivePageCostBenchmark {

    static final int WARM_SECONDS = 60;
    static final int CPU_SECONDS = 120;
    static final int SLOW_RATE = 50;

    private LivePageCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int perSecond = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        Path dir = Files.createTempDirectory("live-cost");
        Path scenario = dir.resolve("scenarios/direct-1k");
        Files.createDirectories(scenario);
        Files.createDirectories(dir.resolve("gc"));
        Files.writeString(dir.resolve("gc/provider-gc.log"), "");
        Path jtl = scenario.resolve("results.jtl");
        long t0 = System.currentTimeMillis() / 1000 * 1000 - 4 * 3600_000L;
        Files.writeString(dir.resolve("run.json"), "{\"status\": \"running\", \"settings\": {\"rate\": \"0\"}, "
                + "\"scenarios\": [{\"name\": \"direct-1k\", \"status\": \"running\", \"startEpochMs\": " + t0
                + ", \"warmupSeconds\": 60.0}]}");
        Files.writeString(jtl, "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
                + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,\"elapsed_us\","
                + "\"due_us\",\"lag_us\",\"response_us\"\n");
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        com.sun.management.ThreadMXBean bytes = (com.sun.management.ThreadMXBean) cpu;
        long self = Thread.currentThread().getId();
        LiveRun live = LiveRun.unstarted(dir, LiveRun.Agent.NONE);
        Random random = new Random(37);
        long tickNanos = 0;
        long pollNanos = 0;
        long tickBytes = 0;
        long pollBytes = 0;
        long rows = 0;
        int measured = 0;
        int[] heapAt = {600, 3600, 3 * 3600};
        int nextHeap = 0;
        System.out.printf(Locale.ROOT, "CPU: %d rows/s for %d s after %d s of warm-up; heap: then %d rows/s up to 3 h%n",
                perSecond, CPU_SECONDS, WARM_SECONDS, SLOW_RATE);
        for (long second = 1; second <= 3 * 3600; second++) {
            boolean cpuPhase = second <= WARM_SECONDS + CPU_SECONDS;
            int n = cpuPhase ? perSecond : SLOW_RATE;
            StringBuilder text = new StringBuilder(n * 130);
            for (int i = 0; i < n; i++) {
                long start = t0 + (second - 1) * 1000 + (i * 1000L) / n;
                long us = 300 + (long) (Math.exp(random.nextGaussian() * 0.5) * 500);
                boolean ok = random.nextInt(1000) != 0;
                text.append(start).append(',').append(us / 1000).append(",direct,").append(ok ? "200,OK" : "TIMEOUT,"
                        + "no answer within 5000 ms").append(",closed 1-").append(i % 20 + 1).append(",text,")
                        .append(ok).append(",,1024,1024,20,20,null,").append(us / 1000).append(",0,0,").append(us)
                        .append(",,,\n");
            }
            Files.writeString(jtl, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            long allocated = bytes.getThreadAllocatedBytes(self);
            long before = cpu.getCurrentThreadCpuTime();
            live.tick(t0 + second * 1000 + 500);
            long tick = cpu.getCurrentThreadCpuTime() - before;
            long tickAllocated = bytes.getThreadAllocatedBytes(self) - allocated;
            allocated = bytes.getThreadAllocatedBytes(self);
            before = cpu.getCurrentThreadCpuTime();
            live.json(false);
            long poll = cpu.getCurrentThreadCpuTime() - before;
            long pollAllocated = bytes.getThreadAllocatedBytes(self) - allocated;
            if (cpuPhase && second > WARM_SECONDS) {
                tickNanos += tick;
                pollNanos += poll;
                tickBytes += tickAllocated;
                pollBytes += pollAllocated;
                rows += n;
                measured++;
            }
            if (second == WARM_SECONDS + CPU_SECONDS) {
                System.out.printf(Locale.ROOT, "CPU per second of the run: %.2f ms following the files (%.3f us per "
                        + "row), %.3f ms answering one poll of the page%n", tickNanos / 1e6 / measured,
                        tickNanos / 1e3 / rows, pollNanos / 1e6 / measured);
                System.out.printf(Locale.ROOT, "allocated: %.1f bytes per row following the files, %.1f KB per "
                        + "poll%n", (double) tickBytes / rows, pollBytes / 1e3 / measured);
            }
            if (nextHeap < heapAt.length && second == heapAt[nextHeap]) {
                System.gc();
                Thread.sleep(200);
                System.gc();
                long heap = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
                System.out.printf(Locale.ROOT, "heap after %3d min of run: %.1f MiB (live page's data: %d bytes)%n",
                        second / 60, heap / 1048576.0, live.json(true).length);
                nextHeap++;
            }
        }
        live.close();
    }
}
