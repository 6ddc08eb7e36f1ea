package io.dubbostress.plans.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Target Rate Schedule cannot honour, as a CI job meets it: {@code bin/jmeter -n} of the stock homes, the
 * console and the exit code. A refused plan makes no call, says why in one line on the console (and in jmeter.log)
 * and exits 1 (JMeter alone would exit 0); a schedule longer than its thread group is said and runs (exit 0). The plans
 * (src/test/resources/pacing) pace JMeter's own Debug Sampler: nothing else is needed.
 */
class TargetRateRefusalsInStockJMeterIT {

    @TempDir
    Path dir;

    private static Path plan(String name) {
        return Path.of(System.getProperty("user.dir"), "src/test/resources/pacing", name);
    }

    /** bin/jmeter -n of {@code version} on {@code plan}; the console, the JTL and jmeter.log land in {@code work}. */
    private static int run(String version, Path work, String plan, String... properties) throws Exception {
        List<String> args = new ArrayList<>(List.of("-n", "-t", plan(plan).toString(), "-l", "results.jtl",
                "-j", "jmeter.log", "-Jjmeter.save.saveservice.output_format=csv",
                "-Jsample_variables=due_us,lag_us"));
        args.addAll(Arrays.asList(properties));
        try (StockJMeter jmeter = new StockJMeter(version)) {
            return jmeter.run(work, work.resolve("console.txt"), 180, args.toArray(new String[0]));
        }
    }

    private static String console(Path work) {
        return StockJMeter.text(work.resolve("console.txt"));
    }

    private static long rows(Path work) throws Exception {
        Path jtl = work.resolve("results.jtl");
        return Files.exists(jtl) ? Math.max(0, Files.readAllLines(jtl).size() - 1) : 0;
    }

    @Test
    void twoSchedulesOverOneSamplerAreRefusedInJMeter511() throws Exception {
        Path work = Files.createDirectories(dir.resolve("two"));
        int exit = run("5.1.1", work, "two-schedules.jmx");
        String console = console(work);
        assertThat(exit).as(console).isEqualTo(1);
        assertThat(console).contains("Target Rate Schedule 'twenty': sampler 'debug' is also in the scope of Target "
                + "Rate Schedule 'fifty': each call would wait for both schedules and take its due time from one of "
                + "them; keep one schedule per sampler: the test is stopped");
        assertThat(rows(work)).as("no call made").isZero();
        assertThat(StockJMeter.text(work.resolve("jmeter.log"))).contains("keep one schedule per sampler");
    }

    @Test
    void aRateFromAnUnsetPropertyWithoutDefaultIsRefused() throws Exception {
        Path work = Files.createDirectories(dir.resolve("unset"));
        int exit = run("5.6.3", work, "refusals.jmx");
        String console = console(work);
        assertThat(exit).as(console).isEqualTo(1);
        assertThat(console).contains("Target Rate Schedule 'pacing': schedule '${__P(rate)}': the JMeter property "
                + "'rate' is not set and ${__P(rate)} has no default, so JMeter would give 1; set it (-Jrate=...) or "
                + "give a default, e.g. ${__P(rate,500)}: the test is stopped");
        assertThat(rows(work)).isZero();
    }

    @Test
    void aRateNoThreadCountReachesIsRefused() throws Exception {
        Path work = Files.createDirectories(dir.resolve("unreachable"));
        int exit = run("5.6.3", work, "refusals.jmx", "-Jrate=1e9", "-Jthreads=2");
        String console = console(work);
        assertThat(exit).as(console).isEqualTo(1);
        assertThat(console).contains("Target Rate Schedule 'pacing': schedule '1e9': 1000000000 calls/s cannot be "
                + "reached by the test's 2 threads: a thread makes at most one call per 10 us (100,000 calls/s), so "
                + "200,000 calls/s at most; lower the rate or add threads: the test is stopped");
        assertThat(rows(work)).isZero();
    }

    @Test
    void aScheduleLongerThanItsThreadGroupIsSaidAndRuns() throws Exception {
        Path work = Files.createDirectories(dir.resolve("long"));
        int exit = run("5.6.3", work, "refusals.jmx", "-Jrate=10:60s", "-Jseconds=3");
        String console = console(work);
        assertThat(exit).as(console).isZero();
        assertThat(console).containsPattern("Target Rate Schedule 'pacing': the schedule lasts 60 s but its thread "
                + "group ends [0-9.]+ s after the schedule's start: the last [0-9.]+ s of it \\(at 10 calls/s\\) will "
                + "not run");
        assertThat(rows(work)).as("the calls it could make").isGreaterThan(5);
    }
}
