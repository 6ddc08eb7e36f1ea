package io.dubbostress.report.model;

import io.dubbostress.gc.GcAnalysis;
import io.dubbostress.gc.GcEasyAnswer;
import io.dubbostress.report.perfmon.JvmTrends;
import io.dubbostress.report.perfmon.PerfMonData;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Everything {@code stress report} found, ready to be written as Markdown, JSON and HTML. */
public final class Report {

    private final Instant generatedAt;
    private final String source;
    private final JsonNode runJson;
    private final List<ScenarioResult> scenarios;
    private final List<HopOverhead> hopOverhead;
    private final List<GcLog> gcLogs;
    private final PerfMonData perfMon;
    private final List<String> warnings;
    private final ProfileSection profiles;
    private final Jvms jvms;
    private final Answer answer;
    private final Reference reference;

    public Report(Instant generatedAt, String source, JsonNode runJson, List<ScenarioResult> scenarios,
           List<HopOverhead> hopOverhead, List<GcLog> gcLogs, PerfMonData perfMon, List<String> warnings,
           ProfileSection profiles, Jvms jvms) {
        this(generatedAt, source, runJson, scenarios, hopOverhead, gcLogs, perfMon, warnings, profiles, jvms,
                Answer.none(), null);
    }

    public Report(Instant generatedAt, String source, JsonNode runJson, List<ScenarioResult> scenarios,
           List<HopOverhead> hopOverhead, List<GcLog> gcLogs, PerfMonData perfMon, List<String> warnings,
           ProfileSection profiles, Jvms jvms, Answer answer, Reference reference) {
        this.generatedAt = generatedAt;
        this.source = source;
        this.runJson = runJson;
        this.scenarios = Collections.unmodifiableList(new ArrayList<>(scenarios));
        this.hopOverhead = Collections.unmodifiableList(new ArrayList<>(hopOverhead));
        this.gcLogs = Collections.unmodifiableList(new ArrayList<>(gcLogs));
        this.perfMon = perfMon;
        this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
        this.profiles = profiles;
        this.jvms = jvms;
        this.answer = answer;
        this.reference = reference;
    }

    /**
     * The same report with another copy of run.json: {@code stress run} closes run.json with what the report found
     * (a scenario that measured nothing is failed) before the report is written, and the report shows that copy.
     */
    public Report withRunJson(JsonNode run) {
        return new Report(generatedAt, source, run, scenarios, hopOverhead, gcLogs, perfMon, warnings, profiles, jvms,
                answer, reference);
    }

    /** The same report with earlier figures to show beside this run's ({@code --reference}); null for none. */
    public Report withReference(Reference earlier) {
        return new Report(generatedAt, source, runJson, scenarios, hopOverhead, gcLogs, perfMon, warnings, profiles,
                jvms, answer, earlier);
    }

    /** What the hop costs, how sure that is, and what limited each scenario: the report's first lines. */
    public Answer answer() {
        return answer;
    }

    /** Earlier figures to show beside this run's ({@code --reference}), or null. */
    public Reference reference() {
        return reference;
    }

    public Instant generatedAt() {
        return generatedAt;
    }

    /** The run folder, or the input files, as given on the command line. */
    public String source() {
        return source;
    }

    /** run.json as read, or null (loose files). */
    public JsonNode runJson() {
        return runJson;
    }

    /** The scenarios whose outcome is failed ({@link ScenarioOutcome}: nothing measured, or only failures). */
    public List<ScenarioResult> failedScenarios() {
        return scenarios().stream().filter(s -> s.outcome().failed()).toList();
    }

    public List<ScenarioResult> scenarios() {
        return scenarios;
    }

    public List<HopOverhead> hopOverhead() {
        return hopOverhead;
    }

    public List<GcLog> gcLogs() {
        return gcLogs;
    }

    public PerfMonData perfMon() {
        return perfMon;
    }

    /** The JVMs' profiles ({@code stress run --profile}); empty without. */
    public ProfileSection profiles() {
        return profiles;
    }

    /** The run's JVMs over the whole run (their figures per scenario are in each {@link ScenarioResult#jvms()}). */
    public Jvms jvms() {
        return jvms;
    }

    /**
     * The run's JVMs read through the PerfMon agent, over the whole run: each service's threads and open files
     * ({@link JvmTrends}), and the run's lines on what it did not read (a service given by address, a remote agent).
     */
    public record Jvms(List<JvmTrends.Trend> trends, List<String> notRead) {
    }

    /** Things the reader should know: malformed rows, missing files, logs without wall-clock times. */
    public List<String> warnings() {
        return warnings;
    }

    /** A GC log's offline analysis, and GCeasy's answer when there is one. */
    public static final class GcLog {
        private final String file;
        private final GcAnalysis analysis;
        private final GcEasyAnswer gcEasy;

        public GcLog(String file, GcAnalysis analysis, GcEasyAnswer gcEasy) {
            this.file = file;
            this.analysis = analysis;
            this.gcEasy = gcEasy;
        }

        /** The log (or analysis) file, relative to the run folder when there is one. */
        public String file() {
            return file;
        }

        public GcAnalysis analysis() {
            return analysis;
        }

        /** GCeasy's answer, or null. */
        public GcEasyAnswer gcEasy() {
            return gcEasy;
        }
    }
}
