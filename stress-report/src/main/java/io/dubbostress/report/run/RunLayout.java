package io.dubbostress.report.run;

import java.nio.file.Path;

/**
 * Where everything is in a run folder; {@code stress run} writes by it and {@code stress report} reads by it:
 *
 * <pre>
 * run.json                          settings, versions, host, services, scenarios ({@link RunManifest})
 * scenarios/&lt;name&gt;/results.jtl     the scenario's samples       .../perfmon.csv    server metrics
 * scenarios/&lt;name&gt;/jmeter.log      .../jmeter.out (JMeter's console)   .../dashboard/ (JMeter's HTML report)
 * scenarios/&lt;name&gt;/perfmon-jvms.csv   context switches, threads, open files, CPU of each JVM and the host
 * scenarios/&lt;name&gt;/profiles/       stress run --profile: &lt;service&gt;.jfr per JVM, capture.json
 * gc/&lt;service&gt;-gc.log             GC logs of provider, consumer, and JMeter per scenario
 * logs/&lt;service&gt;.log              the services' own output
 * report.md, report.json, report.html
 * </pre>
 */
public final class RunLayout {

    public static final String RUN_JSON = "run.json";
    public static final String SCENARIOS = "scenarios";
    public static final String RESULTS = "results.jtl";
    public static final String PERFMON = "perfmon.csv";
    public static final String GC = "gc";
    public static final String LOGS = "logs";
    public static final String JVM_PERFMON = "perfmon-jvms.csv";
    public static final String PROFILES = "profiles";
    public static final String PROFILE_CAPTURE = "capture.json";
    /** What a profile's file name ends with: {@code <service>.jfr}. */
    public static final String PROFILE_SUFFIX = ".jfr";

    private final Path root;

    public RunLayout(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    public Path runJson() {
        return root.resolve(RUN_JSON);
    }

    public Path scenariosDir() {
        return root.resolve(SCENARIOS);
    }

    public Path scenarioDir(String scenario) {
        return scenariosDir().resolve(scenario);
    }

    public Path jtl(String scenario) {
        return scenarioDir(scenario).resolve(RESULTS);
    }

    public Path perfMonCsv(String scenario) {
        return scenarioDir(scenario).resolve(PERFMON);
    }

    /** The JTL's path as run.json records it: relative to the run folder, with '/'. */
    public static String relativeJtl(String scenario) {
        return SCENARIOS + "/" + scenario + "/" + RESULTS;
    }

    public static String relativePerfMonCsv(String scenario) {
        return SCENARIOS + "/" + scenario + "/" + PERFMON;
    }

    public Path gcDir() {
        return root.resolve(GC);
    }

    public Path gcLog(String service) {
        return gcDir().resolve(service + "-gc.log");
    }

    public Path logsDir() {
        return root.resolve(LOGS);
    }

    public Path serviceLog(String service) {
        return logsDir().resolve(service + ".log");
    }

    /** The run's own readings of each JVM and of the host (context switches, threads, open files, CPU). */
    public Path jvmPerfMonCsv(String scenario) {
        return scenarioDir(scenario).resolve(JVM_PERFMON);
    }

    /** {@code stress run --profile}: the scenario's profiles and their capture.json. */
    public Path profilesDir(String scenario) {
        return scenarioDir(scenario).resolve(PROFILES);
    }

    public Path profileCapture(String scenario) {
        return profilesDir(scenario).resolve(PROFILE_CAPTURE);
    }

    /** A profile's file name in {@link #profilesDir}: {@code provider.jfr}. */
    public static String profileFileName(String service) {
        return service + PROFILE_SUFFIX;
    }
}
