package io.dubbostress.cli.run;

import io.dubbostress.gc.TimeWindow;
import io.dubbostress.report.run.RunManifest;
import io.dubbostress.report.run.ScenarioStatus;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The windows GCeasy is asked about per scenario: each completed scenario's steady part, from run.json. */
class SteadyWindowsTest {

    @Test
    void aCompletedScenarioGivesItsStartPlusWarmupToItsEndOthersNothing() {
        RunManifest manifest = new RunManifest();
        RunManifest.ScenarioRecord done = new RunManifest.ScenarioRecord("direct-1k", "direct.jmx", 1024, 10);
        done.status = ScenarioStatus.COMPLETED;
        done.startEpochMs = 1_795_255_200_000L;
        done.endEpochMs = 1_795_255_260_000L;
        RunManifest.ScenarioRecord failed = new RunManifest.ScenarioRecord("hop-1k", "hop.jmx", 1024, 10);
        failed.status = ScenarioStatus.FAILED;
        failed.startEpochMs = 1_795_255_270_000L;
        failed.endEpochMs = 1_795_255_275_000L;
        RunManifest.ScenarioRecord shorterThanWarmup = new RunManifest.ScenarioRecord("direct-100k", "direct.jmx",
                102400, 30);
        shorterThanWarmup.status = ScenarioStatus.COMPLETED;
        shorterThanWarmup.startEpochMs = 1_795_255_280_000L;
        shorterThanWarmup.endEpochMs = 1_795_255_290_000L;
        manifest.scenarios.add(done);
        manifest.scenarios.add(failed);
        manifest.scenarios.add(shorterThanWarmup);

        Map<String, TimeWindow> windows = RunEnding.steadyWindows(manifest);
        assertThat(windows).containsOnlyKeys("direct-1k");
        assertThat(windows.get("direct-1k")).isEqualTo(new TimeWindow(1_795_255_210_000L, 1_795_255_260_000L));
    }
}
