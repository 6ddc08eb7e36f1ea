package io.dubbostress.sampler.runtime;

import io.dubbostress.api.Order;
import io.dubbostress.api.Payloads;
import io.dubbostress.api.StressTestService;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.rpc.service.GenericService;

/**
 * The 3.3 jar's reference against a raw Dubbo 3.3 reference in ONE JVM, on one provider: whether what the sampler builds
 * (its {@link DubboReference}: the {@code ReferenceConfig}, its URL and scope model, the proxy handler's invocation) makes
 * Dubbo's own frames slower than the raw client's (stress-bench's {@code RawClient}: a generic {@code ReferenceConfig},
 * javassist proxy, retries 0). Both call {@code echo(payload)} generically from N threads of their own, in alternated
 * rounds (the order reversed every other round, round 0 a warm-up), and each round gives the calling threads' CPU time
 * and bytes allocated per call (the threads' own counters, so the provider in this JVM is not in them). Thread names
 * ({@code sampler-N}, {@code raw-N}) split a profile of the run by side. Not a test (docs/BENCHMARKS.md, "JMeter's
 * per-sample work", the Dubbo frames): run with {@code src/test/scripts/same-jvm-references.sh}.
 *
 * <pre>
 * --threads 200 --rounds 6 --window-ms 5000 --payload 1024 [--before inflate]
 * </pre>
 *
 * {@code --before inflate} inflates the monitor of the bean type Dubbo looks up on every (de)serialization before the
 * references exist (the identity hash of a class whose monitor is inflated takes the runtime's slow path): one of the
 * hypotheses for the frames being slower in JMeter's JVM, measured and refuted.
 */
public final class SameJvmReferencesBenchmark {

    private static final String[] ECHO_TYPES = {String.class.getName()};

    private SameJvmReferencesBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = options(args);
        int threads = Integer.parseInt(o.getOrDefault("threads", "200"));
        int rounds = Integer.parseInt(o.getOrDefault("rounds", "6"));
        long windowMs = Long.parseLong(o.getOrDefault("window-ms", "5000"));
        String payload = Payloads.ofSize(Integer.parseInt(o.getOrDefault("payload", "1024")));
        if ("inflate".equals(o.get("before"))) {
            Class<?> bean = org.apache.dubbo.common.serialize.hessian2.Hessian2FactoryManager.class;
            synchronized (bean) {
                bean.wait(1); // inflates the monitor
            }
            System.out.println("the monitor of " + bean.getName() + " inflated");
        }
        long started = System.currentTimeMillis();

        ApplicationConfig application = DubboRuntime.application();
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        ServiceConfig<StressTestService> service = new ServiceConfig<>();
        service.setApplication(application);
        ProtocolConfig dubbo = new ProtocolConfig("dubbo", port);
        dubbo.setHost("127.0.0.1");
        dubbo.setThreads(threads);
        service.setProtocol(dubbo);
        service.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        service.setInterface(StressTestService.class);
        service.setRef(new EchoService());
        service.export();
        String address = "dubbo://127.0.0.1:" + port;

        ReferenceKey key = new ReferenceKey(address, "", "", StressTestService.class.getName(), "", "", 5000, 0, 0, "",
                "", "", false);
        DubboReference sampler = ReferenceCache.shared().obtain(key, SameJvmReferencesBenchmark.class.getClassLoader(),
                "address", "interface");
        ReferenceConfig<?> samplerConfig = (ReferenceConfig<?>) field(sampler, "config");
        ReferenceConfig<GenericService> rawConfig = new ReferenceConfig<>();
        rawConfig.setApplication(application);
        rawConfig.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        rawConfig.setInterface(StressTestService.class.getName());
        rawConfig.setGeneric("true");
        rawConfig.setUrl(address + "?raw=1"); // another reference, not the sampler's again
        rawConfig.setTimeout(5000);
        rawConfig.setRetries(0);
        Map<String, GenericService> sides = new LinkedHashMap<>();
        sides.put("sampler", (GenericService) field(sampler, "proxy"));
        sides.put("raw", rawConfig.get());
        describe("sampler", samplerConfig);
        describe("raw", rawConfig);

