package io.dubbostress.report.read;

import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.model.Timeline;
import io.dubbostress.report.model.Warmup;
import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.jtl.JtlColumn;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report reads a JTL once when its guess of the span (the first rows, the last MiBs) changes nothing, and a
 * second time when it would: either way every figure is the exact one. The expected figures are recounted here from
 * the rows as written (split on commas, nothing of the product's reader), with the rules of docs/REPORT.md: the
 * warm-up counts from the earliest start over the file; the time line starts there in buckets of its width.
 */
class SinglePassTest {

    private static final long T0 = 1_795_306_185_000L;

    @TempDir
    Path dir;

    /** A row as JMeter writes it when the sample ends; rows are sorted by end (completion order). */
    private static final class Written {
        final long startMs;
        final long elapsedUs;
        final String label;

        Written(long startMs, long elapsedUs, String label) {
            this.startMs = startMs;
            this.elapsedUs = elapsedUs;
            this.label = label;
        }

        long endMs() {
            return startMs + elapsedUs / 1000;
        }
    }

    /**
     * {@code n} samples over 20 s in completion order: fast ones, and {@code slowFirst} calls that started first and
     * took 2-3 s (written well into the file).
     */
    private Path jtl(String name, int n, int slowFirst, long seed, String... labels) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        List<Written> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(new Written(T0 + 50 + i * 20_000L / n, 200 + random.nextInt(3_000), labels[i % labels.length]));
        }
        for (int i = 0; i < slowFirst; i++) {
            rows.add(new Written(T0 + i, 2_000_000 + random.nextInt(1_000_000), labels[i % labels.length]));
        }
        rows.sort(Comparator.comparingLong(Written::endMs));
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", JtlColumn.JMETER_DEFAULT_HEADER) + ",\"elapsed_us\"");
        for (Written w : rows) {
            lines.add(String.format(Locale.ROOT, "%d,%d,%s,200,OK,t 1-1,text,true,,1024,1024,20,20,null,%d,0,0,%d",
                    w.startMs, w.elapsedUs / 1000, w.label, w.elapsedUs / 1000, w.elapsedUs));
        }
        Path file = dir.resolve(name);
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void aGuessThatMissesTheEarliestStartCostsASecondReadNotAWrongFigure() throws IOException {
        Path file = jtl("late-earliest.jtl", 40_000, 20, 1, "direct-1k");
        // the first 100 rows do not hold the slow first calls: the guessed warm-up origin is 50 ms late. With run.json's
        // start and end the time line is the same either way: only rows on the wrong side of the cut force the read
        Reads reads = new Reads();
        ScenarioResult guessedWrong = JtlPass.wholeFile(file, "direct-1k", "x", T0 - 500, T0 + 25_000, 2.0, null, 100,
                reads);
        assertThat(reads.taken()).isEqualTo(2);
        // without run.json the time line starts at the earliest start: the guess's is wrong too
        ScenarioResult noRunJson = JtlPass.wholeFile(file, "direct-1k", "x", null, null, 2.0, null, 100, reads);
        assertThat(reads.taken()).isEqualTo(2);
        ScenarioResult wholeHead = JtlPass.wholeFile(file, "direct-1k", "x", null, null, 2.0, null, 1_000_000, reads);
        assertThat(reads.taken()).isEqualTo(1);
        for (ScenarioResult result : List.of(guessedWrong, noRunJson, wholeHead)) {
            assertMatchesRecount(result, file, null, 2_000);
        }
    }

    @Test
    void aGuessThatPutsNoRowOnTheWrongSideOfTheCutIsKeptAfterOneRead() throws IOException {
        // no slow first call: the earliest start is the first row; run.json's start (before it) is the time line's
        Path file = jtl("in-order.jtl", 40_000, 0, 2, "direct-1k");
        Reads reads = new Reads();
        ScenarioResult result = JtlPass.wholeFile(file, "direct-1k", "x", T0 - 500, T0 + 21_000, 3.0, null, 100, reads);
        assertThat(reads.taken()).isEqualTo(1);
        assertMatchesRecount(result, file, null, 3_000);
        assertThat(result.stats().timeline().originMs()).isEqualTo(T0 - 500);
    }

    @Test
    void looseFilesPerLabelAgreeWithTheRecountOnEitherPath() throws IOException {
        Path file = jtl("two-labels.jtl", 30_000, 10, 3, "direct-1k", "hop-1k");
        for (int head : new int[] {50, 1_000_000}) {
            Reads reads = new Reads();
            List<ScenarioResult> results = JtlPass.perLabel(file, "x", null, head, reads);
            assertThat(reads.taken()).as("reads with a head of " + head).isEqualTo(head == 50 ? 2 : 1);
            assertThat(results).hasSize(2);
            long spanMs = spanMs(file);
            long warmupMs = Warmup.defaultMs(spanMs);
            for (ScenarioResult result : results) {
                assertMatchesRecount(result, file, result.name(), warmupMs);
            }
        }
    }

    /** Samples, warm-up samples, max, sum and every time line bucket's count against a plain recount of the rows. */
    private static void assertMatchesRecount(ScenarioResult result, Path file, String label, long warmupMs)
            throws IOException {
        List<String[]> rows = new ArrayList<>();
        long fileFirst = Long.MAX_VALUE;
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            fileFirst = Math.min(fileFirst, Long.parseLong(cells[0]));
            if (label == null || cells[2].equals(label)) {
                rows.add(cells);
            }
        }
        long first = rows.stream().mapToLong(c -> Long.parseLong(c[0])).min().orElseThrow();
        long cut = first + warmupMs;
        long steady = rows.stream().filter(c -> Long.parseLong(c[0]) >= cut).count();
        long maxUs = rows.stream().filter(c -> Long.parseLong(c[0]) >= cut)
                .mapToLong(c -> Long.parseLong(c[c.length - 1])).max().orElseThrow();
        long sumUs = rows.stream().filter(c -> Long.parseLong(c[0]) >= cut)
                .mapToLong(c -> Long.parseLong(c[c.length - 1])).sum();
        ScenarioStats stats = result.stats();
        assertThat(stats.samples()).as("steady samples").isEqualTo(steady);
        assertThat(stats.warmupSamples()).as("warm-up samples").isEqualTo(rows.size() - steady);
        assertThat(stats.max()).isEqualTo(maxUs);
        assertThat(stats.mean()).isCloseTo((double) sumUs / steady, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(stats.steadyStartMs()).isEqualTo(cut);
        Timeline timeline = stats.timeline();
        long origin = timeline.originMs();
        assertThat(origin).isLessThanOrEqualTo(fileFirst);
        long[] perBucket = new long[timeline.buckets() + 1];
        for (String[] c : rows) {
            int bucket = (int) Math.min(perBucket.length - 1, (Long.parseLong(c[0]) - origin) / timeline.bucketMs());
            perBucket[bucket]++;
        }
        for (int b = 0; b < timeline.buckets(); b++) {
            assertThat(timeline.samples(b)).as("bucket " + b).isEqualTo(perBucket[b]);
        }
    }

    private static long spanMs(Path file) throws IOException {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            long start = Long.parseLong(cells[0]);
            first = Math.min(first, start);
            last = Math.max(last, start + Long.parseLong(cells[1]));
        }
        return last - first;
    }

    /** Opens the JTL as the pass would, and counts the full reads it makes. */
    private static final class Reads implements java.util.function.Function<Path, io.dubbostress.report.jtl.JtlReader> {
        private int opened;

        @Override
        public io.dubbostress.report.jtl.JtlReader apply(Path jtl) {
            opened++;
            return io.dubbostress.report.jtl.JtlReader.open(jtl);
        }

        /** Reads since the last call. */
        int taken() {
            int n = opened;
            opened = 0;
            return n;
        }
    }
}
