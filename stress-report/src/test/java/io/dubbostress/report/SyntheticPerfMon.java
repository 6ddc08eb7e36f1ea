package io.dubbostress.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes a PerfMon collector CSV in the shape the real collector writes (header and label form as in
 * report/perfmon/perfmon.csv, value x 1000 in elapsed), with known values, for tests about attribution and charts.
 */
public final class SyntheticPerfMon {

    public static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,\"elapsed_us\"";

    /** One point per interval from {@code fromMs} to {@code toMs}; CPU and network follow {@code shape}. */
    public static List<double[]> write(Path file, long fromMs, long toMs, long intervalMs, double cpuBase) {
        List<double[]> cpu = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        int i = 0;
        for (long t = fromMs; t <= toMs; t += intervalMs, i++) {
            double cpuValue = cpuBase + (i % 7) * 3.5;
            cpu.add(new double[] {t, cpuValue});
            lines.add(row(t, cpuValue, "CPU"));
            lines.add(row(t, 35 + (i % 3), "Memory"));
            lines.add(row(t, 150_000 + 1000 * (i % 10), "Network I/O"));
            lines.add(row(t, 160_000 + 1000 * (i % 10), "Network I/O bytessent"));
            lines.add(row(t, 0, "Disks I/O readbytes"));
            lines.add(row(t, 40_960 * (i % 4), "Disks I/O writebytes"));
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cpu;
    }

    private static String row(long t, double value, String metric) {
        return String.format(Locale.ROOT, "%d,%d,127.0.0.1 %s,,,,,true,,0,0,0,0,null,0,0,0,null", t,
                Math.round(value * 1000), metric);
    }
}
