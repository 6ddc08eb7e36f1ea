package io.dubbostress.report.model;

import io.dubbostress.gc.GcAnalysis;
import io.dubbostress.gc.GcEvent;
import io.dubbostress.gc.GcLogAnalyzer;
import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The soak verdict on GC logs whose truth is known: real JVMs that keep 256 KiB more at each of their full collections
 * (a leak) or keep nothing, logged by the JDK and read by our parser; and this project's own 45-minute soak
 * (docs/soak-2026-11-22), whose live set stayed flat (docs/RELIABILITY.md) while the heap after young collections
 * crept up.
 */
class HeapTrendTest {

    @TempDir
    Path dir;

    /** The report's rule over a tenth of a second instead of five minutes: these JVMs collect 30 times in one. */
    static final HeapTrend.Rule SECONDS = new HeapTrend.Rule(4, 100);

    static GcAnalysis leak;

    @Test
    void aJvmThatKeepsMoreAtEachFullCollectionIsRising() {
        leak = leak == null ? gcLogOf(256, 30, "leak") : leak;
        HeapTrend trend = HeapTrend.of(leak.events(), SECONDS);
        assertThat(trend.verdict()).as(trend.sentence()).isEqualTo(HeapTrend.Verdict.RISING);
        assertThat(trend.floors()).isGreaterThanOrEqualTo(30);
        // G1 counts whole regions (1 MiB at this heap): 29 x 256 KiB = 7.25 MiB shows as 7 or 8 MiB
        assertThat(trend.lastFloorBytes() - trend.firstFloorBytes()).as("about 29 x 256 KiB kept")
                .isBetween(6L * 1024 * 1024, 9L * 1024 * 1024);
        assertThat(trend.sentence()).contains("the classic leak signal");
    }

    @Test
    void secondsOfDataGiveNoVerdictByTheReportsRule() {
        // the same leaking JVM, a few seconds of it: four floors or thirty, that is no soak
        leak = leak == null ? gcLogOf(256, 30, "leak") : leak;
        HeapTrend trend = HeapTrend.of(leak.events());
        assertThat(trend.verdict()).as(trend.sentence()).isEqualTo(HeapTrend.Verdict.NO_VERDICT);
        assertThat(trend.sentence()).startsWith("no verdict: " + trend.floors() + " collection(s) of the whole heap "
                + "over ").contains(", a verdict needs 5.0 min or more");
        assertThat(trend.floors()).isGreaterThanOrEqualTo(30);
    }

    @Test
    void aJvmThatKeepsNothingIsFlat() {
        HeapTrend trend = HeapTrend.of(gcLogOf(0, 30, "flat").events(), SECONDS);
        assertThat(trend.verdict()).as(trend.sentence()).isEqualTo(HeapTrend.Verdict.FLAT);
        assertThat(trend.floors()).isGreaterThanOrEqualTo(30);
    }

    @Test
    void theSoaksServicesAreFlatThoughTheirHeapAfterYoungCollectionsCreptUp() throws IOException {
        Path csv = Paths.get(System.getProperty("user.dir")).resolve("../docs/soak-2026-11-22/heap-after-gc.csv");
        for (String service : new String[] {"provider", "consumer"}) {
            List<GcEvent> events = new ArrayList<>();
            List<GcEvent> young = new ArrayList<>();
            for (String line : Files.readAllLines(csv).subList(1, Files.readAllLines(csv).size())) {
                String[] f = line.split(",");
                if (!f[0].equals(service)) {
                    continue;
                }
                GcEvent e = new GcEvent(Long.parseLong(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3]), f[4],
                        f[4].startsWith("Pause Full"), -1, Long.parseLong(f[5]) * 1024, Long.parseLong(f[6]) * 1024);
                events.add(e);
                if (!e.full()) {
                    young.add(e);
                }
            }
            HeapTrend trend = HeapTrend.of(events);
            assertThat(trend.verdict()).as(service + ": " + trend.sentence()).isEqualTo(HeapTrend.Verdict.FLAT);
            assertThat(trend.floors()).as(service + ": jcmd GC.run every 150 s").isEqualTo(15);
            assertThat(HeapTrend.of(young).verdict()).as("young collections alone give no verdict")
                    .isEqualTo(HeapTrend.Verdict.NO_VERDICT);
            assertThat(HeapTrend.of(young).sentence()).contains("no verdict: 0 collection(s) of the whole heap");
        }
    }

    private GcAnalysis gcLogOf(int keptKib, int steps, String name) {
        Path log = dir.resolve(name + "-gc.log");
        try (ChildJvm jvm = ChildJvm.mainClass(HeapGrower.class.getName(), System.getProperty("java.class.path"))
                .jvmArgs("-Xmx256m", "-XX:+UseG1GC",
                        "-Xlog:gc*:file=" + log.toAbsolutePath() + ":time,uptime,level,tags:filecount=0")
                .args(String.valueOf(keptKib), String.valueOf(steps)).log(dir.resolve(name + ".out")).start()) {
            assertThat(jvm.waitFor(Duration.ofSeconds(60))).as("the JVM ends by itself").isTrue();
        }
        return new GcLogAnalyzer().analyze(log);
    }
}
