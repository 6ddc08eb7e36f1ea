package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs that measure nothing, as a new user made them, end to end with the embedded JMeter against a provider
 * address where nothing listens (no provider to start: the two runs, side by side, cost a JMeter each):
 * {@code --rate 0.001} (the only calls, the opening call and arrival 0, fall in the warm-up: once "samples 0, errors
 * 0.00 %, exit 0") and a capacity search whose every call fails (once "held up to 200 calls/s" at 100 % errors with
 * a budget over 100 %). Both must say failed: run.json, the report's row and JSON, the closing line, exit code 1.
 */
class NothingMeasuredRunIT {

    @TempDir
    static Path dir;

    static ChildJvm warmupOnly;
    static ChildJvm capacity;
    static int warmupOnlyExit;
    static int capacityExit;
    static String nothing;

    @BeforeAll
    static void runBoth() {
        nothing = "127.0.0.1:" + FreePort.find();
        // --profile too: the provider, given by address, is not the run's to profile, and its row says so
        warmupOnly = StressCli.start(dir.resolve("warmup-only.out"), "run", "--scenarios", "direct-1k",
                "--duration", "3s", "--threads", "1", "--rate", "0.001", "--provider", nothing, "--no-dashboard",
                "--profile", "--out", dir.resolve("warmup-only").toString());
        capacity = StressCli.start(dir.resolve("capacity.out"), "run", "--scenarios", "direct-1k", "--duration", "3s",
                "--threads", "2", "--find-max-rate", "--slo", "p50=5s,errors=100%", "--rate", "20",
                "--search-trials", "1", "--provider", nothing, "--no-dashboard", "--out",
                dir.resolve("capacity").toString());
        assertThat(warmupOnly.waitFor(Duration.ofMinutes(5))).as("the first run ends").isTrue();
        assertThat(capacity.waitFor(Duration.ofMinutes(5))).as("the second run ends").isTrue();
        warmupOnlyExit = warmupOnly.stop(Duration.ofSeconds(1));
        capacityExit = capacity.stop(Duration.ofSeconds(1));
    }

    @AfterAll
    static void stop() {
        for (ChildJvm cli : new ChildJvm[] {warmupOnly, capacity}) {
            if (cli != null) {
                cli.close();
            }
        }
    }

    @Test
    void oneCallInTheWarmupIsAFailedScenarioEverywhereNeverZeros() throws Exception {
        Path run = dir.resolve("warmup-only");
        assertThat(warmupOnlyExit).as(warmupOnly.logTail(40)).isEqualTo(1);
        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("failed");
        JsonNode record = runJson.get("scenarios").get(0);
        assertThat(record.get("status").asText()).isEqualTo("failed");
        // two calls: each thread's opening call, then arrival 0 of the schedule, due when it ended
        assertThat(record.get("message").asText()).contains("no steady-state sample: its 2 sample(s) all started"
                + " in the warm-up").contains("and 2 of them failed (NETWORK ");
        // the report's copy of run.json says what run.json says
        JsonNode report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
        assertThat(report.at("/run/status").asText()).isEqualTo("failed");
        JsonNode scenario = report.get("scenarios").get(0);
        assertThat(scenario.get("status").asText()).isEqualTo("failed");
        assertThat(scenario.get("samples").asLong()).isZero();
        assertThat(scenario.get("warmup").get("errors").asLong()).isEqualTo(2);
        assertThat(scenario.get("errors").get("percent").isNull()).as("never 'errors 0.00 %'").isTrue();
        assertThat(scenario.get("latency").get("p50").isNull()).isTrue();
        assertThat(scenario.get("latency").get("max").isNull()).isTrue();
        assertThat(scenario.get("errors").get("pausedAfter").get("byCode").get("NETWORK").asLong()).isEqualTo(2);
        assertThat(Files.readString(run.resolve("report.md"))).contains("| direct-1k | failed | 0 | - | - |");
        assertThat(warmupOnly.logText()).contains("stress run: failed: direct-1k: ").contains("no steady-state sample:"
                + " its 2 sample(s) all started in the warm-up");
    }

    @Test
    void aProviderGivenByAddressHasAProfileRowSayingItIsNotProfiled() throws Exception {
        Path run = dir.resolve("warmup-only");
        String why = "not profiled: given by address (--provider " + nothing + "), not a JVM this run started and may"
                + " attach to";
        JsonNode capture = new ObjectMapper().readTree(run.resolve("scenarios/direct-1k/profiles/capture.json")
                .toFile());
        assertThat(capture.get("services").toString()).as(capture.toString()).contains("\"service\":\"provider\"",
                why);
        JsonNode report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
        JsonNode provider = null;
        for (JsonNode service : report.at("/profiles/scenarios/0/services")) {
            if (service.get("service").asText().equals("provider")) {
                provider = service;
            }
        }
        assertThat(provider).as(report.at("/profiles").toString()).isNotNull();
        assertThat(provider.get("status").asText()).isEqualTo("missing");
        assertThat(provider.get("missing").asText()).isEqualTo(why);
        assertThat(Files.readString(run.resolve("report.md"))).contains("| direct-1k | provider | - |")
                .contains("| " + why + " |");
    }

    @Test
    void aCapacityTrialWhoseEveryCallFailedNeverHolds() throws Exception {
        Path run = dir.resolve("capacity");
        assertThat(capacityExit).as(capacity.logTail(40)).isEqualTo(1);
        JsonNode json = new ObjectMapper().readTree(run.resolve("capacity.json").toFile());
        JsonNode searched = json.get("scenarios").get(0);
        assertThat(searched.get("highestHeldPerSec").asDouble()).isZero();
        JsonNode trial = searched.get("trials").get(0);
        assertThat(trial.get("held").asBoolean()).isFalse();
        assertThat(trial.get("broken").get(0).asText())
                .startsWith("failed: every call due in the step's window failed (").contains("calls: NETWORK ");
        assertThat(Files.readString(run.resolve("capacity.md"))).contains("no rate tried held the SLO")
                .doesNotContain("NaN");
        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(runJson.get("status").asText()).isEqualTo("failed");
        assertThat(runJson.at("/scenarios/0/status").asText()).isEqualTo("failed");
        assertThat(runJson.at("/scenarios/0/message").asText())
                .contains("step 1 at 20 calls/s: failed: every call due in the step's window failed (");
        assertThat(capacity.logText()).contains("stress run: failed: direct-1k-search-1: ")
                .contains("direct-1k at 20 calls/s: achieved ").doesNotContain("NaN");
    }
}
