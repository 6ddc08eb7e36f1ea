package io.dubbostress.cli.testkit;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A test's own reading of Linux's {@code /proc}, written apart from the PerfMon agent's (which reads {@code stat}'s
 * num_threads and its own sums), to check what the agent reported: a process's threads ({@code status}'s
 * {@code Threads:}), open files (the entries of {@code fd/}), its threads' context switches, the machine's.
 *
 * <pre>{@code
 * long threads = ProcCounts.threads(pid);
 * }</pre>
 */
public final class ProcCounts {

    private ProcCounts() {
    }

    /** {@code /proc/<pid>/status}'s {@code Threads:}. */
    public static long threads(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("Threads:")) {
                return Long.parseLong(line.substring("Threads:".length()).trim());
            }
        }
        throw new IOException("no Threads: line for " + pid);
    }

    /** The entries of {@code /proc/<pid>/fd}. */
    public static long fds(long pid) throws IOException {
        try (Stream<Path> entries = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return entries.count();
        }
    }

    /** {@code voluntary_ctxt_switches} + {@code nonvoluntary_ctxt_switches} over {@code /proc/<pid>/task/*}. */
    public static long taskSwitches(long pid) throws IOException {
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                List<String> lines;
                try {
                    lines = Files.readAllLines(task.resolve("status"));
                } catch (NoSuchFileException e) {
                    continue; // the thread ended meanwhile
                }
                for (String line : lines) {
                    if (line.startsWith("voluntary_ctxt_switches:") || line.startsWith("nonvoluntary_ctxt_switches:")) {
                        sum += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                    }
                }
            }
        }
        return sum;
    }

    /** The machine's context switches since boot: {@code /proc/stat}'s {@code ctxt}. */
    public static long hostSwitches() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
            if (line.startsWith("ctxt ")) {
                return Long.parseLong(line.substring(5).trim());
            }
        }
        throw new IOException("no ctxt line in /proc/stat");
    }
}
