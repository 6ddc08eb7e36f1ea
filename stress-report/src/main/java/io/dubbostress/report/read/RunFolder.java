package io.dubbostress.report.read;

import io.dubbostress.report.run.ScenarioName;
import io.dubbostress.report.ReportException;

import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A run folder as {@code stress run} writes it:
 * <pre>
 * run.json                             settings, versions, host, "scenarios": [{name, startEpochMs, endEpochMs,
 *                                      warmupSeconds}, ...]
 * scenarios/&lt;name&gt;/results.jtl        the scenario's JTL
 * scenarios/&lt;name&gt;/perfmon.csv        PerfMon collector CSV (may be missing)
 * gc/&lt;service&gt;-gc.log                 GC logs spanning the run, with &lt;base&gt;.analysis.json / .gceasy.json
 * </pre>
 * run.json is optional: without it (or when it cannot be read: {@link #warnings()} says so) every {@code scenarios/*}
 * folder is a scenario, timed by its own samples. A scenario's {@code jtl} and {@code perfmonCsv} fields, when present, name its files; a start
 * or end of 0 (a scenario that never ran) counts as unknown.
 */
public final class RunFolder {

    private final Path root;
    private final RunManifest manifest;
    private final List<ScenarioPlan> scenarios;
    private final List<String> warnings;

    private RunFolder(Path root, RunManifest manifest, List<ScenarioPlan> scenarios, List<String> warnings) {
        this.root = root;
        this.manifest = manifest;
        this.scenarios = scenarios;
        this.warnings = warnings;
    }

    /** Whether {@code dir} looks like a run folder (has run.json or a scenarios folder). */
    public static boolean isRunFolder(Path dir) {
        return Files.isDirectory(dir)
                && (Files.isRegularFile(dir.resolve(RunLayout.RUN_JSON)) || Files.isDirectory(dir.resolve(RunLayout.SCENARIOS)));
    }

    public static RunFolder read(Path root) {
        RunLayout layout = new RunLayout(root);
        List<String> warnings = new ArrayList<>();
        RunManifest manifest = null;
        if (RunManifest.exists(layout.runJson())) {
            try {
                manifest = RunManifest.read(layout.runJson());
            } catch (RunManifest.Unreadable e) {
                // run.json is optional: a cut or unreadable one costs its settings and timing, not the report
                warnings.add(e.getMessage() + ": the report is made from the JTLs in " + RunLayout.SCENARIOS
                        + "/ alone, each scenario timed by its own samples");
            }
        }
        if (manifest != null && manifest.status == io.dubbostress.report.run.RunStatus.RUNNING) {
            warnings.add(layout.runJson() + " says the run is still running: it is in progress, or was killed before"
                    + " it could close run.json; the last scenario's figures may be partial");
        }
        Map<String, ScenarioPlan> plans = new LinkedHashMap<>();
        if (manifest != null) {
            for (RunManifest.ScenarioRecord scenario : manifest.scenarios) {
                String name = scenario.name.trim();
                plans.put(name, new ScenarioPlan(name, file(root, scenario.jtl, layout.jtl(name)),
                        file(root, scenario.perfmonCsv, layout.perfMonCsv(name)),
                        scenario.startEpochMs == 0 ? null : scenario.startEpochMs,
                        scenario.endEpochMs == 0 ? null : scenario.endEpochMs, scenario.warmupSeconds));
            }
        }
        Path scenariosDir = layout.scenariosDir();
        if (Files.isDirectory(scenariosDir)) {
            List<Path> folders;
            try (Stream<Path> list = Files.list(scenariosDir)) {
                folders = list.filter(Files::isDirectory).collect(Collectors.toList());
            } catch (IOException e) {
                throw new ReportException(scenariosDir + " cannot be listed: " + e.getMessage());
            }
            folders.stream()
                    .map(f -> f.getFileName().toString())
                    .filter(name -> !plans.containsKey(name))
                    .sorted(ScenarioName.ORDER)
                    .forEach(name -> plans.put(name, new ScenarioPlan(name, layout.jtl(name), layout.perfMonCsv(name),
                            null, null, null)));
        }
        return new RunFolder(root, manifest, new ArrayList<>(plans.values()), warnings);
    }

    /** A file run.json names (relative to the run folder), or the conventional place when it names none. */
    private static Path file(Path root, String named, Path conventional) {
        return named == null || named.trim().isEmpty() ? conventional : root.resolve(named.trim()).normalize();
    }

    public Path root() {
        return root;
    }

    /** run.json as read, or null when the folder has none. */
    public RunManifest manifest() {
        return manifest;
    }

    /** What the reader should know about the folder itself: an unreadable run.json, a run that did not end. */
    public List<String> warnings() {
        return Collections.unmodifiableList(warnings);
    }

    public List<ScenarioPlan> scenarios() {
        return Collections.unmodifiableList(scenarios);
    }

    /**
     * GC logs in {@code gc/}: one {@code <name>.log} per log, whether it is one file or a rotated set (the report reads
     * every piece of it: {@code .log.N}, {@code .log.N.current}, {@code .gz}).
     */
    public List<Path> gcLogs() {
        Path dir = new RunLayout(root).gcDir();
        if (!Files.isDirectory(dir)) {
            return Collections.emptyList();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isRegularFile)
                    .map(p -> io.dubbostress.gc.GcLogSet.baseName(p.getFileName().toString()))
                    .filter(name -> name.endsWith(".log"))
                    .distinct()
                    .sorted()
                    .map(dir::resolve)
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new ReportException(dir + " cannot be listed: " + e.getMessage());
        }
    }

    /** One scenario of a run: its folder and what run.json says about its timing (null when it says nothing). */
    public static final class ScenarioPlan {
        private final String name;
        private final Path jtl;
        private final Path perfMon;
        private final Long startEpochMs;
        private final Long endEpochMs;
        private final Double warmupSeconds;

        ScenarioPlan(String name, Path jtl, Path perfMon, Long startEpochMs, Long endEpochMs, Double warmupSeconds) {
            this.name = name;
            this.jtl = jtl;
            this.perfMon = perfMon;
            this.startEpochMs = startEpochMs;
            this.endEpochMs = endEpochMs;
            this.warmupSeconds = warmupSeconds;
        }

        public String name() {
            return name;
        }

        public Path jtl() {
            return jtl;
        }

        public Path perfMon() {
            return perfMon;
        }

        public Long startEpochMs() {
            return startEpochMs;
        }

        public Long endEpochMs() {
            return endEpochMs;
        }

        public Double warmupSeconds() {
            return warmupSeconds;
        }
    }
}
