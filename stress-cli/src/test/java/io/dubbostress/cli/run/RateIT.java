package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --rate 40,200}: the plan's open-model thread group paces the calls with the Target Rate Schedule, the first
 * half of the duration at 40 calls/s and the second at 200, timed from the schedule's start, after every thread's
 * opening call (jmeter.log says when).
 */
class RateIT {

    @TempDir
    Path dir;

    @Test
    void pacesTheCallsToTheSteppedTargetRate() throws Exception {
        Path run = dir.resolve("run");
        try (ChildJvm cli = StressCli.start(dir.resolve("stress.out"), "run", "--scenarios", "direct-1k",
                "--threads", "4", "--duration", "12s", "--rate", "40,200", "--no-dashboard", "--out", run.toString())) {
            assertThat(cli.waitFor(Duration.ofMinutes(4))).isTrue();
            assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(30)).isZero();
        }
        JsonNode scenario = new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("scenarios").get(0);
        assertThat(scenario.get("errors").asLong()).isZero();
        List<String> rows = Files.readAllLines(run.resolve("scenarios/direct-1k/results.jtl"));
        List<String> header = List.of(rows.get(0).replace("\"", "").split(","));
        int dueColumn = header.indexOf("due_us");
        assertThat(dueColumn).as("due_us in %s", header).isNotNegative();
        List<Long> dues = rows.subList(1, rows.size()).stream()
                .map(row -> Long.parseLong(row.split(",", -1)[dueColumn])).sorted().collect(Collectors.toList());
        List<Long> stamps = rows.subList(1, rows.size()).stream()
                .map(row -> Long.parseLong(row.substring(0, row.indexOf(',')))).collect(Collectors.toList());
        // the steps are timed from the schedule's start, which jmeter.log gives: arrival 0's due time
        java.util.regex.Matcher started = java.util.regex.Pattern.compile("the schedule started at (\\d+) us")
                .matcher(Files.readString(run.resolve("scenarios/direct-1k/jmeter.log")));
        assertThat(started.find()).as("jmeter.log says when the schedule started").isTrue();
        long origin = Long.parseLong(started.group(1));
        assertThat(dues).as("arrival 0").contains(origin);
        // before it: one opening call per thread, made at once
        assertThat(dues.stream().filter(d -> d < origin).count()).as("opening calls").isEqualTo(4);
        long firstHalf = dues.stream().filter(d -> d >= origin && d < origin + 6_000_000).count();
        long secondHalf = dues.stream().filter(d -> d >= origin + 6_000_000).count();
        // every call of the 40 calls/s step was made (none skipped), and no more
        assertThat(firstHalf).as("calls due in the 40 calls/s half").isBetween(239L, 241L);
        // the run is the schedule's 12 s from its start, then rate 0 ends the threads: 1,200 calls, none after
        assertThat(secondHalf).as("calls due in the 200 calls/s half").isBetween(1199L, 1201L);
        assertThat(dues.get(dues.size() - 1)).as("the last call due").isLessThan(origin + 12_000_000);
        assertThat(secondHalf).as("second half vs first half").isGreaterThan(firstHalf * 2);
        // no call started before its due time (JMeter's start: its millisecond clock, which may stand 1 ms off the
        // wall clock the due times are mapped to)
        for (int i = 1; i < rows.size(); i++) {
            long due = Long.parseLong(rows.get(i).split(",", -1)[dueColumn]);
            assertThat(stamps.get(i - 1)).as(rows.get(i)).isGreaterThanOrEqualTo(due / 1000 - 1);
        }
    }
}
