package io.dubbostress.bench;

import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ProcessFailedException;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How fast {@code stress gc} is on a large real GC log: a JVM ({@link GarbageChurn}) churns garbage under a 64 MB
 * G1 heap with a 2 MB young generation, logging as {@code stress run} logs ({@code -Xlog:gc*} with wall-clock and
 * uptime decorations), until it has made the pauses asked for; then the log and its first tenth go through
 * {@code stress gc} in a JVM of its own on one CPU, every round: pauses/s, MB/s, CPU time, peak RSS.
 */
final class GcBench {

    /** A pause's summary line in a unified log: {@code [...][info][gc] GC(12) Pause Young (Normal) ... 1.234ms}. */
    static final Pattern PAUSE_LINE = Pattern.compile("\\[gc\\s*\\] GC\\(\\d+\\) Pause .*\\d+\\.\\d+ms$");

    private final BenchSettings settings;
    private final JavaRuntime java;
    private final ToolRunner tools;
    private final PrintStream err;

    GcBench(BenchSettings settings, JavaRuntime java, ToolRunner tools, PrintStream err) {
        this.settings = settings;
        this.java = java;
        this.tools = tools;
        this.err = err;
    }

    List<ToolResult> run() {
        Path dir = settings.out.resolve("gc-bench");
        Path log = dir.resolve("churn-gc.log");
        makeLog(dir, log);
        Path tenth = dir.resolve("churn-tenth-gc.log");
        firstTenth(log, tenth);
        List<Path> logs = List.of(tenth, log);
        List<ToolResult> results = new ArrayList<>();
        for (int round = 1; round <= settings.rounds; round++) {
            for (Path file : logs) {
                long pauses = countPauses(file);
                String name = file.getFileName().toString().replace(".log", "") + "-r" + round;
                ChildMeasurement m = tools.run(name, dir, List.of("gc", "--offline", file.toString()),
                        Duration.ofMinutes(20));
                if (m.exitCode != 0) {
                    throw new ProcessFailedException("stress gc failed on " + file + " (exit code " + m.exitCode
                            + "); see " + m.log);
                }
                ToolResult r = new ToolResult("gc", file.getFileName().toString(), round, pauses,
                        ReportBench.size(file), m, ToolRunner.maxHeapAfterGcKb(dir, name), tools.pinnedCpu());
                err.printf(Locale.ROOT, "stress bench: gc %s (%,d pauses, %,.1f MB) round %d: %.2f s, %,.0f pauses/s, "
                                + "%.1f MB/s, CPU %.2f s, peak RSS %,d MiB%n", file.getFileName(), pauses,
                        r.inputBytes / 1e6, round, m.wallSeconds, r.itemsPerSecond(), r.megabytesPerSecond(),
                        m.cpuSeconds, m.peakRssKb >> 10);
                results.add(r);
            }
        }
        if (!settings.keepFiles) {
            ReportBench.deleteQuietly(log);
            ReportBench.deleteQuietly(tenth);
        }
        return results;
    }

    private void makeLog(Path dir, Path log) {
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.add("-Xms64m");
        command.add("-Xmx64m");
        command.add("-Xmn2m");
        command.add("-XX:+UseG1GC");
        command.addAll(java.gcLogging(log));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(GarbageChurn.class.getName());
        command.add(String.valueOf(settings.gcPauses));
        command.add(String.valueOf(Math.max(60, settings.gcPauses / 20)));
        err.printf(Locale.ROOT, "stress bench: making a GC log of %,d pauses ...%n", settings.gcPauses);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChildMeasurement m = ChildMeasurement.run("gc-churn", command, dir.resolve("churn.out"),
                Duration.ofSeconds(Math.max(60, settings.gcPauses / 20) + 60));
        if (m.exitCode != 0 || !Files.exists(log)) {
            throw new ProcessFailedException("the GC churn JVM failed (exit code " + m.exitCode + "); see " + m.log);
        }
        err.printf(Locale.ROOT, "stress bench: GC log %s: %,d pauses, %,.1f MB, made in %.1f s%n", log.getFileName(),
                countPauses(log), ReportBench.size(log) / 1e6, m.wallSeconds);
    }

    /** The log's first tenth (whole lines). */
    private static void firstTenth(Path log, Path tenth) {
        long limit = ReportBench.size(log) / 10;
        long written = 0;
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8);
                BufferedWriter out = Files.newBufferedWriter(tenth, StandardCharsets.UTF_8)) {
            String line;
            while (written < limit && (line = in.readLine()) != null) {
                out.write(line);
                out.write('\n');
                written += line.length() + 1;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + tenth, e);
        }
    }

    /** Pauses as the log's own summary lines say. */
    static long countPauses(Path log) {
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            long n = 0;
            String line;
            while ((line = in.readLine()) != null) {
                if (PAUSE_LINE.matcher(line).find()) {
                    n++;
                }
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        }
    }
}
