package io.dubbostress.bench;

import io.dubbostress.api.Order;
import io.dubbostress.api.StressTestService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;

/**
 * The reference provider over the triple protocol, for the bench's triple sides ({@code raw-tri}, {@code sampler-tri}):
 * the reference contract exported by Dubbo 3.3 on {@code tri://127.0.0.1:PORT} (hessian2, Dubbo's fixed pool of
 * {@code --threads}), doing per call what the reference provider ({@code stress-provider}, Dubbo 2.7, {@code
 * dubbo://}) does: the sum of {@code --cpu-iterations} random numbers below 1,000, then the echo. Runs in a JVM of its
 * own on the Dubbo 3.3 sampler jar (it carries Dubbo 3.3.5 and the contract), like {@link RawClient}; prints
 * {@value #READY} when it listens, every 5 s with new calls the calls so far, and when it is stopped the calls and
 * the random numbers summed, so a test can check the work was done.
 *
 * <pre>
 * java -cp jmeter-dubbo3-sampler.jar:stress-bench.jar io.dubbostress.bench.TripleReferenceProvider \
 *   --port 50051 --threads 200 --cpu-iterations 10000
 * </pre>
 */
public final class TripleReferenceProvider implements StressTestService {

    static final String READY = "triple-reference-provider ready";

    private final int iterations;
    private final LongAdder calls = new LongAdder();
    private final LongAdder numbersSummed = new LongAdder();
    private final LongAdder checksum = new LongAdder();

    TripleReferenceProvider(int iterations) {
        this.iterations = iterations;
    }

    @Override
    public String echo(String payload) {
        work();
        return payload;
    }

    @Override
    public Order echoOrder(Order order) {
        work();
        return order;
    }

    /** The reference provider's per-call work (its {@code CpuWork}): the sums are kept so the JIT cannot drop them. */
    private void work() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long sum = 0;
        for (int i = 0; i < iterations; i++) {
            sum += random.nextInt(1000);
        }
        checksum.add(sum);
        numbersSummed.add(iterations);
        calls.increment();
    }

    public static void main(String[] args) throws InterruptedException {
        int port = 0;
        int threads = 200;
        int iterations = 10_000;
        for (int i = 0; i + 1 < args.length; i += 2) {
            int value = Integer.parseInt(args[i + 1]);
            switch (args[i]) {
                case "--port" -> port = value;
                case "--threads" -> threads = value;
                case "--cpu-iterations" -> iterations = value;
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (--port, --threads, --cpu-iterations)");
            }
        }
        TripleReferenceProvider provider = new TripleReferenceProvider(iterations);
        ApplicationConfig application = new ApplicationConfig("stress-bench-triple-provider");
        application.setQosEnable(false);
        ProtocolConfig tri = new ProtocolConfig("tri", port);
        tri.setHost("127.0.0.1");
        tri.setSerialization("hessian2");
        tri.setThreads(threads);
        ServiceConfig<StressTestService> service = new ServiceConfig<>();
        service.setApplication(application);
        service.setProtocol(tri);
        service.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        service.setInterface(StressTestService.class);
        service.setRef(provider);
        service.export();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("triple-reference-provider stopped: calls=" + provider.calls.sum() + " numbers-summed="
                    + provider.numbersSummed.sum() + " checksum=" + provider.checksum.sum());
            System.out.flush();
        }, "triple-reference-provider-totals"));
        System.out.println(READY + " port=" + port + " threads=" + threads + " cpu-iterations=" + iterations);
        System.out.flush();
        long reported = 0;
        while (true) { // until the bench stops the process
            Thread.sleep(5000);
            long n = provider.calls.sum();
            if (n != reported) {
                reported = n;
                System.out.println("triple-reference-provider calls=" + n);
                System.out.flush();
            }
        }
    }
}
