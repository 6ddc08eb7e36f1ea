package io.dubbostress.cli.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.options.RateSchedule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario as the live page follows it, from a JTL the test writes as JMeter does (rows in the order calls ended,
 * in pieces that may cut a row): the seconds it shows, when it shows them, and what each holds, against the test's own
 * count of the rows it wrote.
 */
class ScenarioLiveTest {

    static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,elapsed_us,"
            + "due_us,lag_us,response_us\n";
    /** 2026-11-28 10:00:00 UTC, a second's start. */
    static final long T0 = 1_795_860_000_000L;

    @TempDir
    Path dir;

    /** A row of a call that started at {@code start} (epoch ms) and took {@code us}; failed with {@code code} unless null. */
    static String row(long start, long us, String code) {
        return row(start, us, code, "", "");
    }

    /** A row of a rate-driven scenario: its due time (epoch µs) and its latency from it. */
    static String row(long start, long us, String code, long dueUs, long responseUs) {
        return row(start, us, code, String.valueOf(dueUs), String.valueOf(responseUs));
    }

    private static String row(long start, long us, String code, String dueUs, String responseUs) {
        return start + "," + (us / 1000) + ",direct-1k," + (code == null ? "200" : code) + ","
                + (code == null ? "OK" : "\"no answer, in time\"") + ",closed 1-1," + (code == null) + "," + us
                + "," + dueUs + ",," + responseUs + "\n";
    }

