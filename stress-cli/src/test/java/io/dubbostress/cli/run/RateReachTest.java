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
        RateReach reach = reach("behind", 50_000, 100, 500, originUs);
        assertThat(reach.follow()).isEqualTo("warning: 1 thread at a mean service time of 0.500 ms makes at most"
                + " 2,000 calls/s, 4 % of the 50000 calls/s asked: --threads 28 or more would reach it; the calls due"
                + " fall behind, start late one after another, and the scenario runs on after its 5s until they are"
                + " made or its thread group ends (1m5s)");
        assertThat(reach.follow()).as("said once").isNull();
        assertThat(reach.after(originUs / 1000 + 65_000)).isEqualTo("100 of the 250,000 calls due in its 5s were made"
                + " (0 %), 249,900 never (its thread group ended 1m5s after the schedule's start): 1 thread at a mean"
                + " service time of 0.500 ms makes at most 2,000 calls/s, 4 % of the 50000 calls/s asked: --threads 28"
                + " or more would reach it; the response times from the due times carry the wait");
    }

    @Test
    void aThreadThatKeepsUpIsNotSaidToBeShort() throws IOException {
        long originUs = System.currentTimeMillis() * 1000 - 10_000_000;
        RateReach reach = reach("keeps-up", 100, 500, 500, originUs);
        assertThat(reach.follow()).isNull();
        assertThat(reach.after(originUs / 1000 + 5_100)).isNull();
    }
}
