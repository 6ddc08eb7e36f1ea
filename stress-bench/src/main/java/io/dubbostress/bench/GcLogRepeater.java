package io.dubbostress.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a GC log of any size from a real one: the JVM's header once, then the real log's lines again and again, each
 * copy moved on in time (wall clock, uptime) and in GC ids, so the result reads as one JVM that ran that much longer
 * and collected the same way all along. For the memory and speed of {@code stress gc} on logs of hundreds of MB and
 * more, which a real JVM would take many minutes to write here.
 *
 * <pre>{@code
 * long pauses = GcLogRepeater.write(realLog, big, 1L << 30); // a 1 GiB log; its pause count by its own lines
 * }</pre>
 */
final class GcLogRepeater {

    private static final Pattern TIME = Pattern.compile("^\\[(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4})\\]");
    private static final Pattern UPTIME = Pattern.compile("\\[(\\d+\\.\\d{3})s\\]");
    private static final Pattern GC_ID = Pattern.compile("GC\\((\\d+)\\)");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    private GcLogRepeater() {
    }

    /** Writes {@code target} of about {@code bytes} (whole lines) from {@code source}; returns its pause lines. */
    static long write(Path source, Path target, long bytes) {
        List<String> header = new ArrayList<>();
        List<String> body = new ArrayList<>();
        long maxId = 0;
        double lastUptime = 0;
        try (BufferedReader in = Files.newBufferedReader(source, StandardCharsets.ISO_8859_1)) {
            String line;
            while ((line = in.readLine()) != null) {
                Matcher id = GC_ID.matcher(line);
                if (id.find()) {
                    maxId = Math.max(maxId, Long.parseLong(id.group(1)));
                } else if (body.isEmpty()) {
                    header.add(line);
                    continue;
                }
                body.add(line);
                Matcher up = UPTIME.matcher(line);
                if (up.find()) {
                    lastUptime = Double.parseDouble(up.group(1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source, e);
        }
        long idStep = maxId + 1;
        double uptimeStep = Math.ceil(lastUptime + 1);
        long pauses = 0;
        long written = 0;
        try (BufferedWriter out = Files.newBufferedWriter(target, StandardCharsets.ISO_8859_1)) {
            for (String line : header) {
                out.write(line);
                out.write('\n');
                written += line.length() + 1;
            }
            for (int copy = 0; written < bytes; copy++) {
                for (String line : body) {
                    if (written >= bytes) {
                        break; // the last copy cut where the size is reached, as a log copied while the JVM runs
                    }
                    String moved = copy == 0 ? line : move(line, copy * uptimeStep, copy * idStep);
                    out.write(moved);
                    out.write('\n');
                    written += moved.length() + 1;
                    if (GcBench.PAUSE_LINE.matcher(moved).find()) {
                        pauses++;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
        return pauses;
    }

    private static String move(String line, double seconds, long ids) {
        String moved = line;
        Matcher time = TIME.matcher(moved);
        if (time.find()) {
            OffsetDateTime at = OffsetDateTime.parse(time.group(1), STAMP).plusNanos((long) (seconds * 1e9));
            moved = "[" + STAMP.format(at) + "]" + moved.substring(time.end());
        }
        Matcher up = UPTIME.matcher(moved);
        if (up.find()) {
            moved = moved.substring(0, up.start()) + String.format(Locale.ROOT, "[%.3fs]",
                    Double.parseDouble(up.group(1)) + seconds) + moved.substring(up.end());
        }
        Matcher id = GC_ID.matcher(moved);
        if (id.find()) {
            moved = moved.substring(0, id.start()) + "GC(" + (Long.parseLong(id.group(1)) + ids) + ")"
                    + moved.substring(id.end());
        }
        return moved;
    }

    /** A JDK 8 Parallel log ({@code -XX:+PrintGCDetails -XX:+PrintGCDateStamps}) of at least {@code bytes}. */
    static long writeJdk8(Path target, long bytes) {
        long pauses = 0;
        long written = 0;
        Instant start = Instant.parse("2026-11-22T00:00:00Z");
        try (BufferedWriter out = Files.newBufferedWriter(target, StandardCharsets.ISO_8859_1)) {
            String[] header = {
                "Java HotSpot(TM) 64-Bit Server VM (25.202-b08) for linux-amd64 JRE (1.8.0_202-b08)",
                "Memory: 4k page, physical 16318784k(9384692k free), swap 0k(0k free)",
                "CommandLine flags: -XX:+PrintGCDateStamps -XX:+PrintGCDetails -XX:+PrintGCTimeStamps "
                    + "-XX:+UseParallelGC"};
            for (String line : header) {
                out.write(line);
                out.write('\n');
            }
            for (long i = 0; written < bytes; i++) {
                long uptimeMs = 400 + i * 100;
                double pause = 0.002 + (i % 97) * 0.0001;
                String stamp = STAMP.format(start.plusMillis(uptimeMs).atOffset(ZoneOffset.UTC))
                        + String.format(Locale.ROOT, ": %.3f: ", uptimeMs / 1000.0);
                String line = i % 50 == 49
                        ? stamp + String.format(Locale.ROOT, "[Full GC (Ergonomics) [PSYoungGen: 10744K->0K(76288K)] "
                                + "[ParOldGen: 150000K->50000K(175104K)] 160744K->50000K(251392K), [Metaspace: "
                                + "3456K->3456K(1056768K)], %.7f secs] [Times: user=0.05 sys=0.00, real=0.03 secs]",
                        pause * 10)
                        : stamp + String.format(Locale.ROOT, "[GC (Allocation Failure) [PSYoungGen: "
                                + "65536K->10744K(76288K)] 150000K->95000K(251392K), %.7f secs] [Times: user=0.01 "
                                + "sys=0.00, real=0.01 secs]", pause);
                out.write(line);
                out.write('\n');
                written += line.length() + 1;
                pauses++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
        return pauses;
    }
}