    private void append(Path jtl, String text) throws IOException {
        Files.writeString(jtl, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void aRowCutAtTheEndOfTheFileWaitsForItsLineBreak() throws IOException {
        Path jtl = dir.resolve("results.jtl");
        ScenarioLive live = new ScenarioLive("direct-1k", jtl, 2_000, 10_000);
        assertThat(live.readRows(100)).as("no file yet").isTrue();
        append(jtl, HEADER.substring(0, 20));
        assertThat(live.readRows(100)).isTrue();
        assertThat(live.total().calls()).isZero();
        String whole = row(T0 + 100, 800, null);
        String cut = row(T0 + 200, 900, "TIMEOUT");
        append(jtl, HEADER.substring(20) + whole + cut.substring(0, 17));
        live.readRows(100);
        assertThat(live.total().calls()).as("the whole row only").isEqualTo(1);
        append(jtl, cut.substring(17));
        live.readRows(100);
        assertThat(live.total().calls()).isEqualTo(2);
        assertThat(live.total().codes()).containsExactly(Map.entry("TIMEOUT", 1L));
        assertThat(live.malformedRows()).isZero();
    }

    @Test
    void showsASecondOnceACallEndedTwoSecondsAfterItOrTenSecondsHavePassed() throws IOException {
        Path jtl = dir.resolve("results.jtl");
        append(jtl, HEADER + row(T0 + 100, 500, null) + row(T0 + 900, 50_000, null)); // ends 0.6 s and 0.95 s
        ScenarioLive live = new ScenarioLive("direct-1k", jtl, 2_000, 10_000);
        live.readRows(100);
        live.close(T0 + 5_000, false);
        assertThat(live.seconds()).as("no later call, and only 5 s passed").isEmpty();
        append(jtl, row(T0 + 3_000, 1_000, null)); // ends at 3.001 s: second 0 is over and its calls are in
        live.readRows(100);
        live.close(T0 + 5_000, false);
        assertThat(live.seconds()).hasSize(1);
        ScenarioLive.Second first = live.seconds().get(0);
        assertThat(first.epochSecond()).isEqualTo(T0 / 1000);
        assertThat(first.calls()).isEqualTo(2);
        assertThat(first.service().max()).isEqualTo(50_000);
        // no call since: ten seconds after them on this machine's clock, the seconds are over (a stall shows as 0)
        live.close(T0 + 14_000, false);
        List<ScenarioLive.Second> seconds = live.seconds();
        assertThat(seconds).extracting(ScenarioLive.Second::calls).containsExactly(2L, 0L, 0L, 1L);
    }

    @Test
    void aCallThatEndsInASecondAlreadyShownIsLateCountedInTheTotalsOnly() throws IOException {
        Path jtl = dir.resolve("results.jtl");
        append(jtl, HEADER + row(T0 + 100, 500, null) + row(T0 + 3_500, 500, null));
        ScenarioLive live = new ScenarioLive("direct-1k", jtl, 2_000, 10_000);
        live.warmup(T0, 0);
        live.readRows(100);
        live.close(T0 + 4_000, false);
        assertThat(live.seconds()).extracting(ScenarioLive.Second::calls).containsExactly(1L);
        append(jtl, row(T0 + 200, 300, "TIMEOUT"));
        live.readRows(100);
        assertThat(live.late()).isEqualTo(1);
        assertThat(live.seconds().get(0).calls()).as("the second shown stays as shown").isEqualTo(1);
        assertThat(live.total().calls()).isEqualTo(3);
        assertThat(live.steady().errors()).isEqualTo(1);
    }

    @Test
    void eachSecondAndTheLastTenHoldWhatTheTestWroteForThem() throws IOException {
        Path jtl = dir.resolve("results.jtl");
        Random random = new Random(37);
        StringBuilder text = new StringBuilder(HEADER);
        List<List<Long>> bySecond = new ArrayList<>();
        List<List<Long>> fromDueBySecond = new ArrayList<>();
        long[] errors = new long[30];
        for (int s = 0; s < 30; s++) {
            List<Long> latencies = new ArrayList<>();
            List<Long> fromDue = new ArrayList<>();
            int calls = 50 + random.nextInt(200);
            for (int i = 0; i < calls; i++) {
                long us = 100 + (long) (Math.exp(random.nextGaussian()) * 900);
                long end = T0 + s * 1000L + (i * 1000L) / calls;
                boolean failed = random.nextInt(20) == 0;
                long start = end - us / 1000;
                // a call that started after its due time: the wait before it counts in the latency from the due time
                long lagUs = random.nextInt(10) == 0 ? random.nextInt(50_000) : random.nextInt(200);
                text.append(row(start, us, failed ? "TIMEOUT" : null, start * 1000 - lagUs, us + lagUs));
                latencies.add(us);
                fromDue.add(us + lagUs);
                errors[s] += failed ? 1 : 0;
            }
            bySecond.add(latencies);
            fromDueBySecond.add(fromDue);
        }
        append(jtl, text.toString());
        ScenarioLive live = new ScenarioLive("direct-1k", jtl, 2_000, 10_000);
        live.target(RateSchedule.parse("100:10s,200:20s").sized(java.time.Duration.ofSeconds(30)), T0 * 1000);
        live.readRows(1_000_000);
        live.close(T0 + 31_000, true);
        assertThat(live.finished()).isTrue();
        List<ScenarioLive.Second> seconds = live.seconds();
        assertThat(seconds).hasSize(30);
        for (int s = 0; s < 30; s++) {
            ScenarioLive.Second shown = seconds.get(s);
            List<Long> exact = bySecond.get(s);
            assertThat(shown.calls()).as("second " + s).isEqualTo(exact.size());
            assertThat(shown.errors()).as("second " + s).isEqualTo(errors[s]);
            assertThat(shown.codes().getOrDefault("TIMEOUT", 0L)).isEqualTo(errors[s]);
            assertWithinPrecision(shown.service().p99(), nearestRank(exact, 99));
            assertWithinPrecision(shown.service().p50(), nearestRank(exact, 50));
            assertThat(shown.service().max()).isEqualTo(java.util.Collections.max(exact));
            List<Long> exactFromDue = fromDueBySecond.get(s);
            assertWithinPrecision(shown.fromDue().p99(), nearestRank(exactFromDue, 99));
            assertWithinPrecision(shown.fromDue().p50(), nearestRank(exactFromDue, 50));
            assertThat(shown.fromDue().max()).as("second " + s).isEqualTo(java.util.Collections.max(exactFromDue));
            assertThat(shown.target()).as("second " + s).isEqualTo(s < 10 ? 100.0 : 200.0);
        }
        List<Long> lastTen = new ArrayList<>();
        bySecond.subList(20, 30).forEach(lastTen::addAll);
        assertThat(live.lastSeconds().calls()).isEqualTo(lastTen.size());
        assertThat(live.lastSecondsCount()).isEqualTo(10);
        assertWithinPrecision(live.lastSeconds().service().p99(), nearestRank(lastTen, 99));
        List<Long> lastTenFromDue = new ArrayList<>();
        fromDueBySecond.subList(20, 30).forEach(lastTenFromDue::addAll);
        assertWithinPrecision(live.lastSeconds().fromDue().p99(), nearestRank(lastTenFromDue, 99));
    }

    @Test
    void keepsAnHourOfSecondsAndNoRowsHoweverLongTheRun() throws IOException {
        Path jtl = dir.resolve("results.jtl");
        ScenarioLive live = new ScenarioLive("direct-1k", jtl, 2_000, 10_000);
        append(jtl, HEADER);
        long seconds = 3 * ScenarioLive.MAX_POINTS;
        for (long block = 0; block < seconds; block += 600) {
            StringBuilder text = new StringBuilder();
            for (long s = block; s < block + 600; s++) {
                for (int i = 0; i < 5; i++) {
                    text.append(row(T0 + s * 1000 + i * 100, 400 + i, null));
                }
            }
            append(jtl, text.toString());
            live.readRows(1_000_000);
            live.close(T0 + (block + 600) * 1000, false);
        }
        assertThat(live.total().calls()).isEqualTo(seconds * 5);
        assertThat(live.seconds()).hasSize(ScenarioLive.MAX_POINTS);
        assertThat(live.seconds().get(ScenarioLive.MAX_POINTS - 1).epochSecond())
                .isGreaterThan(T0 / 1000 + seconds - 20);
    }

    static long nearestRank(List<Long> values, double percentile) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get((int) Math.max(1, Math.ceil(percentile / 100 * sorted.size() - 1e-9)) - 1);
    }

    static void assertWithinPrecision(long shown, long exact) {
        assertThat(shown).isBetween(exact, exact + exact / 1000);
    }
}
