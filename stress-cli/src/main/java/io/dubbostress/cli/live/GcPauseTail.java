package io.dubbostress.cli.live;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pauses of a GC log that a running JVM is writing, as they are written: each call to {@link #read()} reads the
 * whole lines added since the last one and returns the pauses among them. It reads the unified log {@code stress run}
 * asks its JVMs for ({@code -Xlog:gc*:file=...:time,uptime,level,tags}), whose pause lines end in the pause's length:
 *
 * <pre>
 * [2026-11-21T10:00:00.123+0000][1.234s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 24M-&gt;3M(256M) 2.345ms
 * </pre>
 *
 * A line cut at the end of the file waits for its line break. The report's analysis ({@code stress report}, the gc
 * package) reads every format of every JDK over the whole file; this follows one format a line at a time, so that the
 * live page costs a few lines per second, whatever the log's length. A JDK 8 log (a JVM started with another
 * {@code java}) shows no pause here.
 *
 * <pre>{@code
 * GcPauseTail tail = new GcPauseTail(Path.of("gc/provider-gc.log"));
 * for (GcPauseTail.Pause p : tail.read()) { ... p.epochMs(), p.pauseMs(), p.type() ... }   // once a second
 * }</pre>
 */
public final class GcPauseTail {

    /** One pause: when it ended (the line's time), how long, and what ("Pause Young (Normal) (G1 Evacuation Pause)"). */
    public record Pause(long epochMs, double pauseMs, String type) {
    }

    /** The time decorator first, then anything, then "GC(n) [y: ]Pause ..." and the length in ms at the end. */
    static final Pattern PAUSE = Pattern.compile("^\\[(\\d{4}-\\d\\d-\\d\\dT[^\\]]+)\\].*?GC\\(\\d+\\) (?:[yYoO]: )?"
            + "(Pause\\b.*?)(?: \\d+[KMGT]?->\\d+[KMGT]?\\(\\d+[KMGT]?\\))? (\\d+(?:[.,]\\d+)?)ms\\s*$");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ",
            Locale.ROOT);
    /** At most this much is read per call: a log written faster than this is read over several seconds. */
    private static final int MAX_READ = 4 << 20;

    private final Path file;
    private long offset;

    public GcPauseTail(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** The pauses in the whole lines written since the last call; none when the file is not there (yet). */
    public List<Pause> read() {
        List<Pause> pauses = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return pauses;
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length < offset) {
                offset = 0; // the JVM started over (a file written anew)
            }
            if (length == offset) {
                return pauses;
            }
            in.seek(offset);
            byte[] bytes = new byte[(int) Math.min(length - offset, MAX_READ)];
            in.readFully(bytes);
            int end = bytes.length;
            while (end > 0 && bytes[end - 1] != '\n') {
                end--;
            }
            offset += end;
            int from = 0;
            for (int i = 0; i < end; i++) {
                if (bytes[i] == '\n') {
                    Pause p = parse(new String(bytes, from, i - from, StandardCharsets.UTF_8));
                    if (p != null) {
                        pauses.add(p);
                    }
                    from = i + 1;
                }
            }
        } catch (IOException e) {
            // read again next time
        }
        return pauses;
    }

    /** A pause line as {@link Pause}, null for any other line. */
    static Pause parse(String line) {
        if (line.indexOf("Pause") < 0 || !line.endsWith("ms")) {
            return null;
        }
        Matcher m = PAUSE.matcher(line);
        if (!m.find()) {
            return null;
        }
        long epochMs;
        try {
            epochMs = OffsetDateTime.parse(m.group(1).replace(',', '.'), TIME).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            return null;
        }
        return new Pause(epochMs, Double.parseDouble(m.group(3).replace(',', '.')), m.group(2).trim());
    }
}
