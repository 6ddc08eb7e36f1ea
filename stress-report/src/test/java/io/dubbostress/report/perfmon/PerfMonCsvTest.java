package io.dubbostress.report.perfmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The collector's CSV read by its own reader: values below zero are readings, not malformed durations. */
class PerfMonCsvTest {

    @TempDir
    Path dir;

    @Test
    void readsNegativeAndUnavailableValuesDateStampsAndCountsWhatIsNoReading() throws Exception {
        Path csv = dir.resolve("perfmon.csv");
        Files.write(csv, ("timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
                + "failureMessage\n"
                + "1000,-2500,srv CPU,,,,,true,\n"
                + "2000,-1000,srv Memory,,,,,false,agent: no such metric\n"
                + "2024/01/31 10:00:00.250,1500,\"srv, quoted\",,,,,true,\n"
                + "3000,abc,srv CPU,,,,,true,\n"
                + "later,1,srv CPU,,,,,true,\n").getBytes(StandardCharsets.UTF_8));
        try (PerfMonCsv reader = PerfMonCsv.open(csv)) {
            assertThat(reader.next()).isTrue();
            assertThat(reader.timeStampMs()).isEqualTo(1000);
            assertThat(reader.value()).isEqualTo(-2.5);
            assertThat(reader.label()).isEqualTo("srv CPU");
            assertThat(reader.success()).isTrue();
            assertThat(reader.next()).isTrue();
            assertThat(reader.value()).isEqualTo(-1.0);
            assertThat(reader.success()).isFalse();
            assertThat(reader.errorText()).isEqualTo("agent: no such metric");
            assertThat(reader.next()).isTrue();
            assertThat(reader.timeStampMs()).isEqualTo(LocalDateTime.of(2024, 1, 31, 10, 0, 0, 250_000_000)
                    .atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
            assertThat(reader.label()).isEqualTo("srv, quoted");
            assertThat(reader.value()).isEqualTo(1.5);
            assertThat(reader.next()).isFalse();
            assertThat(reader.malformedRows()).isEqualTo(2);
            assertThat(reader.malformedExamples()).containsExactly(
                    "data row 4: elapsed 'abc' is not a number (the value x 1000)",
                    "data row 5: timeStamp 'later' is not a timestamp (epoch milliseconds, or a date as"
                            + " yyyy/MM/dd HH:mm:ss.SSS, yyyy-MM-dd HH:mm:ss.SSS, yyyy/MM/dd HH:mm:ss,"
                            + " yyyy-MM-dd HH:mm:ss, yyyy-MM-dd'T'HH:mm:ss.SSS)");
        }
    }

    @Test
    void whatTheWriterWritesTheReaderReadsBack() throws Exception {
        Path csv = dir.resolve("perfmon-generators.csv");
        try (PerfMonCsv.Writer writer = PerfMonCsv.create(csv)) {
            writer.write(1_000, "10.0.0.7 CPU combined", 37.25);
            writer.write(2_000, "odd, \"host\" Memory usedperc", -1);
        }
        assertThat(Files.readAllLines(csv).get(1)).isEqualTo("1000,37250,10.0.0.7 CPU combined,,,,,true,,0,0,0,0,0,0,0");
        try (PerfMonCsv reader = PerfMonCsv.open(csv)) {
            assertThat(reader.next()).isTrue();
            assertThat(reader.label()).isEqualTo("10.0.0.7 CPU combined");
            assertThat(reader.value()).isEqualTo(37.25);
            assertThat(reader.next()).isTrue();
            assertThat(reader.timeStampMs()).isEqualTo(2_000);
            assertThat(reader.label()).isEqualTo("odd, \"host\" Memory usedperc");
            assertThat(reader.value()).isEqualTo(-1.0);
            assertThat(reader.next()).isFalse();
            assertThat(reader.malformedRows()).isZero();
        }
    }
}
