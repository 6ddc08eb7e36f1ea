package io.dubbostress.cli.gc;

import io.dubbostress.report.TestResources;

import io.dubbostress.gc.GcAnalysis;
import io.dubbostress.gc.GcAnalysisJson;
import io.dubbostress.gc.GcAnalysisStore;
import io.dubbostress.gc.GcEvent;
import io.dubbostress.gc.GcLogAnalyzer;
import io.dubbostress.gc.GcLogLines;
import io.dubbostress.gc.PauseStats;

import io.dubbostress.cli.StressCommand;
import io.dubbostress.gc.GcException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** JDK 8 format logs (test resources, see gc/README.md) against a count of their own pause lines. */
class GcLogAnalyzerTest {

    @TempDir
    Path dir;

    private Path copy(String resource) throws Exception {
        return TestResources.copy("gc/jdk8/" + resource, dir.resolve(resource));
    }

    @Test
    void jdk8ParallelAndG1LogsMatchTheirOwnPauseLines() throws Exception {
        for (String name : new String[] {"parallel-gc.log", "g1-gc.log"}) {
            Path log = copy(name);
            List<GcLogLines.Pause> truth = GcLogLines.pauses(log);
            assertThat(truth).as(name).hasSizeGreaterThan(20);
            GcAnalysis analysis = new GcLogAnalyzer().analyze(log);
            PauseStats pauses = analysis.pauses();
            assertThat(pauses.count()).as(name).isEqualTo(truth.size());
            assertThat(pauses.totalMs()).as(name).isCloseTo(truth.stream().mapToDouble(p -> p.ms).sum(),
                    within(1e-6));
            assertThat(pauses.maxMs()).as(name).isCloseTo(truth.stream().mapToDouble(p -> p.ms).max().getAsDouble(),
                    within(1e-6));
            assertThat(pauses.fullCount()).as(name)
                    .isEqualTo(truth.stream().filter(p -> p.type.startsWith("Full GC")).count());
            assertThat(analysis.hasWallClock()).isTrue();
            // pause by pause: the same start times (the log's date stamps) and durations, in order
            for (int i = 0; i < truth.size(); i++) {
                assertThat(analysis.events().get(i).epochMs()).isEqualTo(truth.get(i).epochMs);
                assertThat(analysis.events().get(i).pauseMs()).isCloseTo(truth.get(i).ms, within(1e-6));
            }
            long from = truth.get(5).epochMs;
            long to = truth.get(15).epochMs;
            PauseStats window = analysis.window(from, to);
            assertThat(window.count()).isEqualTo(
                    truth.stream().filter(p -> p.epochMs >= from && p.epochMs < to).count());
            assertThat(window.throughputPercent()).isCloseTo(100 * (1 - window.totalMs() / (to - from)), within(1e-9));
            // the JVM ran from the log's first stamp to its last (here the first and last pauses): outside, no figures
            assertThat(analysis.logStartEpochMs()).isEqualTo(truth.get(0).epochMs);
            assertThat(analysis.logEndEpochMs()).isEqualTo(truth.get(truth.size() - 1).epochMs);
            assertThat(analysis.window(analysis.logEndEpochMs() + 1, analysis.logEndEpochMs() + 60_000)).isNull();
            assertThat(analysis.window(0, analysis.logStartEpochMs())).isNull();
        }
        assertThat(new GcLogAnalyzer().analyze(dir.resolve("parallel-gc.log")).collector()).isEqualTo("Parallel");
        assertThat(new GcLogAnalyzer().analyze(dir.resolve("g1-gc.log")).collector()).isEqualTo("G1");
    }

    @Test
    void allocationAndHeapFiguresFollowFromTheHeapAroundEachPause() throws Exception {
        Path log = copy("parallel-gc.log");
        GcAnalysis analysis = new GcLogAnalyzer().analyze(log);
        List<GcEvent> events = analysis.events();
        // first line: 65536K->12285K(251392K) in the log's own words (whole heap before->after(committed))
        assertThat(events.get(0).heapBeforeBytes()).isEqualTo(65536L * 1024);
        assertThat(events.get(0).heapAfterBytes()).isEqualTo(12285L * 1024);
        assertThat(events.get(0).heapCommittedBytes()).isEqualTo(251392L * 1024);
        long allocated = events.get(0).heapBeforeBytes();
        for (int i = 1; i < events.size(); i++) {
            allocated += Math.max(0, events.get(i).heapBeforeBytes() - events.get(i - 1).heapAfterBytes());
        }
        assertThat(analysis.allocatedBytes()).isEqualTo(allocated);
        assertThat(analysis.peakHeapBeforeGcBytes())
                .isEqualTo(events.stream().mapToLong(GcEvent::heapBeforeBytes).max().getAsLong());
    }

