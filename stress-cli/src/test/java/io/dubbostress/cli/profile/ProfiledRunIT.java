package io.dubbostress.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.cli.report.HeadlessChromium;
import io.dubbostress.report.model.ServiceProfile;
import io.dubbostress.report.write.Table;
import io.dubbostress.testsupport.BoxLoad;
import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress run --profile} end to end: the reference provider (its CPU work made the hot method, 50,000 random
 * additions per call), the consumer and JMeter profiled with async-profiler over direct-1k and hop-1k; the report
 * must show the provider's work loop ({@code CpuWork.perform}) at the share of its CPU that the loop's own timing
 * predicts, the same per call in both scenarios (different rates), and the hop's difference in the consumer's HTTP
 * and Dubbo-client frames, not in the provider.
 */
class ProfiledRunIT {

    static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();
    static final Path JAR = Path.of(System.getProperty("stress.cli.jar", "target/stress-cli.jar")).toAbsolutePath();
    static final int ITERATIONS = 50_000;
    static final String HOT = "io.dubbostress.provider.CpuWork.perform";

    @TempDir
    static Path dir;

    static Path run;
    static int exitCode;
    static String output;
    static JsonNode report;

    @BeforeAll
    static void runProfiled() throws IOException {
        run = dir.resolve("run");
        // the profiled window starts after the warm-up: on a busy box the provider's JIT compiles for longer, and
        // in one CI run its C2 threads took 46 % of the window's samples (the warm-up may be half the duration)
        int warmup = BoxLoad.scaled(6, 18);
        try (ChildJvm cli = ChildJvm.jar(JAR).jvmArgs("-Dstress.home=" + HOME)
                .args("run", "--profile", "--scenarios", "direct-1k,hop-1k", "--threads", "2", "--duration",
                        (2 * warmup + 8) + "s", "--warmup", warmup + "s", "--cpu-iterations",
                        String.valueOf(ITERATIONS), "--no-dashboard",
                        "--out", run.toString())
                .log(dir.resolve("stress.out")).start()) {
            assertThat(cli.waitFor(Duration.ofMinutes(6))).as("stress run ends by itself").isTrue();
            exitCode = cli.stop(Duration.ofSeconds(1));
            output = cli.logText();
        }
        report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
    }

    @Test
    void profilesEveryJvmOfEveryScenario() {
        assertThat(exitCode).as(output).isZero();
        List<String> seen = new ArrayList<>();
        for (JsonNode scenario : report.at("/profiles/scenarios")) {
            for (JsonNode service : scenario.get("services")) {
                seen.add(scenario.get("scenario").asText() + "/" + service.get("service").asText());
                assertThat(service.get("status").asText()).as(service.toString()).isEqualTo("ok");
                assertThat(service.get("profiler").asText()).isEqualTo("async-profiler " + AsyncProfiler.VERSION);
                assertThat(service.get("fileBytes").asLong()).isPositive();
                // --profile's CPU timer, and its allocation samples: a JVM with fewer than 20 has no figure (its
                // count instead), never a 0
                assertThat(service.get("cpuEngine").asText()).isEqualTo("ctimer");
                JsonNode allocations = service.get("allocations");
                if (allocations.get("events").asLong() < ServiceProfile.MIN_ALLOCATION_SAMPLES) {
                    assertThat(allocations.get("bytesPerCall").isNull()).as(service.toString()).isTrue();
                } else {
                    assertThat(allocations.get("bytesPerCall").asDouble()).as(service.toString()).isPositive();
                }
            }
        }
        // the provider allocates some 20 KiB for every call: sampled every 16 MiB, it has samples (in one scenario at
        // least, however slow a busy machine makes the calls)
        assertThat(service("direct-1k", "provider").at("/allocations/events").asLong()
                + service("hop-1k", "provider").at("/allocations/events").asLong()).isPositive();
        assertThat(report.at("/warnings").toString()).doesNotContain("CPU timer, not perf_events");
        assertThat(seen).containsExactly("direct-1k/provider", "direct-1k/consumer", "direct-1k/jmeter",
                "hop-1k/provider", "hop-1k/consumer", "hop-1k/jmeter");
        for (String file : new String[] {"provider.jfr", "consumer.jfr", "jmeter.jfr", "capture.json"}) {
            assertThat(run.resolve("scenarios/hop-1k/profiles").resolve(file)).isNotEmptyFile();
        }
    }

