package io.dubbostress.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The heap a load generator kept after its collections in a window of wall-clock time, from its unified GC log
 * ({@code -Xlog:gc*} with the {@code time} decorator, as {@code JavaRuntime.gcLogging} writes it):
 *
 * <pre>{@code
 * [2026-11-23T20:41:22.644+0000][25.121s][info][gc] GC(15) Pause Young (Normal) (G1 Evacuation Pause) 635M->25M(1024M) 9.137ms
 * long kb = GcLogWindow.maxHeapAfterGcKb(log, windowStartEpochMs, windowEndEpochMs);   // 25600, or -1: no pause
 * }</pre>
 */
final class GcLogWindow {

    private static final Pattern PAUSE = Pattern.compile(
            "^\\[([0-9T:.+\\-]+)\\].*\\bPause\\b.*?(\\d+)([KMG])->(\\d+)([KMG])\\((\\d+)([KMG])\\)");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    private GcLogWindow() {
    }

    /** The largest heap after a pause that ended in [from, to) (KiB), or -1 when none did (or there is no log). */
    static long maxHeapAfterGcKb(Path log, long fromEpochMs, long toEpochMs) {
        if (!Files.exists(log)) {
            return -1;
        }
        long max = -1;
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            for (String line : (Iterable<String>) lines::iterator) {
                Matcher m = PAUSE.matcher(line);
                if (!m.find()) {
                    continue;
                }
                long t;
                try {
                    t = OffsetDateTime.parse(m.group(1), TIME).toInstant().toEpochMilli();
                } catch (DateTimeParseException e) {
                    continue; // not the time decorator
                }
                if (t >= fromEpochMs && t < toEpochMs) {
                    max = Math.max(max, kb(Long.parseLong(m.group(4)), m.group(5)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        }
        return max;
    }

    /** A heap size of a unified GC log line ({@code 123M}) in KiB. */
    static long kb(long value, String unit) {
        switch (unit) {
            case "G":
                return value * 1024 * 1024;
            case "M":
                return value * 1024;
            default:
                return value;
        }
    }
}