    @Test
    void analysisJsonRoundTrips() throws Exception {
        Path log = copy("g1-gc.log");
        GcAnalysis analysis = new GcAnalysisStore(new GcLogAnalyzer()).analyzeAndSave(log);
        Path saved = dir.resolve("g1-gc.analysis.json");
        JsonNode json = new ObjectMapper().readTree(saved.toFile());
        assertThat(json.get("schema").asText()).isEqualTo(GcAnalysisJson.SCHEMA);
        assertThat(json.get("service").asText()).isEqualTo("g1");
        assertThat(json.get("pauses").get("count").asInt()).isEqualTo(analysis.pauses().count());
        GcAnalysis read = GcAnalysisJson.fromTree(json);
        assertThat(read.events()).hasSameSizeAs(analysis.events());
        assertThat(read.pauses().totalMs()).isCloseTo(analysis.pauses().totalMs(), within(0.001 * read.events().size()));
        assertThat(read.window(0, Long.MAX_VALUE).count()).isEqualTo(analysis.pauses().count());
        // a fresh analysis file is used as is; the store does not parse the log again
        Files.write(log, "not a GC log any more\n".getBytes(StandardCharsets.UTF_8));
        Files.setLastModifiedTime(saved, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        assertThat(new GcAnalysisStore(new GcLogAnalyzer()).loadOrAnalyze(log).events()).hasSameSizeAs(analysis.events());
    }

    @Test
    void stressGcWritesAnalysesPrintsATableAndReportsABadLogInOneLine() throws Exception {
        Path parallel = copy("parallel-gc.log");
        Path g1 = copy("g1-gc.log");
        Path notALog = Files.write(dir.resolve("app.log"), "hello\nworld\n".getBytes(StandardCharsets.UTF_8));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = StressCommand.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute("gc", "--offline", parallel.toString(), notALog.toString(), g1.toString());
        assertThat(exit).isEqualTo(2);
        assertThat(out.toString()).contains("| parallel-gc.log | Parallel | " + GcLogLines.pauses(parallel).size() + " |")
                .contains("| g1-gc.log | G1 | " + GcLogLines.pauses(g1).size() + " |");
        assertThat(err.toString().trim().lines()).hasSize(1);
        assertThat(err.toString()).startsWith("stress gc: GC log " + notALog);
        assertThat(dir.resolve("parallel-gc.analysis.json")).exists();
        assertThat(dir.resolve("g1-gc.analysis.json")).exists();
        assertThat(dir.resolve("app.analysis.json")).doesNotExist();
        assertThat(Files.readString(parallel)).isEqualTo(TestResources.read("gc/jdk8/parallel-gc.log"));
    }

    @Test
    void aMissingEmptyOrForeignLogIsAUserErrorNamingIt() throws Exception {
        Path missing = dir.resolve("nope.log");
        assertThatThrownBy(() -> new GcLogAnalyzer().analyze(missing)).isInstanceOf(GcException.class)
                .hasMessage("GC log " + missing + " does not exist");
        Path empty = Files.write(dir.resolve("empty-gc.log"), new byte[0]);
        assertThatThrownBy(() -> new GcLogAnalyzer().analyze(empty)).isInstanceOf(GcException.class)
                .hasMessage("GC log " + empty + " is empty");
        Path foreign = Files.write(dir.resolve("app.log"), "2026-11-22 10:00:00 INFO started\n".getBytes());
        assertThatThrownBy(() -> new GcLogAnalyzer().analyze(foreign)).isInstanceOf(GcException.class)
                .hasMessage("GC log " + foreign + " is not a GC log: no JDK 8 -XX:+PrintGCDetails or JDK 9+ -Xlog:gc line in it");
    }
}
