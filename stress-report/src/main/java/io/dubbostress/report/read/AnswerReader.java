package io.dubbostress.report.read;

import io.dubbostress.gc.PauseStats;
import io.dubbostress.report.ReportException;
import io.dubbostress.report.compare.Figure;
import io.dubbostress.report.compare.FigureChange;
import io.dubbostress.report.compare.SteadySegments;
import io.dubbostress.report.compare.TrialChange;
import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import io.dubbostress.report.model.Answer;
import io.dubbostress.report.model.HopOverhead;
import io.dubbostress.report.model.Percentiles;
import io.dubbostress.report.model.ProfileSection;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.perfmon.JvmWindow;
import io.dubbostress.report.perfmon.PerfMonLabel;
import io.dubbostress.report.perfmon.PerfMonSeries;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Makes the report's {@link Answer}: the hop/direct pairs grouped by scenario (a {@code --repeat N} run's trials
 * pooled), each pair's p50, p99 and TPS with the interval {@code stress compare} would give (its estimator,
 * {@link TrialChange}: between the trials when there are several, else from blocks within each run), and each
 * scenario's limit from its server, JVM and GC figures. The trials' JTLs are read once more, for their steady segments
 * (the figures are checked against the report's: the same samples).
 *
 * <pre>{@code
 * Answer answer = new AnswerReader(sources, manifest).answer(scenarios, hops, profiles, warnings);
 * }</pre>
 */
final class AnswerReader {

    static final double CONFIDENCE = 0.95;
    static final int RESAMPLES = 1000;
    static final long SEED = 1;

    /** Where a scenario's rows are: its JTL and, for a loose file of several labels, its label. */
    record Source(Path jtl, String label) {
    }

    private final Map<ScenarioResult, Source> sources;
    private final RunManifest manifest;

    /** {@code sources}: by scenario (identity); {@code manifest}: run.json, or null for loose files. */
    AnswerReader(Map<ScenarioResult, Source> sources, RunManifest manifest) {
        this.sources = new IdentityHashMap<>(sources);
        this.manifest = manifest;
    }

    Answer answer(List<HopOverhead> pairs, ProfileSection profiles, List<String> warnings) {
        Map<List<String>, List<HopOverhead>> groups = new LinkedHashMap<>();
        for (HopOverhead pair : pairs) {
            List<String> key = List.of(RunLayout.scenarioOf(pair.hop().name()),
                    RunLayout.scenarioOf(pair.direct().name()));
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(pair);
        }
        List<Answer.Payload> payloads = new ArrayList<>();
        Map<String, List<ScenarioResult>> limited = new LinkedHashMap<>();
        for (Map.Entry<List<String>, List<HopOverhead>> group : groups.entrySet()) {
            List<HopOverhead> trials = group.getValue();
            List<ScenarioResult> hops = distinct(trials, true);
            List<ScenarioResult> directs = distinct(trials, false);
            payloads.add(payload(group.getKey().get(0), group.getKey().get(1), trials, hops, directs, profiles,
                    warnings));
            limited.putIfAbsent(group.getKey().get(1), directs);
            limited.putIfAbsent(group.getKey().get(0), hops);
        }
        List<Answer.Limit> limits = new ArrayList<>();
        limited.forEach((name, trials) -> limits.add(limit(name, trials)));
        return new Answer((int) Math.round(CONFIDENCE * 100), payloads, limits);
    }

    private static List<ScenarioResult> distinct(List<HopOverhead> pairs, boolean hop) {
        Set<ScenarioResult> out = new LinkedHashSet<>();
        pairs.forEach(p -> out.add(hop ? p.hop() : p.direct()));
        return new ArrayList<>(out);
    }

    private Answer.Payload payload(String hop, String direct, List<HopOverhead> pairs, List<ScenarioResult> hops,
                                   List<ScenarioResult> directs, ProfileSection profiles, List<String> warnings) {
        List<SteadySegments> hopSegments = segments(hops, warnings);
        List<SteadySegments> directSegments = segments(directs, warnings);
        Map<Figure, FigureChange> changes = hopSegments == null || directSegments == null ? Map.of()
                : TrialChange.of(List.of(Figure.P50, Figure.P99, Figure.TPS), directSegments, hopSegments, CONFIDENCE,
                RESAMPLES, SEED);
        String method = hops.size() > 1 || directs.size() > 1 ? Answer.BETWEEN_TRIALS : Answer.WITHIN_RUN;
        String profile = null;
        for (HopOverhead pair : pairs) {
            String sentence = profiles.sentence(pair);
            if (sentence != null) {
                profile = profile == null ? sentence : profile + " " + sentence;
            }
        }
        return new Answer.Payload(pairs.get(0).payload(), hop, direct, hops.size(), directs.size(), method,
                latency(50, hops, directs, changes.get(Figure.P50)), latency(99, hops, directs,
                changes.get(Figure.P99)), throughput(hops, directs, changes.get(Figure.TPS)), profile);
    }

    /** Each trial's steady segments, read again from its JTL; null when one cannot be read. */
    private List<SteadySegments> segments(List<ScenarioResult> trials, List<String> warnings) {
        List<SteadySegments> out = new ArrayList<>();
        for (ScenarioResult trial : trials) {
            Source source = sources.get(trial);
            ScenarioStats stats = trial.stats();
            if (source == null || !(stats.steadySeconds() > 0)) {
                return null;
            }
            SteadySegments segments = new SteadySegments(stats.steadyStartMs(), stats.steadySeconds(), stats.unit());
            try (JtlReader reader = JtlReader.open(source.jtl())) {
                JtlRow row = reader.row();
                while (reader.next()) {
                    if (source.label() == null || source.label().equals(row.label())) {
                        segments.accept(row);
                    }
                }
            } catch (ReportException e) {
                warnings.add("the answer's intervals: " + trial.name() + ": " + e.getMessage());
                return null;
            }
            if (segments.samples() != stats.samples()) {
                warnings.add(String.format(java.util.Locale.ROOT, "the answer's intervals: %s: read again, its steady"
                        + " state has %,d samples, not %,d: the file changed while it was read; no interval",
                        trial.name(), segments.samples(), stats.samples()));
                return null;
            }
            out.add(segments);
        }
        return out;
    }

    private static Answer.Latency latency(double percentile, List<ScenarioResult> hops, List<ScenarioResult> directs,
                                          FigureChange change) {
        double hopUs = mean(hops, s -> s.stats().percentile(percentile) * s.stats().unit().micros());
        double directUs = mean(directs, s -> s.stats().percentile(percentile) * s.stats().unit().micros());
        double times = geometricRatio(hops, directs, s -> s.stats().percentile(percentile) * s.stats().unit().micros());
        Double addedLow = null;
        Double addedHigh = null;
        Double timesLow = null;
        Double timesHigh = null;
        String why = Answer.NO_INTERVAL_NOT_READ;
        Long needed = null;
        if (change != null && change.measured()) {
            if (change.differenceLow() != null) {
                addedLow = change.differenceLow() / 1000;
                addedHigh = change.differenceHigh() / 1000;
            }
            if (change.low() != null) {
                timesLow = 1 + change.low() / 100;
                timesHigh = 1 + change.high() / 100;
            }
            why = addedLow != null && timesLow != null ? null : Answer.NO_INTERVAL_ZERO;
        } else if (change != null) {
            why = Answer.NO_INTERVAL_FEW_SAMPLES;
            needed = 10L * Percentiles.minimumSamples(percentile);
        }
        return new Answer.Latency(Answer.ms(directUs / 1000), Answer.ms(hopUs / 1000),
                Answer.ms((hopUs - directUs) / 1000), Answer.ms(addedLow), Answer.ms(addedHigh), Answer.ratio(times),
                Answer.ratio(timesLow), Answer.ratio(timesHigh), why, needed);
    }

    private static Answer.Throughput throughput(List<ScenarioResult> hops, List<ScenarioResult> directs,
                                                FigureChange change) {
        Double low = null;
        Double high = null;
        String why = change == null ? Answer.NO_INTERVAL_NOT_READ : null;
        if (change != null && change.low() != null) {
            low = 1 + change.low() / 100;
            high = 1 + change.high() / 100;
        } else if (change != null) {
            why = change.measured() ? Answer.NO_INTERVAL_ZERO : Answer.NO_INTERVAL_FEW_SAMPLES;
        }
        return new Answer.Throughput(Answer.tps(mean(directs, s -> s.stats().tps())),
                Answer.tps(mean(hops, s -> s.stats().tps())),
                Answer.ratio(geometricRatio(hops, directs, s -> s.stats().tps())), Answer.ratio(low),
                Answer.ratio(high), why);
    }

    private Answer.Limit limit(String name, List<ScenarioResult> trials) {
        Double host = meanOrNull(trials, s -> {
            if (s.server().isEmpty()) {
                return Double.NaN;
            }
            PerfMonSeries.WindowStats cpu = s.server().get(0).get(PerfMonLabel.Kind.CPU_PERCENT);
            return cpu == null ? Double.NaN : cpu.avg;
        });
        Double inFlight = meanOrNull(trials, s -> s.stats().tps() * s.stats().mean() * s.stats().unit().micros() / 1e6);
        Map<String, Double> jvmCpu = new LinkedHashMap<>();
        for (String service : List.of("provider", "consumer", "jmeter")) {
            Double cpu = meanOrNull(trials, s -> jvmCpu(s.jvms(), service));
            if (cpu != null) {
                jvmCpu.put(service, Answer.tenth(cpu));
            }
        }
        String gcService = null;
        Double gcShare = null;
        Set<String> services = new LinkedHashSet<>();
        trials.forEach(t -> services.addAll(t.gc().keySet()));
        for (String service : services) {
            Double share = meanOrNull(trials, s -> {
                PauseStats p = s.gc().get(service);
                double steadyMs = s.stats().steadySeconds() * 1000;
                return p == null || !(steadyMs > 0) ? Double.NaN : 100 * p.totalMs() / steadyMs;
            });
            if (share != null && (gcShare == null || share > gcShare)) {
                gcShare = share;
                gcService = service;
            }
        }
        Integer threads = setting("threads");
        Integer cpus = manifest == null ? null : integer(manifest.host.get("cpus"));
        boolean paced = trials.stream().anyMatch(s -> s.stats().fromDue() != null);
        String limitedBy;
        if (host != null && host > Answer.SATURATED_CPU_PERCENT) {
            limitedBy = Answer.LIMIT_MACHINE;
        } else if (host == null) {
            limitedBy = Answer.LIMIT_NOT_MEASURED;
        } else if (paced) {
            limitedBy = Answer.LIMIT_RATE;
        } else if (threads != null && inFlight != null && inFlight < Answer.IN_FLIGHT_SHARE * threads) {
            limitedBy = Answer.LIMIT_LOAD_GENERATOR;
        } else {
            limitedBy = Answer.LIMIT_THREADS;
        }
        return new Answer.Limit(name, trials.size(), limitedBy, Answer.tenth(host), cpus, threads,
                Answer.tenth(inFlight), jvmCpu, gcService, Answer.tenth(gcShare));
    }

    private static double jvmCpu(JvmWindow window, String service) {
        double sum = 0;
        boolean any = false;
        for (JvmWindow.Figures f : window.jvms()) {
            if (f.jvm().service().equals(service) && f.cpuPercent() != null) {
                sum += f.cpuPercent().avg;
                any = true;
            }
        }
        return any ? sum : Double.NaN;
    }

    private Integer setting(String name) {
        return manifest == null ? null : integer(manifest.settings.get(name));
    }

    private static Integer integer(String text) {
        try {
            return text == null ? null : Integer.valueOf(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The mean over the trials; NaN when one of them has none. */
    private static double mean(List<ScenarioResult> trials, ToDoubleFunction<ScenarioResult> figure) {
        double sum = 0;
        for (ScenarioResult t : trials) {
            sum += figure.applyAsDouble(t);
        }
        return sum / trials.size();
    }

    /** The mean over the trials that have the figure, or null when none has it. */
    private static Double meanOrNull(List<ScenarioResult> trials, ToDoubleFunction<ScenarioResult> figure) {
        double sum = 0;
        int n = 0;
        for (ScenarioResult t : trials) {
            double v = figure.applyAsDouble(t);
            if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }

    /** The ratio of the two sides' geometric means (their only trials' ratio with one trial each); NaN at a zero. */
    private static double geometricRatio(List<ScenarioResult> hops, List<ScenarioResult> directs,
                                         ToDoubleFunction<ScenarioResult> figure) {
        double h = logMean(hops, figure);
        double d = logMean(directs, figure);
        return Double.isNaN(h) || Double.isNaN(d) ? Double.NaN : Math.exp(h - d);
    }

    private static double logMean(List<ScenarioResult> trials, ToDoubleFunction<ScenarioResult> figure) {
        double sum = 0;
        for (ScenarioResult t : trials) {
            double v = figure.applyAsDouble(t);
            if (!(v > 0)) {
                return Double.NaN;
            }
            sum += Math.log(v);
        }
        return sum / trials.size();
    }
}
