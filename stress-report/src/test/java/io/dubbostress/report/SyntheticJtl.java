package io.dubbostress.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes JTLs with JMeter's stock columns (and, for microsecond files, our elapsed_us column) and keeps what it wrote,
 * so tests can compute the expected figures by brute force. Latencies are log-normal around a median with a tail,
 * as loopback calls look (0.4 ms direct 1 KiB, 8 ms direct 100 KiB).
 */
public final class SyntheticJtl {

    /** JMeter's stock CSV columns, the ones stress run has it write (the report's own list of them). */
    public static final String HEADER = String.join(",", io.dubbostress.report.jtl.JtlColumn.JMETER_DEFAULT_HEADER);

    /** One written sample. */
    public static final class Sample {
        final long startMs;
        final long elapsedUs;
        final boolean success;
        final int bytes;
        final int sentBytes;

        public Sample(long startMs, long elapsedUs, boolean success, int bytes, int sentBytes) {
            this.startMs = startMs;
            this.elapsedUs = elapsedUs;
            this.success = success;
            this.bytes = bytes;
            this.sentBytes = sentBytes;
        }

        public long elapsedMs() {
            return elapsedUs / 1000;
        }
    }

    public final List<Sample> samples = new ArrayList<>();

    /**
     * {@code count} samples from {@code startMs} over {@code durationMs}, latency log-normal with the given median
     * (µs), one in {@code errorEvery} failing (0: none).
     */
    public static SyntheticJtl write(Path file, String label, boolean micros, long startMs, long durationMs, int count,
                              double medianUs, int errorEvery, long seed) {
        SyntheticJtl jtl = new SyntheticJtl();
        Random random = new Random(seed);
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                out.write(HEADER + (micros ? ",elapsed_us" : ""));
                out.write('\n');
                for (int i = 0; i < count; i++) {
                    long start = startMs + (long) i * durationMs / count;
                    double gaussian = random.nextGaussian();
                    long us = Math.max(30, Math.round(medianUs * Math.exp(0.35 * gaussian
                            + (random.nextInt(1000) == 0 ? 2.5 : 0))));
                    boolean ok = errorEvery == 0 || i % errorEvery != 1;
                    int bytes = 1024 + random.nextInt(64);
                    int sent = 300 + random.nextInt(16);
                    Sample sample = new Sample(start, us, ok, bytes, sent);
                    jtl.samples.add(sample);
                    out.write(Long.toString(start));
                    out.write(',');
                    out.write(Long.toString(sample.elapsedMs()));
                    out.write(',');
                    out.write(label);
                    out.write(ok ? ",200,OK," : ",502,\"TIMEOUT: waited 5000 ms, provider busy\",");
                    out.write("Thread Group 1-" + (i % 20 + 1));
                    out.write(",text,");
                    out.write(ok ? "true" : "false");
                    out.write(",,");
                    out.write(Integer.toString(bytes));
                    out.write(',');
                    out.write(Integer.toString(sent));
                    out.write(",20,20,null,0,0,0");
                    if (micros) {
                        out.write(',');
                        out.write(Long.toString(us));
                    }
                    out.write('\n');
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return jtl;
    }

    /** The nearest-rank percentile of the samples starting at or after {@code fromMs}, in µs or ms. */
    public long percentile(double p, long fromMs, boolean micros) {
        long[] values = values(fromMs, micros);
        java.util.Arrays.sort(values);
        // the smallest rank r with r / n >= p / 100, in decimal arithmetic (0.999 * n is not exact in binary)
        int rank = Math.max(1, java.math.BigDecimal.valueOf(p).multiply(java.math.BigDecimal.valueOf(values.length))
                .divide(java.math.BigDecimal.valueOf(100)).setScale(0, java.math.RoundingMode.CEILING).intValueExact());
        return values[rank - 1];
    }

    public long[] values(long fromMs, boolean micros) {
        return samples.stream().filter(s -> s.startMs >= fromMs)
                .mapToLong(s -> micros ? s.elapsedUs : s.elapsedMs()).toArray();
    }
}
