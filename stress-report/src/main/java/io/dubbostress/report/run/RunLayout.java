package io.dubbostress.report.run;

import java.nio.file.Path;

/**
 * Where everything is in a run folder; {@code stress run} writes by it and {@code stress report} reads by it:
 *
 * <pre>
 * run.json                          settings, versions, host, services, scenarios ({@link RunManifest})
 * scenarios/&lt;name&gt;/results.jtl     the scenario's samples       .../perfmon.csv    server metrics
 * scenarios/&lt;name&gt;/perfmon-generators.csv   the load generators' metrics (a distributed run's --generator-agents)
 * scenarios/&lt;name&gt;/perfmon-jvms.csv   threads, open files, context switches of the run's JVMs and the host's, 1/s
 * scenarios/&lt;name&gt;/jmeter.log      .../jmeter.out (JMeter's console)   .../dashboard/ (JMeter's HTML report)
 * scenarios/&lt;name&gt;/profiles/       stress run --profile: &lt;service&gt;.jfr per JVM, capture.json, &lt;service&gt;.jfr.log
 * gc/&lt;service&gt;-gc.log             GC logs of provider, consumer, and JMeter per scenario
 * logs/&lt;service&gt;.log              the services' own output
 * report.md, report.json, report.html
 * capacity.md, capacity.json        a capacity search's answer (--find-max-rate)
 * compare.md, compare.json, compare.html   stress compare's answer (written into NEW's folder)
 * </pre>
 *
 * A {@code stress run --repeat N} run holds N trials of each scenario, each a scenario folder of its own named
 * {@link #trialName}: {@code scenarios/direct-1k-trial-2/results.jtl}.
 *
 * Every name in a run folder is spelled here, and nowhere else.
 */
public final class RunLayout {

    public static final String RUN_JSON = "run.json";
    public static final String SCENARIOS = "scenarios";
    public static final String RESULTS = "results.jtl";
    public static final String PERFMON = "perfmon.csv";
    public static final String GC = "gc";
    public static final String LOGS = "logs";
    public static final String JMETER_LOG = "jmeter.log";
    public static final String JMETER_OUT = "jmeter.out";
    public static final String GENERATORS_PERFMON = "perfmon-generators.csv";
    public static final String JVMS_PERFMON = "perfmon-jvms.csv";
    public static final String DASHBOARD = "dashboard";
    /** What the GC logs' names end with: {@code <service>-gc.log}. */
    public static final String GC_LOG_SUFFIX = "-gc.log";
    public static final String REPORT_MD = "report.md";
    public static final String REPORT_JSON = "report.json";
    public static final String REPORT_HTML = "report.html";
    public static final String CAPACITY_MD = "capacity.md";
    public static final String CAPACITY_JSON = "capacity.json";
    /** Between a scenario's name and its trial number: {@code direct-1k-trial-2}. */
    public static final String TRIAL_INFIX = "-trial-";
    public static final String COMPARE_MD = "compare.md";
    public static final String COMPARE_JSON = "compare.json";
    public static final String COMPARE_HTML = "compare.html";
    public static final String PROFILES = "profiles";
    public static final String PROFILE_CAPTURE = "capture.json";
    /** What a profile's file name ends with: {@code <service>.jfr}. */
    public static final String PROFILE_SUFFIX = ".jfr";
    /** What the profiler's log beside a profile adds to its name ({@code provider.jfr.log}), kept when it said something. */
    public static final String PROFILER_LOG_SUFFIX = ".log";

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

    /** The load generators' PerfMon readings beside the scenario's JTL ({@code stress run --generator-agents}). */
    public Path generatorsPerfMonCsv(String scenario) {
        return scenarioDir(scenario).resolve(GENERATORS_PERFMON);
    }

    /**
     * The run's JVMs' threads, open files and context switches, and the host's context switches, read from the services'
     * PerfMon agent once a second while the scenario runs ({@link io.dubbostress.report.perfmon.JvmMetricLabel}).
     */
    public Path jvmsPerfMonCsv(String scenario) {
        return scenarioDir(scenario).resolve(JVMS_PERFMON);
    }

    public Path jmeterLog(String scenario) {
        return scenarioDir(scenario).resolve(JMETER_LOG);
    }

    /** JMeter's console output. */
    public Path jmeterOut(String scenario) {
        return scenarioDir(scenario).resolve(JMETER_OUT);
    }

    /** JMeter's HTML dashboard of the scenario; beside it {@code dashboard.log}, {@code dashboard.out}. */
    public Path dashboardDir(String scenario) {
        return scenarioDir(scenario).resolve(DASHBOARD);
    }

    /** A file of the dashboard's making beside its folder: {@code dashboard.log}, {@code dashboard.out}, ... */
    public Path dashboardFile(String scenario, String suffix) {
        return scenarioDir(scenario).resolve(DASHBOARD + suffix);
    }

    /** A scenario's file as the console names it: relative to the run folder, with '/'. */
    public static String relative(String scenario, String file) {
        return SCENARIOS + "/" + scenario + "/" + file;
    }

    /** The JTL's path as run.json records it: relative to the run folder, with '/'. */
    public static String relativeJtl(String scenario) {
        return relative(scenario, RESULTS);
    }

    public static String relativePerfMonCsv(String scenario) {
        return relative(scenario, PERFMON);
    }

    /** The folder name of trial {@code trial} (from 1) of {@code scenario}: {@code direct-1k-trial-2}. */
    public static String trialName(String scenario, int trial) {
        return scenario + TRIAL_INFIX + trial;
    }

    /** The trial number a scenario folder's name carries ({@code direct-1k-trial-2}: 2), 0 when it names no trial. */
    public static int trialOf(String name) {
        int at = name.lastIndexOf(TRIAL_INFIX);
        if (at <= 0) {
            return 0;
        }
        String number = name.substring(at + TRIAL_INFIX.length());
        if (!number.matches("[1-9][0-9]{0,5}")) {
            return 0;
        }
        return Integer.parseInt(number);
    }

    /** The scenario a trial's folder name belongs to ({@code direct-1k-trial-2}: direct-1k); other names as they are. */
    public static String scenarioOf(String name) {
        return trialOf(name) == 0 ? name : name.substring(0, name.lastIndexOf(TRIAL_INFIX));
    }

    public Path gcDir() {
        return root.resolve(GC);
    }

    public Path gcLog(String service) {
        return gcDir().resolve(service + GC_LOG_SUFFIX);
    }

    /** Whether a file name in {@link #gcDir()} is a GC log. */
    public static boolean isGcLog(String fileName) {
        return fileName.endsWith(GC_LOG_SUFFIX);
    }

    public Path capacityMd() {
        return root.resolve(CAPACITY_MD);
    }

    public Path capacityJson() {
        return root.resolve(CAPACITY_JSON);
    }

    public Path logsDir() {
        return root.resolve(LOGS);
    }

    public Path serviceLog(String service) {
        return logsDir().resolve(service + ".log");
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
