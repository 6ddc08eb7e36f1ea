package io.dubbostress.report.model;

import io.dubbostress.report.SyntheticJtl;
import io.dubbostress.report.SyntheticPerfMon;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.MarkdownReport;
import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.jtl.JtlColumn;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a reader needs to believe the report (issue 15 item 6): said where the figures could mislead. */
class ReaderNotesTest {

    private static final long T0 = 1_795_306_185_000L;

    @TempDir
    Path dir;

    @Test
    void aSaturatedServerIsSaidForTheScenarioItHappenedIn() {
        Path run = dir.resolve("run");
        SyntheticJtl.write(run.resolve("scenarios/direct-1k/results.jtl"), "direct-1k", true, T0, 20_000, 4000, 500,
                0, 1);
        SyntheticPerfMon.write(run.resolve("scenarios/direct-1k/perfmon.csv"), T0, T0 + 20_000, 1000, 92);
        SyntheticJtl.write(run.resolve("scenarios/hop-1k/results.jtl"), "hop-1k", true, T0 + 30_000, 20_000, 4000,
                900, 0, 2);
        SyntheticPerfMon.write(run.resolve("scenarios/hop-1k/perfmon.csv"), T0 + 30_000, T0 + 50_000, 1000, 40);
        Report report = new ReportBuilder().build(List.of(run));
        assertThat(report.warnings()).anySatisfy(w -> assertThat(w).startsWith("direct-1k: 127.0.0.1's CPU averaged")
                .contains("the machine was saturated"));
        assertThat(report.warnings()).noneMatch(w -> w.startsWith("hop-1k") && w.contains("CPU averaged"));
    }

    @Test
    void aHopTableWhereOnlyTheDirectSideCarriesThePayloadSaysSo() throws IOException {
        Path direct = jtl("direct-100k", 102_400, 102_600, 9000);
        Path hop = jtl("hop-100k", 60, 130, 8000); // the hop is "faster": the payload never crossed JMeter
        String markdown = MarkdownReport.render(new ReportBuilder().warmupMs(0L).build(List.of(direct, hop)));
        assertThat(markdown).contains("hop-100k vs direct-100k: the direct side carries the payload through JMeter"
                + " (205,000 bytes sent and received per call), the hop side only a small request (190 bytes)");
        // at 1 KiB both sides carry about the same: no such note
        String small = MarkdownReport.render(new ReportBuilder().warmupMs(0L).build(List.of(
                jtl("direct-1k", 1024, 1100, 500), jtl("hop-1k", 1024, 300, 900))));
        assertThat(small).doesNotContain("carries the payload through JMeter");
    }

    @Test
    void dubbosBoilerplateNoLongerHidesTheCause() {
        String dubbo = "NETWORK: Failed to invoke the method echo in the service io.dubbostress.api.StressTestService."
                + " Tried 1 times of the providers [127.0.0.1:20880] (1/1) from the registry 127.0.0.1:20880 on the"
                + " consumer 10.0.0.5 using the dubbo version 2.7.23. Last error is: message can not send, because"
                + " channel is closed";
        String key = ErrorMessages.key("NETWORK", dubbo);
        assertThat(key).hasSizeLessThanOrEqualTo(ErrorMessages.MAX_LENGTH)
                .startsWith("NETWORK NETWORK: message can not send, because channel is closed [Failed to invoke the"
                        + " method echo in the service io.dubbostress.api.StressTestService.]");
        assertThat(ErrorMessages.key("TIMEOUT", "TIMEOUT: waited 5000 ms")).isEqualTo("TIMEOUT TIMEOUT: waited 5000 ms");
    }

    /**
     * Issue 41: a dead provider's message as the Dubbo Sampler records it (a stress run against a port where nothing
     * listened): its cause, beyond 200 characters, was cut off in the errors table and the failed scenario's line.
     */
    @Test
    void aLongMessageKeepsItsCauseAtTheEnd() {
        String refused = "Failed to invoke remote method: $invoke, provider: dubbo://127.0.0.1:20997/io.dubbostress.api."
                + "StressTestService, cause: client(url: dubbo://127.0.0.1:20997/io.dubbostress.api.StressTestService"
                + " failed to connect to server /127.0.0.1:20997, error message is:Connection refused: /127.0.0.1:20997";
        String key = ErrorMessages.key("NETWORK", refused);
        assertThat(key).hasSizeLessThanOrEqualTo(ErrorMessages.MAX_LENGTH)
                .startsWith("NETWORK Failed to invoke remote method: $invoke, provider: dubbo://127.0.0.1:20997")
                .contains(" ... ").endsWith("error message is:Connection refused: /127.0.0.1:20997");
        assertThat(ErrorMessages.shorten(key, 120)).hasSize(120).endsWith("Connection refused: /127.0.0.1:20997");
    }

    /** Issue 15 item 7: a header-less JTL's extra columns are said to be unused; bad timestamps list what is read. */
    @Test
    void aHeaderlessJtlSaysItsElapsedUsIsNotUsedAndBadTimestampsSayWhatIsRead() throws IOException {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            rows.add(String.format(Locale.ROOT, "%d,1,direct-1k,200,OK,t 1-1,text,true,,1024,300,1,1,null,1,0,0,%d",
                    T0 + i * 10L, 1234 + i));
        }
        rows.add("yesterday,1,direct-1k,200,OK,t 1-1,text,true,,1024,300,1,1,null,1,0,0,1500");
        Path file = dir.resolve("direct-1k.jtl");
        Files.write(file, rows, StandardCharsets.UTF_8);
        Report report = new ReportBuilder().warmupMs(0L).build(List.of(file));
        assertThat(report.warnings()).anySatisfy(w -> assertThat(w).contains("has no header row: its 1 column(s)"
                + " after JMeter's default ones are not named, so elapsed_us (if one of them) is not used"));
        assertThat(report.scenarios().get(0).stats().unit()).isEqualTo(LatencyUnit.MILLISECONDS);
        assertThat(report.scenarios().get(0).malformedExamples()).anySatisfy(e -> assertThat(e).contains(
                "timeStamp 'yesterday' is not a timestamp (epoch milliseconds, or a date as yyyy/MM/dd HH:mm:ss.SSS,"));
    }

    /** 200 samples a second for 10 s, each {@code received}/{@code sent} bytes, about {@code us} µs. */
    private Path jtl(String label, int received, int sent, long us) throws IOException {
        List<String> rows = new ArrayList<>();
        rows.add(String.join(",", JtlColumn.JMETER_DEFAULT_HEADER) + ",elapsed_us");
        for (int i = 0; i < 2000; i++) {
            rows.add(String.format(Locale.ROOT, "%d,%d,%s,200,OK,t 1-%d,text,true,,%d,%d,4,4,null,0,0,0,%d",
                    T0 + i * 5L, us / 1000, label, i % 4 + 1, received, sent, us + i % 7));
        }
        Path file = dir.resolve(label + ".jtl");
        Files.write(file, rows, StandardCharsets.UTF_8);
        return file;
    }
}
