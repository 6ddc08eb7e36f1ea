package io.dubbostress.report;

import io.dubbostress.report.UserError;
import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import io.dubbostress.report.jtl.JtlSpan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One streaming pass over a JTL: every row goes to its scenario's {@link ScenarioStats}. A run folder's JTL is one
 * scenario whatever its labels ({@link #wholeFile}); a loose JTL gives one scenario per label ({@link #perLabel}).
 * Before the pass, {@link JtlSpan#exact} reads every row for the file's span (the default warm-up, the time line's
 * resolution, and the warm-up's origin: the earliest start over the file, since rows come in completion order).
 */
final class JtlPass {

    private JtlPass() {
    }

    /**
     * All rows of {@code jtl} as the scenario {@code name}. {@code startMs}, {@code endMs} and
     * {@code runJsonWarmupSeconds} come from run.json and may be null; {@code cliWarmupMs} is {@code --warmup}.
     */
    static ScenarioResult wholeFile(Path jtl, String name, String source, Long startMs, Long endMs,
                                    Double runJsonWarmupSeconds, Long cliWarmupMs) {
        return wholeFile(jtl, name, source, startMs, endMs, runJsonWarmupSeconds, cliWarmupMs,
                Collections.emptyList());
    }

    /**
     * As above; {@code generators} (run.json's remote hosts, empty for a local run) also split the rows by the load
     * generator that recorded them ({@link GeneratorSplit}).
     */
    static ScenarioResult wholeFile(Path jtl, String name, String source, Long startMs, Long endMs,
                                    Double runJsonWarmupSeconds, Long cliWarmupMs, List<String> generators) {
        // the warm-up counts from the earliest start in the whole file (exact span): rows come in completion order
        JtlSpan span = JtlSpan.exact(jtl);
        long start = startMs != null ? startMs : span.firstStartMs();
        long end = endMs != null ? endMs : span.lastEndMs();
        if (end < start) {
            throw new UserError("scenario " + name + ": endEpochMs " + end + " is before startEpochMs " + start);
        }
        // the warm-up runs from the first sample: JMeter's "test started" (run.json's start) comes before its
        // threads have made their connections
        long warmupFrom = Math.max(start, span.firstStartMs());
        Warmup warmup = Warmup.of(cliWarmupMs, runJsonWarmupSeconds, end - warmupFrom);
        try (JtlReader reader = JtlReader.open(jtl)) {
            long origin = Math.min(start, span.firstStartMs());
            Timeline timeline = new Timeline(origin, Math.max(end, span.lastEndMs()) - origin);
            long steadyStart = warmupFrom + warmup.ms();
            ScenarioStats stats = new ScenarioStats(name, steadyStart, timeline);
            GeneratorSplit split = generators.isEmpty() ? null : new GeneratorSplit(generators,
                    g -> new ScenarioStats(g, steadyStart, new Timeline(origin, Math.max(end, span.lastEndMs()) - origin)));
            JtlRow row = reader.row();
            while (reader.next()) {
                stats.accept(row);
                if (split != null) {
                    split.accept(row);
                }
            }
            if (reader.rows() == 0) {
                throw new UserError("JTL file " + jtl + " has no samples");
            }
            ScenarioResult result = new ScenarioResult(name, stats, Collections.singletonList(source), warmup, start,
                    end, reader.malformedRows(), reader.malformedExamples());
            if (split != null) {
                result.generators(split.byGenerator());
            }
            return result;
        }
    }

    /** One scenario per label of a loose JTL, named by the label (the caller renames single-label files). */
    static List<ScenarioResult> perLabel(Path jtl, String source, Long cliWarmupMs) {
        // each label's warm-up counts from its earliest start over the whole file, not from its first row
        JtlSpan span = JtlSpan.exact(jtl);
        Warmup warmup = Warmup.of(cliWarmupMs, null, span.durationMs());
        Map<String, ScenarioStats> byLabel = new LinkedHashMap<>();
        long malformed;
        List<String> examples;
        try (JtlReader reader = JtlReader.open(jtl)) {
            JtlRow row = reader.row();
            String lastLabel = null;
            ScenarioStats current = null;
            while (reader.next()) {
                String label = row.label();
                if (label != lastLabel) {
                    lastLabel = label;
                    current = byLabel.get(label);
                    if (current == null) {
                        Timeline timeline = new Timeline(span.firstStartMs(), span.durationMs());
                        current = new ScenarioStats(label, span.firstStartMs(label) + warmup.ms(), timeline);
                        byLabel.put(label, current);
                    }
                }
                current.accept(row);
            }
            if (reader.rows() == 0) {
                throw new UserError("JTL file " + jtl + " has no samples");
            }
            malformed = reader.malformedRows();
            examples = reader.malformedExamples();
        }
        List<ScenarioResult> results = new ArrayList<>();
        boolean first = true;
        for (ScenarioStats stats : byLabel.values()) {
            // malformed rows belong to no label: the file's first scenario carries the count
            results.add(new ScenarioResult(stats.name(), stats,
                    Collections.singletonList(byLabel.size() == 1 ? source : source + " (label '" + stats.name() + "')"),
                    warmup, stats.firstStartMs(), stats.lastEndMs(), first ? malformed : 0,
                    first ? examples : Collections.emptyList()));
            first = false;
        }
        return results;
    }
}
