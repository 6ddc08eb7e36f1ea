package io.dubbostress.report.perfmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario's PerfMon CSV against its window: complete, a gap (the agent died: the collector writes nothing), error
 * rows (the agent unreachable when the test started). */
class PerfMonCoverageTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";
    private static final long START = 1_795_300_000_000L;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    @TempDir
    Path dir;

    private Path csv(long fromMs, long toMs, boolean success, String message) throws Exception {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (long t = fromMs; t <= toMs; t += 1000) {
            for (String label : new String[] {"127.0.0.1 CPU combined", "127.0.0.1 Memory usedperc"}) {
                text.append(t).append(',').append(success ? 12500 : -1000).append(',').append(label).append(",,")
                        .append(message).append(",,,").append(success).append(",,0,0,0,0,,0,0,0\n");
            }
        }
        Path file = dir.resolve("perfmon-" + fromMs + "-" + success + ".csv");
        Files.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
        return file;
    }

    @Test
    void readingsEverySecondCoverTheScenario() throws Exception {
        Path file = csv(START + 1000, START + 29_000, true, "");
        assertThat(PerfMonCoverage.of(file).problem(START, START + 30_000)).isNull();
    }

    @Test
    void readingsThatStopEarlyAreAGapWithItsTimes() throws Exception {
        Path file = csv(START + 1000, START + 9000, true, "");
        assertThat(PerfMonCoverage.of(file).problem(START, START + 30_000)).isEqualTo("server metrics are partial:"
                + " no PerfMon reading after " + CLOCK.format(Instant.ofEpochMilli(START + 9000)) + ", the last 21 s of"
                + " the scenario (the agent stopped answering)");
        // a few seconds short of the end is the collector stopping with the test, not a gap
        assertThat(PerfMonCoverage.of(csv(START + 1000, START + 25_000, true, "")).problem(START, START + 30_000))
                .isNull();
    }

    @Test
    void aHoleInTheMiddleIsTheLongestStretchWithoutReadings() throws Exception {
        Path before = csv(START + 1000, START + 8000, true, "");
        Path after = csv(START + 20_000, START + 29_000, true, "");
        Path both = dir.resolve("both.csv");
        Files.write(both, (Files.readString(before) + Files.readString(after).substring(HEADER.length() + 1))
                .getBytes(StandardCharsets.UTF_8));
        assertThat(PerfMonCoverage.of(both).problem(START, START + 30_000)).isEqualTo("server metrics are partial:"
                + " no PerfMon reading from " + CLOCK.format(Instant.ofEpochMilli(START + 8000)) + " to "
                + CLOCK.format(Instant.ofEpochMilli(START + 20_000)) + " (12 s; the agent did not answer)");
    }

    @Test
    void aLateFirstReadingIsSaidOnlyBeyondTheStartsGrace() throws Exception {
        // JMeter and the collector starting on a busy machine: seconds before the first reading are normal
        assertThat(PerfMonCoverage.of(csv(START + 6000, START + 59_000, true, "")).problem(START, START + 60_000))
                .isNull();
        assertThat(PerfMonCoverage.of(csv(START + 25_000, START + 59_000, true, "")).problem(START, START + 60_000))
                .isEqualTo("server metrics are partial: the first PerfMon reading came 25 s after the scenario's"
                        + " start, at " + CLOCK.format(Instant.ofEpochMilli(START + 25_000)));
    }

    @Test
    void anAgentUnreachableFromTheStartGivesErrorRowsOnly() throws Exception {
        Path file = csv(START + 1000, START + 29_000, false, "java.net.ConnectException: Connection refused");
        assertThat(PerfMonCoverage.of(file).problem(START, START + 30_000)).isEqualTo("no server metrics: every"
                + " reading failed (58 error rows: java.net.ConnectException: Connection refused)");
    }

    @Test
    void noFileAtAll() throws Exception {
        assertThat(PerfMonCoverage.of(dir.resolve("none.csv")).problem(START, START + 30_000))
                .isEqualTo("no server metrics: the PerfMon collector wrote no file");
    }
}
