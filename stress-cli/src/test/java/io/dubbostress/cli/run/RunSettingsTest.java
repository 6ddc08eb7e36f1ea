package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The settings {@code stress run} makes of its options, as run.json records them: data (numbers, names, addresses, an
 * empty text where there is nothing to name), never a sentence; a capacity search runs at its first trial's rate.
 */
class RunSettingsTest {

    private static RunSettings settings(String... args) {
        RunCommand command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        return command.settings();
    }

    @Test
    void aLocalRunRecordsEmptyTextsWhereTheRunStartsTheServicesItself() {
        Map<String, String> m = settings("--duration", "30s", "--scenarios", "direct-1k,hop-1k").asMap();
        assertThat(m).containsEntry("scenarios", "direct-1k,hop-1k").containsEntry("durationSeconds", "30")
                .containsEntry("rate", "0").containsEntry("remote", "").containsEntry("provider", "")
                .containsEntry("consumerUrl", "").containsEntry("agent", "").containsEntry("registry", "")
                .containsEntry("jmeterHome", "").containsEntry("sampler", "jmeter-dubbo-sampler")
                .doesNotContainKeys("slo", "searchTrials", "rmiSsl", "rmiLocalPort", "generatorAgents");
        assertThat(m.values()).as("no sentence in place of a value").noneMatch(v -> v.contains(" ("));
    }

    @Test
    void givenServicesAreRecordedAsTheirAddresses() {
        Map<String, String> m = settings("--provider-url", "tri://127.0.0.1:50051", "--scenarios", "direct-1k",
                "--agent", "127.0.0.1:4444").asMap();
        assertThat(m).containsEntry("provider", "tri://127.0.0.1:50051").containsEntry("agent", "127.0.0.1:4444")
                .containsEntry("sampler", "jmeter-dubbo3-sampler");
    }

    @Test
    void profileSamplesByATimerAndProfileKernelByPerfEvents() {
        assertThat(settings().profile()).isEqualTo(RunSettings.Profile.OFF);
        assertThat(settings().asMap()).containsEntry("profile", "false").doesNotContainKey("profileKernel");
        assertThat(settings("--profile").profile()).isEqualTo(RunSettings.Profile.CPU);
        assertThat(settings("--profile").asMap()).containsEntry("profile", "true").doesNotContainKey("profileKernel");
        // --profile-kernel profiles on its own, and wins when both are given
        RunSettings[] kernels = {settings("--profile-kernel"), settings("--profile", "--profile-kernel")};
        for (RunSettings kernel : kernels) {
            assertThat(kernel.profile()).isEqualTo(RunSettings.Profile.KERNEL);
            assertThat(kernel.profiled()).isTrue();
            assertThat(kernel.asMap()).containsEntry("profile", "true").containsEntry("profileKernel", "true");
        }
    }

    @Test
    void aCapacitySearchRunsAtItsFirstTrialsRate() {
        RunSettings byDefault = settings("--duration", "20s", "--find-max-rate", "--slo", "p99=20ms");
        assertThat(byDefault.load().rate().asProperty()).as("100 calls/s when --rate is not given").isEqualTo("100");
        assertThat(byDefault.asMap()).containsEntry("rate", "100").containsEntry("slo", "p99=20ms,errors=1%")
                .containsEntry("searchTrials", "8");
        RunSettings given = settings("--duration", "20s", "--rate", "250", "--find-max-rate", "--slo", "p99=20ms",
                "--search-trials", "3");
        assertThat(given.load().rate().asProperty()).isEqualTo("250");
        assertThat(given.capacity().searchTrials()).isEqualTo(3);
    }
}
