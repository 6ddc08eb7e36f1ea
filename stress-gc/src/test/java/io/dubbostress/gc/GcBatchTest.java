package io.dubbostress.gc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** GCeasy per scenario: each log once per scenario window, with the documented time filters, one file per answer. */
class GcBatchTest {

    private static final String KEY = "5c1d9e7a-2b4f-4e8a-b3c6-d90f1a2e7b54";

    @TempDir
    Path dir;

    @Test
    void eachLogIsAskedAboutEachScenarioWindowAndEachAnswerIsSaved() throws Exception {
        Path provider = Files.write(dir.resolve("provider-gc.log"), Arrays.asList(
                "[2026-11-21T10:00:00.010+0000][0.010s][info][gc] Using G1",
                "[2026-11-21T10:00:20.000+0000][20.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) "
                        + "9M->1M(32M) 1.000ms"), StandardCharsets.ISO_8859_1);
        Map<String, TimeWindow> windows = new LinkedHashMap<>();
        windows.put("direct-1k", new TimeWindow(1795255210000L, 1795255260000L));
        windows.put("hop-1k", new TimeWindow(1795255270000L, 1795255330000L));
        StringWriter err = new StringWriter();
        try (FakeGcEasy gcEasy = new FakeGcEasy(KEY)) {
            GcEasyClient client = new GcEasyClient(gcEasy.endpoint(), ApiKey.of(KEY), Duration.ofSeconds(30),
                    GcEasyClient.DEFAULT_COMPRESS_ABOVE_BYTES);
            int saved = new GcBatch(new GcAnalysisStore(new GcLogAnalyzer()), client)
                    .uploadPerScenario(List.of(provider), windows, new PrintWriter(err));
            assertThat(saved).isEqualTo(2);
            assertThat(gcEasy.received()).extracting(r -> r.startTime + " " + r.endTime).containsExactly(
                    "2026-11-21T10:00:10.000+0000 2026-11-21T10:01:00.000+0000",
                    "2026-11-21T10:01:10.000+0000 2026-11-21T10:02:10.000+0000");
        }
        assertThat(err.toString()).isEmpty();
        assertThat(dir.resolve("provider-gc.direct-1k.gceasy.json")).isNotEmptyFile();
        assertThat(dir.resolve("provider-gc.hop-1k.gceasy.json")).isNotEmptyFile();
        assertThat(Files.readString(dir.resolve("provider-gc.hop-1k.gceasy.json"))).doesNotContain(KEY);
        // offline: nothing asked
        assertThat(new GcBatch(new GcAnalysisStore(new GcLogAnalyzer()), null)
                .uploadPerScenario(List.of(provider), windows, new PrintWriter(err))).isZero();
    }
}
