package io.dubbostress.report.run;

import io.dubbostress.report.Json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A --repeat run's trial names, spelled by RunLayout only: made, read back, recorded in run.json, and paired by the
 * report's name rule trial with trial.
 */
class TrialNamesTest {

    @TempDir
    Path dir;

    @Test
    void aTrialsNameCarriesItsScenarioAndNumber() {
        assertThat(RunLayout.trialName("direct-1k", 2)).isEqualTo("direct-1k-trial-2");
        assertThat(RunLayout.trialOf("direct-1k-trial-2")).isEqualTo(2);
        assertThat(RunLayout.scenarioOf("hop-http-100k-trial-12")).isEqualTo("hop-http-100k");
        for (String plain : new String[] {"direct-1k", "direct-1k-trial-", "direct-1k-trial-0", "direct-1k-trial-x",
            "-trial-3", "direct-1k-at-400"}) {
            assertThat(RunLayout.trialOf(plain)).as(plain).isZero();
            assertThat(RunLayout.scenarioOf(plain)).as(plain).isEqualTo(plain);
        }
    }

    @Test
    void theReportPairsAHopTrialWithTheDirectTrialOfTheSameNumber() {
        assertThat(ScenarioName.of("hop-1k-trial-2").directName()).isEqualTo("direct-1k-trial-2");
        assertThat(ScenarioName.of("hop-http-100k-trial-1").kind()).isEqualTo("hop-http");
        assertThat(ScenarioName.of("hop-1k").directName()).isEqualTo("direct-1k");
        assertThat(ScenarioName.of("direct-1k-trial-3").payloadBytes()).isEqualTo(1024);
    }

    @Test
    void runJsonRecordsTheTrialAndLeavesOtherScenariosAsTheyWere() throws Exception {
        RunManifest run = new RunManifest();
        run.scenarios.add(RunManifest.ScenarioRecord.trial("direct-1k", 2, "dubbo-direct.jmx", 1024, 1.5));
        run.scenarios.add(new RunManifest.ScenarioRecord("hop-1k", "dubbo-hop.jmx", 1024, 1.5));
        Path file = dir.resolve("run.json");
        run.write(file);
        RunManifest read = RunManifest.read(file);
        assertThat(read.scenarios.get(0).name).isEqualTo("direct-1k-trial-2");
        assertThat(read.scenarios.get(0).scenario).isEqualTo("direct-1k");
        assertThat(read.scenarios.get(0).trial).isEqualTo(2);
        assertThat(read.scenarios.get(0).jtl).isEqualTo("scenarios/direct-1k-trial-2/results.jtl");
        assertThat(read.scenarios.get(1).trial).isNull();
        assertThat(Json.MAPPER.readTree(file.toFile()).at("/scenarios/1").has("trial")).isFalse();
    }
}
