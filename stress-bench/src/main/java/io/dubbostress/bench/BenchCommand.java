package io.dubbostress.bench;

import io.dubbostress.cli.service.ServiceCommands;
import io.dubbostress.cli.options.HarnessDefaults;
import io.dubbostress.cli.options.HarnessOptions;

import io.dubbostress.cli.UserError;
import io.dubbostress.cli.options.Validate;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ProcessFailedException;
import io.dubbostress.cli.home.BuildVersions;
import io.dubbostress.cli.options.DurationConverter;
import io.dubbostress.cli.home.StressHome;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stress bench}: what the load generator costs. Compares a raw Dubbo client with JMeter + the Dubbo Sampler
 * (and its hop) against one provider on this machine, run after run in turn, and times {@code stress report} on a
 * synthetic JTL and {@code stress gc} on a large real GC log. Prints Markdown tables and writes {@code bench.json}
 * and {@code bench.md} (docs/BENCHMARKS.md says what every figure means).
 *
 * <pre>
 * ./stress bench                                    # everything: about 25 minutes
 * ./stress bench --parts calls --rounds 5 --payloads 1k
 * ./stress bench --parts report,gc
 * </pre>
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Measures the load generator: a raw Dubbo client (a plain Java loop) against JMeter with the Dubbo "
                    + "Sampler, and the sampler's hop, each in a JVM of its own against one provider on this "
                    + "machine, alternating run after run; and how fast 'stress report' and 'stress gc' are on large "
                    + "inputs. Prints Markdown tables; writes bench.json and bench.md into --out.",
            "",
            "Run it on a quiet machine: every other busy process takes CPU from the load generator or the provider "
                    + "(the tables show the other load measured during each run).",
            ""},
        footer = {"", "Examples:",
            "  stress bench                                  calls, report and gc (about 25 minutes)",
            "  stress bench --parts calls --rounds 5 --payloads 1k",
            "  stress bench --parts calls --two-jars --warmup 30s   the Dubbo 2.7 and 3.3 jars, dubbo:// and tri://",
            "  stress bench --parts report,gc --report-rows 1000000"})
public class BenchCommand implements Callable<Integer> {

    /** The JVM options {@code stress run} gives JMeter; the raw client gets the same. */
    static final String DEFAULT_LOAD_JVM_ARGS = HarnessDefaults.LOAD_JVM_ARGS;

    @Mixin
    HarnessOptions harness = new HarnessOptions();

    private static final Pattern SIZE = Pattern.compile("(\\d+)(k|m)?");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Spec
    CommandSpec spec;

