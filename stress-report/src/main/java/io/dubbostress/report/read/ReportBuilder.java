package io.dubbostress.report.read;

import io.dubbostress.report.Json;
import io.dubbostress.report.model.Answer;
import io.dubbostress.report.model.HopOverhead;
import io.dubbostress.report.model.PacedFailures;
import io.dubbostress.report.model.Percentiles;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.model.ScenarioOutcome;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.model.StartupLag;
import io.dubbostress.report.model.Warmup;
import io.dubbostress.report.run.ScenarioName;
import io.dubbostress.report.jtl.JtlColumns;
import io.dubbostress.report.jtl.JtlReader;

import io.dubbostress.report.ReportException;
import io.dubbostress.gc.GcAnalysis;
import io.dubbostress.gc.GcAnalysisJson;
import io.dubbostress.gc.GcAnalysisStore;
import io.dubbostress.gc.GcEasyAnswer;
import io.dubbostress.gc.GcException;
import io.dubbostress.gc.GcLogAnalyzer;
import io.dubbostress.gc.GcLogFiles;
import io.dubbostress.gc.GcLogSet;
import io.dubbostress.report.model.HeapTrend;
import io.dubbostress.gc.PauseStats;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.perfmon.JvmMetrics;
import io.dubbostress.report.perfmon.JvmTrends;
import io.dubbostress.report.perfmon.JvmWindow;
import io.dubbostress.report.perfmon.PerfMonCoverage;
import io.dubbostress.report.perfmon.PerfMonData;
import io.dubbostress.report.perfmon.PerfMonLabel;
import io.dubbostress.report.perfmon.PerfMonSeries;
import io.dubbostress.report.perfmon.ServerMetrics;
import io.dubbostress.report.model.ProfileSection;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds a {@link Report} from what the command line names: one run folder, or loose files -- JTLs, PerfMon CSVs
 * (a name containing "perfmon", or {@code --perfmon}), GC logs ({@code *.log}, or {@code --gc}) and GC analyses
 * ({@code *.analysis.json}). Each JTL is read once, streaming.
 *
 * <pre>{@code
 * Report report = new ReportBuilder().warmupMs(30_000L).build(List.of(Paths.get("runs/2026-11-21")));
 * }</pre>
 */
public final class ReportBuilder {

    /** Above this average CPU over a steady state, the report says the machine, not Dubbo, was measured. */
    static final double SATURATED_CPU_PERCENT = 90;

    private Long warmupMs;
    private final Map<String, String> renames = new LinkedHashMap<>();
    private final Map<String, String> pairs = new LinkedHashMap<>();
    private final List<Path> extraPerfMon = new ArrayList<>();
    private final List<Path> extraGc = new ArrayList<>();
    /** False for the latencies alone (stress compare): a run folder's PerfMon CSVs and GC logs are not read. */
    private boolean serverFigures = true;
    /** Where each scenario's rows are, for the answer's intervals (read again). */
    private final Map<ScenarioResult, AnswerReader.Source> sources = new java.util.IdentityHashMap<>();

    /** {@code --warmup}: overrides run.json and the default for every scenario; null keeps them. */
    public ReportBuilder warmupMs(Long ms) {
        this.warmupMs = ms;
        return this;
    }

    /** {@code --name old=new}. */
    public ReportBuilder rename(String from, String to) {
        renames.put(from, to);
        return this;
    }

    /** {@code --pair hop=direct}: compare these two whatever their names. */
    public ReportBuilder pair(String hop, String direct) {
        pairs.put(hop, direct);
        return this;
    }

    /** The scenarios' own figures only: a run folder's PerfMon CSVs and GC logs are left unread (stress compare). */
    public ReportBuilder withoutServerFigures() {
        this.serverFigures = false;
        return this;
    }

    public ReportBuilder perfMon(Path file) {
        extraPerfMon.add(file);
        return this;
    }

    public ReportBuilder gc(Path file) {
        extraGc.add(file);
        return this;
    }

