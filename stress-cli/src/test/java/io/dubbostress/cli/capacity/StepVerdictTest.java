package io.dubbostress.cli.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.options.Slo;
import io.dubbostress.report.jtl.JtlReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capacity search step's verdict drawn from synthetic windows whose cause is known: a provider that keeps up, a
 * start that had not settled, a load generator late on its own, threads all busy, a saturated provider, a machine
 * taken by others, an SLO below the service time, errors. And the windows themselves: which rows go where, how many
 * calls each should have, whose thread was free.
 */
class StepVerdictTest {

    private static final Slo P99_20MS = Slo.parse("p99=20ms");

    @TempDir
    Path dir;

    /** A 2 s window of {@code rate} calls/s from 0; each call: lag, service (us), thread free at its due time. */
    private static StepWindow window(double rate, java.util.function.IntFunction<long[]> call, boolean free) {
        int n = (int) (rate * 2);
        StepWindow w = new StepWindow(1, rate, 0, 2_000_000, n);
        for (int k = 0; k < n; k++) {
            long[] c = call.apply(k); // {lag, service, success 1/0}
            long due = (long) (k * 1e6 / rate);
            w.accept(due, c[0], c[0] + c[1], c[1], c.length < 3 || c[2] == 1, free);
        }
        w.missing(2_000_000);
        return w;
    }

    private static CpuShares.Window cpu(double machine, double provider, double jmeter) {
        Map<String, Double> parties = new java.util.LinkedHashMap<>();
        parties.put(CapacityReport.PROVIDER, provider);
        parties.put(CapacityReport.JMETER, jmeter);
        return new CpuShares.Window(machine, parties, 0, 2000);
    }

    @Test
    void aProviderThatKeepsUpHolds() {
        StepWindow w = window(100, k -> new long[] {100, 1000}, true);
        StepVerdict v = StepVerdict.of(w, P99_20MS, 20, Double.NaN, cpu(30, 10, 5));
        assertThat(v.kind()).isEqualTo(StepVerdict.Kind.HELD);
        assertThat(w.achievedPerSec()).isEqualTo(100);
    }

    /** The case: calls due early in the window still carry the start's lag, falling to nothing. */
    @Test
    void aLagStillFallingAtTheEndOfItsStartIsNotSure() {
        StepWindow w = window(200, k -> new long[] {Math.max(0, 600_000 - k * 3_000L), 800}, false);
        StepVerdict v = StepVerdict.of(w, P99_20MS, 20, Double.NaN, null);
        assertThat(v.kind()).isEqualTo(StepVerdict.Kind.NOT_SURE);
        assertThat(v.limiter()).isEqualTo(StepVerdict.Limiter.START_UP);
        assertThat(v.reasons()).anyMatch(r -> r.startsWith("the lag had not settled by the end of the window"));
    }

    /** Free threads woke up late (a busy machine): the provider answered in 1 ms every time. */
    @Test
    void aBreakMadeOfTheLoadGeneratorsOwnDelayIsNotSure() {
        StepWindow w = window(200, k -> new long[] {k % 25 == 7 ? 45_000 : 200, 1000}, true);
        StepVerdict v = StepVerdict.of(w, P99_20MS, 20, Double.NaN, cpu(99, 20, 15));
        assertThat(v.kind()).isEqualTo(StepVerdict.Kind.NOT_SURE);
        assertThat(v.limiter()).isEqualTo(StepVerdict.Limiter.MACHINE); // others took 64 %, JMeter 15 %
        // (HdrHistogram's three digits: 45 ms reads 45.0-45.1)
        assertThat(v.reasons()).anyMatch(r -> r.startsWith("the break is the load generator's own delay: threads that"
                + " were free at the due time started their calls up to 45."));
        // the same calls queued behind busy threads are the provider's
        StepWindow queued = window(200, k -> new long[] {k % 25 == 7 ? 45_000 : 200, 1000}, false);
        assertThat(StepVerdict.of(queued, P99_20MS, 20, Double.NaN, cpu(99, 80, 15)).kind())
                .isEqualTo(StepVerdict.Kind.BROKE);
    }

