package io.dubbostress.gc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Which family a GC log belongs to, from its first lines: JDK 9+ unified logging (decorated lines, or undecorated
 * "GC(12) ..." ones), JDK 8 and older ({@code -XX:+PrintGCDetails}: time-stamped "[GC ..." lines or the
 * "CommandLine flags:" header), or neither.
 *
 * <pre>{@code
 * if (GcLogFormat.of(set) == GcLogFormat.UNIFIED) { ... }
 * }</pre>
 */
enum GcLogFormat {
    UNIFIED("JDK 9+ unified logging"),
    JDK8("JDK 8 -XX:+PrintGCDetails"),
    NONE("not a GC log");

    private static final int PROBE_LINES = 2_000;
    private static final Pattern UNDECORATED_UNIFIED = Pattern.compile("^(?:GC\\(\\d+\\) |Using [A-Z])");
    private static final Pattern JDK8_LINE = Pattern.compile(
            "^CommandLine flags: |\\d: (?:#\\d+: )?\\[(?:GC|Full GC|Pause |Concurrent |CMS)");

    private final String description;

    GcLogFormat(String description) {
        this.description = description;
    }

    String description() {
        return description;
    }

    static GcLogFormat of(GcLogSet set) {
        boolean jdk8 = false;
        for (Path file : set.files()) {
            try (BufferedReader reader = set.open(file)) {
                String line;
                int n = 0;
                while ((line = reader.readLine()) != null && n++ < PROBE_LINES) {
                    if (line.startsWith("[") && GcLogLine.parse(line).decorated()
                            || UNDECORATED_UNIFIED.matcher(line).find()) {
                        return UNIFIED;
                    }
                    if (JDK8_LINE.matcher(line).find()) {
                        jdk8 = true;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(file.toString(), e); // the message is the file: callers name it
            }
        }
        return jdk8 ? JDK8 : NONE;
    }
}
