package io.dubbostress.report.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import io.dubbostress.report.Json;
import io.dubbostress.report.write.ReportFiles;
import io.dubbostress.report.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * run.json: everything needed to understand and repeat a run -- every setting, the versions, the host, the services,
 * and per scenario its time window and outcome. {@code stress run} rewrites it (atomically) after every step, so a run
 * cut short still leaves a valid file; {@code stress report} reads it. Field names are stable (docs/RUN.md). This
 * class is the file's only reader and writer:
 *
 * <pre>
 * RunManifest run = RunManifest.read(layout.runJson());     // a clear ReportException naming the field when it is wrong
 * run.scenario("direct-1k").status = ScenarioStatus.COMPLETED;
 * run.write(layout.runJson());
 * </pre>
 */
@JsonPropertyOrder({"schema", "tool", "status", "startedAt", "endedAt", "settings", "versions", "host", "services",
    "scenarios"})
@JsonIgnoreProperties(ignoreUnknown = true)
public final class RunManifest {

    /**
     * The value of {@code schema}. 2: {@code settings} holds data only (an empty text where the run started the service
     * itself or there is none: {@code "remote": ""}, {@code "registry": ""}; {@code slo} and {@code searchTrials} apart).
     * A run.json without {@code schema} is of version 1, whose settings said so in words ({@code "none (local JMeter)"},
     * {@code "started by the run"}); {@link #remoteHosts()} reads both.
     */
    public static final String SCHEMA = "dubbo-stress/run/2";

    /** null when the file has none (version 1). */
    public String schema = SCHEMA;
    public String tool = "dubbo-stress";
    public RunStatus status = RunStatus.RUNNING;
    public String startedAt = Instant.now().toString();
    public String endedAt = "";
    public Map<String, String> settings = new LinkedHashMap<>();
    public Map<String, String> versions = new LinkedHashMap<>();
    public Map<String, String> host = new LinkedHashMap<>();
    public List<ServiceRecord> services = new ArrayList<>();
    public List<ScenarioRecord> scenarios = new ArrayList<>();
    /**
     * What the run did not read through the PerfMon agent, a line each: a service given by address (its process is
     * not the run's to know), an agent on another host (the local JVMs' process ids mean nothing there).
     */
    public List<String> jvmMetricsNotRead = new ArrayList<>();

    /** One scenario's record. */
    @JsonPropertyOrder({"name", "scenario", "trial", "plan", "payloadBytes", "status", "startEpochMs", "endEpochMs",
        "warmupSeconds", "samples", "errors", "jmeterExitCode", "jmeterPid", "jtl", "perfmonCsv", "message"})
    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class ScenarioRecord {
        public String name = "";
        /** A --repeat run's trial: the scenario it is a trial of ({@code direct-1k}); absent otherwise. */
        @JsonInclude(JsonInclude.Include.NON_NULL)
        public String scenario;
        /** A --repeat run's trial: its number, from 1 ({@link RunLayout#trialName}); absent otherwise. */
        @JsonInclude(JsonInclude.Include.NON_NULL)
        public Integer trial;
        public String plan = "";
        public int payloadBytes;
        public ScenarioStatus status = ScenarioStatus.PENDING;
        /** epoch ms; 0 while unknown (a scenario that did not get that far) */
        public long startEpochMs;
        public long endEpochMs;
        /** null when run.json does not say (the report then applies its default) */
        public Double warmupSeconds;
        public long samples;
        public long errors;
        public int jmeterExitCode = -1;
        public long jmeterPid = -1;
        /** relative to the run folder */
        public String jtl = "";
        public String perfmonCsv = "";
        public String message = "";

        public ScenarioRecord() {
        }

        public ScenarioRecord(String name, String plan, int payloadBytes, double warmupSeconds) {
            this.name = name;
            this.plan = plan;
            this.payloadBytes = payloadBytes;
            this.warmupSeconds = warmupSeconds;
            this.jtl = RunLayout.relativeJtl(name);
            this.perfmonCsv = RunLayout.relativePerfMonCsv(name);
        }

        /** Trial {@code trial} of {@code scenario} in a --repeat run: named and filed by {@link RunLayout#trialName}. */
        public static ScenarioRecord trial(String scenario, int trial, String plan, int payloadBytes,
                                           double warmupSeconds) {
            ScenarioRecord record = new ScenarioRecord(RunLayout.trialName(scenario, trial), plan, payloadBytes,
                    warmupSeconds);
            record.scenario = scenario;
            record.trial = trial;
            return record;
        }

        /** Adds a reason to {@link #message} ("; " between reasons). */
        public void addMessage(String reason) {
            message = message.isEmpty() ? reason : message + "; " + reason;
        }
    }

