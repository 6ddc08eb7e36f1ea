package io.dubbostress.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a JTL shaped like a loopback run of the direct plan, for timing {@code stress report}: the columns
 * {@code stress run} has JMeter write (JMeter's stock CSV columns and {@code elapsed_us}), 20 threads, 40,000
 * samples/s, sub-millisecond log-normal latencies around 420 µs with a tail, and one sample in 1,000 failed with a
 * quoted message.
 *
 * <pre>{@code
 * SyntheticJtl.write(Path.of("direct-1k.jtl"), 10_000_000);
 * }</pre>
 */
final class SyntheticJtl {

    /** The columns stress run has JMeter write: JMeter's stock ones (the report's list) and our elapsed_us. */
    static final String HEADER = String.join(",", io.dubbostress.report.jtl.JtlColumn.JMETER_DEFAULT_HEADER)
            + ",\"" + io.dubbostress.report.jtl.JtlColumn.ELAPSED_US.headerName() + "\"";
    static final String LABEL = "direct-1k";
    static final long START_EPOCH_MS = 1_795_306_185_000L;
    static final int SAMPLES_PER_SECOND = 40_000;

    private static final byte[] OK = ",direct-1k,200,OK,closed 1-".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FAILED = (",direct-1k,TIMEOUT,\"Invoke remote method timeout, waited 5000 ms\","
            + "closed 1-").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OK_TAIL = ",text,true,,1024,1024,20,20,null,".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FAILED_TAIL = ",text,false,,0,1024,20,20,null,".getBytes(StandardCharsets.US_ASCII);

    private SyntheticJtl() {
    }

    /** Writes {@code rows} samples (plus the header) to {@code file}. */
    static void write(Path file, long rows) {
        long[] latencies = latencyTable();
        SplittableRandom random = new SplittableRandom(7);
        byte[] digits = new byte[20];
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
                out.write((HEADER + "\n").getBytes(StandardCharsets.US_ASCII));
                for (long i = 0; i < rows; i++) {
                    long us = latencies[random.nextInt(latencies.length)];
                    boolean ok = i % 1000 != 999;
                    number(out, START_EPOCH_MS + i * 1000 / SAMPLES_PER_SECOND, digits);
                    out.write(',');
                    number(out, us / 1000, digits);
                    out.write(ok ? OK : FAILED);
                    number(out, i % 20 + 1, digits);
                    out.write(ok ? OK_TAIL : FAILED_TAIL);
                    number(out, us / 1000, digits); // Latency
                    out.write(',');
                    out.write('0'); // IdleTime
                    out.write(',');
                    out.write('0'); // Connect
                    out.write(',');
                    number(out, us, digits);
                    out.write('\n');
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** 65,536 latencies (µs): log-normal around 420 µs, one in 1,000 about 12x slower. */
    private static long[] latencyTable() {
        SplittableRandom random = new SplittableRandom(42);
        long[] table = new long[1 << 16];
        for (int i = 0; i < table.length; i++) {
            double gaussian = gaussian(random);
            double tail = i % 1000 == 0 ? 2.5 : 0;
            table[i] = Math.max(30, Math.round(420 * Math.exp(0.35 * gaussian + tail)));
        }
        return table;
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v); // Box-Muller
    }

    private static void number(OutputStream out, long value, byte[] digits) throws IOException {
        if (value == 0) {
            out.write('0');
            return;
        }
        int n = 0;
        for (long v = value; v > 0; v /= 10) {
            digits[n++] = (byte) ('0' + v % 10);
        }
        while (n > 0) {
            out.write(digits[--n]);
        }
    }
}
