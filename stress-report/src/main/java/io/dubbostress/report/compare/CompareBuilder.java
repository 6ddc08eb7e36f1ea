package io.dubbostress.report.compare;

import io.dubbostress.report.model.Report;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.read.RunFolder;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.ToolVersion;
import io.dubbostress.report.ReportException;
import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.ScenarioStatus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Builds a {@link Comparison} of NEW against BASE. Each side is one or more run folders (a {@code stress run --repeat}
 * run's trials, {@code scenarios/<name>-trial-N}, are trials of {@code <name>}; several folders pool their trials) or
 * JTL files. Every scenario is read as {@code stress report} reads it ({@link ReportBuilder}: the same steady window,
 * warm-up rule and figures), then its JTL once more into {@link SteadySegments} (the two counts of steady samples and
 * failures must agree), and its trials' figures resampled ({@link TrialFigures}) from a stream seeded by
 * {@code seed}, the side, the scenario and the trial: the same inputs give the same output.
 *
 * <pre>{@code
 * Comparison c = new CompareBuilder().confidence(0.95).resamples(1000).seed(1)
 *         .build(List.of(Paths.get("results/base")), List.of(Paths.get("results/new")));
 * }</pre>
 */
public final class CompareBuilder {

    /** The default confidence of the intervals. */
    public static final double CONFIDENCE = 0.95;
    /** The default bootstrap resamples per trial. */
    public static final int RESAMPLES = 1000;
    /** The default seed. */
    public static final long SEED = 1;
    public static final double MIN_CONFIDENCE = 0.5;
    public static final double MAX_CONFIDENCE = 0.999;
    public static final int MIN_RESAMPLES = 100;
    public static final int MAX_RESAMPLES = 100_000;

    private double confidence = CONFIDENCE;
    private int resamples = RESAMPLES;
    private long seed = SEED;
    private Long warmupMs;
    private FailOn failOn;
    private Consumer<String> progress = line -> { };

    /** The intervals' confidence, {@value #MIN_CONFIDENCE} to {@value #MAX_CONFIDENCE}. */
    public CompareBuilder confidence(double value) {
        if (!(value >= MIN_CONFIDENCE && value <= MAX_CONFIDENCE)) {
            throw new IllegalArgumentException(value + " (a share between 0.5 and 0.999, e.g. 0.95)");
        }
        this.confidence = value;
        return this;
    }

    /** Bootstrap resamples per trial, {@value #MIN_RESAMPLES} to {@value #MAX_RESAMPLES}. */
    public CompareBuilder resamples(int value) {
        if (value < MIN_RESAMPLES || value > MAX_RESAMPLES) {
            throw new IllegalArgumentException(value + " (100 to 100,000)");
        }
        this.resamples = value;
        return this;
    }

    public CompareBuilder seed(long value) {
        this.seed = value;
        return this;
    }

    /** {@code --warmup}: as {@code stress report --warmup}, for both sides; null keeps run.json's or the default. */
    public CompareBuilder warmupMs(Long ms) {
        this.warmupMs = ms;
        return this;
    }

    public CompareBuilder failOn(FailOn gate) {
        this.failOn = gate;
        return this;
    }

    /**
     * Told a line once both sides are read and as each trial's intervals are made (a long run's JTLs take seconds
     * each); nothing before the inputs are known to be comparable.
     */
    public CompareBuilder progress(Consumer<String> listener) {
        this.progress = listener;
        return this;
    }

    /** One trial as read: its scenario, where it came from, the report's figures and the JTL rows they are from. */
    private record Read(String scenario, String source, ScenarioResult result, Path jtl, String label) {
    }

    public Comparison build(List<Path> base, List<Path> news) {
        List<String> warnings = new ArrayList<>();
        Map<String, List<Read>> baseTrials = side("BASE", base, warnings);
        Map<String, List<Read>> newTrials = side("NEW", news, warnings);
        List<String[]> pairs = new ArrayList<>();
        List<String> onlyInBase = new ArrayList<>();
        List<String> onlyInNew = new ArrayList<>();
        if (baseTrials.size() == 1 && newTrials.size() == 1) {
            pairs.add(new String[] {baseTrials.keySet().iterator().next(), newTrials.keySet().iterator().next()});
        } else {
            for (String name : baseTrials.keySet()) {
                if (newTrials.containsKey(name)) {
                    pairs.add(new String[] {name, name});
                } else {
                    onlyInBase.add(name);
                }
            }
            newTrials.keySet().stream().filter(n -> !baseTrials.containsKey(n)).forEach(onlyInNew::add);
        }
        if (pairs.isEmpty()) {
            throw new ReportException("BASE and NEW have no scenario in common (BASE: " + String.join(", ",
                    baseTrials.keySet()) + "; NEW: " + String.join(", ", newTrials.keySet()) + ")");
        }
        // only now, so that bad input stays one line
        progress.accept("read BASE: " + count(baseTrials) + "; NEW: " + count(newTrials));
        List<String> shared = shared(baseTrials, newTrials);
        if (!shared.isEmpty()) {
            warnings.add(0, "BASE and NEW read the same JTL (" + String.join(", ", shared) + "): a run compared with "
                    + "itself shows no change by construction, which says nothing about a change");
        }
        if (!onlyInBase.isEmpty()) {
            warnings.add("only in BASE, not compared: " + String.join(", ", onlyInBase));
        }
        if (!onlyInNew.isEmpty()) {
            warnings.add("only in NEW, not compared: " + String.join(", ", onlyInNew));
        }
        List<ScenarioComparison> scenarios = new ArrayList<>();
        for (String[] pair : pairs) {
            String name = pair[0].equals(pair[1]) ? pair[0] : pair[0] + " / " + pair[1];
            scenarios.add(scenario(name, baseTrials.get(pair[0]), newTrials.get(pair[1]), warnings));
        }
        Comparison.Gate gate = failOn == null ? null : new Comparison.Gate(failOn.toString(), failOn.check(scenarios));
        String method = String.format(Locale.ROOT, "%s %% intervals; per trial a circular block bootstrap over time "
                + "segments of its steady state (%,d resamples, seed %d, block length by Politis-White); several "
                + "trials: their spread, at least the noise within them; Student t (Welch)",
                ComparisonMarkdown.percent(confidence), resamples, seed);
        return new Comparison(Comparison.SCHEMA, Instant.now().toString(), ToolVersion.name(),
                base.stream().map(Path::toString).toList(), news.stream().map(Path::toString).toList(), confidence,
                resamples, seed, method, scenarios, onlyInBase, onlyInNew, gate, warnings);
    }

    private ScenarioComparison scenario(String name, List<Read> base, List<Read> news, List<String> warnings) {
        String failed = failure("BASE", base);
        if (failed == null) {
            failed = failure("NEW", news);
        }
        boolean micros = base.stream().allMatch(r -> r.result.stats().unit().micros() == 1)
                && news.stream().allMatch(r -> r.result.stats().unit().micros() == 1);
        String unit = micros ? "us" : "ms";
        List<String> coarse = new ArrayList<>();
        for (String side : new String[] {"BASE", "NEW"}) {
            String which = coarse(side, side.equals("BASE") ? base : news);
            if (which != null) {
                coarse.add(which);
            }
        }
        boolean someMicros = base.stream().anyMatch(r -> r.result.stats().unit().micros() == 1)
                || news.stream().anyMatch(r -> r.result.stats().unit().micros() == 1);
        if (someMicros && !coarse.isEmpty()) {
            // a millisecond side against a microsecond one: the figures are not of one resolution
            warnings.add(name + ": " + String.join(" and ", coarse) + " JMeter's whole milliseconds only (no "
                    + "elapsed_us), the other trials microseconds: every latency is compared in milliseconds, and a "
                    + "difference within about 1 ms may be the units' (JMeter's elapsed counts whole ms), not the "
                    + "service's; record both sides with the same sampler to compare in microseconds");
        }
        if (failed != null) {
            warnings.add(name + ": not compared: " + failed);
            List<FigureChange> none = new ArrayList<>();
            return new ScenarioComparison(name, "failed", failed, unit, trials(base, null), trials(news, null), none);
        }
        List<TrialFigures> baseFigures = new ArrayList<>();
        List<TrialFigures> newFigures = new ArrayList<>();
        List<SteadySegments> baseSegments = new ArrayList<>();
        List<SteadySegments> newSegments = new ArrayList<>();
        for (int i = 0; i < base.size(); i++) {
            SteadySegments segments = segments(base.get(i));
            baseSegments.add(segments);
            baseFigures.add(figures(segments, "BASE", name, i, base.get(i), warnings));
            progress.accept(resampled("BASE", name, i, base.size(), segments));
        }
        for (int i = 0; i < news.size(); i++) {
            SteadySegments segments = segments(news.get(i));
            newSegments.add(segments);
            newFigures.add(figures(segments, "NEW", name, i, news.get(i), warnings));
            progress.accept(resampled("NEW", name, i, news.size(), segments));
        }
        Set<Figure> shown = EnumSet.allOf(Figure.class);
        boolean paced = baseSegments.stream().allMatch(s -> s.pacedSamples() > 0)
                && newSegments.stream().allMatch(s -> s.pacedSamples() > 0);
        if (!paced) {
            shown.removeIf(Figure::fromDue);
        }
        List<FigureChange> figures = new ArrayList<>();
        for (Figure f : shown) {
            FigureChange change = ChangeEstimator.estimate(f, baseFigures, newFigures, confidence);
            figures.add(change);
        }
        if (base.size() == 1 && news.size() == 1) {
            warnings.add(name + ": one trial per side: the intervals hold the noise within each run, not the noise "
                    + "from run to run (often larger); stress run --repeat 3 measures it");
        }
        return new ScenarioComparison(name, "compared", null, unit, trials(base, baseFigures),
                trials(news, newFigures), figures);
    }

    /** "BASE has" when every trial of the side has only JMeter's millisecond elapsed, "BASE trial 2 has" for one. */
    private static String coarse(String side, List<Read> trials) {
        List<String> which = new ArrayList<>();
        for (int i = 0; i < trials.size(); i++) {
            if (trials.get(i).result.stats().unit().micros() != 1) {
                which.add(String.valueOf(i + 1));
            }
        }
        if (which.isEmpty()) {
            return null;
        }
        return which.size() == trials.size() ? side + " has" : side + " trial(s) " + String.join(", ", which)
                + " have";
    }

    /** The JTLs both sides read (the same file by any name). */
    private static List<String> shared(Map<String, List<Read>> base, Map<String, List<Read>> news) {
        Map<Path, String> baseFiles = new LinkedHashMap<>();
        base.values().forEach(reads -> reads.stream().filter(r -> r.jtl != null)
                .forEach(r -> baseFiles.put(realPath(r.jtl), r.source)));
        List<String> shared = new ArrayList<>();
        news.values().forEach(reads -> reads.stream().filter(r -> r.jtl != null && baseFiles.containsKey(
                realPath(r.jtl))).forEach(r -> shared.add(r.source)));
        return shared.stream().distinct().toList();
    }

    private static String count(Map<String, List<Read>> trials) {
        int n = trials.values().stream().mapToInt(List::size).sum();
        return n + " trial(s) of " + trials.size() + " scenario(s)";
    }

    private String resampled(String side, String scenario, int index, int count, SteadySegments segments) {
        return String.format(Locale.ROOT, "%s %s trial %d of %d: %,d steady samples resampled %,d times", side,
                scenario, index + 1, count, segments.samples(), resamples);
    }

    /** Why a side cannot be compared (a trial measured nothing), or null. */
    private static String failure(String side, List<Read> trials) {
        for (Read trial : trials) {
            if (trial.result.outcome().failed()) {
                return side + " " + trial.source + " failed: " + trial.result.outcome().reason();
            }
        }
        return null;
    }

    private static List<ScenarioComparison.Trial> trials(List<Read> reads, List<TrialFigures> figures) {
        List<ScenarioComparison.Trial> out = new ArrayList<>();
        for (int i = 0; i < reads.size(); i++) {
            ScenarioStats stats = reads.get(i).result.stats();
            TrialFigures f = figures == null ? null : figures.get(i);
            double seconds = stats.steadySeconds();
            out.add(new ScenarioComparison.Trial(reads.get(i).source, stats.samples(), stats.errors(),
                    Double.isNaN(seconds) ? 0 : seconds, f == null ? 0 : f.segments(),
                    f == null ? 0 : f.segmentMs(), f == null ? 0 : f.blockLength(), stats.resolution()));
        }
        return out;
    }

    /** The trial's steady rows, read again; the count must be the report's. */
    private static SteadySegments segments(Read trial) {
        ScenarioStats stats = trial.result.stats();
        SteadySegments segments = new SteadySegments(stats.steadyStartMs(), stats.steadySeconds(), stats.unit());
        try (JtlReader reader = JtlReader.open(trial.jtl)) {
            JtlRow row = reader.row();
            while (reader.next()) {
                if (trial.label == null || trial.label.equals(row.label())) {
                    segments.accept(row);
                }
            }
        }
        if (segments.samples() != stats.samples() || segments.errors() != stats.errors()) {
            throw new ReportException(String.format(Locale.ROOT, "%s: read twice, the steady state has %,d samples "
                    + "(%,d failed), then %,d (%,d failed): the file changed while it was read", trial.source,
                    stats.samples(), stats.errors(), segments.samples(), segments.errors()));
        }
        return segments;
    }

    private TrialFigures figures(SteadySegments segments, String side, String scenario, int index, Read trial,
                                 List<String> warnings) {
        long stream = seed * 0x9E3779B97F4A7C15L + (side + "/" + scenario + "/" + index).hashCode();
        TrialFigures figures = TrialFigures.of(segments, resamples, new SplittableRandom(stream));
        ScenarioStats stats = trial.result.stats();
        if (!"mixed".equals(stats.resolution())) {
            // the figures compared are the report's: checked, not assumed
            for (Figure f : new Figure[] {Figure.P50, Figure.P90, Figure.P99, Figure.P999}) {
                double report = stats.percentile(f.percentile()) * stats.unit().micros();
                if (figures.point(f) != report) {
                    warnings.add(String.format(Locale.ROOT, "%s: %s %s is %.0f us here, %.0f us in the report",
                            trial.source, side, f.title(), figures.point(f), report));
                }
            }
        }
        return figures;
    }

    /** The scenarios of one side and their trials, in the order read. */
    private Map<String, List<Read>> side(String side, List<Path> inputs, List<String> warnings) {
        if (inputs.isEmpty()) {
            throw new ReportException(side + ": give a run folder or a JTL file");
        }
        Map<String, List<Read>> scenarios = new LinkedHashMap<>();
        for (Path input : inputs) {
            if (!Files.exists(input)) {
                throw new ReportException(side + " " + input + " does not exist");
            }
            if (Files.isDirectory(input)) {
                if (!RunFolder.isRunFolder(input)) {
                    throw new ReportException(side + " " + input + " is a folder but not a run folder (no run.json, no "
                            + "scenarios/)");
                }
                readRun(side, input, null, scenarios, warnings);
                continue;
            }
            Path run = runOf(input);
            if (run != null) {
                // a trial's JTL given as a file: read as its run reads it (run.json's window and warm-up), a trial
                // of its scenario
                readRun(side, run, input, scenarios, warnings);
                continue;
            }
            Report report = new ReportBuilder().withoutServerFigures().warmupMs(warmupMs).build(List.of(input));
            report.warnings().forEach(w -> warnings.add(side + " " + input + ": " + w));
            boolean labels = report.scenarios().size() > 1;
            for (ScenarioResult result : report.scenarios()) {
                String label = labels ? result.stats().labels().get(0) : null;
                // a file named direct-1k-trial-2.jtl is a trial of direct-1k
                String scenario = RunLayout.scenarioOf(result.name());
                scenarios.computeIfAbsent(scenario, k -> new ArrayList<>()).add(new Read(scenario,
                        input + (labels ? " (label '" + label + "')" : ""), result, input, label));
            }
        }
        return scenarios;
    }

    /**
     * The scenarios of a run folder, each trial of a {@code --repeat} run a trial of its scenario; only the one whose
     * JTL is {@code onlyJtl} when that is given. A trial the run did not finish is left out, said in a warning, when
     * its scenario has one that got further: never run (nothing to read) beside one that ran, interrupted (cut short:
     * its window is not the others') beside a finished one; so an interrupted run's finished trials are compared.
     */
    private void readRun(String side, Path input, Path onlyJtl, Map<String, List<Read>> scenarios,
                         List<String> warnings) {
        Report report = new ReportBuilder().withoutServerFigures().warmupMs(warmupMs).build(List.of(input));
        RunFolder folder = RunFolder.read(input);
        Map<String, Path> jtls = new LinkedHashMap<>();
        folder.scenarios().forEach(plan -> jtls.put(plan.name(), plan.jtl()));
        Map<String, ScenarioStatus> status = new LinkedHashMap<>();
        if (folder.manifest() != null) {
            folder.manifest().scenarios.forEach(r -> status.put(r.name.trim(), r.status));
        }
        Path only = onlyJtl == null ? null : realPath(onlyJtl);
        List<ScenarioResult> results = report.scenarios().stream()
                .filter(r -> only == null || jtls.get(r.name()) != null && only.equals(realPath(jtls.get(r.name()))))
                .toList();
        // per scenario, the most any of its trials got to: a result, a part, nothing
        Map<String, Integer> best = new LinkedHashMap<>();
        for (ScenarioResult result : results) {
            best.merge(RunLayout.scenarioOf(result.name()), reached(status.get(result.name())), Math::max);
        }
        report.warnings().forEach(w -> warnings.add(side + " " + input + ": " + w));
        List<String> leftOut = new ArrayList<>();
        for (ScenarioResult result : results) {
            String scenario = RunLayout.scenarioOf(result.name());
            ScenarioStatus s = status.getOrDefault(result.name(), ScenarioStatus.COMPLETED);
            if (reached(s) < best.get(scenario)) {
                leftOut.add(result.name() + " (" + s.text() + ")");
                continue;
            }
            if (s == ScenarioStatus.INTERRUPTED) {
                warnings.add(side + " " + input + ": " + result.name() + " was interrupted: its figures are of the "
                        + "part that ran");
            }
            scenarios.computeIfAbsent(scenario, k -> new ArrayList<>()).add(new Read(scenario,
                    input + "/" + RunLayout.SCENARIOS + "/" + result.name(), result, jtls.get(result.name()), null));
        }
        if (!leftOut.isEmpty()) {
            warnings.add(side + " " + input + ": trials the run did not finish are left out, the finished ones "
                    + "compared: " + String.join(", ", leftOut));
        }
    }

    /**
     * How far a trial got by its run.json status: 2 a result (completed, failed: a failure is a result; no run.json:
     * the JTL is what there is), 1 a part (interrupted, or still running), 0 nothing (never run).
     */
    private static int reached(ScenarioStatus status) {
        if (status == null) {
            return 2;
        }
        return switch (status) {
            case NOT_RUN, PENDING -> 0;
            case INTERRUPTED, RUNNING -> 1;
            default -> 2;
        };
    }

    /**
     * The run folder whose {@code scenarios/<name>/} holds {@code jtl} as a scenario's JTL, or null for a JTL of no
     * run.
     */
    private static Path runOf(Path jtl) {
        Path folder = jtl.toAbsolutePath().getParent();
        Path scenariosDir = folder == null ? null : folder.getParent();
        Path root = scenariosDir == null ? null : scenariosDir.getParent();
        if (root == null || !RunLayout.SCENARIOS.equals(String.valueOf(scenariosDir.getFileName()))
                || !Files.isRegularFile(root.resolve(RunLayout.RUN_JSON))) {
            return null;
        }
        Path real = realPath(jtl);
        for (RunFolder.ScenarioPlan plan : RunFolder.read(root).scenarios()) {
            if (real.equals(realPath(plan.jtl()))) {
                return root;
            }
        }
        return null;
    }

    /** The file itself (links resolved), to tell two names of one file apart from two files. */
    static Path realPath(Path file) {
        try {
            return file.toRealPath();
        } catch (java.io.IOException e) {
            return file.toAbsolutePath().normalize();
        }
    }
}
