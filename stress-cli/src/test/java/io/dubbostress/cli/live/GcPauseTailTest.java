package io.dubbostress.cli.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.gc.RealGcLog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GC pauses the live page shows, from a log a real JVM wrote (G1, the decorators stress run asks for), handed to
 * the tail in pieces that cut lines as a JVM writing it would: every pause once, none invented, against the test's own
 * count of the log's pause lines.
 */
class GcPauseTailTest {

    /** The test's own rule: a unified-logging line stating a pause ends in its length in ms. */
    private static final Pattern PAUSE_LINE = Pattern.compile("GC\\(\\d+\\) (?:[yYoO]: )?Pause .*\\d ?ms\\s*$");

    @TempDir
    Path dir;

    @Test
    void readsEveryPauseOfARealLogOnceAsTheLogGrows() throws Exception {
        Path log = RealGcLog.write(dir.resolve("real"), "provider-gc.log", "-XX:+UseG1GC", 3_000, 60, 24);
        byte[] bytes = Files.readAllBytes(log);
        List<String> lines = Files.readAllLines(log);
        List<Double> expected = new ArrayList<>();
        for (String line : lines) {
            if (PAUSE_LINE.matcher(line).find()) {
                String ms = line.substring(line.lastIndexOf(' ') + 1, line.length() - 2);
                expected.add(Double.parseDouble(ms));
            }
        }
        assertThat(expected).as("pause lines in the real log").hasSizeGreaterThan(3);

        Path growing = dir.resolve("gc/provider-gc.log");
        Files.createDirectories(growing.getParent());
        GcPauseTail tail = new GcPauseTail(growing);
        assertThat(tail.read()).as("no file yet").isEmpty();
        List<GcPauseTail.Pause> pauses = new ArrayList<>();
        for (int from = 0; from < bytes.length; from += 997) { // pieces that cut lines anywhere
            int to = Math.min(bytes.length, from + 997);
            Files.write(growing, java.util.Arrays.copyOfRange(bytes, from, to), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            pauses.addAll(tail.read());
        }
        assertThat(pauses).extracting(GcPauseTail.Pause::pauseMs).containsExactlyElementsOf(expected);
        long fileStart = Files.getLastModifiedTime(log).toMillis() - 300_000;
        assertThat(pauses).allSatisfy(p -> {
            assertThat(p.type()).startsWith("Pause ");
            assertThat(p.epochMs()).isBetween(fileStart, System.currentTimeMillis());
        });
    }

    @Test
    void readsAPauseLineAndNothingElse() {
        GcPauseTail.Pause p = GcPauseTail.parse("[2026-11-28T10:00:00.123+0000][1.234s][info][gc] GC(3) Pause Young "
                + "(Normal) (G1 Evacuation Pause) 24M->3M(256M) 2.345ms");
        assertThat(p).isEqualTo(new GcPauseTail.Pause(1_795_860_000_123L, 2.345,
                "Pause Young (Normal) (G1 Evacuation Pause)"));
        assertThat(GcPauseTail.parse("[2026-11-28T10:00:00.123+0000][1.234s][info][gc,phases] GC(3)   Other: 0.1ms"))
                .isNull();
        assertThat(GcPauseTail.parse("[2026-11-28T10:00:00.123+0000][1.234s][info][gc] GC(4) Concurrent Mark Cycle "
                + "12.5ms")).isNull();
        assertThat(GcPauseTail.parse("[1.234s][info][gc] GC(3) Pause Young (Normal) 24M->3M(256M) 2.345ms"))
                .as("no time decorator: no time to place it").isNull();
        assertThat(GcPauseTail.parse("[2026-11-28T10:00:00.123+0000][info][gc] GC(7) Pause Mark Start 0.012ms"))
                .isEqualTo(new GcPauseTail.Pause(1_795_860_000_123L, 0.012, "Pause Mark Start"));
    }

    @Test
    void startsOverWhenTheFileIsWrittenAnew() throws Exception {
        Path file = dir.resolve("consumer-gc.log");
        String line = "[2026-11-28T10:00:00.123+0000][1.234s][info][gc] GC(1) Pause Young (Normal) 4M->1M(64M) 1.5ms\n";
        Files.writeString(file, line + line, StandardCharsets.UTF_8);
        GcPauseTail tail = new GcPauseTail(file);
        assertThat(tail.read()).hasSize(2);
        Files.writeString(file, line, StandardCharsets.UTF_8);
        assertThat(tail.read()).as("a shorter file: the JVM started over").hasSize(1);
    }
}