    /**
     * The allocation samples (one every 16 MiB, weighted) against a second, independent count: the provider's own GC
     * log, whose collections say what was allocated between them (the report's allocation rate over the log's span),
     * over every call the provider served (both scenarios' JTL rows: a hop call is one provider call). The log also
     * holds the provider's start and its idle time between the scenarios, so its figure is a little higher; the band
     * is wide for that and for the few samples a short run has.
     */
    @Test
    void allocationsPerCallAgreeWithTheProvidersGcLog() throws IOException {
        JsonNode gc = null;
        for (JsonNode log : report.get("gc")) {
            if (log.get("service").asText().equals("provider")) {
                gc = log;
            }
        }
        assertThat(gc).as("the provider's GC log in report.json").isNotNull();
        long calls = 0; // every row of the JTLs, warm-up included (the report's samples are the steady state's)
        for (String scenario : new String[] {"direct-1k", "hop-1k"}) {
            try (var lines = Files.lines(run.resolve("scenarios").resolve(scenario).resolve("results.jtl"))) {
                calls += lines.count() - 1;
            }
        }
        double byGcLog = gc.get("allocationRateBytesPerSec").asDouble() * gc.get("spanSeconds").asDouble() / calls;
        for (String scenario : new String[] {"direct-1k", "hop-1k"}) {
            JsonNode allocations = service(scenario, "provider").get("allocations");
            if (allocations.get("events").asLong() < 20) {
                System.out.println(scenario + ": " + allocations.get("events") + " allocation samples: too few to"
                        + " compare with the GC log");
                continue;
            }
            double profiled = allocations.get("bytesPerCall").asDouble();
            System.out.printf("%s: the provider's allocations per call, profiled %.0f B (%d samples), GC log %.0f B%n",
                    scenario, profiled, allocations.get("events").asLong(), byGcLog);
            assertThat(profiled).as("%s: profiled bytes per call against the GC log's %.0f", scenario, byGcLog)
                    .isBetween(0.5 * byGcLog, 1.5 * byGcLog);
        }
    }

    @Test
    void showsTheProvidersWorkLoopAtTheShareItsOwnTimingPredicts() throws Exception {
        double loopUs = loopCpuMicros();
        assumeTheJitWasQuiet();
        for (String scenario : new String[] {"direct-1k", "hop-1k"}) {
            JsonNode provider = service(scenario, "provider");
            double osUsPerCall = provider.get("osCpuUsPerCall").asDouble();
            double expected = Math.min(100, 100 * loopUs / osUsPerCall);
            JsonNode hot = frame(provider.get("topFramesByTotal"), HOT);
            assertThat(hot).as("%s: %s among the provider's top frames: %s", scenario, HOT,
                    provider.get("topFramesByTotal")).isNotNull();
            double share = hot.get("totalPercent").asDouble();
            System.out.printf(java.util.Locale.ROOT, "%s: the loop %.1f us per call by its own timing, the provider"
                    + " %.1f us per call by the OS: expected %.1f %%, the profile %.1f %%%n", scenario, loopUs,
                    osUsPerCall, expected, share);
            assertThat(share).as("%s: the loop's share of the provider's CPU (%.1f us per call by its own timing, the"
                    + " provider %.1f us per call by the OS)", scenario, loopUs, osUsPerCall)
                    .isBetween(expected * 0.65, Math.min(100, expected * 1.5));
        }
        double direct = frame(service("direct-1k", "provider").get("topFramesByTotal"), HOT)
                .get("totalUsPerCall").asDouble();
        double hop = frame(service("hop-1k", "provider").get("topFramesByTotal"), HOT)
                .get("totalUsPerCall").asDouble();
        assertThat(hop).as("the loop per call, hop vs direct (different rates, the same work)")
                .isBetween(direct * 0.6, direct * 1.6);
    }

    @Test
    void namesTheConsumersHttpAndDubboClientFramesAsWhatTheHopAdds() throws IOException {
        JsonNode pair = report.at("/profiles/hopOverhead/0");
        assertThat(pair.get("hop").asText()).isEqualTo("hop-1k");
        JsonNode consumer = null;
        for (JsonNode service : pair.get("services")) {
            if (service.get("service").asText().equals("consumer")) {
                consumer = service;
            }
        }
        assertThat(consumer).as(pair.toString()).isNotNull();
        assertThat(consumer.get("deltaUsPerCall").asDouble()).isPositive();
        List<String> added = new ArrayList<>();
        for (JsonNode c : consumer.get("components")) {
            if (c.get("deltaUsPerCall").asDouble() > 0) {
                added.add(c.get("component").asText());
            }
        }
        assertThat(added).as("the consumer's components that add CPU per call")
                .containsAnyOf("Tomcat (HTTP server)", "Spring MVC")
                .containsAnyOf("Dubbo", "Netty (Dubbo's transport)", "Hessian (Dubbo's serialization)");
        String sentence = pair.get("sentence").asText();
        String contributors = sentence.substring(sentence.indexOf("contributor"), sentence.indexOf("; in all"));
        assertThat(contributors).as(sentence).contains("the consumer's").doesNotContain("the provider's dubbo-stress");
        assertThat(contributors.substring(contributors.indexOf(" the ") + 1)).as(sentence)
                .startsWith("the consumer's");
        // The markdown's top frames are by self time: the loop's own frame is there only when the JIT keeps the
        // random draws it calls out of it (it did not in one CI run), so the table is checked against report.json's
        // topFrames, whose first frame by self time must be a row of it.
        String topSelf = service("direct-1k", "provider").at("/topFrames/0/frame").asText();
        assertThat(topSelf).as("report.json's top frame by self time of direct-1k's provider").isNotEmpty();
        assertThat(Files.readString(run.resolve("report.md"))).contains("Where the hop's time goes: " + sentence,
                "## Top frames (CPU, steady state)",
                "| direct-1k | provider | " + Table.markdownText(topSelf).replace("|", "\\|") + " |");
        String html = Files.readString(run.resolve("report.html"));
        assertThat(html).contains("id=\"flamegraphs\"", "\"kind\":\"cpu\"", "CpuWork");
    }

