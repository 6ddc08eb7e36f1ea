package io.dubbostress.bench;

import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.home.StressHome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs a {@code stress} subcommand in a JVM of its own, as {@code ./stress} does (the same class path, no extra
 * options), pinned to one CPU with {@code taskset} where it exists, with a GC log, and measures it
 * ({@link ChildMeasurement}).
 */
final class ToolRunner {

    private static final Pattern HEAP = Pattern.compile("(\\d+)([KMG])->(\\d+)([KMG])\\((\\d+)([KMG])\\)");
    private static final Path TASKSET = findTaskset();

    private final JavaRuntime java;
    private final StressHome home;
    private final int cpu;

    ToolRunner(JavaRuntime java, StressHome home) {
        this.java = java;
        this.home = home;
        this.cpu = TASKSET == null ? -1 : Runtime.getRuntime().availableProcessors() - 1;
    }

    private static Path findTaskset() {
        for (String candidate : new String[] {"/usr/bin/taskset", "/bin/taskset"}) {
            if (Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        return null;
    }

    /** The CPU the tools run on, or -1 when they cannot be pinned. */
    int pinnedCpu() {
        return cpu;
    }

    ChildMeasurement run(String name, Path dir, List<String> args, Duration timeout) {
        List<String> command = new ArrayList<>();
        if (cpu >= 0) {
            command.add(TASKSET.toString());
            command.add("-c");
            command.add(String.valueOf(cpu));
        }
        command.add(java.executable().toString());
        command.add("-Xlog:gc:file=" + dir.resolve(name + "-gc.log").toAbsolutePath());
        command.add("-Dstress.home=" + home.root());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(BenchMain.class.getName());
        command.addAll(args);
        return ChildMeasurement.run(name, command, dir.resolve(name + ".out"), timeout);
    }

    /** The largest heap in use after a collection, from the tool's GC log (KiB), or -1. */
    static long maxHeapAfterGcKb(Path dir, String name) {
        Path log = dir.resolve(name + "-gc.log");
        if (!Files.exists(log)) {
            return -1;
        }
        long max = -1;
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (!line.contains("Pause")) {
                    continue;
                }
                Matcher m = HEAP.matcher(line);
                if (m.find()) {
                    max = Math.max(max, GcLogWindow.kb(Long.parseLong(m.group(3)), m.group(4)));
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return max;
    }
}
