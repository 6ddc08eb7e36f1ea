package io.dubbostress.gc;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** What the JDK 8 filter takes out of a line before GCViewer reads it, and what it leaves alone. */
class Jdk8LogFilterTest {

    @Test
    void gcIdsConcurrentRecordsAndShenandoahStatisticsGoEverythingElseStays() throws Exception {
        assertThat(Jdk8LogFilter.filter("2022-08-01T17:17:33.375+0000: 0.163: #0: [GC pause (G1 Evacuation Pause) "
                + "(young), 0.0087570 secs]"))
                .isEqualTo("2022-08-01T17:17:33.375+0000: 0.163: [GC pause (G1 Evacuation Pause) (young), 0.0087570 secs]");
        assertThat(Jdk8LogFilter.filter("2022-08-01T17:17:33.375+0000: #0: [GC (Allocation Failure) ...]"))
                .isEqualTo("2022-08-01T17:17:33.375+0000: [GC (Allocation Failure) ...]");
        assertThat(Jdk8LogFilter.filter("2015-05-01T11:26:29.687+0200: 160770.873: [GC pause (G1 Humongous Allocation) "
                + "(young)2015-05-01T11:26:29.701+0200: 160770.887: [GC concurrent-root-region-scan-end, 0.0157002 secs]"))
                .isEqualTo("2015-05-01T11:26:29.687+0200: 160770.873: [GC pause (G1 Humongous Allocation) (young)");
        assertThat(Jdk8LogFilter.filter("2015-05-01T11:26:29.701+0200: 160770.887: [GC concurrent-mark-start]")).isNull();
        assertThat(Jdk8LogFilter.filter("Pause Init Mark (G)                8027 us")).isNull();
        assertThat(Jdk8LogFilter.filter("    S: Thread Roots                3626 us, workers (us): 1682, 1944, ")).isNull();
        assertThat(Jdk8LogFilter.filter("Pause Init Mark (G)         =    14.90 s (a =     7662 us) (n =  1945) (lvls, "
                + "us =     3691,     6641,     7109,     7812,    37445)")).isNull();
        String ordinary = "2.000: [Full GC (Ergonomics) [PSYoungGen: 1K->0K(2K)] 3K->1K(9K), 0.0100000 secs] "
                + "[Times: user=0.01 sys=0.00, real=0.01 secs]";
        assertThat(Jdk8LogFilter.filter(ordinary)).isSameAs(ordinary);
        assertThat(Jdk8LogFilter.filter("   [Parallel Time: 5.2 ms, GC Workers: 2]")).isEqualTo(
                "   [Parallel Time: 5.2 ms, GC Workers: 2]");
        // as a stream: the kept lines, each ending with a newline
        try (InputStream in = new Jdk8LogFilter(new BufferedReader(new StringReader(
                "a\n2015-05-01T11:26:29.701+0200: 160770.887: [GC concurrent-mark-start]\nb")))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1)).isEqualTo("a\nb\n");
        }
    }
}
