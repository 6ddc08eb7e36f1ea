package io.dubbostress.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.ListeningSockets;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both built jars, started with plain {@code java -jar} on loopback: HTTP through the consumer to the provider, bad
 * sizes, and the provider going away and coming back.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsumerIT {

    static final Path CONSUMER_JAR = Path.of(System.getProperty("stress.consumer.jar", "target/stress-consumer.jar"));
    static final Path PROVIDER_JAR = Path.of(System.getProperty("stress.provider.jar",
            "../stress-provider/target/stress-provider.jar"));
    static final int TIMEOUT_MS = 2000;

    @TempDir
    static Path dir;

    static int providerPort;
    static int httpPort;
    static ChildJvm provider;
    static ChildJvm consumer;
    static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start() {
        providerPort = FreePort.find();
        httpPort = FreePort.find();
        provider = startProvider(providerPort, dir.resolve("provider.log"));
        consumer = ChildJvm.jar(CONSUMER_JAR)
                .args("--server.port=" + httpPort, "--server.address=127.0.0.1",
                        "--stress.consumer.provider-url=dubbo://127.0.0.1:" + providerPort,
                        "--stress.consumer.timeout-ms=" + TIMEOUT_MS)
                .log(dir.resolve("consumer.log"))
                .start()
                .awaitLog(line -> line.contains("stress-consumer ready:"), "the consumer's ready line",
                        Duration.ofSeconds(90));
        // The first call through a new connection also generates Dubbo's proxy classes: on a loaded machine it can
        // outlast the 2 s call timeout the tests below rely on. Warm up, on a deadline that scales with the box.
        org.awaitility.Awaitility.await("the first call through the consumer").atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> get("/stressTest/string1k").statusCode() == 200);
    }

    static ChildJvm startProvider(int port, Path log) {
        return ChildJvm.jar(PROVIDER_JAR)
                .args("--stress.provider.port=" + port, "--stress.provider.host=127.0.0.1",
                        "--stress.provider.cpu-iterations=1000")
                .log(log)
                .start()
                .awaitLog(line -> line.contains("stress-provider ready:"), "the provider's ready line",
                        Duration.ofSeconds(90));
    }

    @AfterAll
    static void stop() {
        if (consumer != null) {
            consumer.close();
        }
        if (provider != null) {
            provider.close();
        }
    }

    static HttpResponse<String> get(String pathAndQuery) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + pathAndQuery))
                .timeout(Duration.ofSeconds(30)).GET().build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("GET " + pathAndQuery + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    @Order(1)
    void startsWithPlainJavaJarListensOnLoopbackAndLogsOneReadyLine() {
        assertThat(consumer.command()).noneMatch(arg -> arg.startsWith("--add-opens"));
        assertThat(ListeningSockets.addressesListeningOn(httpPort)).containsExactly("127.0.0.1");
        assertThat(consumer.logText()).contains("-> dubbo://127.0.0.1:" + providerPort + " (direct), timeout "
                + TIMEOUT_MS + " ms, retries 0, loadbalance random");
    }

    @Test
    @Order(2)
    void string1kAndString100kAreVerifiedEchoes() {
        HttpResponse<String> small = get("/stressTest/string1k");
        assertThat(small.statusCode()).isEqualTo(200);
        assertThat(small.body()).isEqualTo("{\"ok\":true,\"size\":1024}");
        assertThat(small.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v)
                .startsWith("application/json"));

        HttpResponse<String> large = get("/stressTest/string100k");
        assertThat(large.statusCode()).isEqualTo(200);
        assertThat(large.body()).isEqualTo("{\"ok\":true,\"size\":102400}");

        HttpResponse<String> any = get("/stressTest/echo?size=4096");
        assertThat(any.statusCode()).isEqualTo(200);
        assertThat(any.body()).isEqualTo("{\"ok\":true,\"size\":4096}");
        assertThat(get("/stressTest/echo?size=0").statusCode()).isEqualTo(200);
    }

    @Test
    @Order(3)
    void badSizesAre400WithAReasonNamingTheValue() {
        HttpResponse<String> notANumber = get("/stressTest/echo?size=abc");
        assertThat(notANumber.statusCode()).isEqualTo(400);
        assertThat(notANumber.body()).isEqualTo("{\"ok\":false,\"error\":\"size must be an integer 0..1048576, was 'abc'\"}");

        HttpResponse<String> negative = get("/stressTest/echo?size=-1");
        assertThat(negative.statusCode()).isEqualTo(400);
        assertThat(negative.body()).contains("size must be 0..1048576 bytes, was -1");

        HttpResponse<String> overCap = get("/stressTest/echo?size=1048577");
        assertThat(overCap.statusCode()).isEqualTo(400);
        assertThat(overCap.body()).contains("was 1048577");

        HttpResponse<String> missing = get("/stressTest/echo");
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(missing.body()).contains("size is required");
    }

    @Test
    @Order(4)
    void doesNotLogPerRequest() {
        long before = consumer.logText().lines().count();
        for (int i = 0; i < 100; i++) {
            assertThat(get("/stressTest/string1k").statusCode()).isEqualTo(200);
        }
        assertThat(consumer.logText().lines().count()).isEqualTo(before);
    }

    @Test
    @Order(5)
    void answers502WithinTheTimeoutWhileTheProviderIsDownAndRecoversWhenItReturns() {
        provider.kill();

        long start = System.nanoTime();
        HttpResponse<String> down = get("/stressTest/string1k");
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(down.statusCode()).isEqualTo(502);
        assertThat(down.body()).startsWith("{\"ok\":false,\"size\":1024,\"error\":\"")
                .containsAnyOf("NETWORK: ", "TIMEOUT: ").doesNotContain("\n");
        // the call is bounded by the Dubbo timeout (plus slack for a loaded machine), not stuck
        assertThat(tookMs).isLessThan(TIMEOUT_MS + 5000L);

        provider = startProvider(providerPort, dir.resolve("provider-restarted.log"));
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
                .until(() -> get("/stressTest/string1k").statusCode() == 200);
        assertThat(get("/stressTest/string100k").body()).isEqualTo("{\"ok\":true,\"size\":102400}");
        assertThat(consumer.isAlive()).isTrue();
    }
}
