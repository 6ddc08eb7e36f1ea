package io.dubbostress.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The heap after the collections of a window, read from a unified GC log with the time decorator. */
class GcLogWindowTest {

    @TempDir
    Path dir;

    private static long ms(String time) {
        return OffsetDateTime.parse(time).toInstant().toEpochMilli();
    }

    @Test
    void takesTheLargestHeapAfterThePausesThatEndedInTheWindow() throws IOException {
        Path log = Files.writeString(dir.resolve("gc.log"), String.join("\n",
                "[2026-11-23T20:40:57.541+0000][0.018s][info][gc] Using G1",
                "[2026-11-23T20:41:00.000+0000][2.5s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "600M->90M(1024M) 9.1ms",
                "[2026-11-23T20:41:10.000+0000][12.5s][info][gc] GC(2) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "635M->25M(1024M) 9.137ms",
                "[2026-11-23T20:41:12.000+0000][14.5s][info][gc,start] GC(3) Pause Young (Normal) (G1 Evacuation Pause)",
                "[2026-11-23T20:41:12.010+0000][14.5s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "635M->31M(1024M) 10.7ms",
                "[2026-11-23T20:41:13.000+0000][15.5s][info][gc] GC(4) Pause Remark 40M->512K(1024M) 1.0ms",
                "[2026-11-23T20:41:30.000+0000][32.5s][info][gc] GC(5) Pause Full (System.gc()) 1G->200M(1G) 50ms",
                ""));
        long from = ms("2026-11-23T20:41:05Z");
        long to = ms("2026-11-23T20:41:20Z");
        assertThat(GcLogWindow.maxHeapAfterGcKb(log, from, to)).isEqualTo(31 * 1024);
        assertThat(GcLogWindow.maxHeapAfterGcKb(log, ms("2026-11-23T20:41:12.500Z"), to)).isEqualTo(512);
        assertThat(GcLogWindow.maxHeapAfterGcKb(log, ms("2026-11-23T20:41:20Z"), ms("2026-11-23T20:41:40Z")))
                .isEqualTo(200 * 1024);
        assertThat(GcLogWindow.maxHeapAfterGcKb(log, ms("2026-11-23T20:41:14Z"), ms("2026-11-23T20:41:29Z")))
                .as("no pause in the window").isEqualTo(-1);
        assertThat(GcLogWindow.maxHeapAfterGcKb(dir.resolve("none.log"), from, to)).isEqualTo(-1);
    }
}
