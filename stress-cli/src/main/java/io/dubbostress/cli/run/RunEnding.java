package io.dubbostress.cli.run;

import io.dubbostress.cli.home.StressHome;
import io.dubbostress.cli.jmeter.JMeterHome;
import io.dubbostress.cli.jmeter.JMeterRun;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ManagedProcess;
import io.dubbostress.cli.service.ServiceCommands;
import io.dubbostress.report.Json;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.AnswerText;
import io.dubbostress.report.write.ReportFiles;
import io.dubbostress.report.write.ReportText;
import io.dubbostress.report.model.ScenarioOutcome;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.cli.UserError;
import io.dubbostress.gc.GcAnalysisStore;
import io.dubbostress.gc.GcBatch;
import io.dubbostress.gc.GcEasyClient;
import io.dubbostress.gc.GcLogAnalyzer;
import io.dubbostress.gc.TimeWindow;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.ScenarioStatus;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What a run does once its scenarios are over: JMeter's own dashboards, the GC analyses and the report, as Java calls
 * into the same code {@code stress gc} and {@code stress report} run. The results are on disk whatever happens here;
 * a step that fails says so, and {@link #analyse} tells the caller.
 */
final class RunEnding {

    private final RunSettings settings;
    private final StressHome home;
    private final JavaRuntime java;
    private final RunLayout layout;
    private final PrintStream err;
    private final PrintWriter out;

    RunEnding(RunSettings settings, StressHome home, JavaRuntime java, RunLayout layout, PrintStream err,
            PrintWriter out) {
        this.settings = settings;
        this.home = home;
        this.java = java;
        this.layout = layout;
        this.err = err;
        this.out = out;
    }

    /**
     * JMeter's own HTML dashboard per scenario, generated with the embedded 5.6.3 whatever ran the plan (5.1.1's
     * generator fails on Java 17 in Top5ErrorsSummaryData: docs/RUN.md).
     */
    void dashboards(RunManifest manifest) {
        JMeterHome generator;
        try {
            generator = JMeterHome.at(home.embeddedJMeterHome());
        } catch (UserError e) {
            err.println("stress run: no dashboards: " + e.getMessage());
            return;
        }
        for (RunManifest.ScenarioRecord s : manifest.scenarios) {
            Path jtl = layout.jtl(s.name);
            if (!Files.exists(jtl) || s.samples == 0) {
                continue;
            }
            err.printf("stress run: JMeter dashboard for %s ...%n", s.name);
            List<String> command = new ArrayList<>();
            command.add(java.executable().toString());
            command.addAll(ServiceCommands.splitArgs(settings.jmeter().jvmArgs()));
            command.addAll(generator.jvmFlagsFor(java.featureVersion()));
            command.add("-jar");
            command.add(generator.launcherJar().toString());
            command.add("-g");
            command.add(jtl.toString());
            command.add("-o");
            command.add(layout.dashboardDir(s.name).toString());
            command.add("-j");
            command.add(layout.dashboardFile(s.name, ".log").toString());
            command.add("-Jjmeter.reportgenerator.overall_granularity=1000");
            // JMeter's generator works in ./temp by default: in the caller's folder, shared by concurrent runs,
            // impossible in a read-only one. Each scenario gets its own, removed after.
            command.add("-Jjmeter.reportgenerator.temp_dir=" + layout.dashboardFile(s.name, "-temp"));
            command.add("-Jsample_variables=" + JMeterRun.SAMPLE_VARIABLES);
            ManagedProcess gen = ManagedProcess.start("dashboard " + s.name, command, Map.of(),
                    layout.dashboardFile(s.name, ".out"));
            if (!gen.waitFor(Duration.ofMinutes(30)) || gen.exitValue() != 0) {
                gen.stop(Duration.ofSeconds(5));
                err.printf("stress run: the dashboard for %s failed; see %s%n", s.name,
                        RunLayout.relative(s.name, RunLayout.DASHBOARD + ".out"));
            }
            deleteTree(layout.dashboardFile(s.name, "-temp"));
        }
    }

    /**
     * GC analyses of the run's logs, then the report (printed, and written as report.md/json/html). Before the report
     * is written, {@code onFailed} gets the scenarios it found failed ({@link ScenarioOutcome}: nothing measured, or
     * only failures) and may close run.json with them; the report then shows run.json as it is after that. Returns
     * false when the report could not be made.
     */
    boolean analyse(RunManifest manifest, Consumer<List<ScenarioResult>> onFailed) {
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err), true);
        List<Path> gcLogs = gcLogs();
        if (!gcLogs.isEmpty()) {
            try {
                // as stress gc would: each log analysed offline (and uploaded with a key), its table not printed
                GcEasyClient gcEasy = GcEasyClient.fromEnvironment(System.getenv());
                GcBatch batch = new GcBatch(new GcAnalysisStore(new GcLogAnalyzer()), gcEasy);
                batch.run(gcLogs, new PrintWriter(new StringWriter()), errWriter);
                if (gcEasy != null) { // GCeasy per scenario too: each log over each scenario's steady window
                    batch.uploadPerScenario(gcLogs, steadyWindows(manifest), errWriter);
                }
            } catch (RuntimeException e) {
                err.println("stress run: the GC analysis failed: " + e.getMessage());
            }
        }
        try {
            // as stress report <run folder> would: the Markdown printed, the files written beside run.json
            Report report = new ReportBuilder().build(List.of(layout.root()));
            List<ScenarioResult> failed = report.failedScenarios();
            if (!failed.isEmpty()) {
                onFailed.accept(failed);
                report = report.withRunJson(Json.MAPPER.valueToTree(manifest));
            }
            out.print(ReportFiles.write(report, layout.root()));
            out.flush();
            for (String line : ReportFiles.writtenLines(report, layout.root())) {
                errWriter.println("stress report: " + line);
            }
            // the answer again, last: the lines a user sees when the run ends (report.md opens with them too)
            for (String line : closingLines(report)) {
                out.println(line);
            }
            return true;
        } catch (RuntimeException e) {
            err.println("stress run: the report failed: " + e.getMessage());
            return false;
        } finally {
            out.flush();
        }
    }

    /** The run's closing lines: the answer's sentences, one paragraph a line, or nothing without a hop/direct pair. */
    static List<String> closingLines(Report report) {
        ReportText text = ReportText.english();
        List<String> paragraphs = AnswerText.paragraphs(report.answer(), text);
        List<String> lines = new ArrayList<>();
        if (!paragraphs.isEmpty()) {
            lines.add("");
            lines.add(text.get("answer.title") + ":");
            paragraphs.forEach(p -> lines.add("- " + p));
        }
        return lines;
    }

    /** Each completed scenario's steady window: from its start plus its warm-up to its end. */
    static Map<String, TimeWindow> steadyWindows(RunManifest manifest) {
        Map<String, TimeWindow> windows = new java.util.LinkedHashMap<>();
        for (RunManifest.ScenarioRecord s : manifest.scenarios) {
            long from = s.startEpochMs + Math.round((s.warmupSeconds == null ? 0 : s.warmupSeconds) * 1000);
            if (s.status == ScenarioStatus.COMPLETED && s.startEpochMs > 0 && s.endEpochMs > from) {
                windows.put(s.name, new TimeWindow(from, s.endEpochMs));
            }
        }
        return windows;
    }

    private List<Path> gcLogs() {
        List<Path> logs = new ArrayList<>();
        try (Stream<Path> files = Files.list(layout.gcDir())) {
            files.filter(p -> RunLayout.isGcLog(p.getFileName().toString()))
                    .filter(RunEnding::notEmpty)
                    .sorted().forEach(logs::add);
        } catch (IOException e) {
            err.println("stress run: cannot list the GC logs: " + e.getMessage());
        }
        return logs;
    }

    private void deleteTree(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            err.println("stress run: could not remove " + dir + ": " + e.getMessage());
        }
    }

    private static boolean notEmpty(Path file) {
        try {
            return Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }
}
