package io.dubbostress.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.ZooKeeperServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Provider and consumer find each other through a real ZooKeeper. */
class ConsumerRegistryIT {

    @TempDir
    Path dir;

    @Test
    void consumerDiscoversTheProviderThroughZooKeeper() throws Exception {
        int providerPort = FreePort.find();
        int httpPort = FreePort.find();
        try (ZooKeeperServer zk = ZooKeeperServer.start(dir);
             ChildJvm provider = ChildJvm.jar(ConsumerIT.PROVIDER_JAR)
                     .args("--stress.provider.port=" + providerPort, "--stress.provider.host=127.0.0.1",
                             "--stress.provider.registry=" + zk.registryAddress())
                     .log(dir.resolve("provider.log"))
                     .start()
                     .awaitLog(l -> l.contains("stress-provider ready:"), "provider ready", Duration.ofSeconds(90));
             ChildJvm consumer = ChildJvm.jar(ConsumerIT.CONSUMER_JAR)
                     .args("--server.port=" + httpPort, "--server.address=127.0.0.1",
                             "--stress.consumer.registry=" + zk.registryAddress())
                     .log(dir.resolve("consumer.log"))
                     .start()
                     .awaitLog(l -> l.contains("stress-consumer ready:"), "consumer ready", Duration.ofSeconds(90))) {
            assertThat(consumer.logText()).contains("providers discovered in " + zk.registryAddress());
            HttpClient http = HttpClient.newHttpClient();
            for (String path : new String[] {"/stressTest/string1k", "/stressTest/string100k"}) {
                HttpResponse<String> response = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + path))
                                .timeout(Duration.ofSeconds(30)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).as(path + " -> " + response.body()).isEqualTo(200);
                assertThat(response.body()).contains("\"ok\":true");
            }
        }
    }
}