        Map<String, List<double[]>> kept = new LinkedHashMap<>();
        for (int round = 0; round < rounds; round++) {
            List<String> order = new ArrayList<>(sides.keySet());
            if (round % 2 == 1) {
                java.util.Collections.reverse(order);
            }
            for (String side : order) {
                long from = System.currentTimeMillis() - started;
                double[] m = run(sides.get(side), side, payload, threads, windowMs);
                System.out.printf("round %d %-7s %,6d-%,6d ms: %,8.0f calls/s, %,7.0f ns CPU and %,6.0f B allocated"
                        + " per call in the calling threads%n", round, side, from,
                        System.currentTimeMillis() - started, m[0], m[1], m[2]);
                if (round > 0) {
                    kept.computeIfAbsent(side, k -> new ArrayList<>()).add(m);
                }
            }
        }
        for (Map.Entry<String, List<double[]>> e : kept.entrySet()) {
            double[] cpu = e.getValue().stream().mapToDouble(m -> m[1]).sorted().toArray();
            double[] bytes = e.getValue().stream().mapToDouble(m -> m[2]).sorted().toArray();
            System.out.printf("%-7s median of rounds 1-%d: %,7.0f ns CPU per call (%,.0f-%,.0f), %,6.0f B allocated%n",
                    e.getKey(), rounds - 1, cpu[cpu.length / 2], cpu[0], cpu[cpu.length - 1],
                    bytes[bytes.length / 2]);
        }
        System.exit(0); // Dubbo's non-daemon threads
    }

    /** What each reference's invoker carries: the URL, its scope and service models, the service's class loader. */
    private static void describe(String side, ReferenceConfig<?> config) {
        URL url = config.getInvoker().getUrl();
        System.out.println(side + ": " + url);
        System.out.println(side + ": scope model " + url.getScopeModel() + ", service model "
                + (url.getServiceModel() == null ? null : url.getServiceModel().getClass().getSimpleName()
                        + " loaded by " + url.getServiceModel().getClassLoader())
                + ", URL attributes " + url.getAttributes().keySet());
    }

    private static double[] run(GenericService service, String side, String payload, int threads, long windowMs)
            throws InterruptedException {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        AtomicLong calls = new AtomicLong();
        AtomicLong cpu = new AtomicLong();
        AtomicLong allocated = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            workers.add(new Thread(() -> {
                long cpu0 = mx.getCurrentThreadCpuTime();
                long allocated0 = mx.getCurrentThreadAllocatedBytes();
                long n = 0;
                while (!stop.get()) {
                    if (!payload.equals(service.$invoke("echo", ECHO_TYPES, new Object[] {payload}))) {
                        throw new IllegalStateException("the echo differs from the request");
                    }
                    n++;
                }
                cpu.addAndGet(mx.getCurrentThreadCpuTime() - cpu0);
                allocated.addAndGet(mx.getCurrentThreadAllocatedBytes() - allocated0);
                calls.addAndGet(n);
            }, side + "-" + (i + 1)));
        }
        long t0 = System.nanoTime();
        workers.forEach(Thread::start);
        Thread.sleep(windowMs);
        stop.set(true);
        for (Thread worker : workers) {
            worker.join();
        }
        double n = Math.max(1, calls.get());
        return new double[] {n * 1e9 / (System.nanoTime() - t0), cpu.get() / n, allocated.get() / n};
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field f = owner.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value pairs, got '" + args[i] + "' in "
                        + Arrays.toString(args));
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        return o;
    }

    /** The provider: the echo, nothing else. */
    private static final class EchoService implements StressTestService {
        @Override
        public String echo(String payload) {
            return payload;
        }

        @Override
        public Order echoOrder(Order order) {
            return order;
        }
    }
}
