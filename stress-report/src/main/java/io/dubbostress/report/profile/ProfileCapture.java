package io.dubbostress.report.profile;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.dubbostress.report.Json;
import io.dubbostress.report.write.ReportFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code scenarios/<name>/profiles/capture.json}: what {@code stress run --profile} did to profile one scenario's JVMs
 * over its steady window: the profiler and its options, and per JVM the file, when its recording started and stopped,
 * its CPU time, threads and open files at both ends (from {@code /proc/<pid>}), and, when there is no profile, why.
 * {@code stress run} writes it (through a temporary file and a rename) when the window closes; {@code stress report}
 * reads it. This class is the file's only reader and writer.
 *
 * <pre>
 * ProfileCapture capture = ProfileCapture.read(layout.profileCapture("hop-1k"));
 * capture.services.get(0).status;      // "recorded", or "missing" with a reason
 * </pre>
 */
@JsonPropertyOrder({"schema", "scenario", "profiler", "options", "plannedFromEpochMs", "plannedToEpochMs",
    "hostStartedEpochMs", "hostStoppedEpochMs", "hostContextSwitchesAtStart", "hostContextSwitchesAtStop", "services"})
@JsonIgnoreProperties(ignoreUnknown = true)
public final class ProfileCapture {

    public static final String SCHEMA = "dubbo-stress/profile-capture/1";
    public static final String RECORDED = "recorded";
    public static final String MISSING = "missing";

    public String schema = SCHEMA;
    public String scenario = "";
    /** {@code async-profiler 4.1}, {@code JDK Flight Recorder}. */
    public String profiler = "";
    /** What the profiler was asked for, e.g. {@code event=cpu,interval=10ms,alloc=512k,lock=10ms}. */
    public String options = "";
    /** The steady window the run meant to profile: the test's start plus the warm-up, to its planned end. */
    public long plannedFromEpochMs;
    public long plannedToEpochMs;
    /** The machine's context switches since boot ({@code /proc/stat} ctxt) at the recordings' start and stop. */
    public long hostStartedEpochMs;
    public long hostStoppedEpochMs;
    public Long hostContextSwitchesAtStart;
    public Long hostContextSwitchesAtStop;
    public List<Target> services = new ArrayList<>();

    /** One profiled JVM. */
    @JsonPropertyOrder({"service", "pid", "file", "status", "reason", "startedEpochMs", "stoppedEpochMs",
        "cpuMillisAtStart", "cpuMillisAtStop", "threadsAtStart", "threadsAtStop", "fdsAtStart", "fdsAtStop",
        "contextSwitchesAtStart", "contextSwitchesAtStop", "fileBytes"})
    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class Target {
        /** {@code provider}, {@code consumer}, {@code jmeter}. */
        public String service = "";
        public long pid = -1;
        /** The profile, relative to the capture's folder. */
        public String file = "";
        public String status = MISSING;
        /** Why there is no profile (or what is wrong with it); empty when all went well. */
        public String reason = "";
        /** When the recording started and stopped, epoch ms; 0 when it did not. */
        public long startedEpochMs;
        public long stoppedEpochMs;
        /** The process's CPU time (user + system) at the start and the stop, ms; null when unknown. */
        public Long cpuMillisAtStart;
        public Long cpuMillisAtStop;
        public Integer threadsAtStart;
        public Integer threadsAtStop;
        public Integer fdsAtStart;
        public Integer fdsAtStop;
        /** Voluntary and involuntary context switches of its live threads; null when unknown. */
        public Long contextSwitchesAtStart;
        public Long contextSwitchesAtStop;
        public long fileBytes;

        public Target() {
        }

        public Target(String service, long pid, String file) {
            this.service = service;
            this.pid = pid;
            this.file = file;
        }

        /** Adds a reason ("; " between reasons). */
        public void addReason(String why) {
            reason = reason.isEmpty() ? why : reason + "; " + why;
        }
    }

    /** The target of {@code service}, or null. */
    public Target target(String service) {
        for (Target target : services) {
            if (target.service.equals(service)) {
                return target;
            }
        }
        return null;
    }

    public static ProfileCapture read(Path file) throws IOException {
        return Json.MAPPER.readValue(file.toFile(), ProfileCapture.class);
    }

    /** Writes through a temporary file and a rename. */
    public void write(Path file) throws IOException {
        ReportFiles.writeAtomically(file, Json.MAPPER.writeValueAsString(this) + "\n");
    }
}
