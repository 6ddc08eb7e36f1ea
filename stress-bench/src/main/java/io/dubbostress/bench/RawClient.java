package io.dubbostress.bench;

import io.dubbostress.api.Payloads;
import io.dubbostress.api.StressTestService;
import io.dubbostress.api.loopback.LoopbackAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.rpc.service.GenericService;

/**
 * The raw Dubbo client {@code stress bench} compares the sampler with: a plain Java loop, N threads sharing one typed
 * and one generic reference to the provider (plain Dubbo defaults: javassist proxies, one shared connection, retries
 * 0), each thread calling {@code echo(payload)} again as soon as it has the answer and comparing the echo with the
 * request, as the plans' sampler does. Latencies go into an HdrHistogram per thread. Runs in a JVM of its own, like
 * JMeter, with the sampler's jar (Dubbo, stress-api) and stress-cli's classes on its class path:
 *
 * <pre>
 * java --add-opens ... -cp jmeter-dubbo-sampler.jar:stress-bench.jar io.dubbostress.bench.RawClient \
 *   --address dubbo://127.0.0.1:20880 --threads 20 --payload 1024 --invocation generic \
 *   --warmup-ms 10000 --measure-ms 20000 --tail-ms 1500 --timeout-ms 5000 --out raw.json
 * </pre>
 *
 * <p>It calls for warm-up + measure + tail; only calls that start inside the measured window count. It writes the
 * window (epoch ms), the calls and errors in it and the histogram (µs, compressed, base64) to {@code --out}.
 */
public final class RawClient {

    private static final String[] ECHO_TYPES = {String.class.getName()};

    private RawClient() {
    }

    /** One call of the loop. */
    private interface Call {
        Object call();
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = options(args);
        String address = o.get("address");
        int threads = Integer.parseInt(o.getOrDefault("threads", "20"));
        int payloadBytes = Integer.parseInt(o.getOrDefault("payload", "1024"));
        boolean typedCalls = "typed".equals(o.getOrDefault("invocation", "generic"));
        long warmupMs = Long.parseLong(o.getOrDefault("warmup-ms", "10000"));
        long measureMs = Long.parseLong(o.getOrDefault("measure-ms", "20000"));
        long tailMs = Long.parseLong(o.getOrDefault("tail-ms", "1500"));
        int timeoutMs = Integer.parseInt(o.getOrDefault("timeout-ms", "5000"));
        Path out = Path.of(o.get("out"));

        // Dubbo 2.7 rewrites 127.x to the NIC address on both sides; keep loopback calls on loopback
        LoopbackAddress.pinIfAnyLoopback(address);
        ApplicationConfig application = new ApplicationConfig("stress-bench-raw");
        application.setQosEnable(false);
        RegistryConfig noRegistry = new RegistryConfig(RegistryConfig.NO_AVAILABLE);

        ReferenceConfig<StressTestService> typedConfig = new ReferenceConfig<>();
        typedConfig.setApplication(application);
        typedConfig.setRegistry(noRegistry);
        typedConfig.setInterface(StressTestService.class);
        typedConfig.setUrl(address);
        typedConfig.setTimeout(timeoutMs);
        typedConfig.setRetries(0);

        ReferenceConfig<GenericService> genericConfig = new ReferenceConfig<>();
        genericConfig.setApplication(application);
        genericConfig.setRegistry(noRegistry);
        genericConfig.setInterface(StressTestService.class.getName());
        genericConfig.setGeneric("true");
        genericConfig.setUrl(address);
        genericConfig.setTimeout(timeoutMs);
        genericConfig.setRetries(0);

        StressTestService typed = typedConfig.get();
        GenericService generic = genericConfig.get();
        String payload = Payloads.ofSize(payloadBytes);
        Call call = typedCalls ? () -> typed.echo(payload)
                : () -> generic.$invoke("echo", ECHO_TYPES, new Object[] {payload});
        // both references answer before the clock starts
        check(payload, typed.echo(payload), "typed");
        check(payload, generic.$invoke("echo", ECHO_TYPES, new Object[] {payload}), "generic");

        CountDownLatch go = new CountDownLatch(1);
        RawRunResult counts = new RawRunResult();
        List<Thread> workers = new ArrayList<>();
        AtomicReference<String> firstError = new AtomicReference<>();
        long[] clock = new long[4]; // start ns, window start ns, window end ns, end ns
        for (int i = 0; i < threads; i++) {
            RawRunResult.Counts c = counts.newCounts();
            Thread worker = new Thread(() -> loop(call, payload, go, clock, c, firstError), "raw-" + (i + 1));
            workers.add(worker);
            worker.start();
        }
        long startEpochMs = System.currentTimeMillis();
        long startNs = System.nanoTime();
        clock[0] = startNs;
        clock[1] = startNs + warmupMs * 1_000_000L;
        clock[2] = clock[1] + measureMs * 1_000_000L;
        clock[3] = clock[2] + tailMs * 1_000_000L;
        go.countDown();
        for (Thread worker : workers) {
            worker.join();
        }

        counts.write(out, typedCalls ? "typed" : "generic", threads, payloadBytes, startEpochMs + warmupMs, measureMs,
                firstError.get());

        typedConfig.destroy();
        genericConfig.destroy();
        System.exit(0); // Dubbo's non-daemon threads would keep the JVM alive
    }

    private static void loop(Call call, String payload, CountDownLatch go, long[] clock, RawRunResult.Counts counts,
            AtomicReference<String> firstError) {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        long windowStart = clock[1];
        long windowEnd = clock[2];
        long end = clock[3];
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        com.sun.management.ThreadMXBean allocation = threads instanceof com.sun.management.ThreadMXBean
                ? (com.sun.management.ThreadMXBean) threads : null;
        long allocatedAtWindowStart = -1;
        while (true) {
            long start = System.nanoTime();
            if (allocation != null && counts.allocatedBytes < 0) {
                if (allocatedAtWindowStart < 0 && start - windowStart >= 0) {
                    allocatedAtWindowStart = allocation.getCurrentThreadAllocatedBytes();
                } else if (allocatedAtWindowStart >= 0 && start - windowEnd >= 0) {
                    counts.allocatedBytes = allocation.getCurrentThreadAllocatedBytes() - allocatedAtWindowStart;
                }
            }
            if (start - end >= 0) {
                return;
            }
            boolean ok;
            try {
                ok = payload.equals(call.call());
                if (!ok) {
                    firstError.compareAndSet(null, "MISMATCH: the echo differs from the request");
                }
            } catch (RuntimeException e) {
                ok = false;
                firstError.compareAndSet(null, e.toString());
            }
            long elapsed = System.nanoTime() - start;
            if (start - windowStart >= 0 && start - windowEnd < 0) {
                counts.histogram.recordValue(Math.min(elapsed / 1000, 60_000_000L));
                counts.calls++;
                if (!ok) {
                    counts.errors++;
                }
            }
        }
    }

    private static void check(String payload, Object echoed, String which) {
        if (!payload.equals(echoed)) {
            throw new IllegalStateException("the " + which + " reference's first echo differs from the request");
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value pairs, got '" + args[i] + "'");
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        if (!o.containsKey("address") || !o.containsKey("out")) {
            throw new IllegalArgumentException("--address and --out are required");
        }
        return o;
    }
}
