package io.dubbostress.bench;

import io.dubbostress.api.Payloads;
import io.dubbostress.outside.idl.EchoMessage;
import io.dubbostress.outside.idl.OrderServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The raw gRPC client {@code stress bench} compares the sampler's IDL mode with: a plain Java loop over grpc-java's
 * generated blocking stub, N threads sharing one channel (grpc-java's defaults, plaintext HTTP/2), each calling
 * {@code OrderService.Echo} with a text of N payload bytes again as soon as it has the answer and comparing the echo
 * with the request, as the IDL plan's sampler does (its echo check). The same window, histogram and output as
 * {@link RawClient}, whose loop this repeats for grpc-java (it runs on another class path: outside-idl.jar and
 * grpc-java, not the sampler's jar):
 *
 * <pre>
 * java -cp outside-idl.jar:&lt;grpc-java&gt;:stress-bench.jar io.dubbostress.bench.RawGrpcClient \
 *   --address 127.0.0.1:50051 --threads 20 --payload 1024 --warmup-ms 10000 --measure-ms 20000 --tail-ms 1500 \
 *   --timeout-ms 5000 --out raw.json
 * </pre>
 */
public final class RawGrpcClient {

    private RawGrpcClient() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String address = o.get("address");
        int threads = Integer.parseInt(o.getOrDefault("threads", "20"));
        int payloadBytes = Integer.parseInt(o.getOrDefault("payload", "1024"));
        long warmupMs = Long.parseLong(o.getOrDefault("warmup-ms", "10000"));
        long measureMs = Long.parseLong(o.getOrDefault("measure-ms", "20000"));
        long tailMs = Long.parseLong(o.getOrDefault("tail-ms", "1500"));
        int timeoutMs = Integer.parseInt(o.getOrDefault("timeout-ms", "5000"));
        Path out = Path.of(o.get("out"));
        int colon = address.lastIndexOf(':');
        ManagedChannel channel = ManagedChannelBuilder.forAddress(address.substring(0, colon),
                Integer.parseInt(address.substring(colon + 1))).usePlaintext().build();
        OrderServiceGrpc.OrderServiceBlockingStub stub = OrderServiceGrpc.newBlockingStub(channel);
        EchoMessage request = EchoMessage.newBuilder().setText(Payloads.ofSize(payloadBytes)).build();
        EchoMessage first = stub.withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS).echo(request);
        if (!first.equals(request)) {
            throw new IllegalStateException("the server's echo differs from the request");
        }
        CountDownLatch go = new CountDownLatch(1);
        RawRunResult counts = new RawRunResult();
        List<Thread> workers = new ArrayList<>();
        AtomicReference<String> firstError = new AtomicReference<>();
        long[] clock = new long[3]; // window start ns, window end ns, end ns
        for (int i = 0; i < threads; i++) {
            RawRunResult.Counts c = counts.newCounts();
            Thread worker = new Thread(() -> loop(stub, request, timeoutMs, go, clock, c, firstError),
                    "raw-grpc-" + (i + 1));
            workers.add(worker);
            worker.start();
        }
        long startEpochMs = System.currentTimeMillis();
        long startNs = System.nanoTime();
        clock[0] = startNs + warmupMs * 1_000_000L;
        clock[1] = clock[0] + measureMs * 1_000_000L;
        clock[2] = clock[1] + tailMs * 1_000_000L;
        go.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        counts.write(out, "grpc", threads, payloadBytes, startEpochMs + warmupMs, measureMs, firstError.get());
        channel.shutdownNow();
        System.exit(0);
    }

    private static void loop(OrderServiceGrpc.OrderServiceBlockingStub stub, EchoMessage request, int timeoutMs,
            CountDownLatch go, long[] clock, RawRunResult.Counts counts, AtomicReference<String> firstError) {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        while (true) {
            long start = System.nanoTime();
            if (start - clock[2] >= 0) {
                return;
            }
            boolean ok;
            String error = null;
            try {
                ok = stub.withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS).echo(request).equals(request);
                if (!ok) {
                    error = "MISMATCH: the echo differs from the request";
                }
            } catch (RuntimeException e) {
                ok = false;
                error = e.toString();
            }
            long end = System.nanoTime();
            if (start - clock[0] >= 0 && start - clock[1] < 0) {
                counts.calls++;
                counts.histogram.recordValue(Math.min((end - start) / 1000, 60_000_000L));
                if (!ok) {
                    counts.errors++;
                    firstError.compareAndSet(null, error);
                }
            }
        }
    }
}
