package io.dubbostress.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.api.ProviderStats;
import io.dubbostress.api.ProviderStatsService;
import io.dubbostress.api.StressTestService;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.DubboTestClient;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.ZooKeeperServer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Settings given the other ways: environment variables, a registry, zero CPU work, a bad value. */
class ProviderSettingsIT {

    @TempDir
    Path dir;

    @Test
    void takesSettingsFromEnvironmentVariablesAndAllowsZeroCpuIterations() {
        int port = FreePort.find();
        try (ChildJvm provider = ChildJvm.jar(ProviderIT.JAR)
                .env("STRESS_PROVIDER_PORT", String.valueOf(port))
                .env("STRESS_PROVIDER_HOST", "127.0.0.1")
                .env("STRESS_PROVIDER_CPU_ITERATIONS", "0")
                .env("STRESS_PROVIDER_THREADS", "16")
                .log(dir.resolve("provider.log"))
                .start()
                .awaitLog(line -> line.contains("stress-provider ready:"), "ready line", Duration.ofSeconds(90));
             DubboTestClient<StressTestService> client =
                     DubboTestClient.direct(StressTestService.class, "dubbo://127.0.0.1:" + port, 10_000);
             DubboTestClient<ProviderStatsService> stats =
                     DubboTestClient.direct(ProviderStatsService.class, "dubbo://127.0.0.1:" + port, 10_000)) {
            assertThat(client.service().echo("zero")).isEqualTo("zero");
            ProviderStats after = stats.service().stats();
            assertThat(after.getCalls()).isEqualTo(1);
            assertThat(after.getCpuIterations()).isZero();
            assertThat(after.getCpuIterationsPerCall()).isZero();
            assertThat(provider.logText()).contains("cpu iterations 0 per call", "threads 16");
        }
    }

    @Test
    void registersInZooKeeperWithItsLoopbackAddressAndIsDiscovered() {
        int port = FreePort.find();
        try (ZooKeeperServer zk = ZooKeeperServer.start(dir);
             ChildJvm provider = ChildJvm.jar(ProviderIT.JAR)
                     .args("--stress.provider.port=" + port, "--stress.provider.host=127.0.0.1",
                             "--stress.provider.registry=" + zk.registryAddress())
                     .log(dir.resolve("provider.log"))
                     .start()
                     .awaitLog(line -> line.contains("stress-provider ready:"), "ready line", Duration.ofSeconds(90));
             DubboTestClient<StressTestService> client =
                     DubboTestClient.viaRegistry(StressTestService.class, zk.registryAddress(), 10_000)) {
            assertThat(provider.logText()).contains("registry " + zk.registryAddress());
            // the provider listens on 127.0.0.1 only: a call succeeds only if it advertised 127.0.0.1
            assertThat(client.service().echo("discovered")).isEqualTo("discovered");
        }
    }

    @Test
    void refusesANegativeCpuIterationCountNamingTheSettingAndTheValue() {
        int port = FreePort.find();
        try (ChildJvm provider = ChildJvm.jar(ProviderIT.JAR)
                .args("--stress.provider.port=" + port, "--stress.provider.host=127.0.0.1",
                        "--stress.provider.cpu-iterations=-5")
                .log(dir.resolve("provider.log"))
                .start()) {
            assertThat(provider.waitFor(Duration.ofSeconds(90))).as("the provider exits").isTrue();
            assertThat(provider.logText()).contains("stress.provider.cpu-iterations must be >= 0, was -5");
            assertThat(provider.isAlive()).isFalse();
        }
    }
}
