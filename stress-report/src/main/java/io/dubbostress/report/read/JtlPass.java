package io.dubbostress.report.read;

import io.dubbostress.report.ReportException;
import io.dubbostress.report.model.GeneratorSplit;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.model.Timeline;
import io.dubbostress.report.model.Warmup;
import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import io.dubbostress.report.jtl.JtlSpan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One streaming pass over a JTL: every row goes to its scenario's {@link ScenarioStats}. A run folder's JTL is one
 * scenario whatever its labels ({@link #wholeFile}); a loose JTL gives one scenario per label ({@link #perLabel}).
 *
 * <p>The figures depend on the file's exact span (the warm-up counts from the earliest start over the whole file, the
 * default warm-up is a share of the span, the time line's buckets follow from it), which only a full read knows:
 * rows come in completion order. The pass starts from a guess ({@link JtlSpan#probe}: the first rows and the last
 * MiBs), finds the exact span as it goes, and then checks that the guess changed nothing: the same time line, and no
 * row on the wrong side of the exact warm-up cut ({@link ScenarioStats#confirmSteadyStart}). Only when it did is the
 * file read a second time with the exact span, so every figure is the exact one either way. Every full read opens the
 * file through the pass's opener ({@link JtlReader#open} unless a caller gives another).
 */
final class JtlPass {

    /** Rows read at the start of the file for the guess: the earliest start is nearly always among them. */
    static final int HEAD_ROWS = 200_000;
    /** Bytes read at the end of the file for the guess (the latest end). */
    static final long TAIL_BYTES = 4L << 20;

    private JtlPass() {
    }

    /**
     * All rows of {@code jtl} as the scenario {@code name}. {@code startMs}, {@code endMs} and
     * {@code runJsonWarmupSeconds} come from run.json and may be null; {@code cliWarmupMs} is {@code --warmup}.
     */
    static ScenarioResult wholeFile(Path jtl, String name, String source, Long startMs, Long endMs,
                                    Double runJsonWarmupSeconds, Long cliWarmupMs) {
        return wholeFile(jtl, name, source, startMs, endMs, runJsonWarmupSeconds, cliWarmupMs, HEAD_ROWS,
                Collections.emptyList(), JtlReader::open);
    }

    /**
     * As above; {@code generators} (run.json's remote hosts, empty for a local run) also split the rows by the load
     * generator that recorded them ({@link GeneratorSplit}).
     */
    static ScenarioResult wholeFile(Path jtl, String name, String source, Long startMs, Long endMs,
                                    Double runJsonWarmupSeconds, Long cliWarmupMs, List<String> generators) {
        return wholeFile(jtl, name, source, startMs, endMs, runJsonWarmupSeconds, cliWarmupMs, HEAD_ROWS,
                generators, JtlReader::open);
    }

    /**
     * As above, the guess made from the first {@code headRows} rows, each full read opened by {@code opener} (tests
     * make the head small and count the reads).
     */
    static ScenarioResult wholeFile(Path jtl, String name, String source, Long startMs, Long endMs,
                                    Double runJsonWarmupSeconds, Long cliWarmupMs, int headRows,
                                    Function<Path, JtlReader> opener) {
        return wholeFile(jtl, name, source, startMs, endMs, runJsonWarmupSeconds, cliWarmupMs, headRows,
                Collections.emptyList(), opener);
    }

    private static ScenarioResult wholeFile(Path jtl, String name, String source, Long startMs, Long endMs,
                                            Double runJsonWarmupSeconds, Long cliWarmupMs, int headRows,
                                            List<String> generators, Function<Path, JtlReader> opener) {
        JtlSpan guess = JtlSpan.probe(jtl, headRows, TAIL_BYTES);
        WholeFile first = new WholeFile(guess, startMs, endMs, runJsonWarmupSeconds, cliWarmupMs, name);
        Read read = first.read(opener.apply(jtl), jtl, name, generators);
        WholeFile exact = new WholeFile(JtlSpan.of(read.stats.firstStartMs(), read.stats.lastEndMs(),
                Collections.emptyMap()), startMs, endMs, runJsonWarmupSeconds, cliWarmupMs, name);
        // the generators' figures are subsets of the same rows, with the same cut and time line: checked with these
        if (!read.stats.timeline().sameShape(exact.origin, exact.timelineSpan)
                || !read.stats.confirmSteadyStart(exact.steadyStart)) {
            read = exact.read(opener.apply(jtl), jtl, name, generators);
        }
        ScenarioResult result = new ScenarioResult(name, read.stats, Collections.singletonList(source), exact.warmup,
                exact.start, exact.end, read.malformed, read.examples);
        if (read.split != null) {
            result.generators(read.split.byGenerator());
        }
        return result;
    }

    /** What a run folder's scenario's figures follow from, given a span (guessed or exact). */
    private static final class WholeFile {
        final long start;
        final long end;
        final Warmup warmup;
        final long origin;
        final long timelineSpan;
        final long steadyStart;

        WholeFile(JtlSpan span, Long startMs, Long endMs, Double runJsonWarmupSeconds, Long cliWarmupMs, String name) {
            start = startMs != null ? startMs : span.firstStartMs();
            end = endMs != null ? endMs : span.lastEndMs();
            if (end < start) {
                throw new ReportException("scenario " + name + ": endEpochMs " + end + " is before startEpochMs " + start);
            }
            // the warm-up runs from the first sample: JMeter's "test started" (run.json's start) comes before its
            // threads have made their connections
            long warmupFrom = Math.max(start, span.firstStartMs());
            warmup = Warmup.of(cliWarmupMs, runJsonWarmupSeconds, end - warmupFrom);
            origin = Math.min(start, span.firstStartMs());
            timelineSpan = Math.max(end, span.lastEndMs()) - origin;
            steadyStart = warmupFrom + warmup.ms();
        }

        /** One full read of {@code jtl} through {@code opened}, which it closes. */
        Read read(JtlReader opened, Path jtl, String name, List<String> generators) {
            try (JtlReader reader = opened) {
                ScenarioStats stats = new ScenarioStats(name, steadyStart, new Timeline(origin, timelineSpan));
                GeneratorSplit split = generators.isEmpty() ? null : new GeneratorSplit(generators,
                        g -> new ScenarioStats(g, steadyStart, new Timeline(origin, timelineSpan)));
                JtlRow row = reader.row();
                while (reader.next()) {
                    stats.accept(row);
                    if (split != null) {
                        split.accept(row);
                    }
                }
                if (reader.rows() == 0) {
                    throw new ReportException("JTL file " + jtl + " has no samples");
                }
                return new Read(stats, split, reader.malformedRows(), reader.malformedExamples());
            }
        }
    }

    private static final class Read {
        final ScenarioStats stats;
        final GeneratorSplit split;
        final long malformed;
        final List<String> examples;

        Read(ScenarioStats stats, GeneratorSplit split, long malformed, List<String> examples) {
            this.stats = stats;
            this.split = split;
            this.malformed = malformed;
            this.examples = new ArrayList<>(examples);
        }
    }

    /** One scenario per label of a loose JTL, named by the label (the caller renames single-label files). */
    static List<ScenarioResult> perLabel(Path jtl, String source, Long cliWarmupMs) {
        return perLabel(jtl, source, cliWarmupMs, HEAD_ROWS, JtlReader::open);
    }

    /** As above, the guess made from the first {@code headRows} rows, each full read opened by {@code opener}. */
    static List<ScenarioResult> perLabel(Path jtl, String source, Long cliWarmupMs, int headRows,
                                         Function<Path, JtlReader> opener) {
        // each label's warm-up counts from its earliest start over the whole file, not from its first row
        JtlSpan guess = JtlSpan.probe(jtl, headRows, TAIL_BYTES);
        ByLabel read = ByLabel.read(opener.apply(jtl), jtl, guess, cliWarmupMs, false);
        JtlSpan exact = read.exactSpan();
        Warmup warmup = Warmup.of(cliWarmupMs, null, exact.durationMs());
        boolean same = true;
        for (ScenarioStats stats : read.byLabel.values()) {
            same &= stats.timeline().sameShape(exact.firstStartMs(), exact.durationMs())
                    && stats.confirmSteadyStart(exact.firstStartMs(stats.name()) + warmup.ms());
        }
        if (!same) {
            read = ByLabel.read(opener.apply(jtl), jtl, exact, cliWarmupMs, true);
        }
        List<ScenarioResult> results = new ArrayList<>();
        boolean first = true;
        for (ScenarioStats stats : read.byLabel.values()) {
            // malformed rows belong to no label: the file's first scenario carries the count
            results.add(new ScenarioResult(stats.name(), stats,
                    Collections.singletonList(read.byLabel.size() == 1 ? source
                            : source + " (label '" + stats.name() + "')"),
                    warmup, stats.firstStartMs(), stats.lastEndMs(), first ? read.malformed : 0,
                    first ? read.examples : Collections.emptyList()));
            first = false;
        }
        return results;
    }

    /** The per-label figures of one read of a loose JTL. */
    private static final class ByLabel {
        final Map<String, ScenarioStats> byLabel = new LinkedHashMap<>();
        long malformed;
        List<String> examples;

        /**
         * A read with {@code span}; when it is a guess ({@code exact} false), a label the guess does not know counts
         * its warm-up from its first row (checked afterwards like the rest).
         */
        static ByLabel read(JtlReader opened, Path jtl, JtlSpan span, Long cliWarmupMs, boolean exact) {
            ByLabel result = new ByLabel();
            Warmup warmup = Warmup.of(cliWarmupMs, null, span.durationMs());
            try (JtlReader reader = opened) {
                JtlRow row = reader.row();
                String lastLabel = null;
                ScenarioStats current = null;
                while (reader.next()) {
                    String label = row.label();
                    if (label != lastLabel) {
                        lastLabel = label;
                        current = result.byLabel.get(label);
                        if (current == null) {
                            long from = exact || span.labels().contains(label) ? span.firstStartMs(label)
                                    : row.timeStampMs();
                            current = new ScenarioStats(label, from + warmup.ms(),
                                    new Timeline(span.firstStartMs(), span.durationMs()));
                            result.byLabel.put(label, current);
                        }
                    }
                    current.accept(row);
                }
                if (reader.rows() == 0) {
                    throw new ReportException("JTL file " + jtl + " has no samples");
                }
                result.malformed = reader.malformedRows();
                result.examples = new ArrayList<>(reader.malformedExamples());
            }
            return result;
        }

        JtlSpan exactSpan() {
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            Map<String, Long> firstByLabel = new LinkedHashMap<>();
            for (ScenarioStats stats : byLabel.values()) {
                first = Math.min(first, stats.firstStartMs());
                last = Math.max(last, stats.lastEndMs());
                firstByLabel.put(stats.name(), stats.firstStartMs());
            }
            return JtlSpan.of(first, last, firstByLabel);
        }
    }
}