    @Test
    void drawsTheFlameGraphsInHeadlessChromiumAndTheirSearchAgreesWithTheJson() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.find(dir);
        URI page = URI.create(run.resolve("report.html").toUri() + "#flame=direct-1k/provider/cpu&search="
                + HOT);
        HeadlessChromium.Run dom = chromium.run(page, Duration.ofSeconds(120), "--dump-dom");
        assertThat(dom.consoleLines()).as("console messages").isEmpty();
        String html = dom.stdout;
        assertThat(attribute(html, "data-flamegraphs")).isNotEmpty();
        assertThat(Integer.parseInt(attribute(html, "data-flamegraphs"))).as("CPU, allocations and locks of 6 JVMs,"
                + " the idle consumer's CPU at least").isGreaterThanOrEqualTo(6);
        assertThat(attribute(html, "data-flame-shown")).isEqualTo("direct-1k/provider/cpu");
        assertThat(Integer.parseInt(attribute(html, "data-flame-frames"))).isGreaterThan(10);
        double matched = Double.parseDouble(attribute(html, "data-flame-matched"));
        assumeTheJitWasQuiet();
        double json = frame(service("direct-1k", "provider").get("topFramesByTotal"), HOT).get("totalPercent")
                .asDouble();
        assertThat(matched).as("the flame graph's share of %s against report.json's", HOT).isCloseTo(json,
                org.assertj.core.data.Offset.offset(1.0));
    }

    /**
     * report.json lists the 30 frames with the most total time: when the provider's JIT still compiled in the window
     * (a busy box even after the longer warm-up), its frames and Dubbo's filter chain can push the loop out of them,
     * and its share cannot be read there. Said, not failed: the JIT's share is the box's, not the report's.
     */
    private static void assumeTheJitWasQuiet() {
        for (String scenario : new String[] {"direct-1k", "hop-1k"}) {
            JsonNode jit = frame(service(scenario, "provider").get("topFramesByTotal"),
                    "CompileBroker::compiler_thread_loop [libjvm.so]");
            double percent = jit == null ? 0 : jit.get("totalPercent").asDouble();
            Assumptions.assumeTrue(percent < 15 || frame(service(scenario, "provider").get("topFramesByTotal"),
                    HOT) != null, String.format(java.util.Locale.ROOT, "%s: the provider's JIT compiled in %.1f %% of"
                    + " the profiled window, and the loop is not among report.json's top frames: not judged",
                    scenario, percent));
        }
    }

    private static String attribute(String html, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(name + "=\"([^\"]*)\"").matcher(html);
        return m.find() ? m.group(1) : "";
    }

    private static JsonNode service(String scenario, String name) {
        for (JsonNode s : report.at("/profiles/scenarios")) {
            if (s.get("scenario").asText().equals(scenario)) {
                for (JsonNode service : s.get("services")) {
                    if (service.get("service").asText().equals(name)) {
                        return service;
                    }
                }
            }
        }
        throw new AssertionError("no profile of " + scenario + "/" + name + " in " + report.get("profiles"));
    }

    private static JsonNode frame(JsonNode frames, String name) {
        for (JsonNode f : frames) {
            if (f.get("frame").asText().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /**
     * The provider's work loop timed by this thread's CPU clock: the provider's own class (its build output, not a
     * copy) with the run's iterations, after a warm-up that lets the JIT compile it.
     */
    private static double loopCpuMicros() throws Exception {
        Path classes = HOME.resolve("stress-provider/target/classes");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, null)) {
            Class<?> type = loader.loadClass("io.dubbostress.provider.CpuWork");
            Object work = type.getConstructor(int.class).newInstance(ITERATIONS);
            Method perform = type.getMethod("perform");
            ThreadMXBean clock = ManagementFactory.getThreadMXBean();
            for (int i = 0; i < 2_000; i++) {
                perform.invoke(work);
            }
            int calls = 1_000;
            long start = clock.getCurrentThreadCpuTime();
            for (int i = 0; i < calls; i++) {
                perform.invoke(work);
            }
            return (clock.getCurrentThreadCpuTime() - start) / 1000.0 / calls;
        }
    }
}
