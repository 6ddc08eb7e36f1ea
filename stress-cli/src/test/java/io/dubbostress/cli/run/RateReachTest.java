package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.options.RateSchedule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41: {@code --rate 50000 --threads 1 --duration 5s} ran 48 s at 11 % of its target without a word. From the
 * JTL rows of the schedule (a thread making one call after the other) and the start line in jmeter.log, as JMeter
 * writes them while it runs: said once the first calls measure the service time, and again at the end.
 */
class RateReachTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,success,threadName,\"elapsed_us\","
            + "\"due_us\",\"lag_us\",\"response_us\"";

    @TempDir
    Path dir;

    /** {@code calls} calls of one thread at {@code rate}, each {@code serviceUs} long, started as soon as it can. */
    private RateReach reach(String name, double rate, int calls, long serviceUs, long originUs) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        long free = originUs;
        for (int k = 0; k < calls; k++) {
            long due = originUs + (long) (k * 1e6 / rate);
            long start = Math.max(due, free);
            free = start + serviceUs;
            lines.add((start / 1000) + "," + Math.max(1, serviceUs / 1000) + ",x,200,true,t-1," + serviceUs + "," + due
                    + "," + (start - due) + "," + (free - due));
        }
        Path jtl = dir.resolve(name + ".jtl");
        Files.write(jtl, lines, StandardCharsets.UTF_8);
        Path log = dir.resolve(name + ".log");
        Files.writeString(log, "2026-11-28 08:35:20,000 INFO i.d.s.p.TargetRateSchedule: Target Rate Schedule 'pacing':"
                + " the schedule started at " + originUs + " us (epoch), after the opening calls\n");
        return new RateReach(1, RateSchedule.parse(RateSchedule.format(rate)).sized(Duration.ofSeconds(5)),
                Duration.ofSeconds(5), jtl, log);
    }

    @Test
    void oneThreadThatCannotReachTheRateIsSaidEarlyAndAtTheEnd() throws IOException {
        long originUs = System.currentTimeMillis() * 1000 - 10_000_000;
        // 200 calls/s asked of one thread whose calls take 10 ms: 500 of the 1,000 due made, one after the other
        RateReach reach = reach("behind", 200, 500, 10_000, originUs);
        assertThat(reach.follow()).isEqualTo("warning: 1 thread at a mean service time of 10.000 ms makes at most 100"
                + " calls/s, 50 % of the 200 calls/s asked: --threads 3 or more would reach it; the calls due fall"
                + " behind, start late one after another, and the scenario runs on after its 5s until they are made or"
                + " its thread group ends (1m5s)");
        assertThat(reach.follow()).as("said once").isNull();
        assertThat(reach.after(originUs / 1000 + 65_000)).isEqualTo("500 of the 1,000 calls due in its 5s were made"
                + " (50 %), 500 never (its thread group ended 1m5s after the schedule's start): 1 thread at a mean"
                + " service time of 10.000 ms makes at most 100 calls/s, 50 % of the 200 calls/s asked: --threads 3 or"
                + " more would reach it; the response times from the due times carry the wait");
    }

    /** The first second's calls (a cold JVM) do not count: they took 32 ms where the rest took 3 ms, measured. */
    @Test
    void theColdStartIsNotTheServiceTime() throws IOException {
        long originUs = System.currentTimeMillis() * 1000 - 10_000_000;
        RateReach cold = reach("cold", 100, 90, 60_000, originUs);
        assertThat(cold.follow()).as("no call after the first second yet").isNull();
    }

    @Test
    void aThreadThatKeepsUpIsNotSaidToBeShort() throws IOException {
        long originUs = System.currentTimeMillis() * 1000 - 10_000_000;
        RateReach reach = reach("keeps-up", 100, 500, 500, originUs);
        assertThat(reach.follow()).isNull();
        assertThat(reach.after(originUs / 1000 + 5_100)).isNull();
    }
}
