package io.dubbostress.cli.run;

import io.dubbostress.cli.capacity.CapacityReport;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress run --find-max-rate} on the reference harness, short settings: direct and hop, three trials each
 * starting at 100 calls/s. Whatever the machine manages, the search must follow its rule (double while the SLO held,
 * then bisect), judge each trial by the SLO on its response time from the due time as the report measured it, and
 * report the highest rate that held, side by side, in capacity.json, capacity.md and on the console.
 */
class CapacitySearchIT {

    private static final long P99_LIMIT_US = 20_000;

    @TempDir
    Path dir;

    @Test
    void findsTheHighestRateThatHoldsTheSloForDirectAndHop() throws Exception {
        Path run = dir.resolve("run");
        Path out = dir.resolve("stress.out");
        try (ChildJvm cli = StressCli.start(out, "run", "--scenarios", "direct-1k,hop-1k", "--threads", "8",
                "--duration", "6s", "--warmup", "2s", "--rate", "100", "--find-max-rate", "--slo", "p99=20ms",
                "--search-trials", "3", "--no-dashboard", "--out", run.toString())) {
            assertThat(cli.waitFor(Duration.ofMinutes(6))).isTrue();
            assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(40)).isZero();
        }
        ObjectMapper json = new ObjectMapper();
        JsonNode capacity = json.readTree(run.resolve("capacity.json").toFile());
        JsonNode report = json.readTree(run.resolve("report.json").toFile());
        Map<String, JsonNode> reported = new HashMap<>();
        report.get("scenarios").forEach(s -> reported.put(s.get("name").asText(), s));
        assertThat(capacity.get("slo").asText()).isEqualTo("p99=20ms,errors=1%");
        assertThat(capacity.get("scenarios")).extracting(s -> s.get("name").asText())
                .containsExactly("direct-1k", "hop-1k");
        for (JsonNode scenario : capacity.get("scenarios")) {
            JsonNode trials = scenario.get("trials");
            assertThat(trials.size()).isEqualTo(3);
            double held = 0;
            double broken = Double.NaN;
            double expectedRate = 100;
            for (JsonNode trial : trials) {
                double rate = trial.get("targetPerSec").asDouble();
                assertThat(rate).as("%s", trial).isEqualTo(expectedRate);
                // the trial's verdict is the SLO applied to what the report measured for it
                JsonNode measured = reported.get(trial.get("scenario").asText()).get("targetRate");
                assertThat(measured).as("report.json has trial %s", trial.get("scenario")).isNotNull();
                long p99 = measured.get("fromDueUs").get("p99").asLong();
                assertThat(trial.get("fromDueP99Us").asLong()).isEqualTo(p99);
                boolean shouldHold = p99 <= P99_LIMIT_US && trial.get("errorPercent").asDouble() <= 1.0;
                assertThat(trial.get("held").asBoolean()).as("%s", trial).isEqualTo(shouldHold);
                if (shouldHold) {
                    held = Math.max(held, rate);
                } else {
                    broken = Double.isNaN(broken) ? rate : Math.min(broken, rate);
                }
                expectedRate = Double.isNaN(broken) ? rate * 2 : Math.rint((held + broken) / 2);
            }
            assertThat(scenario.get("highestHeldPerSec").asDouble()).isEqualTo(held);
        }
        String console = Files.readString(out);
        assertThat(console).contains("# Capacity search", "direct-1k achieved /s", "hop-1k achieved /s", "| 100 |");
        // one row per rate tried (the machine decides which), direct and hop side by side
        for (JsonNode scenario : capacity.get("scenarios")) {
            for (JsonNode trial : scenario.get("trials")) {
                assertThat(console).contains("| " + CapacityReport.rate(trial.get("targetPerSec").asDouble()) + " |");
            }
        }
        assertThat(Files.readString(run.resolve("capacity.md"))).contains("**direct-1k**", "**hop-1k**");
    }
}
