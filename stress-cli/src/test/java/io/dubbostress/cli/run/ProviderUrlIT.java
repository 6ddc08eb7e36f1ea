package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress run --provider-url tri://...}: the direct scenario with the Dubbo 3.3 sampler (jmeter-dubbo3-sampler,
 * in a JMeter home the run makes and removes) against a user's Dubbo 3.3.5 provider of the reference contract over
 * the triple protocol; no provider is started by the run. And the options' mistakes, each one line.
 */
class ProviderUrlIT {

    @TempDir
    Path dir;

    @Test
    void runsTheDirectScenarioOverTripleWithTheDubbo3Sampler() throws Exception {
        int port = freePort();
        Path dubbo3Jar = Path.of(System.getProperty("dubbo3.sampler.jar"));
        String classPath = dubbo3Jar + java.io.File.pathSeparator + Path.of("target/test-classes").toAbsolutePath();
        try (ChildJvm provider = ChildJvm.mainClass(TripleStressProvider.class.getName(), classPath)
                .jvmArgs("-Xmx256m", "-Ddubbo.application.qos-enable=false").args(String.valueOf(port))
                .log(dir.resolve("provider.log")).start()) {
            provider.awaitLog(line -> line.contains("triple-provider ready"), "the triple provider",
                    Duration.ofMinutes(2));
            Path run = dir.resolve("run");
            String url = "tri://127.0.0.1:" + port;
            try (ChildJvm cli = StressCli.start(dir.resolve("stress.out"), "run", "--provider-url", url,
                    "--scenarios", "direct-1k", "--threads", "2", "--duration", "15s", "--no-dashboard",
                    "--out", run.toString())) {
                assertThat(cli.waitFor(Duration.ofMinutes(5))).isTrue();
                assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(40)).isZero();
            }
            JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
            assertThat(runJson.at("/settings/provider").asText()).isEqualTo(url);
            assertThat(runJson.at("/settings/sampler").asText()).startsWith("jmeter-dubbo3-sampler");
            // the provider is the URL's: the run starts none of its own, so no JVM figure is labelled "provider"
            JsonNode providerRecord = null;
            for (JsonNode service : runJson.get("services")) {
                if (service.get("name").asText().equals("provider")) {
                    providerRecord = service;
                }
            }
            assertThat(providerRecord).as("run.json's provider").isNotNull();
            assertThat(providerRecord.get("status").asText()).isEqualTo("external");
            assertThat(providerRecord.get("startedByRun").asBoolean()).isFalse();
            assertThat(providerRecord.get("address").asText()).isEqualTo("127.0.0.1:" + port);
            assertThat(run.resolve("logs/provider.log")).doesNotExist();
            Path folder = run.resolve("scenarios/direct-1k");
            List<String> rows = Files.readAllLines(folder.resolve("results.jtl"));
            // the first sample of each thread starts Dubbo 3 (seconds on a loaded machine): a 15 s run still has
            // hundreds after it
            assertThat(rows.subList(1, rows.size())).hasSizeGreaterThan(100)
                    .allSatisfy(row -> assertThat(row).contains(",200,").contains(",true,"));
            // the 3.3 sampler called the triple port (its reference says where), and the provider counted the calls
            assertThat(Files.readString(folder.resolve("jmeter.log"))).contains("@ " + url + " ");
            assertThat(provider.logText()).contains("triple-provider calls=100");
        }
    }

    @Test
    void refusesAProviderUrlItCannotUse() throws Exception {
        String[][] cases = {
            {"--provider-url", "grpc://127.0.0.1:1"},
            {"--provider-url", "tri://127.0.0.1:1", "--registry", "zookeeper://127.0.0.1:2181"},
            {"--provider-url", "tri://127.0.0.1:1", "--scenarios", "hop-1k"},
        };
        String[] expected = {
            "'grpc://127.0.0.1:1' is not tri://HOST:PORT or dubbo://HOST:PORT",
            "it names the provider, so it cannot be combined with --provider or --registry",
            "the hop scenarios' consumer (Dubbo 2.7) cannot call tri://",
        };
        for (int i = 0; i < cases.length; i++) {
            String[] args = new String[cases[i].length + 1];
            args[0] = "run";
            System.arraycopy(cases[i], 0, args, 1, cases[i].length);
            Path log = dir.resolve("refused-" + i + ".out");
            try (ChildJvm cli = StressCli.start(log, args)) {
                assertThat(cli.waitFor(Duration.ofMinutes(1))).isTrue();
                assertThat(cli.stop(Duration.ofSeconds(1))).as(cli.logTail(10)).isEqualTo(2);
                assertThat(cli.logText()).contains(expected[i]).doesNotContain("\tat ");
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
