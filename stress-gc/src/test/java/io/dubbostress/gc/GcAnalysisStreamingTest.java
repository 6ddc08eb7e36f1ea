package io.dubbostress.gc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The figures come from streaming accumulators, not from a list of every pause: an analysis that keeps only a few
 * pauses one by one gives the same count, total, maximum, full count, per-type figures and, for windows asked for up
 * front, the same window figures; percentiles come from an HdrHistogram (3 significant digits).
 */
class GcAnalysisStreamingTest {

    @TempDir
    Path dir;

    @Test
    void keepingTenPausesChangesNoFigure() throws Exception {
        GcCorpus.Writer writer = GcCorpus.writers().stream().filter(w -> w.name.equals("jdk17-g1")).findFirst()
                .orElseThrow();
        GcLogSet set = GcLogSet.of(GcCorpus.write(dir, writer).files().get(0));
        GcAnalysis all = new GcLogAnalyzer().analyze(set);
        List<GcEvent> events = all.events();
        assertThat(all.eventsComplete()).isTrue();
        assertThat(events).hasSizeGreaterThan(30);
        TimeWindow middle = new TimeWindow(events.get(10).epochMs(), events.get(25).epochMs());
        GcAnalysis few = new GcLogAnalyzer(10).analyze(set, Arrays.asList(middle));

        assertThat(few.events()).hasSize(10);
        assertThat(few.eventsComplete()).isFalse();
        assertThat(few.notes()).anySatisfy(n -> assertThat(n).startsWith("10 pauses kept one by one of "));
        assertThat(few.pauses().count()).isEqualTo(all.pauses().count());
        assertThat(few.pauses().totalMs()).isEqualTo(all.pauses().totalMs());
        assertThat(few.pauses().maxMs()).isEqualTo(all.pauses().maxMs());
        assertThat(few.pauses().fullCount()).isEqualTo(all.pauses().fullCount());
        assertThat(few.allocatedBytes()).isEqualTo(all.allocatedBytes());
        assertThat(few.byType().keySet()).isEqualTo(all.byType().keySet());
        // the window asked for up front, against the pauses of the complete list
        PauseStats window = few.window(middle.fromEpochMs(), middle.toEpochMs());
        PauseStats expected = PauseStats.of(events.stream().filter(e -> middle.contains(e.epochMs()))
                .collect(java.util.stream.Collectors.toList()), middle.lengthMs());
        assertThat(window.count()).isEqualTo(expected.count()).isGreaterThanOrEqualTo(10);
        assertThat(window.totalMs()).isCloseTo(expected.totalMs(), within(1e-9));
        // a window that ends before it starts (a scenario shorter than its warm-up): no pause, no error
        assertThat(all.window(middle.toEpochMs(), middle.fromEpochMs()).count()).isZero();
        // a window not asked for cannot be answered from ten pauses: null, not a wrong figure
        assertThat(few.window(middle.fromEpochMs(), middle.toEpochMs() + 1)).isNull();
        // p99 from the histogram: within its 3 significant digits of the nearest-rank p99 of the pauses
        double exact = PauseStats.of(events, all.spanMs()).p99Ms();
        assertThat(all.pauses().p99Ms()).isCloseTo(exact, within(exact * 1e-3 + 1e-3));

        // and all of it survives the JSON file
        GcAnalysis read = GcAnalysisJson.fromTree(Json.MAPPER.readTree(GcAnalysisJson.toTree(few).toString()));
        assertThat(read.eventsComplete()).isFalse();
        assertThat(read.pauses().count()).isEqualTo(all.pauses().count());
        assertThat(read.window(middle.fromEpochMs(), middle.toEpochMs()).count()).isEqualTo(expected.count());
        assertThat(read.notes()).isEqualTo(few.notes());
        assertThat(read.files()).containsExactly(set.first().getFileName().toString());
        // and through the file, written and read one event at a time
        GcAnalysis saved = new GcAnalysisStore(new GcLogAnalyzer()).analyzeAndSave(set);
        GcAnalysis reread = GcAnalysisJson.read(GcLogFiles.analysisFile(set.first()));
        assertThat(reread.events()).hasSameSizeAs(saved.events());
        assertThat(reread.events().get(3).pauseMs()).isEqualTo(saved.events().get(3).pauseMs());
        assertThat(reread.pauses().totalMs()).isCloseTo(saved.pauses().totalMs(), within(1e-6));
        assertThat(reread.warnings()).isEqualTo(saved.warnings());
    }
}