    /** Two threads, 1,000 calls/s, 1.9 ms each: they cannot keep up, whatever the provider does. */
    @Test
    void threadsAllBusyAtAnUnchangedServiceTimeAreTheLoadGenerators() {
        StepWindow w = window(1000, k -> new long[] {k * 50L, 1900}, false);
        StepVerdict v = StepVerdict.of(w, P99_20MS, 2, 1850, cpu(60, 20, 30));
        assertThat(v.kind()).isEqualTo(StepVerdict.Kind.NOT_SURE);
        assertThat(v.limiter()).isEqualTo(StepVerdict.Limiter.LOAD_GENERATOR_THREADS);
        assertThat(v.reasons()).anyMatch(r -> r.contains("all 2 threads were busy (95 % of the window) at a mean "
                + "service time of 1.90 ms: --threads is too low for 1000 calls/s (it needs about 2)"));
        // the machine's CPU saturated: the calls slowed as they shared it, the threads only waited for them
        assertThat(StepVerdict.of(w, P99_20MS, 2, 1850, cpu(98, 80, 15)).limiter())
                .isEqualTo(StepVerdict.Limiter.PROVIDER);
        // without CPU figures: a service time four times the first step's is the provider slowing down
        assertThat(StepVerdict.of(w, P99_20MS, 2, 400, null).limiter()).isEqualTo(StepVerdict.Limiter.PROVIDER);
        assertThat(StepVerdict.of(w, P99_20MS, 2, 1850, null).limiter())
                .isEqualTo(StepVerdict.Limiter.LOAD_GENERATOR_THREADS);
    }

    @Test
    void aSaturatedMachineIsTheProvidersUnlessOthersTookIt() {
        StepWindow w = window(500, k -> new long[] {k * 40L, 3000}, false);
        StepVerdict provider = StepVerdict.of(w, P99_20MS, 50, 1000, cpu(98, 70, 20));
        assertThat(provider.kind()).isEqualTo(StepVerdict.Kind.BROKE);
        assertThat(provider.limiter()).isEqualTo(StepVerdict.Limiter.PROVIDER);
        assertThat(provider.reasons()).contains("CPU: machine 98 %, provider 70 %, JMeter 20 %, other processes 8 %");
        StepVerdict jmeter = StepVerdict.of(w, P99_20MS, 50, 1000, cpu(98, 30, 60));
        assertThat(jmeter.kind()).isEqualTo(StepVerdict.Kind.BROKE);
        assertThat(jmeter.limiter()).isEqualTo(StepVerdict.Limiter.LOAD_GENERATOR_CPU);
        StepVerdict others = StepVerdict.of(w, P99_20MS, 50, 1000, cpu(99, 25, 20));
        assertThat(others.kind()).isEqualTo(StepVerdict.Kind.NOT_SURE);
        assertThat(others.limiter()).isEqualTo(StepVerdict.Limiter.MACHINE);
        // others took a fifth, the provider more: still not the provider's own machine
        assertThat(StepVerdict.of(w, P99_20MS, 50, 1000, cpu(99, 50, 24)).kind()).isEqualTo(StepVerdict.Kind.NOT_SURE);
        // under a fifth: the provider's limit
        assertThat(StepVerdict.of(w, P99_20MS, 50, 1000, cpu(99, 60, 20)).limiter())
                .isEqualTo(StepVerdict.Limiter.PROVIDER);
    }

    @Test
    void aServiceTimeOverTheLimitOnAnIdleMachineIsTheSloItself() {
        // a few calls within the limit: not below every call, the service time's p99 over it
        StepWindow w = window(50, k -> new long[] {50, k % 20 == 0 ? 10_000 : 30_000}, true);
        StepVerdict v = StepVerdict.of(w, P99_20MS, 20, Double.NaN, cpu(15, 5, 3));
        assertThat(v.kind()).isEqualTo(StepVerdict.Kind.BROKE);
        assertThat(v.limiter()).isEqualTo(StepVerdict.Limiter.SLO);
        assertThat(v.reasons()).anyMatch(r -> r.startsWith("the service time alone is over the limit (p99 30.0"));
    }

