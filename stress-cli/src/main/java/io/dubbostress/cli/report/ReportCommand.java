package io.dubbostress.cli.report;

import io.dubbostress.cli.options.DurationConverter;
import io.dubbostress.report.model.Reference;
import io.dubbostress.report.model.Report;
import io.dubbostress.report.read.ReferenceFile;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.write.ReportFiles;
import io.dubbostress.report.model.ScenarioResult;
import io.dubbostress.cli.OutFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code stress report}: direct vs consumer hop, side by side, with the server's and the JVMs' figures next to the
 * latencies. Reads a run folder or loose JTL files (plus PerfMon CSVs and GC logs/analyses), streaming, and writes
 * report.md (also printed), report.json and report.html.
 *
 * <pre>
 * ./stress report runs/2026-11-21T10-00-00
 * ./stress report direct-1k.jtl hop-1k.jtl --perfmon perfmon.csv --gc provider-gc.log --out /tmp/report
 * </pre>
 */
@Command(name = "report",
        description = {
            "Direct vs consumer hop, side by side: per scenario latency percentiles, TPS, errors, server and GC "
                + "figures, and what the hop adds.",
            "Latencies are in microseconds when the JTL has our sampler's elapsed_us column, else in milliseconds. "
                + "Writes report.md (also printed), report.json and report.html."},
        footer = {"",
            "Inputs: a run folder (run.json, scenarios/<name>/results.jtl and perfmon.csv, gc/*.log), or JTL files; a "
                + "file whose name contains 'perfmon' is a PerfMon CSV (one ending in perfmon-jvms.csv: the run's JVMs as "
                + "stress run reads them), *.log a GC log, *.analysis.json a GC analysis.",
            "",
            "Loose JTLs: one scenario per file (named by its label, file or folder name, the first that reads "
                + "<kind>-<payload>), or one per label when a file has several. hop-X and hop-http-X pair with "
                + "direct-X. See docs/REPORT.md.",
            "",
            "Exit codes: 0 every scenario measured; 1 a scenario failed (no steady-state sample, or every one failed: "
                + "the report is still written and says why), or --pdf could not print; 2 bad input, nothing written."},
        mixinStandardHelpOptions = true)
public final class ReportCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "RUN_OR_FILES", arity = "1..*",
            description = "A run folder, or JTL files (and PerfMon CSVs, GC logs, GC analyses).")
    private List<Path> inputs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where report.md, report.json and report.html go (default: the run folder, or the first "
                    + "JTL's folder).")
    private Path out;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Warm-up left out of every scenario's figures, e.g. 30s, 1.5s, 1m, 0 (default: run.json's "
                    + "warmupSeconds, else 10%% of the scenario's span, at most 60s).")
    private Duration warmup;

    @Option(names = "--name", paramLabel = "OLD=NEW", description = "Rename a scenario (repeatable).")
    private Map<String, String> renames = new LinkedHashMap<>();

    @Option(names = "--pair", paramLabel = "HOP=DIRECT",
            description = "Compare these two scenarios in the hop overhead, whatever their names (repeatable).")
    private Map<String, String> pairs = new LinkedHashMap<>();

    @Option(names = "--perfmon", paramLabel = "CSV", description = "A PerfMon collector CSV (repeatable).")
    private List<Path> perfMon = new ArrayList<>();

    @Option(names = "--gc", paramLabel = "FILE", description = "A GC log or <base>.analysis.json (repeatable).")
    private List<Path> gc = new ArrayList<>();

    @Option(names = "--quiet", description = "Do not print the Markdown report.")
    private boolean quiet;

    @Option(names = "--reference", paramLabel = "NAME_OR_FILE",
            description = "Earlier figures beside this run's, payload by payload, in the reference report's table: "
                    + "seed-003 (built in: the report this harness reproduces) or a JSON file of your own (its shape: "
                    + "docs/REPORT.md, 'The reference's table').")
    private String reference;

    @Option(names = "--pdf", description = "Also print report.html to report.pdf with headless Chromium "
            + "(STRESS_CHROMIUM, or chromium on the PATH); without Chromium, one line says so and the exit code is 1.")
    private boolean pdf;

    @Override
    public Integer call() {
        ReportBuilder builder = new ReportBuilder().warmupMs(warmup == null ? null : warmup.toMillis());
        renames.forEach(builder::rename);
        pairs.forEach(builder::pair);
        perfMon.forEach(builder::perfMon);
        gc.forEach(builder::gc);
        Path dir = out != null ? OutFolder.check("--out", out) : defaultOut();
        Reference earlier = reference == null ? null : ReferenceFile.of(reference);
        Report report = builder.build(inputs);
        if (earlier != null) {
            report = report.withReference(earlier);
        }
        write(report, dir, quiet ? null : spec.commandLine().getOut(), spec.commandLine().getErr());
        int code = report.failedScenarios().isEmpty() ? 0 : 1;
        if (pdf) {
            Path html = dir.resolve(RunLayout.REPORT_HTML);
            Path file = dir.resolve(REPORT_PDF);
            String problem;
            try {
                problem = PdfPrinter.fromEnvironment(System.getenv()).print(html, file);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                problem = "interrupted";
            }
            PrintWriter err = spec.commandLine().getErr();
            if (problem == null) {
                err.println("stress report: wrote " + file);
            } else {
                err.println("stress report: --pdf: " + problem + "; report.md, report.json and report.html are "
                        + "written, report.pdf is not");
                code = 1;
            }
            err.flush();
        }
        return code;
    }

    /** The PDF {@code --pdf} prints beside report.html. */
    static final String REPORT_PDF = "report.pdf";

    /**
     * Builds the report from {@code inputs}, writes report.md, report.json and report.html into {@code dir}, prints
     * the Markdown to {@code stdout} (unless it is null) and one line saying what was written to {@code stderr}.
     */
    static Report write(ReportBuilder builder, List<Path> inputs, Path dir, PrintWriter stdout,
            PrintWriter stderr) {
        return write(builder.build(inputs), dir, stdout, stderr);
    }

    /** Writes a report built already (as {@link #write(ReportBuilder, List, Path, PrintWriter, PrintWriter)}). */
    static Report write(Report report, Path dir, PrintWriter stdout, PrintWriter stderr) {
        String markdown = ReportFiles.write(report, dir);
        if (stdout != null) {
            stdout.print(markdown);
            stdout.flush();
        }
        for (String line : ReportFiles.writtenLines(report, dir)) {
            stderr.println("stress report: " + line);
        }
        stderr.flush();
        return report;
    }

    private Path defaultOut() {
        Path first = inputs.get(0).toAbsolutePath();
        return Files.isDirectory(first) ? first : first.getParent();
    }
}
