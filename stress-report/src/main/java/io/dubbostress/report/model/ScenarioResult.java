package io.dubbostress.report.model;

import io.dubbostress.report.run.ScenarioName;
import io.dubbostress.gc.PauseStats;
import io.dubbostress.report.perfmon.JvmWindow;
import io.dubbostress.report.perfmon.ServerMetrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario of the report: its samples' figures ({@link ScenarioStats}), where they came from, its time window,
 * and the server and GC figures over its steady state.
 */
public final class ScenarioResult {

    private String name;
    private final ScenarioStats stats;
    private final List<String> sources;
    private final Warmup warmup;
    private final long startMs;
    private final long endMs;
    private final long malformedRows;
    private final List<String> malformedExamples;
    private List<ServerMetrics> server = Collections.emptyList();
    private JvmWindow jvms = JvmWindow.none();
    private final Map<String, PauseStats> gc = new LinkedHashMap<>();
    private Map<String, ScenarioStats> generators = Collections.emptyMap();
    /** Set for a scenario with no row at all (its JTL missing or empty); else the outcome follows from the stats. */
    private ScenarioOutcome unrecorded;

    public ScenarioResult(String name, ScenarioStats stats, List<String> sources, Warmup warmup, long startMs, long endMs,
                   long malformedRows, List<String> malformedExamples) {
        this.name = name;
        this.stats = stats;
        this.sources = new ArrayList<>(sources);
        this.warmup = warmup;
        this.startMs = startMs;
        this.endMs = endMs;
        this.malformedRows = malformedRows;
        this.malformedExamples = new ArrayList<>(malformedExamples);
    }

    /**
     * A scenario of a run folder that recorded nothing (its JTL missing or empty): reported as failed, with no figure,
     * rather than left out. {@code startMs}/{@code endMs} are run.json's, -1 when unknown.
     */
    public static ScenarioResult unrecorded(String name, String source, String why, long startMs, long endMs, Warmup warmup) {
        long origin = Math.max(0, startMs);
        ScenarioStats stats = new ScenarioStats(name, origin + warmup.ms(),
                new Timeline(origin, Math.max(0, endMs - origin)));
        ScenarioResult result = new ScenarioResult(name, stats, Collections.singletonList(source), warmup, startMs,
                endMs, 0, Collections.emptyList());
        result.unrecorded = ScenarioOutcome.unrecorded(why);
        return result;
    }

    public String name() {
        return name;
    }

    /** Measured, or failed and why ({@link ScenarioOutcome}). */
    public ScenarioOutcome outcome() {
        return unrecorded != null ? unrecorded : ScenarioOutcome.of(stats, warmup);
    }

    /** Whether it has a time window to draw: it recorded rows, or run.json gave its start and end. */
    public boolean hasWindow() {
        return stats.firstStartMs() != Long.MAX_VALUE || startMs > 0 && endMs >= startMs;
    }

    public void rename(String newName) {
        this.name = newName;
    }

    public ScenarioName parsedName() {
        return ScenarioName.of(name);
    }

    public ScenarioStats stats() {
        return stats;
    }

    /** The files (and labels) the samples came from, as given or relative to the run folder. */
    public List<String> sources() {
        return Collections.unmodifiableList(sources);
    }

    public Warmup warmup() {
        return warmup;
    }

    /** The scenario's start: run.json's startEpochMs, else its first sample's start. */
    public long startMs() {
        return startMs;
    }

    /** The scenario's end: run.json's endEpochMs, else its last sample's end. */
    public long endMs() {
        return endMs;
    }

    /** The steady state's start: {@link #startMs()} plus the warm-up. */
    public long steadyStartMs() {
        return stats.steadyStartMs();
    }

    public long malformedRows() {
        return malformedRows;
    }

    public List<String> malformedExamples() {
        return Collections.unmodifiableList(malformedExamples);
    }

    public List<ServerMetrics> server() {
        return server;
    }

    public void server(List<ServerMetrics> metrics) {
        this.server = Collections.unmodifiableList(new ArrayList<>(metrics));
    }

    /** The run's JVMs and the host's context switches over the steady state, from the agent; empty when not read. */
    public JvmWindow jvms() {
        return jvms;
    }

    public void jvms(JvmWindow window) {
        this.jvms = window;
    }

    /** A distributed run's figures by load generator (run.json's remote hosts), empty for a local run. */
    public Map<String, ScenarioStats> generators() {
        return generators;
    }

    public void generators(Map<String, ScenarioStats> byGenerator) {
        this.generators = Collections.unmodifiableMap(new LinkedHashMap<>(byGenerator));
    }

    /** GC pause figures during the steady state, by service. */
    public Map<String, PauseStats> gc() {
        return Collections.unmodifiableMap(gc);
    }

    public void gc(String service, PauseStats stats) {
        gc.put(service, stats);
    }
}
