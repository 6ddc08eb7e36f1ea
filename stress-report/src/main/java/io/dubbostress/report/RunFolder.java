package io.dubbostress.report;

import io.dubbostress.report.UserError;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

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
 * run.json is optional: without it every {@code scenarios/*} folder with a {@code results.jtl} is a scenario, timed
 * by its own samples. A scenario's {@code jtl} and {@code perfmonCsv} fields, when present, name its files; a start
 * or end of 0 (a scenario that never ran) counts as unknown.
 */
public final class RunFolder {

    static final String RUN_JSON = "run.json";
    static final String SCENARIOS = "scenarios";
    static final String RESULTS = "results.jtl";
    static final String PERFMON = "perfmon.csv";
    static final String GC = "gc";

    private final Path root;
    private final JsonNode runJson;
    private final List<ScenarioPlan> scenarios;

    private RunFolder(Path root, JsonNode runJson, List<ScenarioPlan> scenarios) {
        this.root = root;
        this.runJson = runJson;
        this.scenarios = scenarios;
    }

    /** Whether {@code dir} looks like a run folder (has run.json or a scenarios folder). */
    public static boolean isRunFolder(Path dir) {
        return Files.isDirectory(dir)
                && (Files.isRegularFile(dir.resolve(RUN_JSON)) || Files.isDirectory(dir.resolve(SCENARIOS)));
    }

    public static RunFolder read(Path root) {
        JsonNode runJson = null;
        Path runFile = root.resolve(RUN_JSON);
        if (Files.isRegularFile(runFile)) {
            try {
                runJson = new ObjectMapper().readTree(runFile.toFile());
            } catch (IOException e) {
                throw new UserError(runFile + " is not valid JSON: " + e.getMessage());
            }
        }
        Map<String, ScenarioPlan> plans = new LinkedHashMap<>();
        if (runJson != null) {
            int index = 0;
            for (JsonNode scenario : runJson.path("scenarios")) {
                String name = scenario.path("name").asText("").trim();
                if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.startsWith(".")) {
                    throw new UserError(runFile + ": scenarios[" + index + "].name '" + name
                            + "' is not a scenario folder name");
                }
                Path folder = root.resolve(SCENARIOS).resolve(name);
                plans.put(name, new ScenarioPlan(name, file(root, scenario, "jtl", folder.resolve(RESULTS)),
                        file(root, scenario, "perfmonCsv", folder.resolve(PERFMON)),
                        optionalLong(scenario, "startEpochMs", runFile, index),
                        optionalLong(scenario, "endEpochMs", runFile, index),
                        optionalSeconds(scenario, runFile, index)));
                index++;
            }
        }
        Path scenariosDir = root.resolve(SCENARIOS);
        if (Files.isDirectory(scenariosDir)) {
            List<Path> folders;
            try (Stream<Path> list = Files.list(scenariosDir)) {
                folders = list.filter(Files::isDirectory).collect(Collectors.toList());
            } catch (IOException e) {
                throw new UserError(scenariosDir + " cannot be listed: " + e.getMessage());
            }
            folders.stream()
                    .map(f -> f.getFileName().toString())
                    .filter(name -> !plans.containsKey(name))
                    .sorted(ScenarioName.ORDER)
                    .forEach(name -> plans.put(name, new ScenarioPlan(name,
                            scenariosDir.resolve(name).resolve(RESULTS), scenariosDir.resolve(name).resolve(PERFMON),
                            null, null, null)));
        }
        return new RunFolder(root, runJson, new ArrayList<>(plans.values()));
    }

    /** A file run.json names (relative to the run folder), or the conventional place when it names none. */
    private static Path file(Path root, JsonNode scenario, String field, Path conventional) {
        String named = scenario.path(field).asText("").trim();
        return named.isEmpty() ? conventional : root.resolve(named).normalize();
    }

    /** Epoch ms, or null when absent or 0 (stress run writes 0 for a scenario that did not get that far). */
    private static Long optionalLong(JsonNode scenario, String field, Path runFile, int index) {
        JsonNode value = scenario.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.canConvertToLong() || value.asLong() < 0) {
            throw new UserError(runFile + ": scenarios[" + index + "]." + field + " '" + value.asText()
                    + "' is not epoch milliseconds");
        }
        return value.asLong() == 0 ? null : value.asLong();
    }

    private static Double optionalSeconds(JsonNode scenario, Path runFile, int index) {
        JsonNode value = scenario.get("warmupSeconds");
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isNumber() || value.asDouble() < 0) {
            throw new UserError(runFile + ": scenarios[" + index + "].warmupSeconds '" + value.asText()
                    + "' is not a number of seconds >= 0");
        }
        return value.asDouble();
    }

    public Path root() {
        return root;
    }

    /** run.json as read, or null when the folder has none. */
    public JsonNode runJson() {
        return runJson;
    }

    public List<ScenarioPlan> scenarios() {
        return Collections.unmodifiableList(scenarios);
    }

    /** GC logs in {@code gc/}: every {@code *.log} file (rotated {@code .log.N} files are not read). */
    public List<Path> gcLogs() {
        Path dir = root.resolve(GC);
        if (!Files.isDirectory(dir)) {
            return Collections.emptyList();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.getFileName().toString().endsWith(".log") && Files.isRegularFile(p))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UserError(dir + " cannot be listed: " + e.getMessage());
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
