package io.dubbostress.gc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every analysis checks itself against the independent count of the log's pause lines: a disagreement, an unknown
 * collector, or collections with no pause the analysis knows become warnings; a log with only the JVM's header gets a
 * note that says so; a file that is no GC log at all is a one-line error.
 */
class GcSelfCheckTest {

    @TempDir
    Path dir;

    @Test
    void aPauseLineTheParserCannotReadIsADisagreementNotASilentlySmallerTotal() throws Exception {
        Path log = write("odd-gc.log",
                "[0.010s][info][gc] Using G1",
                "[1.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 9M->1M(32M) 1.000ms",
                // a pause line in a shape the parser does not know (a space before the unit)
                "[2.000s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 9M->1M(32M) 2.000 ms");
        GcAnalysis analysis = new GcLogAnalyzer().analyze(log);
        assertThat(analysis.pauses().count()).isEqualTo(1);
        assertThat(analysis.pauseLinesCounted()).isEqualTo(2);
        assertThat(analysis.warnings()).containsExactly(
                "the parser read 1 pauses, the log's lines state 2: the figures are not sure");
    }

    @Test
    void collectionsWithoutAnyPauseAreAWarningNotAZero() throws Exception {
        if (!GcCorpus.outsidePresent()) {
            System.out.println(GcCorpus.outsideAbsent());
        }
        assumeTrue(GcCorpus.outsidePresent(), GcCorpus::outsideAbsent);
        Path zgc = GcCorpus.outsideLog("unified-jvm-logging/sample-ujl-zgc-gc-default.txt");
        GcAnalysis analysis = new GcLogAnalyzer().analyze(zgc);
        assertThat(analysis.collector()).isEqualTo("ZGC");
        assertThat(analysis.pauses().count()).isZero();
        assertThat(analysis.warnings()).singleElement().asString()
                .contains("lines speak of collections but none states a pause");
        // JDK 8 Shenandoah's statistics table alone: µs figures, no pause line
        GcAnalysis table = new GcLogAnalyzer().analyze(
                GcCorpus.outsideLog("openjdk/SampleOpenJdk1_8_0ShenandoahDetailsShutdown.txt"));
        assertThat(table.pauses().totalMs()).isZero();
        assertThat(table.warnings()).isNotEmpty();
    }

    @Test
    void anUnknownCollectorIsAWarning() throws Exception {
        // -Xlog:gc alone, a piece without its header: Serial and Parallel write the same line
        Path log = write("piece-gc.log",
                "[5.000s][info][gc] GC(40) Pause Young (Allocation Failure) 9M->1M(32M) 1.000ms",
                "[6.000s][info][gc] GC(41) Pause Young (Allocation Failure) 9M->1M(32M) 1.500ms");
        GcAnalysis analysis = new GcLogAnalyzer().analyze(log);
        assertThat(analysis.pauses().count()).isEqualTo(2);
        assertThat(analysis.collector()).isEqualTo("unknown");
        assertThat(analysis.warnings()).singleElement().asString().startsWith("the collector is unknown");
    }

    @Test
    void aLogWithOnlyItsHeaderSaysSoAndIsNoError() throws Exception {
        Path unified = write("fresh-gc.log",
                "[2026-11-21T10:00:00.010+0000][0.010s][info][gc] Using G1",
                "[2026-11-21T10:00:00.011+0000][0.011s][info][gc,init] Version: 17.0.15+6-Debian-1deb12u1 (release)",
                "[2026-11-21T10:00:00.011+0000][0.011s][info][gc,init] Heap Region Size: 1M");
        GcAnalysis analysis = new GcLogAnalyzer().analyze(unified);
        assertThat(analysis.pauses().count()).isZero();
        assertThat(analysis.collector()).isEqualTo("G1");
        assertThat(analysis.warnings()).isEmpty();
        assertThat(analysis.notes()).containsExactly("no collection in the log yet (only the JVM's header)");
        Path jdk8 = write("fresh8-gc.log",
                "Java HotSpot(TM) 64-Bit Server VM (25.202-b08) for linux-amd64 JRE (1.8.0_202-b08)",
                "Memory: 4k page, physical 16318784k(9384692k free), swap 0k(0k free)",
                "CommandLine flags: -XX:+PrintGCDetails -XX:+UseParallelGC");
        GcAnalysis eight = new GcLogAnalyzer().analyze(jdk8);
        assertThat(eight.collector()).isEqualTo("Parallel");
        assertThat(eight.warnings()).isEmpty();
        assertThat(eight.notes()).containsExactly("no collection in the log yet (only the JVM's header)");
    }

    @Test
    void aFileThatIsNoGcLogIsOneLineNamingIt() throws Exception {
        Path app = write("app.log", "[0.001s] something else entirely", "2026-11-22 10:00:00 INFO started");
        assertThatThrownBy(() -> new GcLogAnalyzer().analyze(app)).isInstanceOf(GcException.class)
                .hasMessage("GC log " + app + " is not a GC log: no JDK 8 -XX:+PrintGCDetails or JDK 9+ -Xlog:gc line "
                        + "in it");
    }

    private Path write(String name, String... lines) throws Exception {
        return Files.write(dir.resolve(name), Arrays.asList(lines), StandardCharsets.ISO_8859_1);
    }
}
