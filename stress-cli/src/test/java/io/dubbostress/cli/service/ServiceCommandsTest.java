package io.dubbostress.cli.service;

import io.dubbostress.cli.testkit.Cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.cli.process.JavaRuntime;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServiceCommandsTest {

    private final StringBuilder out = new StringBuilder();
    private final StringBuilder err = new StringBuilder();

    private int run(String... args) {
        Cli r = Cli.run(args);
        out.append(r.out);
        err.append(r.err);
        return r.exit;
    }

    /**
     * The provider app keeps its own defaults (it runs without the stress command); they must be the harness's,
     * which every launcher of the stress command takes from HarnessDefaults.
     */
    @Test
    void theProviderAppsOwnDefaultsAreTheHarnessDefaults() throws Exception {
        Path home = Path.of(System.getProperty("stress.home", ".."));
        String yml = java.nio.file.Files.readString(home.resolve("stress-provider/src/main/resources/application.yml"));
        assertThat(yml).contains("    port: " + io.dubbostress.cli.options.HarnessDefaults.PROVIDER_PORT + "\n",
                "    threads: " + io.dubbostress.cli.options.HarnessDefaults.PROVIDER_THREADS + "\n",
                "    cpu-iterations: " + io.dubbostress.cli.options.HarnessDefaults.CPU_ITERATIONS + "\n");
        String settings = java.nio.file.Files.readString(home.resolve(
                "stress-provider/src/main/java/io/dubbostress/provider/ProviderSettings.java"));
        assertThat(settings).contains("private int port = 20880;", "private int threads = 200;",
                "private int cpuIterations = 10_000;");
        assertThat(io.dubbostress.cli.options.HarnessDefaults.PROVIDER_PORT).isEqualTo("20880");
        assertThat(io.dubbostress.cli.options.HarnessDefaults.PROVIDER_THREADS).isEqualTo("200");
        assertThat(io.dubbostress.cli.options.HarnessDefaults.CPU_ITERATIONS).isEqualTo("10000");
    }

    @Test
    void providerCommandLineCarriesTheOpensGcLoggingAndSettings() {
        ServiceCommands.ProviderSettings s = new ServiceCommands.ProviderSettings();
        s.port = 20999;
        s.host = "127.0.0.1";
        s.cpuIterations = 0;
        s.registry = "zookeeper://127.0.0.1:2181";
        List<String> command = ServiceCommands.provider(JavaRuntime.current(), Path.of("p.jar"), "-Xmx256m",
                Path.of("/tmp/p-gc.log"), s);
        assertThat(command.get(0)).endsWith("/bin/java");
        assertThat(command).containsSubsequence("-Xmx256m", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-Xlog:gc*:file=/tmp/p-gc.log:time,uptime,level,tags:filecount=0", "-jar", "p.jar",
                "--stress.provider.port=20999", "--stress.provider.cpu-iterations=0",
                "--stress.provider.threads=200", "--stress.provider.host=127.0.0.1",
                "--stress.provider.registry=zookeeper://127.0.0.1:2181");
    }

    @Test
    void consumerCommandLineCallsTheProviderDirectlyOrThroughTheRegistry() {
        ServiceCommands.ConsumerSettings s = new ServiceCommands.ConsumerSettings();
        s.port = 18080;
        s.host = "127.0.0.1";
        s.providerUrl = "dubbo://127.0.0.1:20999";
        List<String> direct = ServiceCommands.consumer(JavaRuntime.current(), Path.of("c.jar"), "", null, s);
        assertThat(direct).contains("--server.port=18080", "--server.address=127.0.0.1",
                "--stress.consumer.provider-url=dubbo://127.0.0.1:20999", "--stress.consumer.timeout-ms=5000")
                .noneMatch(a -> a.startsWith("-Xlog"));
        s.registry = "zookeeper://127.0.0.1:2181";
        assertThat(ServiceCommands.consumer(JavaRuntime.current(), Path.of("c.jar"), "", null, s))
                .contains("--stress.consumer.registry=zookeeper://127.0.0.1:2181")
                .noneMatch(a -> a.startsWith("--stress.consumer.provider-url"));
    }

    @Test
    void jvmArgumentStringsSplitOnWhitespace() {
        assertThat(ServiceCommands.splitArgs("  -Xms1g   -Xmx1g ")).containsExactly("-Xms1g", "-Xmx1g");
        assertThat(ServiceCommands.splitArgs("")).isEmpty();
    }

    @Test
    void badValuesAreRefusedNamingTheOption() {
        assertThat(run("provider", "--port", "70000")).isEqualTo(2);
        assertThat(err.toString()).startsWith(
                "stress provider: Invalid value for option '--port': 70000 is not a TCP port (1-65535)");
        err.setLength(0);
        assertThat(run("provider", "--cpu-iterations", "-1")).isEqualTo(2);
        assertThat(err.toString()).startsWith("stress provider: Invalid value for option '--cpu-iterations': -1 "
                + "(must be >= 0)");
        err.setLength(0);
        assertThat(run("consumer", "--timeout-ms", "0")).isEqualTo(2);
        assertThat(err.toString()).startsWith("stress consumer: Invalid value for option '--timeout-ms': 0 "
                + "(must be >= 1)");
        err.setLength(0);
        assertThat(run("consumer", "--prot", "1")).isEqualTo(2);
        assertThat(err.toString()).startsWith("stress consumer: Unknown option: '--prot'")
                .contains("Possible solutions:", "Run 'stress consumer --help' for the options.");
    }

    @Test
    void helpIsCompleteForBothCommands() {
        assertThat(run("provider", "--help")).isZero();
        assertThat(out.toString()).contains("--port=PORT", "--host=ADDRESS", "--cpu-iterations=N", "--threads=N",
                "--registry=URL", "--jvm-args=ARGS", "--gc-log=FILE", "Default: 20880");
        out.setLength(0);
        assertThat(run("consumer", "--help")).isZero();
        assertThat(out.toString()).contains("--port=PORT", "--provider-url=URL", "--registry=URL", "--timeout-ms=MS");
        assertThat(out.toString().replaceAll("\\s+", "")).contains("Default:dubbo://127.0.0.1:20880");
        out.setLength(0);
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("run", "report", "gc", "agent", "provider", "consumer");
    }
}
