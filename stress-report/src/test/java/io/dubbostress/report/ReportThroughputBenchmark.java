package io.dubbostress.report;

import io.dubbostress.report.model.Report;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.HtmlReport;
import io.dubbostress.report.write.MarkdownReport;
import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * How fast {@code stress report} reads a JTL: writes a synthetic JTL shaped like a loopback run's (stock columns plus
 * elapsed_us, 20 threads, one label, 0.1 % errors with a quoted message) unless it exists, then times the reader alone
 * and a whole report over it. Not a test (no assertion on time); the numbers go to docs/REPORT.md. Run on one core:
 * <pre>
 * taskset -c 1 java -XX:ActiveProcessorCount=1 -Xmx256m -cp "stress-cli/target/test-classes:stress-cli/target/stress-cli.jar" \
 *     io.dubbostress.report.ReportThroughputBenchmark /tmp/bench/direct-1k.jtl 5000000
 * </pre>
 */
public final class ReportThroughputBenchmark {

    private ReportThroughputBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        Path file = Paths.get(args[0]);
        int rows = Integer.parseInt(args[1]);
        if (!Files.exists(file)) {
            write(file, rows);
        }
        long size = Files.size(file);
        for (int round = 1; round <= 3; round++) {
            long start = System.nanoTime();
            long count = 0;
            long sum = 0;
            try (JtlReader reader = JtlReader.open(file)) {
                JtlRow row = reader.row();
                while (reader.next()) {
                    sum += row.elapsedUs();
                    count++;
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "reader  round %d: %,d rows in %.2f s = %,.0f rows/s, %.0f MB/s (checksum %d)%n",
                    round, count, seconds, count / seconds, size / seconds / 1e6, sum % 1000);
        }
        for (int round = 1; round <= 2; round++) {
            long start = System.nanoTime();
            Report report = new ReportBuilder().build(List.of(file));
            String markdown = MarkdownReport.render(report);
            HtmlReport.render(report);
            double seconds = (System.nanoTime() - start) / 1e9;
            long samples = report.scenarios().get(0).stats().samples() + report.scenarios().get(0).stats().warmupSamples();
            System.out.printf(Locale.ROOT, "report  round %d: %,d rows in %.2f s = %,.0f rows/s (%d chars of Markdown)%n",
                    round, samples, seconds, samples / seconds, markdown.length());
        }
        Runtime runtime = Runtime.getRuntime();
        System.out.printf(Locale.ROOT, "heap in use at the end: %d MB (max %d MB)%n",
                (runtime.totalMemory() - runtime.freeMemory()) >> 20, runtime.maxMemory() >> 20);
    }

    private static void write(Path file, int rows) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Random random = new Random(42);
        long start = 1_795_306_185_000L;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(SyntheticJtl.HEADER + ",\"elapsed_us\"\n");
            for (int i = 0; i < rows; i++) {
                long us = Math.max(50, Math.round(420 * Math.exp(0.35 * random.nextGaussian())));
                long time = start + i / 40; // 40,000 calls/s
                boolean ok = i % 1000 != 7;
                out.write(Long.toString(time));
                out.write(',');
                out.write(Long.toString(us / 1000));
                out.write(ok ? ",direct-1k,200,OK,closed 1-" : ",direct-1k,TIMEOUT,\"Timeout, waited 5000 ms\",closed 1-");
                out.write(Integer.toString(i % 20 + 1));
                out.write(ok ? ",text,true,,1024,1024,20,20,null," : ",text,false,,0,1024,20,20,null,");
                out.write(Long.toString(us / 1000));
                out.write(",0,");
                out.write(Long.toString(us / 4000));
                out.write(',');
                out.write(Long.toString(us));
                out.write('\n');
            }
        }
    }
}