    /**
     * Issue 41: p50=1us, below every call's service time, on a machine others kept busy: it was "not sure" (the
     * machine), and the search went on bisecting towards 1 call/s. No rate can hold it: the SLO itself, and the end.
     */
    @Test
    void anSloBelowEveryCallsServiceTimeIsTheSloItselfWhateverTheMachine() {
        StepWindow w = window(200, k -> new long[] {k % 25 == 7 ? 45_000 : 200, 800 + k % 7}, true);
        Slo oneMicro = Slo.parse("p50=1us");
        for (CpuShares.Window busy : new CpuShares.Window[] {cpu(99, 20, 15), cpu(30, 10, 5), null}) {
            StepVerdict v = StepVerdict.of(w, oneMicro, 20, Double.NaN, busy);
            assertThat(v.kind()).isEqualTo(StepVerdict.Kind.BROKE);
            assertThat(v.limiter().text).isEqualTo("the SLO itself");
            assertThat(v.limiter().endsTheSearch()).isTrue();
            assertThat(v.reasons()).last().isEqualTo("p50=1us is below every call's service time (the fastest of 400"
                    + " took 0.800 ms): no rate can hold it");
        }
        // a limit some calls meet is judged as before
        assertThat(StepVerdict.of(w, Slo.parse("p50=805us"), 20, Double.NaN, cpu(99, 20, 15)).limiter())
                .isNotEqualTo(StepVerdict.Limiter.SLO_BELOW_SERVICE);
    }

    /**
     * Issue 41: the calls due in a window all started after it (a load generator behind its schedule): the step said
     * "achieved 0.0/s" for 170 calls made. The rate is the calls over the time they took to start.
     */
    @Test
    void callsThatStartedLateCountOverTheTimeTheyTook() {
        StepWindow w = new StepWindow(1, 85, 0, 2_000_000, 170);
        for (int k = 0; k < 170; k++) {
            long due = k * 2_000_000L / 170;
            long start = 2_000_000 + k * 3_000L; // one after the other, from the window's end: 0.51 s after it
            w.accept(due, start - due, start - due + 2500, 2500, true, false);
        }
        w.missing(3_000_000);
        assertThat(w.achievedPerSec()).isCloseTo(170 / 2.507, org.assertj.core.data.Offset.offset(0.01));
        StepVerdict v = StepVerdict.of(w, Slo.parse("p99=10s"), 1, Double.NaN, null);
        assertThat(v.kind()).isEqualTo(StepVerdict.Kind.NOT_SURE);
        assertThat(v.reasons()).containsExactly("the load generator started 68 calls/s of the 85 due: it did not drive"
                + " the rate (170 of the window's 170 calls started after its end, the last 0.5 s after)");
        assertThat(CapacityReport.consoleLine("direct-1k", SearchRun.trial("r", w, v, 1, null)))
                .startsWith("direct-1k at 85 calls/s: achieved 67.8/s,");
    }

    @Test
    void errorsAloneBreakItAtTheProviderAndAnUndrivenRateIsNotSure() {
        StepWindow failing = window(100, k -> new long[] {100, 500, k % 10 == 0 ? 0 : 1}, true);
        StepVerdict v = StepVerdict.of(failing, P99_20MS, 20, Double.NaN, null);
        assertThat(v.kind()).isEqualTo(StepVerdict.Kind.BROKE);
        assertThat(v.limiter()).isEqualTo(StepVerdict.Limiter.PROVIDER);
        assertThat(v.reasons()).containsExactly("errors 10.000 % > 1 %");
        // an SLO loose enough to hold while half the calls start after the window: held is not claimed
        StepWindow slow = window(100, k -> new long[] {k * 10_000L, 500}, false);
        StepVerdict undriven = StepVerdict.of(slow, Slo.parse("p99=10s"), 20, Double.NaN, null);
        assertThat(undriven.kind()).isEqualTo(StepVerdict.Kind.NOT_SURE);
        assertThat(undriven.reasons()).anyMatch(r -> r.contains("it did not drive the rate"));
    }

