package io.dubbostress.bench;

import io.dubbostress.report.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What a raw client's threads counted in the measured window ({@link RawClient}, {@link RawGrpcClient}), and the JSON
 * file {@code LoadRunner} reads: the window (epoch ms), calls, errors, the first error and the latency histogram (µs,
 * compressed, base64), and the calling threads' bytes allocated in the window where the client counts them.
 *
 * <pre>{@code
 * RawRunResult result = new RawRunResult();
 * RawRunResult.Counts mine = result.newCounts();    // one per thread
 * ...
 * result.write(out, "generic", threads, payloadBytes, startEpochMs + warmupMs, measureMs, firstError.get());
 * }</pre>
 */
final class RawRunResult {

    /** What one thread counted in the window. */
    static final class Counts {
        final Histogram histogram = new Histogram(60_000_000L, 3);
        long calls;
        long errors;
        /** Bytes this thread allocated from its first call in the window to its first call after it; -1: unknown. */
        long allocatedBytes = -1;
    }

    private final List<Counts> counts = new ArrayList<>();

    synchronized Counts newCounts() {
        Counts c = new Counts();
        counts.add(c);
        return c;
    }

    /** Writes the merged counts of every thread (call when the threads have ended). */
    synchronized void write(Path out, String invocation, int threads, int payloadBytes, long windowStartEpochMs,
            long measureMs, String firstError) throws IOException {
        Histogram all = new Histogram(60_000_000L, 3);
        long calls = 0;
        long errors = 0;
        long allocated = 0;
        for (Counts c : counts) {
            all.add(c.histogram);
            calls += c.calls;
            errors += c.errors;
            allocated = allocated < 0 || c.allocatedBytes < 0 ? -1 : allocated + c.allocatedBytes;
        }
        ByteBuffer buffer = ByteBuffer.allocate(all.getNeededByteBufferCapacity());
        int length = all.encodeIntoCompressedByteBuffer(buffer);
        byte[] encoded = new byte[length];
        buffer.flip();
        buffer.get(encoded);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("invocation", invocation);
        result.put("threads", threads);
        result.put("payloadBytes", payloadBytes);
        result.put("windowStartEpochMs", windowStartEpochMs);
        result.put("windowEndEpochMs", windowStartEpochMs + measureMs);
        result.put("calls", calls);
        result.put("errors", errors);
        result.put("firstError", firstError);
        // the calling threads' own count (ThreadMXBean; RawClient only), beside the bench's count of the whole JVM (JFR)
        result.put("callerAllocatedBytes", allocated < 0 ? null : allocated);
        result.put("histogramMicros", Base64.getEncoder().encodeToString(encoded));
        Files.write(out, Json.MAPPER.writeValueAsString(result).getBytes(StandardCharsets.UTF_8));
    }
}