    public Report build(List<Path> inputs) {
        if (inputs.isEmpty()) {
            throw new ReportException("give a run folder or JTL files");
        }
        List<String> warnings = new ArrayList<>();
        List<ScenarioResult> scenarios = new ArrayList<>();
        PerfMonData perfMon = new PerfMonData();
        JvmMetrics jvmMetrics = new JvmMetrics();
        List<Path> gcInputs = new ArrayList<>(extraGc);
        List<Path> jtls = new ArrayList<>();
        RunFolder run = null;
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                if (!RunFolder.isRunFolder(input)) {
                    throw new ReportException(input + " is a folder but not a run folder (no run.json, no scenarios/)");
                }
                if (run != null && realPath(run.root()).equals(realPath(input))) {
                    warnings.add(input + " is the run folder " + run.root() + " again: it is read once");
                    continue;
                }
                if (run != null) {
                    throw new ReportException("one run folder at a time: " + run.root() + " and " + input);
                }
                run = RunFolder.read(input);
            } else if (!Files.exists(input)) {
                throw new ReportException(input + " does not exist");
            } else {
                String name = input.getFileName().toString().toLowerCase(Locale.ROOT);
                if (name.endsWith(GcLogFiles.ANALYSIS_SUFFIX) || GcLogSet.baseName(name).endsWith(".log")) {
                    gcInputs.add(input);
                } else if (name.endsWith(GcLogFiles.GCEASY_SUFFIX)) {
                    warnings.add(input + ": GCeasy answers are read next to their log; give the log or its "
                            + "analysis instead");
                } else if (name.contains("perfmon")) {
                    readPerfMon(input, perfMon, jvmMetrics);
                } else {
                    jtls.add(input);
                }
            }
        }
        for (Path file : extraPerfMon) {
            readPerfMon(file, perfMon, jvmMetrics);
        }
        String source;
        if (run != null) {
            source = run.root().toString();
            readRun(run, scenarios, perfMon, jvmMetrics, gcInputs, warnings);
        } else {
            source = jtls.stream().map(Path::toString).collect(Collectors.joining(", "));
        }
        readLooseJtls(jtls, scenarios, perfMon, warnings);
        if (scenarios.isEmpty()) {
            throw new ReportException("no scenario in " + (run != null ? run.root() : inputs) + samplesNeeded(run,
                    perfMon, gcInputs));
        }
        applyRenames(scenarios);
        if (run == null) {
            scenarios.sort((a, b) -> ScenarioName.ORDER.compare(a.name(), b.name()));
        }
        if (run == null && perfMon.files().size() == 1) {
            // loose files with one PerfMon CSV: it is the server's record for every scenario given
            for (ScenarioResult scenario : scenarios) {
                coverage(scenario.name(), perfMon.files().get(0), scenario.startMs(), scenario.endMs(), warnings);
            }
        }
        List<Report.GcLog> gcLogs = readGc(gcInputs, run, warnings);
        attribute(scenarios, perfMon, gcLogs, warnings);
        Report.Jvms jvms = jvms(scenarios, jvmMetrics, run, warnings);
        collectWarnings(scenarios, warnings);
        if (perfMon.malformedRows() > 0) {
            warnings.add("PerfMon files: " + perfMon.malformedRows() + " malformed rows skipped");
        }
        List<HopOverhead> hops = HopOverhead.pairs(scenarios, pairs, warnings);
        ProfileSection profiles = run == null ? ProfileSection.none() : ProfileSection.read(run.root(),
                run.manifest() != null && "true".equals(run.manifest().settings.get("profile")), scenarios, hops,
                warnings);
        Answer answer = serverFigures ? new AnswerReader(sources, run == null ? null : run.manifest())
                .answer(hops, profiles, warnings) : Answer.none();
        return new Report(Instant.now(), source, run == null || run.manifest() == null ? null
                : Json.MAPPER.valueToTree(run.manifest()), scenarios, hops, gcLogs, perfMon, warnings, profiles, jvms,
                answer, null);
    }

    /**
     * The run's JVMs read through the agent: each scenario's figures over its steady state, each service's threads
     * and open files over the whole run, and the run's lines on what it could not read (run.json).
     */
    private Report.Jvms jvms(List<ScenarioResult> scenarios, JvmMetrics data, RunFolder run, List<String> warnings) {
        List<String> notRead = run == null || run.manifest() == null ? List.of()
                : List.copyOf(run.manifest().jvmMetricsNotRead);
        warnings.addAll(notRead);
        if (data.isEmpty()) {
            return new Report.Jvms(List.of(), notRead);
        }
        for (ScenarioResult scenario : scenarios) {
            scenario.jvms(JvmWindow.of(data, scenario.steadyStartMs(), scenario.endMs()));
        }
        List<JvmTrends.Trend> trends = JvmTrends.of(data);
        for (JvmTrends.Trend trend : trends) {
            for (JvmTrends.Figure figure : List.of(trend.threads(), trend.fds())) {
                if (figure.verdict().equals("rising")) {
                    warnings.add("the " + figure.sentence(trend.jvm().service()) + " (a thread dump, or the list of"
                            + " /proc/<pid>/fd, shows what they are)");
                }
            }
        }
        if (data.malformedRows() > 0) {
            warnings.add("JVM metrics (" + RunLayout.JVMS_PERFMON + "): " + data.malformedRows()
                    + " malformed rows skipped");
        }
        return new Report.Jvms(trends, notRead);
    }

    private void readRun(RunFolder run, List<ScenarioResult> scenarios, PerfMonData perfMon, JvmMetrics jvmMetrics,
                         List<Path> gcInputs, List<String> warnings) {
        warnings.addAll(run.warnings());
        if (run.manifest() != null) {
            // what the run said went wrong (a lost load generator, a stopped JMeter) stays beside its figures
            for (io.dubbostress.report.run.RunManifest.ScenarioRecord record : run.manifest().scenarios) {
                if (record.status == io.dubbostress.report.run.ScenarioStatus.FAILED && record.message != null
                        && !record.message.isBlank()) {
                    warnings.add("scenario " + record.name + " failed: " + record.message);
                }
            }
        }
        for (RunFolder.ScenarioPlan plan : run.scenarios()) {
            Path jtl = plan.jtl();
            String relative = run.root().relativize(jtl).toString();
            if (!Files.isRegularFile(jtl)) {
                // a scenario that never ran is a failed scenario of the run, not one to leave out silently
                scenarios.add(unrecorded(plan, relative, notRun(run, plan.name()) ? "the run ended before it"
                        + " (run.json: not run)" : relative + " is missing"));
                continue;
            }
            try {
                ScenarioResult result = JtlPass.wholeFile(jtl, plan.name(), relative, plan.startEpochMs(),
                        plan.endEpochMs(), plan.warmupSeconds(), warmupMs, run.manifest() == null ? List.of()
                                : run.manifest().remoteHosts());
                scenarios.add(result);
                sources.put(result, new AnswerReader.Source(jtl, null));
                headerless(jtl, relative, warnings);
            } catch (ReportException e) {
                // an empty results.jtl (a scenario that failed to start) must not hide the others
                scenarios.add(unrecorded(plan, relative, e.getMessage()));
                continue;
            }
            if (serverFigures) {
                if (readIfThere(plan.perfMon(), perfMon::read, plan, warnings)) {
                    coverage(plan, warnings);
                }
                // a distributed run's load generators, read by stress run (--generator-agents) in the same format
                readIfThere(plan.jtl().resolveSibling(RunLayout.GENERATORS_PERFMON), perfMon::read, plan, warnings);
                // the run's JVMs and the host's context switches, read by stress run from the services' agent
                readIfThere(plan.jtl().resolveSibling(RunLayout.JVMS_PERFMON), jvmMetrics::read, plan, warnings);
            }
        }
        if (serverFigures) {
            gcInputs.addAll(run.gcLogs());
        }
    }

    /**
     * A PerfMon collector file given by name: the run's JVM readings ({@link RunLayout#JVMS_PERFMON}) or server metrics.
     */
    private static void readPerfMon(Path file, PerfMonData perfMon, JvmMetrics jvmMetrics) {
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(RunLayout.JVMS_PERFMON)) {
            jvmMetrics.read(file);
        } else {
            perfMon.read(file);
        }
    }

    /**
     * Reads a scenario's file with {@code reader} when it is there; a file it cannot read is a warning, not the end of
     * the report. Returns whether the file was there.
     */
    private static boolean readIfThere(Path file, java.util.function.Consumer<Path> reader, RunFolder.ScenarioPlan plan,
                                       List<String> warnings) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try {
            reader.accept(file);
        } catch (ReportException e) {
            warnings.add("scenario " + plan.name() + ": " + e.getMessage());
        }
        return true;
    }

    /** Whether run.json says the scenario never started (the run ended before it). */
    private static boolean notRun(RunFolder run, String name) {
        if (run.manifest() == null) {
            return false;
        }
        for (io.dubbostress.report.run.RunManifest.ScenarioRecord record : run.manifest().scenarios) {
            if (record.name.trim().equals(name)) {
                return record.status == io.dubbostress.report.run.ScenarioStatus.NOT_RUN;
            }
        }
        return false;
    }

    /** A run's scenario with no row: failed, with its window from run.json when it has one. */
    private ScenarioResult unrecorded(RunFolder.ScenarioPlan plan, String relative, String why) {
        long start = plan.startEpochMs() == null ? -1 : plan.startEpochMs();
        long end = plan.endEpochMs() == null ? -1 : plan.endEpochMs();
        return ScenarioResult.unrecorded(plan.name(), relative, why, start, end,
                Warmup.of(warmupMs, plan.warmupSeconds(), Math.max(0, end - start)));
    }

    /** Says when a scenario's server metrics do not cover it (the agent died, stalled, or never answered). */
    private static void coverage(RunFolder.ScenarioPlan plan, List<String> warnings) {
        Long start = plan.startEpochMs();
        Long end = plan.endEpochMs();
        if (start != null && end != null) {
            coverage(plan.name(), plan.perfMon(), start, end, warnings);
        }
    }

    private static void coverage(String scenario, Path csv, long startMs, long endMs, List<String> warnings) {
        if (startMs <= 0 || endMs <= startMs) {
            return;
        }
        try {
            String problem = PerfMonCoverage.of(csv).problem(startMs, endMs);
            if (problem != null) {
                warnings.add("scenario " + scenario + ": " + problem);
            }
        } catch (IOException e) {
            warnings.add("scenario " + scenario + ": cannot read " + csv + " (" + e.getMessage() + ")");
        }
    }

    /**
     * What to add to "no scenario in ..." when only server metrics or GC logs were given: a report is of the samples,
     * with these beside them.
     */
    private static String samplesNeeded(RunFolder run, PerfMonData perfMon, List<Path> gcInputs) {
        if (run != null || perfMon.files().isEmpty() && gcInputs.isEmpty()) {
            return "";
        }
        List<String> given = new ArrayList<>();
        perfMon.files().forEach(f -> given.add(f + " (PerfMon server metrics)"));
        gcInputs.forEach(f -> given.add(f + " (a GC log)"));
        return ": " + String.join(", ", given) + (given.size() == 1 ? " is" : " are") + " read beside the samples of a "
                + "JTL, not instead of them: give the JTL too (stress report results.jtl perfmon.csv), or the run "
                + "folder" + (perfMon.files().isEmpty() ? "; a GC log alone: stress gc <log>" : "");
    }

    private void readLooseJtls(List<Path> jtls, List<ScenarioResult> scenarios, PerfMonData perfMon,
                               List<String> warnings) {
        Map<String, String> taken = new LinkedHashMap<>();
        scenarios.forEach(s -> taken.put(s.name(), String.join(", ", s.sources())));
        Map<Path, Path> read = new LinkedHashMap<>();
        for (Path jtl : jtls) {
            Path same = read.putIfAbsent(realPath(jtl), jtl);
            if (same != null) {
                // the same samples twice would be two scenarios paired with each other or with a third, silently
                warnings.add(jtl + (jtl.equals(same) ? " was given twice" : " is the same file as " + same)
                        + ": it is read once");
                continue;
            }
            List<ScenarioResult> fromFile = JtlPass.perLabel(jtl, jtl.toString(), warmupMs);
            if (!fromFile.isEmpty() && fromFile.stream().allMatch(r -> !r.stats().labels().isEmpty()
                    && r.stats().labels().stream().allMatch(PerfMonLabel::isMetric))) {
                // every label a PerfMon metric ("localhost CPU"): the collector's CSV under another name
                perfMon.read(jtl);
                warnings.add(jtl + " is a PerfMon CSV (its labels are PerfMon metrics: " + fromFile.stream()
                        .map(ScenarioResult::name).collect(Collectors.joining(", ")) + "): read as server metrics, "
                        + "not as samples (a name with 'perfmon' in it says so)");
                continue;
            }
            headerless(jtl, jtl.toString(), warnings);
            if (fromFile.size() == 1) {
                fromFile.get(0).rename(singleScenarioName(jtl, fromFile.get(0).name()));
            }
            for (ScenarioResult result : fromFile) {
                sources.put(result, new AnswerReader.Source(jtl, fromFile.size() == 1 ? null
                        : result.stats().labels().get(0)));
                String name = result.name();
                String first = taken.get(name);
                if (first != null) {
                    String renamed = name + " (" + shortPath(jtl) + ")";
                    for (int n = 2; taken.containsKey(renamed); n++) {
                        renamed = name + " (" + shortPath(jtl) + " #" + n + ")";
                    }
                    result.rename(renamed);
                    warnings.add("two inputs give the scenario " + name + ": " + first + " and "
                            + String.join(", ", result.sources()) + "; the second is reported as '" + renamed
                            + "', and only the first is paired by the name rule (--name and --pair choose otherwise)");
                }
                taken.put(result.name(), String.join(", ", result.sources()));
                scenarios.add(result);
            }
        }
    }

    /** The file itself (links resolved), to tell two names of one file apart from two files. */
    private static Path realPath(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            return file.toAbsolutePath().normalize();
        }
    }

    /** {@code folder/file.jtl}: enough to tell two results.jtl apart. */
    private static String shortPath(Path jtl) {
        Path parent = jtl.toAbsolutePath().normalize().getParent();
        return parent == null || parent.getFileName() == null ? jtl.getFileName().toString()
                : parent.getFileName() + "/" + jtl.getFileName();
    }

    /**
     * A file with one label is one scenario, named by the first of its label, its file name (without .jtl/.csv) and
     * its folder's name that follows the {@code <kind>-<payload>} rule; the label when none does.
     */
    public static String singleScenarioName(Path jtl, String label) {
        String base = jtl.getFileName().toString().replaceFirst("(?i)(\\.jtl|\\.csv)?(\\.gz)?$", "");
        Path parent = jtl.toAbsolutePath().getParent();
        String folder = parent == null || parent.getFileName() == null ? "" : parent.getFileName().toString();
        for (String candidate : new String[] {label, base, folder}) {
            if (ScenarioName.followsRule(candidate)) {
                return candidate;
            }
        }
        return label;
    }

    private void applyRenames(List<ScenarioResult> scenarios) {
        Set<String> names = scenarios.stream().map(ScenarioResult::name).collect(Collectors.toSet());
        for (Map.Entry<String, String> rename : renames.entrySet()) {
            if (!names.contains(rename.getKey())) {
                throw new ReportException("--name " + rename.getKey() + "=" + rename.getValue() + ": there is no scenario "
                        + rename.getKey() + " (scenarios: " + String.join(", ", names) + ")");
            }
        }
        for (ScenarioResult scenario : scenarios) {
            String to = renames.get(scenario.name());
            if (to != null) {
                scenario.rename(to);
            }
        }
        Set<String> renamed = scenarios.stream().map(ScenarioResult::name).collect(Collectors.toSet());
        for (Map.Entry<String, String> pair : pairs.entrySet()) {
            for (String side : new String[] {pair.getKey(), pair.getValue()}) {
                if (!renamed.contains(side)) {
                    throw new ReportException("--pair " + pair.getKey() + "=" + pair.getValue() + ": there is no scenario "
                            + side + " (scenarios: " + String.join(", ", renamed) + ")");
                }
            }
        }
    }

    private List<Report.GcLog> readGc(List<Path> inputs, RunFolder run, List<String> warnings) {
        GcAnalysisStore store = new GcAnalysisStore(new GcLogAnalyzer());
        List<Report.GcLog> logs = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (Path input : inputs) {
            String name = input.getFileName().toString();
            Path log = name.endsWith(GcLogFiles.ANALYSIS_SUFFIX)
                    ? input.resolveSibling(name.substring(0, name.length() - GcLogFiles.ANALYSIS_SUFFIX.length())
                    + ".log")
                    : input;
            // a piece stands for its whole rotated set: given twice (gc.log and gc.log.0), it is one log
            GcLogSet set = GcLogSet.withPieces(log);
            log = GcAnalysisStore.companion(set);
            if (!seen.add(log.toAbsolutePath().normalize())) {
                continue;
            }
            String shown = run != null && log.toAbsolutePath().startsWith(run.root().toAbsolutePath())
                    ? run.root().toAbsolutePath().relativize(log.toAbsolutePath()).toString() : log.toString();
            try {
                GcAnalysis analysis = name.endsWith(GcLogFiles.ANALYSIS_SUFFIX) && set.files().stream()
                        .noneMatch(Files::exists) ? readAnalysis(input) : store.loadOrAnalyze(set);
                GcEasyAnswer gcEasy = store.loadGcEasy(log);
                logs.add(new Report.GcLog(shown, analysis, gcEasy));
                for (String warning : analysis.warnings()) {
                    warnings.add(shown + ": GC figures not sure: " + warning);
                }
                // what the GC row is of: the log's last JVM run (a restart), each copy of a piece once
                analysis.notes().stream().filter(n -> n.contains(" JVM runs (") || n.contains(" left out: "))
                        .forEach(n -> warnings.add(shown + ": " + n));
                HeapTrend trend = HeapTrend.of(analysis.events());
                if (trend.verdict() == HeapTrend.Verdict.RISING) {
                    warnings.add(shown + ": " + trend.sentence());
                }
            } catch (ReportException | GcException e) {
                warnings.add(e.getMessage() + "; left out of the report");
            }
        }
        return logs;
    }

    private static GcAnalysis readAnalysis(Path file) {
        try {
            return GcAnalysisJson.read(file);
        } catch (IOException | IllegalArgumentException e) {
            throw new ReportException(file + " is not a GC analysis written by stress gc: " + e.getMessage());
        }
    }

    private static void attribute(List<ScenarioResult> scenarios, PerfMonData perfMon, List<Report.GcLog> gcLogs,
                                  List<String> warnings) {
        for (ScenarioResult scenario : scenarios) {
            long from = scenario.steadyStartMs();
            long to = scenario.endMs();
            if (!perfMon.isEmpty()) {
                List<ServerMetrics> server = ServerMetrics.of(perfMon, from, to);
                scenario.server(server);
                if (server.isEmpty()) {
                    warnings.add("scenario " + scenario.name() + ": no PerfMon point in its steady state");
                }
                for (ServerMetrics host : server) {
                    PerfMonSeries.WindowStats cpu = host.get(PerfMonLabel.Kind.CPU_PERCENT);
                    if (cpu != null && cpu.avg > SATURATED_CPU_PERCENT) {
                        warnings.add(String.format(java.util.Locale.ROOT, "%s: %s's CPU averaged %.0f %% over the"
                                + " steady state: the machine was saturated, so these figures measure the box more"
                                + " than Dubbo (a load generator on the same machine competes with the services;"
                                + " docs/RUN.md, 'One machine')", scenario.name(), host.host(), cpu.avg));
                    }
                }
            }
            Map<String, Integer> services = new LinkedHashMap<>();
            for (Report.GcLog log : gcLogs) {
                PauseStats window = log.analysis().window(from, to);
                if (window != null) {
                    String service = log.analysis().service();
                    int n = services.merge(service, 1, Integer::sum);
                    scenario.gc(n == 1 ? service : service + "#" + n, window);
                }
            }
        }
        for (Report.GcLog log : gcLogs) {
            if (!log.analysis().hasWallClock() && !log.analysis().events().isEmpty()) {
                warnings.add(log.file() + ": no wall-clock times (unified logging decorator 'time', or "
                        + "-XX:+PrintGCDateStamps), so its pauses are not attributed to scenarios");
            }
        }
    }

    /**
     * A JTL written without its header row (print_field_names=false) cannot name the sample variables after JMeter's
     * columns: our elapsed_us among them is then not used (latencies in ms), which is said rather than done silently.
     */
    private static void headerless(Path jtl, String name, List<String> warnings) {
        try (JtlReader reader = JtlReader.open(jtl)) {
            JtlColumns columns = reader.columns();
            int extra = columns.count() - io.dubbostress.report.jtl.JtlColumn.JMETER_DEFAULT_HEADER.length;
            if (!columns.fromHeaderRow() && extra > 0) {
                warnings.add(name + " has no header row: its " + extra + " column(s) after JMeter's default ones are"
                        + " not named, so elapsed_us (if one of them) is not used and latencies are in ms; write"
                        + " JTLs with jmeter.save.saveservice.print_field_names=true (stress run does)");
            }
        }
    }

    private static void collectWarnings(List<ScenarioResult> scenarios, List<String> warnings) {
        for (ScenarioResult scenario : scenarios) {
            ScenarioStats stats = scenario.stats();
            ScenarioOutcome outcome = scenario.outcome();
            if (outcome.failed()) {
                warnings.add("scenario " + scenario.name() + " failed: " + outcome.reason());
            }
            String warmupFailures = ScenarioOutcome.warmupNote(stats, scenario.warmup());
            if (warmupFailures != null) {
                warnings.add(scenario.name() + ": " + warmupFailures);
            }
            PacedFailures paced = stats.pacedFailures();
            if (paced.count() > 0) {
                warnings.add(String.format(Locale.ROOT, "%s: %,d failed sample(s) never reached a provider (%s): the"
                        + " Dubbo Sampler pauses the thread after each (dubbo.sampler.failure_pause_ms, 100 ms by"
                        + " default), so their number says how long the threads waited, not how often a provider"
                        + " failed", scenario.name(), paced.count(), paced.byCode().entrySet().stream()
                        .map(e -> e.getKey() + " " + String.format(Locale.ROOT, "%,d", e.getValue()))
                        .collect(Collectors.joining(", "))));
            }
            if (stats.unpacedSamples() > 0) {
                warnings.add(String.format(Locale.ROOT, "%s: mixed paced and unpaced rows: %,d of its %,d steady"
                        + " samples carry no due time (a sampler outside the Target Rate Schedule's scope, or a second"
                        + " thread group); the target-rate figures (target, achieved, from due) cover the %,d paced"
                        + " samples only", scenario.name(), stats.unpacedSamples(), stats.samples(),
                        stats.fromDue().samples()));
            }
            if (stats.measured() && Percentiles.isMaximum(99.9, stats.samples())) {
                warnings.add(String.format(Locale.ROOT, "%s: %,d steady samples: its %s their maximum (a"
                        + " percentile p needs at least 100 / (100 - p) samples: p99 100, p99.9 1,000)",
                        scenario.name(), stats.samples(), Percentiles.isMaximum(99, stats.samples())
                        ? "p99 and p99.9 are" : "p99.9 is"));
            }
            if (scenario.malformedRows() > 0) {
                warnings.add(scenario.name() + ": " + scenario.malformedRows() + " malformed rows skipped ("
                        + String.join("; ", scenario.malformedExamples()) + ")");
            }
            if ("mixed".equals(stats.resolution())) {
                warnings.add(scenario.name() + ": " + stats.samplesWithoutMicros() + " samples had no elapsed_us value;"
                        + " they count as their elapsed (ms) x 1000");
            }
            if (stats.clamped() > 0) {
                warnings.add(scenario.name() + ": " + stats.clamped() + " samples longer than one hour counted as one "
                        + "hour");
            }
            StartupLag.Finding lag = stats.fromDue() == null ? null
                    : stats.fromDue().startupLag(scenario.warmup().ms());
            if (lag != null) {
                warnings.add(lag.text(scenario.name()));
            }
        }
    }
}
