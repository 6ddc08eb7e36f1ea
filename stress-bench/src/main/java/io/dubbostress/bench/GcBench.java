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
 * How fast {@code stress gc} is, and in how much memory, on large GC logs: a JVM ({@link GarbageChurn}) churns garbage
 * under a 64 MB G1 heap with a 2 MB young generation, logging as {@code stress run} logs ({@code -Xlog:gc*} with
 * wall-clock and uptime decorations), until it has made the pauses asked for; that real log, and logs of the sizes
 * asked for ({@code --gc-log-mb}, 100 MB and 1 GiB by default) made from it by {@link GcLogRepeater}, and a JDK 8 log
 * of the first size (read by GCViewer), go through {@code stress gc} in a JVM of its own on one CPU, every round: pauses/s, MB/s,
 * CPU time, peak RSS.
 */
final class GcBench {

    /** A pause's summary line in a unified log: {@code [...][info][gc] GC(12) Pause Young (Normal) ... 1.234ms}. */
    static final Pattern PAUSE_LINE = Pattern.compile("\\[gc\\s*\\] GC\\(\\d+\\) Pause .*\\d+\\.\\d+ms$");
    /** A pause line of a JDK 8 log: its stamp, then "[GC (" or "[Full GC (". */
    static final Pattern JDK8_PAUSE_LINE = Pattern.compile("^\\S+ \\d+\\.\\d+: \\[(?:GC|Full GC) \\(");

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
        List<Path> logs = new ArrayList<>();
        logs.add(log);
        for (long mb : settings.gcLogMb) {
            Path big = dir.resolve("churn-" + mb + "mb-gc.log");
            long pauses = GcLogRepeater.write(log, big, mb * 1024 * 1024);
            err.printf(Locale.ROOT, "stress bench: GC log %s: %,d pauses, %,.1f MB (the real log again and again)%n",
                    big.getFileName(), pauses, ReportBench.size(big) / 1e6);
            logs.add(big);
        }
        long jdk8Mb = settings.gcLogMb.isEmpty() ? 100 : settings.gcLogMb.get(0); // GCViewer: the first size only
        Path jdk8 = dir.resolve("jdk8-parallel-" + jdk8Mb + "mb-gc.log");
        GcLogRepeater.writeJdk8(jdk8, jdk8Mb * 1024 * 1024);
        logs.add(jdk8);
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
            logs.forEach(ReportBench::deleteQuietly);
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

    /** Pauses as the log's own summary lines say. */
    static long countPauses(Path log) {
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            long n = 0;
            String line;
            while ((line = in.readLine()) != null) {
                if (PAUSE_LINE.matcher(line).find() || JDK8_PAUSE_LINE.matcher(line).find()) {
                    n++;
                }
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        }
    }
}