    @Option(names = "--parts", paramLabel = "LIST", defaultValue = "calls,report,gc",
            description = "What to measure: calls (raw client vs sampler vs hop), report (stress report on a "
                    + "synthetic JTL), gc (stress gc on a large GC log). Default: ${DEFAULT-VALUE}.")
    String parts;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "3",
            description = "Runs of each side (and of each report/gc input). Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "20s", converter = DurationConverter.class,
            description = "Measured window of each run. Default: ${DEFAULT-VALUE}.")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "10s", converter = DurationConverter.class,
            description = "Load before the window, not measured (JIT, connections). Default: ${DEFAULT-VALUE}.")
    Duration warmup;

    @Option(names = "--payloads", paramLabel = "LIST", defaultValue = "1k,100k",
            description = "Payload sizes: 1k = 1024 bytes, 100k, 512 (bytes), 1m. Default: ${DEFAULT-VALUE}.")
    String payloads;

    @Option(names = "--sides", paramLabel = "LIST",
            description = "Load generators, run in this order each round: raw (raw Dubbo client, generic calls), "
                    + "raw-typed (typed calls), sampler (JMeter + Dubbo Sampler, direct plan), hop (the sampler's "
                    + "HTTP target -> consumer -> provider), sampler-b (the direct plan in --jmeter-home-b), paced "
                    + "(the direct plan at --pace-rate, paced by the Target Rate Schedule), paced-groovy (the same "
                    + "paced by a Constant Throughput Timer with a __groovy rate, as the plans were), paced-hop (the hop "
                    + "plan at --pace-rate), raw-3 and sampler-3 (the raw Dubbo 3.3 client and the Dubbo 3.3 sampler "
                    + "jar, dubbo://), raw-tri and sampler-tri (the same over tri://, against a triple provider the "
                    + "bench starts), grpc-raw (a raw grpc-java client calling the IDL service of "
                    + "test-plans/outside-providers/idl on a grpc-java server), grpc-sampler (jmeter-dubbo3-sampler's IDL "
                    + "mode, test-plans/dubbo3-idl.jmx, against the same server). "
                    + "Default: " + BenchSide.DEFAULT + ".")
    String sides;

    @Option(names = "--two-jars",
            description = "The Dubbo 2.7 and 3.3 sampler jars side by side: sides " + BenchSide.TWO_JARS + " (the 3.3 "
                    + "jar's JMeter home and the triple provider made by the bench). Not with --sides.")
    boolean twoJars;

    @Option(names = "--pace-rate", paramLabel = "CALLS_PER_S", defaultValue = "2000",
            description = "The fixed rate of the sides paced, paced-groovy and paced-hop, calls/s. Default: ${DEFAULT-VALUE}.")
    int paceRate;

    @Option(names = "--load-jvm-args", paramLabel = "ARGS", defaultValue = DEFAULT_LOAD_JVM_ARGS,
            description = "JVM options of every load generator (JMeter's in stress run). Default: ${DEFAULT-VALUE}.")
    String loadJvmArgs;

    @Option(names = "--jmeter-home", paramLabel = "DIR",
            description = "The JMeter (with the Dubbo Sampler in lib/ext) to measure instead of the embedded 5.6.3; "
                    + "the raw client takes Dubbo from the same sampler jar.")
    Path jmeterHome;

    @Option(names = "--jmeter-home-b", paramLabel = "DIR",
            description = "A second JMeter home for side sampler-b (the direct plan again) and raw-b (the raw client on "
                    + "its sampler jar's Dubbo): A/B of two builds of the sampler, or of the Dubbo 2.7 and 3.3 jars, run "
                    + "by run in the same bench.")
    Path jmeterHomeB;

    @Option(names = "--plan-b", paramLabel = "FILE",
            description = "A plan for side sampler-b instead of the shipped direct plan (its PerfMon collector "
                    + "removed, the same properties): A/B of two plans, in one JMeter home or with --jmeter-home-b.")
    Path planB;

    @Option(names = "--thread-counts", paramLabel = "LIST",
            description = "The cost curve: run every side and payload at each of these thread counts (e.g. "
                    + "20,200,1000), closed model. Default: --threads alone.")
    String threadCounts;

    @Option(names = "--jfr", description = "Record a JFR profile of every load generator (runs/<run>/load.jfr).")
    boolean jfr;

    @Option(names = "--report-rows", paramLabel = "N", defaultValue = "10000000",
            description = "Rows of the synthetic JTL for stress report (and a tenth of it). Default: ${DEFAULT-VALUE}.")
    long reportRows;

    @Option(names = "--gc-pauses", paramLabel = "N", defaultValue = "30000",
            description = "GC pauses of the real log for stress gc. Default: ${DEFAULT-VALUE}.")
    int gcPauses;

    @Option(names = "--gc-log-mb", paramLabel = "LIST", split = ",", defaultValue = "100,1024",
            description = "Sizes (MB) of the GC logs made from the real one for stress gc (and of a JDK 8 log: the "
                    + "first size). Default: ${DEFAULT-VALUE}.")
    List<Long> gcLogMb;

    @Option(names = "--keep-files", description = "Keep the JTLs, the synthetic JTL and the GC log.")
    boolean keepFiles;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results folder. Default: results/bench-<yyyyMMdd-HHmmss> under the current folder.")
    Path out;

    @Override
    public Integer call() throws IOException {
        BenchSettings settings = settings();
        if (!ProcStat.available()) {
            throw new UserError("stress bench measures processes through /proc: it needs Linux");
        }
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true);
        PrintWriter stdout = spec.commandLine().getOut();
        Files.createDirectories(settings.out);
        StressHome home = StressHome.fromSystemProperty();
        JavaRuntime java = JavaRuntime.current();
        BenchResults results = new BenchResults(settings, BenchHost.collect(), BuildVersions.all());
        results.startedAt = Instant.now().toString();
        err.printf(Locale.ROOT, "stress bench: %s -> %s (load average %.2f)%n", settings.asMap().get("parts"),
                settings.out, ProcStat.loadAverage());
        int code = 0;
        try {
            if (settings.parts.contains(BenchSettings.Part.CALLS)) {
                results.calls.addAll(new CallBench(settings, home, java, err, System.console() != null).run());
            }
            ToolRunner tools = new ToolRunner(java, home);
            if (settings.parts.contains(BenchSettings.Part.REPORT)) {
                ReportBench reportBench = new ReportBench(settings, tools, err);
                results.report.addAll(reportBench.run());
                results.reads.addAll(reportBench.reads);
            }
            if (settings.parts.contains(BenchSettings.Part.GC)) {
                results.gc.addAll(new GcBench(settings, java, tools, err).run());
            }
        } catch (ProcessFailedException e) {
            err.println("stress bench: " + e.getMessage());
            code = 1;
        }
        results.endedAt = Instant.now().toString();
        results.loadAverageAtEnd = ProcStat.loadAverage();
        String markdown = BenchMarkdown.render(results);
        Files.write(settings.out.resolve("bench.md"), markdown.getBytes(StandardCharsets.UTF_8));
        if (!results.calls.isEmpty()) {
            Files.write(settings.out.resolve("bench-curve.svg"), BenchChart.svg(results).getBytes(StandardCharsets.UTF_8));
        }
        Files.write(settings.out.resolve("bench.json"),
                BenchJson.render(results, "dubbo-stress " + BuildVersions.get("dubbo-stress"))
                        .getBytes(StandardCharsets.UTF_8));
        stdout.print(markdown);
        stdout.flush();
        err.println("stress bench: results in " + settings.out);
        return code;
    }

    BenchSettings settings() {
        BenchSettings s = new BenchSettings();
        for (String part : parts.split(",")) {
            String name = part.trim().toUpperCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            try {
                BenchSettings.Part p = BenchSettings.Part.valueOf(name);
                if (!s.parts.contains(p)) {
                    s.parts.add(p);
                }
            } catch (IllegalArgumentException e) {
                throw new UserError("Invalid value for option '--parts': '" + part.trim() + "' is not one of calls, "
                        + "report, gc");
            }
        }
        if (s.parts.isEmpty()) {
            throw new UserError("Invalid value for option '--parts': empty (use calls, report, gc)");
        }
        s.rounds = Validate.atLeast("--rounds", rounds, 1);
        if (duration.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new UserError("Invalid value for option '--duration': " + DurationConverter.format(duration)
                    + " (must be at least 1s)");
        }
        s.duration = duration;
        s.warmup = warmup;
        harness.validate();
        s.threads = harness.threads;
        s.threadCounts = threadCounts == null ? List.of(harness.threads) : parseCounts("--thread-counts", threadCounts);
        if (paceRate < 1) {
            throw new UserError("Invalid value for option '--pace-rate': " + paceRate + " (at least 1 call/s)");
        }
        s.paceRate = paceRate;
        s.payloads = parseSizes("--payloads", payloads);
        if (twoJars && sides != null) {
            throw new UserError("Invalid value for option '--two-jars': it sets the sides itself (" + BenchSide.TWO_JARS
                    + "); leave out --sides '" + sides + "'");
        }
        s.sides = BenchSide.parseList("--sides", twoJars ? BenchSide.TWO_JARS : sides == null ? BenchSide.DEFAULT
                : sides);
        s.timeoutMs = harness.timeoutMs;
        s.cpuIterations = harness.cpuIterations;
        s.providerJvmArgs = harness.providerJvmArgs;
        s.consumerJvmArgs = harness.consumerJvmArgs;
        s.loadJvmArgs = loadJvmArgs;
        s.jfr = jfr;
        s.jmeterHome = jmeterHome;
        s.jmeterHomeB = jmeterHomeB;
        s.planB = planB == null ? null : planB.toAbsolutePath().normalize();
        boolean samplerB = s.sides.contains(BenchSide.SAMPLER_B);
        boolean rawB = s.sides.contains(BenchSide.RAW_B);
        if (rawB && jmeterHomeB == null) {
            throw new UserError("Invalid value for option '--sides': raw-b needs --jmeter-home-b");
        }
        if (samplerB && jmeterHomeB == null && planB == null) {
            throw new UserError("Invalid value for option '--sides': sampler-b needs --jmeter-home-b or --plan-b");
        }
        if (jmeterHomeB != null && !samplerB && !rawB) {
            throw new UserError("Invalid value for option '--jmeter-home-b': add sampler-b or raw-b to --sides to use it");
        }
        if (planB != null && !samplerB) {
            throw new UserError("Invalid value for option '--plan-b': add sampler-b to --sides to use it");
        }
        if (s.planB != null && !Files.isRegularFile(s.planB)) {
            throw new UserError("Invalid value for option '--plan-b': " + planB + " is not a file");
        }
        if (reportRows < 1) {
            throw new UserError("Invalid value for option '--report-rows': " + reportRows + " (must be >= 1)");
        }
        s.reportRows = reportRows;
        s.gcPauses = Validate.atLeast("--gc-pauses", gcPauses, 1);
        for (long mb : gcLogMb) {
            if (mb < 1) {
                throw new UserError("Invalid value for option '--gc-log-mb': " + mb + " (sizes are at least 1 MB)");
            }
        }
        s.gcLogMb = List.copyOf(gcLogMb);
        s.keepFiles = keepFiles;
        s.out = (out != null ? out : Path.of("results", "bench-" + LocalDateTime.now().format(STAMP)))
                .toAbsolutePath().normalize();
        return s;
    }

    /** {@code 20,200,1000} -> [20, 200, 1000]: whole numbers from 1 to 5,000, each once, in the order given. */
    static List<Integer> parseCounts(String option, String text) {
        List<Integer> counts = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int n;
            try {
                n = Integer.parseInt(p);
            } catch (NumberFormatException e) {
                throw new UserError("Invalid value for option '" + option + "': '" + p + "' is not a whole number");
            }
            if (n < 1 || n > 5000) {
                throw new UserError("Invalid value for option '" + option + "': " + n + " is outside 1 to 5000 threads");
            }
            if (!counts.contains(n)) {
                counts.add(n);
            }
        }
        if (counts.isEmpty()) {
            throw new UserError("Invalid value for option '" + option + "': empty (e.g. 20,200,1000)");
        }
        return counts;
    }

    /** {@code 1k,100k} -> [1024, 102400]; sizes up to Dubbo's default 8 MiB payload limit. */
    static List<Integer> parseSizes(String option, String text) {
        List<Integer> sizes = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim().toLowerCase(Locale.ROOT);
            if (p.isEmpty()) {
                continue;
            }
            Matcher m = SIZE.matcher(p);
            if (!m.matches()) {
                throw new UserError("Invalid value for option '" + option + "': '" + part.trim() + "' is not a size "
                        + "(use e.g. 1k, 100k, 512, 1m)");
            }
            long size = Long.parseLong(m.group(1)) * ("k".equals(m.group(2)) ? 1024 : "m".equals(m.group(2))
                    ? 1024 * 1024 : 1);
            if (size < 1 || size > 8L * 1024 * 1024) {
                throw new UserError("Invalid value for option '" + option + "': '" + part.trim() + "' is outside 1 "
                        + "byte to 8 MiB (Dubbo's default payload limit)");
            }
            if (!sizes.contains((int) size)) {
                sizes.add((int) size);
            }
        }
        if (sizes.isEmpty()) {
            throw new UserError("Invalid value for option '" + option + "': empty (e.g. 1k,100k)");
        }
        return sizes;
    }

}