    /**
     * A step that measured nothing never holds, whatever the budget: every call failed (broke, with the codes), or
     * no call due in its window ended (not sure); its figures are then not measured, never zeros or NaN.
     */
    @Test
    void aStepThatMeasuredNothingNeverHoldsAndItsFiguresAreNotMeasured() {
        Slo anyBudget = Slo.parse("p99=5s,errors=100%");
        StepWindow failing = new StepWindow(1, 100, 0, 2_000_000, 200);
        for (int k = 0; k < 200; k++) {
            failing.accept(k * 10_000L, 100, 600, 500, false, true);
            failing.failedWith(k < 190 ? "NETWORK" : "TIMEOUT");
        }
        failing.missing(2_000_000);
        StepVerdict broke = StepVerdict.of(failing, anyBudget, 20, Double.NaN, null);
        assertThat(broke.kind()).isEqualTo(StepVerdict.Kind.BROKE);
        assertThat(broke.limiter()).isEqualTo(StepVerdict.Limiter.PROVIDER);
        assertThat(broke.reasons()).containsExactly(
                "failed: every call due in the step's window failed (200 calls: NETWORK 190, TIMEOUT 10)");
        assertThat(SearchRun.trial("r", failing, broke, 20, null).failed()).isTrue();

        StepWindow silent = new StepWindow(2, 100, 0, 2_000_000, 200); // JMeter ended before any call of it did
        silent.missing(2_000_000);
        StepVerdict notSure = StepVerdict.of(silent, anyBudget, 20, Double.NaN, null);
        assertThat(notSure.kind()).isEqualTo(StepVerdict.Kind.NOT_SURE);
        assertThat(notSure.reasons()).containsExactly("failed: no call due in the step's window ended (200 due)");
        CapacitySearch.Trial trial = SearchRun.trial("r", silent, notSure, 20, null);
        assertThat(trial.failed()).isTrue();
        assertThat(CapacityReport.consoleLine("direct-1k", trial)).doesNotContain("NaN")
                .startsWith("direct-1k at 100 calls/s: achieved -/s, from due p50 - ms, p99 - ms, errors - %: not sure");
        CapacityReport report = new CapacityReport(anyBudget);
        report.add("direct-1k", new CapacitySearch.Outcome(List.of(trial), 0, Double.NaN, 100, true));
        assertThat(report.markdown()).doesNotContain("NaN").contains("| 100 | - | - | - | - | not sure: failed: ");
        com.fasterxml.jackson.databind.JsonNode json = report.json().at("/scenarios/0/trials/0");
        assertThat(json.get("achievedPerSec").isNull()).isTrue();
        assertThat(json.get("fromDueP99Us").isNull()).isTrue();
        assertThat(json.get("errorPercent").isNull()).isTrue();
        assertThat(json.get("lagFirstQuarterUs").isNull()).as("no call in the quarter: no lag, not -1").isTrue();
        assertThat(json.get("lagLastQuarterUs").isNumber()).isTrue();
        assertThat(json.get("lagLastQuarterUs").asLong()).as("the calls that never ended, at their least lag: JMeter"
                + " ended with the window").isZero();
    }