    /** One service's record. */
    @JsonPropertyOrder({"name", "address", "startedByRun", "pid", "jvmArgs", "gcLog", "log", "status"})
    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class ServiceRecord {
        public String name = "";
        public String address = "";
        public boolean startedByRun;
        public long pid = -1;
        public String jvmArgs = "";
        public String gcLog = "";
        public String log = "";
        @JsonIgnore
        public ServiceState state = ServiceState.NONE;
        /** what happened on the way, e.g. "started again: it exited with code 137 during direct-1k" */
        @JsonIgnore
        public String note = "";

        public ServiceRecord() {
        }

        public ServiceRecord(String name) {
            this.name = name;
        }

        /** "running", "external", "stopped by the run (started again: ...)", "exited with code 1 during ...". */
        @JsonProperty("status")
        public String status() {
            if (note.isEmpty()) {
                return state.text();
            }
            return state == ServiceState.EXITED ? state.text() + " " + note : state.text() + " (" + note + ")";
        }
    }

    /**
     * The load generators of a distributed run ({@code settings.remote}, {@code host} or {@code host:port}); empty for
     * a local run. Version 1 wrote {@code "none (local JMeter)"} there.
     */
    public List<String> remoteHosts() {
        String remote = settings.get("remote");
        if (remote == null || remote.isBlank() || (schema == null && remote.startsWith("none"))) {
            return List.of();
        }
        List<String> hosts = new ArrayList<>();
        for (String part : remote.split(",")) {
            if (!part.isBlank()) {
                hosts.add(part.trim());
            }
        }
        return hosts;
    }

    /** The service's record, added when there is none yet. */
    public ServiceRecord service(String name) {
        for (ServiceRecord s : services) {
            if (s.name.equals(name)) {
                return s;
            }
        }
        ServiceRecord record = new ServiceRecord(name);
        services.add(record);
        return record;
    }

    /** Writes run.json through a temporary file and a rename: a reader never sees half of it. */
    public void write(Path file) throws IOException {
        ReportFiles.writeAtomically(file, Json.MAPPER.writeValueAsString(this) + "\n");
    }

    /**
     * Reads a run.json: a {@link ReportException} naming the file and the field when it is not valid JSON, when a
     * scenario's name cannot be a folder name, when a time is not epoch milliseconds or a warm-up not seconds.
     * Fields it does not know are ignored (a newer version's); a status it does not know reads as unknown.
     */
    public static RunManifest read(Path file) {
        JsonNode tree;
        try {
            tree = Json.MAPPER.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new Unreadable(file, "is not valid JSON (" + jsonProblem(e) + ")");
        } catch (IOException e) {
            throw new Unreadable(file, "cannot be read (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        if (tree == null || tree.isMissingNode()) {
            throw new Unreadable(file, "is empty");
        }
        if (!tree.isObject()) {
            throw new Unreadable(file, "is not a run.json (not a JSON object)");
        }
        int index = 0;
        for (JsonNode scenario : tree.path("scenarios")) {
            String where = file + ": scenarios[" + index++ + "].";
            String name = scenario.path("name").asText("").trim();
            if (!ScenarioName.isFolderName(name)) {
                throw new ReportException(where + "name '" + name + "' is not a scenario folder name");
            }
            for (String field : new String[] {"startEpochMs", "endEpochMs"}) {
                JsonNode value = scenario.get(field);
                if (value != null && !value.isNull() && (!value.canConvertToLong() || value.asLong() < 0)) {
                    throw new ReportException(where + field + " '" + value.asText() + "' is not epoch milliseconds");
                }
            }
            JsonNode warmup = scenario.get("warmupSeconds");
            if (warmup != null && !warmup.isNull() && (!warmup.isNumber() || warmup.asDouble() < 0)) {
                throw new ReportException(where + "warmupSeconds '" + warmup.asText() + "' is not a number of seconds >= 0");
            }
        }
        try {
            RunManifest manifest = Json.MAPPER.treeToValue(tree, RunManifest.class);
            JsonNode schema = tree.get("schema");
            manifest.schema = schema == null || schema.isNull() ? null : schema.asText();
            return manifest;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ReportException(file + ": " + e.getOriginalMessage());
        }
    }

    /**
     * run.json as a whole cannot be read: not JSON (cut off by a crash, a full disk), empty, unreadable. The report
     * goes on from the JTLs alone with a warning; a run.json that is JSON with a wrong field is a plain
     * {@link ReportException} naming the field.
     */
    public static final class Unreadable extends ReportException {
        private static final long serialVersionUID = 1L;

        Unreadable(Path file, String why) {
            super(file + " " + why);
        }
    }

    /** Jackson's complaint in one line: its own words without the quoted source, and where. */
    private static String jsonProblem(com.fasterxml.jackson.core.JsonProcessingException e) {
        String what = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
        int marker = what.indexOf(" (start marker at");
        if (marker > 0) {
            what = what.substring(0, marker);
        }
        com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
        return what + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr());
    }

    /** Whether {@code file} exists; {@link #read} it if so. */
    public static boolean exists(Path file) {
        return Files.isRegularFile(file);
    }
}
