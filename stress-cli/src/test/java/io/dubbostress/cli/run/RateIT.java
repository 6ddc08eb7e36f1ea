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
 * {@code --rate 40,200}: the plan's open-model thread group paces the calls, the first half of the duration at 40
 * calls/s and the second at 200 -- the stepped target the plans compute from the test's start.
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
        List<Long> stamps = rows.subList(1, rows.size()).stream()
                .map(row -> Long.parseLong(row.substring(0, row.indexOf(',')))).collect(Collectors.toList());
        // the steps are timed from the first paced call, as the plans do
        long start = stamps.stream().mapToLong(Long::longValue).min().orElseThrow();
        long firstHalf = 0;
        long secondHalf = 0;
        for (long stamp : stamps) {
            if (stamp < start + 6_000) {
                firstHalf++;
            } else {
                secondHalf++;
            }
        }
        // at most what the targets allow (pacing works), and clearly more in the faster step (the step changes)
        assertThat(firstHalf).as("samples in the 40 calls/s half").isBetween(40L, 40L * 6 + 40);
        assertThat(secondHalf).as("samples in the 200 calls/s half").isLessThanOrEqualTo(200L * 6 + 200);
        assertThat(secondHalf).as("second half vs first half").isGreaterThan(firstHalf * 2);
    }
}
