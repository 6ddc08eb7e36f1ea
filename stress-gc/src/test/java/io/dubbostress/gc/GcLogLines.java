package io.dubbostress.gc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ground truth the analyser is checked against: a GC log's own pause lines, found with a regular expression and
 * nothing else. Unified logging: the {@code [gc]} summary line of each pause ("GC(12) Pause Young (Normal) (G1
 * Evacuation Pause) 24M->4M(256M) 3.456ms"). JDK 8: the lines that open a stop-the-world collection ("[GC (...",
 * "[GC pause", "[GC remark", "[GC cleanup", "[Full GC") and their last "N secs]" before "[Times: ...]".
 */
public final class GcLogLines {

    private static final Pattern UNIFIED = Pattern.compile(
            "^\\[([^\\]]+)\\]\\[[^\\]]+\\]\\[info\\]\\[gc\\s*\\] GC\\(\\d+\\) (Pause .*) (\\d+\\.\\d+)ms$");
    private static final Pattern JDK8 = Pattern.compile(
            "^(\\S+): [\\d.]+: \\[(GC \\(|GC pause|GC remark|GC cleanup|Full GC).*?([\\d.]+) secs\\](?!.*secs\\]).*$");
    private static final DateTimeFormatter UNIFIED_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    private static final DateTimeFormatter JDK8_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    /** One pause line: when (epoch ms), what, how long (ms). */
    public static final class Pause {
        public final long epochMs;
        public final String type;
        public final double ms;

        public Pause(long epochMs, String type, double ms) {
            this.epochMs = epochMs;
            this.type = type;
            this.ms = ms;
        }
    }

    private GcLogLines() {
    }

    public static List<Pause> pauses(Path log) {
        List<String> lines;
        try {
            lines = Files.readAllLines(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Pause> pauses = new ArrayList<>();
        for (String line : lines) {
            Matcher unified = UNIFIED.matcher(line);
            if (unified.matches()) {
                long epoch = OffsetDateTime.parse(unified.group(1), UNIFIED_TIME).toInstant().toEpochMilli();
                pauses.add(new Pause(epoch, unified.group(2), Double.parseDouble(unified.group(3))));
                continue;
            }
            // the pause is the last "N secs]" before the CPU times ("[Times: ... real=0.01 secs]")
            Matcher jdk8 = JDK8.matcher(line.replaceAll(" \\[Times:.*$", ""));
            if (jdk8.matches()) {
                long epoch = OffsetDateTime.parse(jdk8.group(1).replaceAll(":$", ""), JDK8_TIME).toInstant()
                        .toEpochMilli();
                pauses.add(new Pause(epoch, jdk8.group(2), Double.parseDouble(jdk8.group(3)) * 1000));
            }
        }
        return pauses;
    }
}
