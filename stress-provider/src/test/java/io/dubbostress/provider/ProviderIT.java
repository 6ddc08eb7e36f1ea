package io.dubbostress.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.api.Order;
import io.dubbostress.api.Payloads;
import io.dubbostress.api.ProviderStats;
import io.dubbostress.api.ProviderStatsService;
import io.dubbostress.api.StressTestService;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.DubboTestClient;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.ListeningSockets;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built jar, started with plain {@code java -jar} (no JVM flags), called over Dubbo from this JVM. */
class ProviderIT {

    static final Path JAR = Path.of(System.getProperty("stress.provider.jar", "target/stress-provider.jar"));

    @TempDir
    static Path dir;

    static int port;
    static ChildJvm provider;
    static DubboTestClient<StressTestService> client;
    static DubboTestClient<ProviderStatsService> stats;

    @BeforeAll
    static void startProvider() {
        port = FreePort.find();
        provider = ChildJvm.jar(JAR)
                .args("--stress.provider.port=" + port, "--stress.provider.host=127.0.0.1")
                .log(dir.resolve("provider.log"))
                .start()
                .awaitLog(line -> line.contains("stress-provider ready:"), "the provider's ready line",
                        Duration.ofSeconds(90));
        client = DubboTestClient.direct(StressTestService.class, "dubbo://127.0.0.1:" + port, 10_000);
        stats = DubboTestClient.direct(ProviderStatsService.class, "dubbo://127.0.0.1:" + port, 10_000);
    }

    @AfterAll
    static void stopProvider() {
        if (client != null) {
            client.close();
        }
        if (stats != null) {
            stats.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void startsWithPlainJavaJarAndNoJvmFlags() {
        assertThat(provider.command()).noneMatch(arg -> arg.startsWith("--add-opens"));
        assertThat(provider.command()).containsSequence("-jar", JAR.toAbsolutePath().toString());
        assertThat(provider.isAlive()).isTrue();
    }

    @Test
    void echoesOneKibAndHundredKibPayloadsIdentically() {
        String small = Payloads.ofSize(Payloads.ONE_KIB);
        String large = Payloads.ofSize(Payloads.HUNDRED_KIB);
        assertThat(client.service().echo(small)).isEqualTo(small);
        assertThat(client.service().echo(large)).isEqualTo(large);
    }

    @Test
    void echoesTheOrderObjectGraphIncludingBigDecimalAndJavaTime() {
        Order order = Payloads.order(7, 5);
        order.setTotal(new BigDecimal("123456789012345678901234567890.123456789"));
        order.setCreatedAt(LocalDateTime.of(2026, 11, 21, 23, 59, 58, 123_456_789));
        Order echoed = client.service().echoOrder(order);
        assertThat(echoed).isEqualTo(order).isNotSameAs(order);
        assertThat(echoed.getTotal()).hasToString("123456789012345678901234567890.123456789");
        assertThat(echoed.getCreatedAt().getNano()).isEqualTo(123_456_789);
    }

    @Test
    void doesTheConfiguredCpuWorkOnEveryCall() {
        ProviderStats before = stats.service().stats();
        for (int i = 0; i < 25; i++) {
            client.service().echo("x");
        }
        ProviderStats after = stats.service().stats();
        assertThat(after.getCpuIterationsPerCall()).isEqualTo(10_000);
        long calls = after.getCalls() - before.getCalls();
        assertThat(calls).isGreaterThanOrEqualTo(25);
        assertThat(after.getCpuIterations() - before.getCpuIterations()).isEqualTo(calls * 10_000);
    }

    @Test
    void listensOnLoopbackOnlyAndAdvertisesIt() {
        assertThat(ListeningSockets.addressesListeningOn(port)).containsExactly("127.0.0.1");
        assertThat(provider.logText()).contains("advertised 127.0.0.1:" + port, "bound to 127.0.0.1");
    }

    @Test
    void logsOneStartupLineNamingProtocolPortSerializationRegistryAndCpuIterations() {
        assertThat(provider.logText().lines().filter(l -> l.contains("stress-provider ready:")))
                .singleElement().asString()
                .contains("protocol dubbo", "port " + port, "serialization hessian2", "registry none (direct connect)",
                        "cpu iterations 10000 per call", "threads 200");
    }

    @Test
    void doesNotLogPerCall() {
        long linesBefore = provider.logText().lines().count();
        for (int i = 0; i < 200; i++) {
            client.service().echo("quiet");
        }
        stats.service().stats(); // a round trip after the calls: anything they logged is written by now
        assertThat(provider.logText().lines().count()).isEqualTo(linesBefore);
    }
}
