package io.dubbostress.bench;

import io.dubbostress.cli.process.ProcessFailedException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How fast {@code stress report} is: a synthetic JTL of N rows ({@link SyntheticJtl}) and one of N/10, each through
 * {@code stress report FILE --out DIR} in its own JVM on one CPU, every round: rows/s (wall clock, JVM start-up
 * included), CPU time, peak RSS, and the largest heap in use after a collection (flat when the report streams).
 */
final class ReportBench {

    private final BenchSettings settings;
    private final ToolRunner tools;
    private final PrintStream err;

    ReportBench(BenchSettings settings, ToolRunner tools, PrintStream err) {
        this.settings = settings;
        this.tools = tools;
        this.err = err;
    }

    /** Readers raced on the largest JTL each round: {@code csv-read --reader} value and the name in the results. */
    private static final String[][] READERS = {{"jtl", "JtlReader (ours)"}, {"fastcsv", "FastCSV 3.4.0"}};

    /** The runs of {@link CsvReadCommand} on the largest JTL, filled by {@link #run()}. */
    final List<ToolResult> reads = new ArrayList<>();

    List<ToolResult> run() {
        Path dir = settings.out.resolve("report-bench");
        List<Long> sizes = new ArrayList<>();
        if (settings.reportRows >= 10) {
            sizes.add(settings.reportRows / 10);
        }
        sizes.add(settings.reportRows);
        List<Path> files = new ArrayList<>();
        for (long rows : sizes) {
            Path jtl = dir.resolve("synthetic-" + rows + ".jtl");
            long t0 = System.nanoTime();
            SyntheticJtl.write(jtl, rows);
            err.printf(Locale.ROOT, "stress bench: wrote %s (%,d rows, %,.0f MB) in %.1f s%n", jtl.getFileName(), rows,
                    size(jtl) / 1e6, (System.nanoTime() - t0) / 1e9);
            files.add(jtl);
        }
        List<ToolResult> results = new ArrayList<>();
        for (int round = 1; round <= settings.rounds; round++) {
            for (int i = 0; i < files.size(); i++) {
                Path jtl = files.get(i);
                long rows = sizes.get(i);
                String name = "report-" + rows + "-r" + round;
                Path out = dir.resolve(name);
                ChildMeasurement m = tools.run(name, dir, List.of("report", jtl.toString(), "--out", out.toString()),
                        Duration.ofSeconds(600 + rows / 10_000));
                if (m.exitCode != 0) {
                    throw new ProcessFailedException("stress report failed on " + jtl + " (exit code " + m.exitCode
                            + "); see " + m.log);
                }
                ToolResult r = new ToolResult("report", jtl.getFileName().toString(), round, rows, size(jtl), m,
                        ToolRunner.maxHeapAfterGcKb(dir, name), tools.pinnedCpu());
                err.printf(Locale.ROOT, "stress bench: report %,d rows round %d: %.2f s, %,.0f rows/s, CPU %.2f s, "
                                + "peak RSS %,d MiB, heap after GC max %,d MiB%n", rows, round, m.wallSeconds,
                        r.itemsPerSecond(), m.cpuSeconds, m.peakRssKb >> 10, r.maxHeapAfterGcKb >> 10);
                results.add(r);
            }
            Path largest = files.get(files.size() - 1);
            long rows = sizes.get(sizes.size() - 1);
            for (String[] reader : READERS) {
                String name = "read-" + reader[0] + "-r" + round;
                ChildMeasurement m = tools.run(name, dir, List.of("csv-read", largest.toString(), "--reader", reader[0]),
                        Duration.ofSeconds(600 + rows / 10_000));
                if (m.exitCode != 0) {
                    throw new ProcessFailedException(reader[1] + " failed on " + largest + " (exit code " + m.exitCode
                            + "); see " + m.log);
                }
                ToolResult r = new ToolResult("read", largest.getFileName() + ", " + reader[1], round, rows,
                        size(largest), m, ToolRunner.maxHeapAfterGcKb(dir, name), tools.pinnedCpu());
                err.printf(Locale.ROOT, "stress bench: %s read %,d rows round %d: %.2f s, %,.0f rows/s, CPU %.2f s%n",
                        reader[1], rows, round, m.wallSeconds, r.itemsPerSecond(), m.cpuSeconds);
                reads.add(r);
            }
        }
        if (!settings.keepFiles) {
            files.forEach(ReportBench::deleteQuietly);
        }
        return results;
    }

    static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a kept file is no harm
        }
    }
}
