package io.dubbostress.cli.run;

import io.dubbostress.cli.json.JsonWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * run.json: everything needed to understand and repeat a run -- every setting, the versions, the host, the
 * services, and per scenario its time window and outcome. Rewritten (atomically) after every step, so a run cut
 * short still leaves a valid file. Field names are stable; documented in docs/RUN.md.
 */
final class RunManifest {

    /** One scenario's record. */
    static final class ScenarioRecord {
        final String name;
        final String plan;
        final int payloadBytes;
        String status = "pending";
        long startEpochMs;
        long endEpochMs;
        long samples;
        long errors;
        int jmeterExitCode = -1;
        long jmeterPid = -1;
        String message = "";

        ScenarioRecord(String name, String plan, int payloadBytes) {
            this.name = name;
            this.plan = plan;
            this.payloadBytes = payloadBytes;
        }
    }

    /** One service's record. */
    static final class ServiceRecord {
        final String name;
        String address = "";
        boolean startedByRun;
        long pid = -1;
        String jvmArgs = "";
        String gcLog = "";
        String log = "";
        String status = "";

        ServiceRecord(String name) {
            this.name = name;
        }
    }

    final Map<String, String> settings = new LinkedHashMap<>();
    final Map<String, String> versions = new LinkedHashMap<>();
    final Map<String, String> host = HostFacts.collect();
    final List<ServiceRecord> services = new ArrayList<>();
    final List<ScenarioRecord> scenarios = new ArrayList<>();
    final String startedAt = Instant.now().toString();
    String endedAt = "";
    String status = "running";
    double warmupSeconds;

    ServiceRecord service(String name) {
        for (ServiceRecord s : services) {
            if (s.name.equals(name)) {
                return s;
            }
        }
        ServiceRecord record = new ServiceRecord(name);
        services.add(record);
        return record;
    }

    String toJson() {
        JsonWriter w = new JsonWriter().beginObject();
        w.name("tool").value("dubbo-stress");
        w.name("status").value(status);
        w.name("startedAt").value(startedAt);
        w.name("endedAt").value(endedAt);
        w.name("settings").value(settings);
        w.name("versions").value(versions);
        w.name("host").value(host);
        w.name("services").beginArray();
        for (ServiceRecord s : services) {
            w.beginObject()
                    .name("name").value(s.name)
                    .name("address").value(s.address)
                    .name("startedByRun").value(s.startedByRun)
                    .name("pid").value(s.pid)
                    .name("jvmArgs").value(s.jvmArgs)
                    .name("gcLog").value(s.gcLog)
                    .name("log").value(s.log)
                    .name("status").value(s.status)
                    .endObject();
        }
        w.endArray();
        w.name("scenarios").beginArray();
        for (ScenarioRecord s : scenarios) {
            w.beginObject()
                    .name("name").value(s.name)
                    .name("plan").value(s.plan)
                    .name("payloadBytes").value(s.payloadBytes)
                    .name("status").value(s.status)
                    .name("startEpochMs").value(s.startEpochMs)
                    .name("endEpochMs").value(s.endEpochMs)
                    .name("warmupSeconds").value(warmupSeconds)
                    .name("samples").value(s.samples)
                    .name("errors").value(s.errors)
                    .name("jmeterExitCode").value(s.jmeterExitCode)
                    .name("jmeterPid").value(s.jmeterPid)
                    .name("jtl").value("scenarios/" + s.name + "/results.jtl")
                    .name("perfmonCsv").value("scenarios/" + s.name + "/perfmon.csv")
                    .name("message").value(s.message)
                    .endObject();
        }
        w.endArray();
        return w.endObject().toString() + "\n";
    }

    void write(Path file) {
        try {
            RunFolder.writeAtomically(file, toJson());
        } catch (IOException e) {
            System.err.println("stress run: could not write " + file + ": " + e.getMessage());
        }
    }
}
