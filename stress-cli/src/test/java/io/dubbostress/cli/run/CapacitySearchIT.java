package io.dubbostress.cli.run;

import io.dubbostress.cli.capacity.CapacityReport;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.dubbostress.cli.testkit.LivePoller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress run --find-max-rate} on the reference harness, short settings: direct and hop, at most three steps
 * each from 100 calls/s, run as steps of JMeter runs. Whatever the machine manages, the search must follow its rule
 * (double while the SLO held, bisect after a break, try a step that was not sure once more), each verdict must be the
 * SLO applied to the step's figures (held: within it and the rate driven; otherwise broken, or not sure with a
 * reason), the figures must be what the JTL holds (counted again here, {@link SearchStepsRecount}), and the answer
 * must be in capacity.json, capacity.md and on the console; the live page must have shown the steps as they went,
 * and their verdicts.
 */
class CapacitySearchIT {

    private static final long P99_LIMIT_US = 20_000;

    @TempDir
    Path dir;

    @Test
    void findsTheHighestRateThatHoldsTheSloForDirectAndHop() throws Exception {
        Path run = dir.resolve("run");
        Path out = dir.resolve("stress.out");
        LivePoller live;
        try (ChildJvm cli = StressCli.start(out, "run", "--scenarios", "direct-1k,hop-1k", "--threads", "8",
                "--duration", "5s", "--warmup", "1500ms", "--rate", "100", "--find-max-rate", "--slo", "p99=20ms",
                "--search-trials", "3", "--no-dashboard", "--live-port", "0", "--out", run.toString())) {
            live = LivePoller.start(cli);
            assertThat(cli.waitFor(Duration.ofMinutes(6))).isTrue();
            assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(40)).isZero();
            live.close();
        }
        JsonNode capacity = new ObjectMapper().readTree(run.resolve("capacity.json").toFile());
        assertThat(capacity.get("schema").asText()).isEqualTo("dubbo-stress/capacity/2");
        assertThat(capacity.get("slo").asText()).isEqualTo("p99=20ms,errors=1%");
        assertThat(capacity.get("scenarios")).extracting(s -> s.get("name").asText())
                .containsExactly("direct-1k", "hop-1k");
        for (JsonNode scenario : capacity.get("scenarios")) {
            System.out.printf("CapacitySearchIT: %s: %s%n", scenario.get("name").asText(),
                    scenario.get("answer").asText());
            JsonNode trials = scenario.get("trials");
            assertThat(trials.size()).isBetween(1, 3);
            double held = 0;
            double broken = Double.NaN;
            double notSure = Double.NaN;
            double expectedRate = 100;
            List<String> runs = new ArrayList<>();
            for (JsonNode trial : trials) {
                double rate = trial.get("targetPerSec").asDouble();
                assertThat(rate).as("%s", trial).isEqualTo(expectedRate);
                String verdict = trial.get("verdict").asText();
                long p99 = trial.get("fromDueP99Us").asLong();
                boolean sloHolds = p99 <= P99_LIMIT_US && trial.get("errorPercent").asDouble() <= 1.0;
                switch (verdict) {
                    case "held" -> {
                        assertThat(sloHolds).as("held: %s", trial).isTrue();
                        assertThat(trial.get("achievedPerSec").asDouble()).as("held at a rate driven: %s", trial)
                                .isGreaterThanOrEqualTo(rate * 0.9 - 1 / 3.5);
                        held = Math.max(held, rate);
                        notSure = Double.NaN;
                    }
                    case "broke" -> {
                        assertThat(sloHolds).as("broke: %s", trial).isFalse();
                        broken = Double.isNaN(broken) ? rate : Math.min(broken, rate);
                        notSure = Double.NaN;
                    }
                    default -> {
                        assertThat(verdict).isEqualTo("not sure");
                        assertThat(trial.get("broken")).as("a reason is given: %s", trial).isNotEmpty();
                        notSure = rate;
                    }
                }
                if (!runs.contains(trial.get("scenario").asText())) {
                    runs.add(trial.get("scenario").asText());
                }
                expectedRate = !Double.isNaN(notSure) ? notSure
                        : Double.isNaN(broken) ? rate * 2 : Math.rint((held + broken) / 2);
            }
            assertThat(scenario.get("highestHeldPerSec").asDouble()).isEqualTo(held);
            // steps of one run until the first that did not hold: as many runs as there were such steps, plus one
            long notHeld = 0;
            for (JsonNode trial : trials) {
                notHeld += trial.get("held").asBoolean() ? 0 : 1;
            }
            assertThat((long) runs.size()).as("%s: JMeter runs", scenario.get("name")).isBetween(notHeld,
                    notHeld + 1);
            assertThat(runs.get(0)).isEqualTo(scenario.get("name").asText() + "-search-1");
        }
        SearchStepsRecount.assertFiguresMatchTheJtl(run);
        // the live page listed each step as the search went: before its verdict (the step running or waiting), then
        // with it; the last it said of each step is capacity.json's verdict
        Map<String, List<String>> told = live.capacityVerdicts();
        boolean seenBeforeItsVerdict = false;
        for (JsonNode scenario : capacity.get("scenarios")) {
            for (JsonNode trial : scenario.get("trials")) {
                String step = trial.get("scenario").asText() + "/" + trial.get("step").asInt();
                assertThat(told).as("the live page's steps").containsKey(step);
                List<String> verdicts = told.get(step);
                assertThat(verdicts.get(verdicts.size() - 1)).as(step + " as the page said it last")
                        .isEqualTo(trial.get("verdict").asText());
                seenBeforeItsVerdict |= verdicts.get(0) == null;
            }
        }
        assertThat(seenBeforeItsVerdict).as("a step shown before its verdict: " + told).isTrue();
        String console = Files.readString(out);
        assertThat(console).contains("# Capacity search", "direct-1k achieved /s", "hop-1k achieved /s", "| 100 |");
        for (JsonNode scenario : capacity.get("scenarios")) {
            assertThat(console).contains("- **" + scenario.get("name").asText() + "**: "
                    + scenario.get("answer").asText());
            for (JsonNode trial : scenario.get("trials")) {
                assertThat(console).contains("| " + CapacityReport.rate(trial.get("targetPerSec").asDouble()) + " |");
            }
        }
        assertThat(Files.readString(run.resolve("capacity.md"))).contains("**direct-1k**", "**hop-1k**");
    }
}