    /** A bisection below the first step's rate: too few calls for p99 is not sure, and ends the search. */
    @Test
    void aWindowTooShortForThePercentileIsNotSureForTheStepsLength() {
        StepWindow w = window(20, k -> new long[] {100, 1000}, true); // 40 calls; p99 needs 100
        StepVerdict v = StepVerdict.of(w, P99_20MS, 20, Double.NaN, null);
        assertThat(v.kind()).isEqualTo(StepVerdict.Kind.NOT_SURE);
        assertThat(v.limiter()).isEqualTo(StepVerdict.Limiter.STEP_LENGTH);
        assertThat(v.limiter().endsTheSearch()).isTrue();
        assertThat(v.reasons()).containsExactly("the window had 40 calls; the SLO's highest percentile needs at least"
                + " 100 to be more than their maximum: raise --duration");
        assertThat(StepVerdict.of(window(50, k -> new long[] {100, 1000}, true), P99_20MS, 20, Double.NaN, null)
                .kind()).as("100 calls are enough").isEqualTo(StepVerdict.Kind.HELD);
    }

    /** The windows of a run of steps 100 and 200 calls/s, 2 s each, 0.5 s settle, from a JTL. */
    @Test
    void rowsGoToTheWindowTheirDueTimeFallsIn() throws Exception {
        long origin = 1_795_000_000_000_000L;
        List<String> lines = new ArrayList<>();
        lines.add("timeStamp,elapsed,label,responseCode,success,threadName,\"elapsed_us\",\"due_us\",\"lag_us\","
                + "\"response_us\"");
        // the opening call: due before the schedule's start, 300 ms long, on thread t-1
        lines.add(((origin - 300_000) / 1000) + ",300,x,200,true,t-1,300000," + (origin - 300_000) + ",0,300000");
        // then the arrivals: 200 in step 1 (100/s), 400 in step 2 (200/s); two threads taking turns, 2 ms each,
        // and the very first arrival started 1 ms late on t-1, which was free: its own delay
        for (int k = 0; k < 600; k++) {
            long due = origin + (k < 200 ? k * 10_000L : 2_000_000L + (k - 200) * 5_000L);
            long lag = k == 0 ? 1000 : 0;
            lines.add(((due + lag) / 1000) + ",2,x,200,true,t-" + (k % 2 + 1) + ",2000," + due + "," + lag + ","
                    + (lag + 2000));
        }
        Path jtl = dir.resolve("steps.jtl");
        Files.write(jtl, lines, StandardCharsets.UTF_8);
        StepWindows windows = new StepWindows(List.of(100.0, 200.0), 2_000_000, 500_000);
        windows.origin(origin);
        try (JtlReader reader = JtlReader.open(jtl)) {
            while (reader.next()) {
                windows.accept(reader.row());
            }
        }
        assertThat(windows.get(0).expected).isEqualTo(150); // due in [0.5 s, 2 s) at 100/s
        assertThat(windows.get(0).calls()).isEqualTo(150);
        assertThat(windows.get(1).expected).isEqualTo(300); // due in [2.5 s, 4 s) at 200/s
        assertThat(windows.get(1).calls()).isEqualTo(300);
        assertThat(windows.complete(0, origin)).isTrue();
        assertThat(windows.complete(1, origin + 4_000_000)).as("nothing due after it seen yet").isFalse();
        assertThat(windows.complete(1, origin + 4_000_000 + StepWindows.LATE_LIMIT_US + 1)).isTrue();
        assertThat(windows.get(0).ownDelayP99()).as("arrival 0 is in no window's count").isZero();
        assertThat(windows.get(1).achievedPerSec()).isEqualTo(200);
    }

    /** A retry after a start that had not settled: the first step a step longer, its window as long as before. */
    @Test
    void aLeadInLengthensTheFirstStepBeforeItsWindow() {
        StepWindows windows = new StepWindows(List.of(100.0, 200.0), 2_000_000, 500_000, 2_000_000);
        windows.origin(0);
        assertThat(windows.get(0).fromUs).isEqualTo(2_500_000);
        assertThat(windows.get(0).toUs).isEqualTo(4_000_000);
        assertThat(windows.get(0).expected).isEqualTo(150);
        assertThat(windows.get(1).fromUs).isEqualTo(4_500_000);
        assertThat(windows.get(1).toUs).isEqualTo(6_000_000);
        assertThat(windows.get(1).expected).isEqualTo(300);
        assertThat(windows.endUs()).isEqualTo(6_000_000);
    }
}
