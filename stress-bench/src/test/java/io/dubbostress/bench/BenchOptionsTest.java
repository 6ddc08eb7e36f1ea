package io.dubbostress.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code stress bench}'s options: defaults, and bad values refused with one line naming the option and the value. */
class BenchOptionsTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private CommandLine commandLine() {
        CommandLine command = BenchMain.commandLine();
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        return command;
    }

    private BenchSettings settings(String... args) {
        CommandLine command = commandLine();
        String[] full = new String[args.length + 1];
        full[0] = "bench";
        System.arraycopy(args, 0, full, 1, args.length);
        command.parseArgs(full);
        return ((BenchCommand) command.getSubcommands().get("bench").getCommand()).settings();
    }

    private void assertRefused(String expectedFirstLine, String... args) {
        String[] full = new String[args.length + 1];
        full[0] = "bench";
        System.arraycopy(args, 0, full, 1, args.length);
        int code = commandLine().execute(full);
        assertThat(code).as(String.join(" ", args)).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).hasValue(expectedFirstLine);
        assertThat(err.toString()).doesNotContain("\tat ", "Exception");
        assertThat(out.toString()).isEmpty();
        err.getBuffer().setLength(0);
    }

    @Test
    void defaultsAreTheDocumentedBench() {
        BenchSettings s = settings();
        assertThat(s.parts).containsExactly(BenchSettings.Part.CALLS, BenchSettings.Part.REPORT,
                BenchSettings.Part.GC);
        assertThat(s.rounds).isEqualTo(3);
        assertThat(s.duration).isEqualTo(Duration.ofSeconds(20));
        assertThat(s.warmup).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.threads).isEqualTo(20);
        assertThat(s.threadCounts).containsExactly(20);
        assertThat(s.planB).isNull();
        assertThat(s.payloads).containsExactly(1024, 102400);
        assertThat(s.sides).containsExactly(BenchSide.RAW, BenchSide.SAMPLER, BenchSide.HOP, BenchSide.RAW_TYPED);
        assertThat(s.reportRows).isEqualTo(10_000_000L);
        assertThat(s.gcPauses).isEqualTo(30_000);
        assertThat(s.gcLogMb).containsExactly(100L, 1024L);
        assertThat(s.loadJvmArgs).isEqualTo("-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxGCPauseMillis=100");
        assertThat(s.out.getFileName().toString()).matches("bench-\\d{8}-\\d{6}");
        assertThat(s.needsConsumer()).isTrue();
    }

    @Test
    void listsAreParsedInOrderWithoutDuplicates() {
        BenchSettings s = settings("--parts", "gc, calls", "--payloads", "512,1k,1k,1m", "--sides", "sampler,raw",
                "--out", dir.toString());
        assertThat(s.parts).containsExactly(BenchSettings.Part.GC, BenchSettings.Part.CALLS);
        assertThat(s.payloads).containsExactly(512, 1024, 1024 * 1024);
        assertThat(s.sides).containsExactly(BenchSide.SAMPLER, BenchSide.RAW);
        assertThat(s.needsConsumer()).isFalse();
        assertThat(s.out).isEqualTo(dir.toAbsolutePath().normalize());
        assertThat(s.asMap()).containsEntry("sides", "sampler,raw").containsEntry("payloads", "512,1024,1048576");
        BenchSettings curve = settings("--threads", "7", "--thread-counts", "1000, 20,200,20");
        assertThat(curve.threadCounts).containsExactly(1000, 20, 200);
        assertThat(curve.asMap()).containsEntry("threadCounts", "1000,20,200");
        BenchSettings pacedHop = settings("--parts", "calls", "--sides", "paced,paced-hop", "--out", dir.toString());
        assertThat(pacedHop.sides).containsExactly(BenchSide.PACED, BenchSide.PACED_HOP);
        assertThat(pacedHop.needsConsumer()).as("the paced hop calls through the consumer").isTrue();
        assertThat(BenchSide.PACED_HOP.isPaced() && BenchSide.PACED_HOP.isHop()).isTrue();
        assertThat(BenchSide.HOP.isPaced() || BenchSide.PACED.isHop()).isFalse();
    }

    @Test
    void twoJarsAreBothJarsOverDubboAndTheDubbo3JarOverTriple() {
        BenchSettings s = settings("--parts", "calls", "--two-jars", "--out", dir.toString());
        assertThat(s.sides).containsExactly(BenchSide.RAW, BenchSide.SAMPLER, BenchSide.RAW_3, BenchSide.SAMPLER_3,
                BenchSide.RAW_TRI, BenchSide.SAMPLER_TRI);
        assertThat(s.needsProvider()).isTrue();
        assertThat(s.needsTripleProvider()).isTrue();
        assertThat(s.needsDubbo3Home()).as("sampler-3 and sampler-tri run in a home with the 3.3 jar").isTrue();
        assertThat(s.needsConsumer()).isFalse();
        BenchSettings triple = settings("--parts", "calls", "--sides", "raw-tri", "--out", dir.toString());
        assertThat(triple.needsProvider()).as("the triple sides call the triple provider only").isFalse();
        assertThat(triple.needsDubbo3Home()).as("a raw client needs the 3.3 jar, not a JMeter home").isFalse();
        assertThat(BenchSide.RAW_3.usesDubbo3Jar() && !BenchSide.RAW_3.isTriple()).isTrue();
        assertThat(BenchSide.RAW_B.usesDubbo3Jar() || BenchSide.SAMPLER.usesDubbo3Jar()).isFalse();
    }

    @Test
    void planBIsTheOtherPlanOfSideSamplerB() throws java.io.IOException {
        Path plan = java.nio.file.Files.writeString(dir.resolve("b.jmx"), "<jmeterTestPlan/>");
        BenchSettings s = settings("--sides", "sampler,sampler-b", "--plan-b", plan.toString());
        assertThat(s.planB).isEqualTo(plan.toAbsolutePath());
        assertThat(s.jmeterHomeB).isNull();
        assertThat(s.asMap()).containsEntry("planB", plan.toAbsolutePath().toString());
    }

    @Test
    void refusesBadValuesNamingTheOptionAndTheValue() {
        assertRefused("stress bench: Invalid value for option '--rounds': 0 (must be >= 1)", "--rounds", "0");
        assertRefused("stress bench: Invalid value for option '--threads': 'x' is not an int", "--threads", "x");
        assertRefused("stress bench: Invalid value for option '--duration': 0s (must be at least 1s)",
                "--duration", "0");
        assertRefused("stress bench: Invalid value for option '--warmup': '5q' is not a duration (use e.g. 30s, 1.5s,"
                + " 500ms, 10m, 1h, 1m30s, or plain seconds)", "--warmup", "5q");
        assertRefused("stress bench: Invalid value for option '--payloads': '10x' is not a size (use e.g. 1k, 100k,"
                + " 512, 1m)", "--payloads", "1k,10x");
        assertRefused("stress bench: Invalid value for option '--payloads': '9m' is outside 1 byte to 8 MiB (Dubbo's"
                + " default payload limit)", "--payloads", "9m");
        assertRefused("stress bench: Invalid value for option '--sides': 'fast' is not one of raw, raw-typed, "
                + "sampler, hop, sampler-b, raw-b, paced, paced-groovy, paced-hop, raw-3, sampler-3, raw-tri, "
                + "sampler-tri, grpc-raw, grpc-sampler", "--sides", "raw,fast");
        assertRefused("stress bench: Invalid value for option '--two-jars': it sets the sides itself (raw,sampler,"
                + "raw-3,sampler-3,raw-tri,sampler-tri); leave out --sides 'raw,sampler'", "--two-jars", "--sides",
                "raw,sampler");
        assertRefused("stress bench: Invalid value for option '--sides': sampler-b needs --jmeter-home-b or "
                + "--plan-b", "--sides", "sampler,sampler-b");
        assertRefused("stress bench: Invalid value for option '--sides': raw-b needs --jmeter-home-b",
                "--sides", "raw,raw-b");
        assertRefused("stress bench: Invalid value for option '--plan-b': add sampler-b to --sides to use it",
                "--plan-b", dir.resolve("b.jmx").toString());
        assertRefused("stress bench: Invalid value for option '--plan-b': " + dir.resolve("none.jmx")
                + " is not a file", "--sides", "sampler,sampler-b", "--plan-b", dir.resolve("none.jmx").toString());
        assertRefused("stress bench: Invalid value for option '--thread-counts': 'many' is not a whole number",
                "--thread-counts", "20,many");
        assertRefused("stress bench: Invalid value for option '--thread-counts': 0 is outside 1 to 5000 threads",
                "--thread-counts", "0,20");
        assertRefused("stress bench: Invalid value for option '--jmeter-home-b': add sampler-b or raw-b to --sides"
                + " to use it", "--jmeter-home-b", dir.toString());
        assertRefused("stress bench: Invalid value for option '--parts': 'all' is not one of calls, report, gc",
                "--parts", "all");
        assertRefused("stress bench: Invalid value for option '--report-rows': 0 (must be >= 1)",
                "--report-rows", "0");
        assertRefused("stress bench: Invalid value for option '--gc-pauses': -5 (must be >= 1)", "--gc-pauses", "-5");
    }

    @Test
    void sizesReadAsTheyAreWritten() {
        assertThat(BenchCommand.parseSizes("--payloads", "1k,100k")).isEqualTo(List.of(1024, 102400));
        assertThat(io.dubbostress.cli.options.Scenario.sizeLabel(1024)).isEqualTo("1k");
        assertThat(io.dubbostress.cli.options.Scenario.sizeLabel(102400)).isEqualTo("100k");
        assertThat(io.dubbostress.cli.options.Scenario.sizeLabel(1000)).isEqualTo("1000");
        assertThat(io.dubbostress.cli.options.Scenario.sizeLabel(1024 * 1024)).isEqualTo("1m");
    }

    @Test
    void helpListsEveryOption() {
        int code = commandLine().execute("bench", "--help");
        assertThat(code).isZero();
        assertThat(out.toString()).contains("--parts", "--rounds", "--duration", "--warmup", "--threads", "--payloads",
                "--sides", "--load-jvm-args", "--jmeter-home", "--jmeter-home-b", "--plan-b", "--thread-counts", "--jfr", "--report-rows", "--gc-pauses", "--keep-files", "--out");
    }
}
