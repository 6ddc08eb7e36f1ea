package io.dubbostress.cli.compare;

import io.dubbostress.cli.OutFolder;
import io.dubbostress.cli.options.DurationConverter;
import io.dubbostress.report.compare.CompareBuilder;
import io.dubbostress.report.compare.Comparison;
import io.dubbostress.report.compare.ComparisonFiles;
import io.dubbostress.report.compare.FailOn;
import io.dubbostress.report.run.RunLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code stress compare BASE NEW}: did it get slower? Per scenario and figure, NEW against BASE with an interval from
 * the JTLs, the smallest change the data could have detected, and a verdict; {@code --fail-on} turns it into a CI
 * gate. Writes compare.md (also printed), compare.json and compare.html.
 *
 * <pre>
 * ./stress compare results/before results/after
 * ./stress compare results/before results/after --fail-on p99=+10%,tps=-5%
 * ./stress compare base-1,base-2 new-1,new-2        # several runs a side: their trials pooled
 * </pre>
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Did it get slower? NEW against BASE, per scenario: the latency mean, p50, p90, p99, p99.9 (from the due "
                + "time too for a rate-driven scenario), TPS and errors, each with its change, a confidence interval "
                + "from the JTLs, the smallest change the data could have detected, and a verdict: slower, faster, "
                + "no change detectable at this noise, or not detectable (too few trials or samples to tell).",
            "",
            "Intervals: per trial a circular block bootstrap over time segments of its steady state (so drift and "
                + "bursts count), seeded: the same inputs give the same output. With several trials a side "
                + "(stress run --repeat N) the spread between them measures run-to-run noise; with one, it is not "
                + "measured (a warning says so).",
            ""},
        footer = {"",
            "BASE and NEW: a run folder (its --repeat trials are trials of one scenario), a JTL file, or several of "
                + "either separated by commas (their trials pooled). Scenarios are matched by name; two inputs with "
                + "one scenario each are compared whatever their names.",
            "",
            "--fail-on: a limit is how far a figure may move for the worse; it is crossed when the change is "
                + "detected beyond it at the stated confidence (the whole interval past it: wrong at most (1 - c) / 2 "
                + "of the time). p99=+10%%, tps=-5%%: relative change (errors: percentage points); +2ms, +500us: "
                + "difference; no sign: the worse direction. A sign in the better direction (tps=+5%%) and a figure "
                + "given twice are refused. A figure that cannot be judged (a failed scenario, too few samples, "
                + "not detectable with these trials) crosses it. See docs/RUN.md.",
            "",
            "Exit codes: 0 written (and the gate holds); 1 the gate is crossed, or a scenario failed on a side (the "
                + "comparison is still written); 2 bad input, nothing written."})
public final class CompareCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "1", paramLabel = "BASE", split = ",",
            description = "The run before: a run folder or a JTL (several: comma-separated).")
    private List<Path> base;

    @Parameters(index = "1", arity = "1", paramLabel = "NEW", split = ",",
            description = "The run after: a run folder or a JTL (several: comma-separated).")
    private List<Path> news;

    @Option(names = "--fail-on", paramLabel = "LIMITS", converter = CompareValues.Limits.class,
            description = "CI gate: exit 1 when a figure moved for the worse beyond a limit at the stated confidence, "
                    + "e.g. p99=+10%%,tps=-5%%,errors=+0.5%%,p50=+200us (each limit in the figure's worse "
                    + "direction: up for latencies and errors, down for TPS).")
    private FailOn failOn;

    @Option(names = "--confidence", paramLabel = "SHARE", defaultValue = "0.95",
            converter = CompareValues.Confidence.class,
            description = "Confidence of the intervals, 0.5 to 0.999. Default: ${DEFAULT-VALUE}.")
    private double confidence;

    @Option(names = "--resamples", paramLabel = "N", defaultValue = "1000", converter = CompareValues.Resamples.class,
            description = "Bootstrap resamples per trial, 100 to 100,000. Default: ${DEFAULT-VALUE}.")
    private int resamples;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the resampling. Default: ${DEFAULT-VALUE}.")
    private long seed;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Warm-up left out of both sides, as stress report --warmup (default: run.json's, else 10%% "
                    + "of each scenario's span, at most 60s).")
    private Duration warmup;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where compare.md, compare.json and compare.html go (default: NEW's run folder, or the "
                    + "folder of NEW's first JTL).")
    private Path out;

    @Option(names = "--quiet", description = "Do not print the Markdown.")
    private boolean quiet;

    @Override
    public Integer call() {
        CompareBuilder builder = new CompareBuilder().confidence(confidence).resamples(resamples).seed(seed)
                .warmupMs(warmup == null ? null : warmup.toMillis());
        if (failOn != null) {
            builder.failOn(failOn);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        builder.progress(line -> {
            stderr.println("stress compare: " + line);
            stderr.flush();
        });
        Path dir = out != null ? OutFolder.check("--out", out) : defaultOut();
        Comparison comparison = builder.build(base, news);
        String markdown = ComparisonFiles.write(comparison, dir);
        if (!quiet) {
            stdout.print(markdown);
            stdout.flush();
        }
        stderr.println("stress compare: wrote " + dir.resolve(RunLayout.COMPARE_MD) + ", " + RunLayout.COMPARE_JSON
                + ", " + RunLayout.COMPARE_HTML + " (" + comparison.scenarios().size() + " scenario(s)"
                + (comparison.warnings().isEmpty() ? "" : ", " + comparison.warnings().size() + " warnings") + ")");
        int exit = 0;
        for (var failed : comparison.failed()) {
            stderr.println("stress compare: failed: " + failed.name() + ": " + failed.reason());
            exit = 1;
        }
        if (comparison.gate() != null) {
            for (String crossed : comparison.gate().crossed()) {
                stderr.println("stress compare: --fail-on: " + crossed);
            }
            if (!comparison.gate().holds()) {
                exit = 1;
            } else {
                stderr.println("stress compare: --fail-on " + comparison.gate().limits() + ": holds");
            }
        }
        stderr.flush();
        return exit;
    }

    private Path defaultOut() {
        Path first = news.get(0).toAbsolutePath();
        return Files.isDirectory(first) ? first : first.getParent();
    }
}
