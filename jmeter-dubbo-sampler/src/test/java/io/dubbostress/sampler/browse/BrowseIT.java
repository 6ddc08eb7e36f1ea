package io.dubbostress.sampler.browse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.sampler.StartupDeadline;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.RestartableService;
import io.dubbostress.testsupport.ZooKeeperServer;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Browsing a real provider (the reference provider in its own JVM, Dubbo 2.7.23, {@code dubbo.protocol.telnet=ls})
 * over its dubbo port, and the real ZooKeeper it registers with, under a registry group of its own ({@code
 * ?group=stress-root}: the root {@code /stress-root}). A provider that refuses {@code ls}, registered under the
 * default root {@code /dubbo}: {@code OverloadIT}.
 */
class BrowseIT {

    private static final int TIMEOUT_MS = 5000;
    /** The registry group (ZooKeeper root) the provider registers under. */
    private static final String ROOT = "stress-root";

    @TempDir
    static Path dir;
    static ZooKeeperServer zookeeper;
    static RestartableService provider;

    @BeforeAll
    static void startServices() {
        zookeeper = ZooKeeperServer.start(dir.resolve("zk"));
        provider = RestartableService.provider(Path.of(System.getProperty("stress.provider.jar")), dir,
                FreePort.find(), zookeeper.registryAddress() + "?group=" + ROOT,
                StartupDeadline.scaled(Duration.ofSeconds(120)))
                .with("--dubbo.protocol.telnet=ls");
        provider.start();
    }

    @AfterAll
    static void stopServices() {
        if (provider != null) {
            provider.close();
        }
        if (zookeeper != null) {
            zookeeper.close();
        }
    }

    @Test
    void aProviderListsItsServicesMethodsAndParameterTypesOnItsDubboPort() throws Exception {
        List<BrowsedService> services = ServiceBrowser.browse(provider.direct(), "", "", TIMEOUT_MS);

        assertThat(services.stream().map(BrowsedService::interfaceName)).containsExactlyInAnyOrder(
                "io.dubbostress.api.StressTestService", "io.dubbostress.api.ProviderStatsService");
        BrowsedService stress = service(services, "io.dubbostress.api.StressTestService");
        assertThat(stress.version()).isEmpty();
        assertThat(stress.group()).isEmpty();
        assertThat(stress.providers()).containsExactly("127.0.0.1:" + provider.port());
        assertThat(stress.methods().stream().map(BrowsedMethod::toString)).containsExactlyInAnyOrder(
                "java.lang.String echo(java.lang.String)",
                "io.dubbostress.api.Order echoOrder(io.dubbostress.api.Order)");
        BrowsedMethod echo = stress.method("echo");
        assertThat(echo.parameterTypesField()).isEqualTo("java.lang.String");
        assertThat(echo.argumentsSkeleton()).isEqualTo("[\"\"]");
        assertThat(stress.method("echoOrder").argumentsSkeleton()).isEqualTo("[{}]");
        BrowsedMethod stats = service(services, "io.dubbostress.api.ProviderStatsService").method("stats");
        assertThat(stats.parameterTypes()).isEmpty();
        assertThat(stats.argumentsSkeleton()).isEqualTo("[]");
    }

    @Test
    void aZooKeeperRegistryListsItsServicesFromTheProviderUrls() throws Exception {
        List<BrowsedService> services = new ZooKeeperBrowser(TIMEOUT_MS).browse(zookeeper.connectString(), ROOT,
                null, null);

        BrowsedService stress = service(services, "io.dubbostress.api.StressTestService");
        assertThat(stress.providers()).containsExactly("127.0.0.1:" + provider.port());
        assertThat(stress.registryGroup()).isEqualTo(ROOT);
        // a provider URL names the methods, not their types
        assertThat(stress.methods().stream().map(BrowsedMethod::name)).containsExactly("echo", "echoOrder");
        assertThat(stress.methods()).allSatisfy(m -> assertThat(m.typesKnown()).isFalse());
        assertThat(stress.method("echo").toString()).isEqualTo("echo(?)");
        assertThat(services.stream().map(BrowsedService::interfaceName))
                .contains("io.dubbostress.api.ProviderStatsService");
    }

    @Test
    void browsingTheRegistryTakesTheParameterTypesFromAProviderThatListsThem() throws Exception {
        List<BrowsedService> services = ServiceBrowser.browse(zookeeper.registryAddress(), "", "", TIMEOUT_MS);

        BrowsedService stress = service(services, "io.dubbostress.api.StressTestService");
        assertThat(stress.providers()).containsExactly("127.0.0.1:" + provider.port());
        assertThat(stress.methods().stream().map(BrowsedMethod::toString)).containsExactlyInAnyOrder(
                "java.lang.String echo(java.lang.String)",
                "io.dubbostress.api.Order echoOrder(io.dubbostress.api.Order)");
        // no group in the address nor the field: every root was listed, and the service says which it was under
        assertThat(stress.registryGroup()).isEqualTo(ROOT);
        assertThat(stress.registryGroupField()).isEqualTo(ROOT);
        assertThat(stress.toString()).isEqualTo("io.dubbostress.api.StressTestService  (registry group " + ROOT + ")");
    }

    @Test
    void theRegistryGroupFieldNamesTheRootAndWinsOverTheAddresses() throws Exception {
        String address = zookeeper.registryAddress();
        assertThat(service(ServiceBrowser.browse(address + "?group=" + ROOT, "", "", "", TIMEOUT_MS),
                "io.dubbostress.api.StressTestService").registryGroup()).isEqualTo(ROOT);
        assertThat(service(ServiceBrowser.browse(address + "?group=dubbo", ROOT, "", "", TIMEOUT_MS),
                "io.dubbostress.api.StressTestService").registryGroup()).isEqualTo(ROOT);
        assertThatThrownBy(() -> ServiceBrowser.browse(address + "?group=" + ROOT, "nope", "", "", TIMEOUT_MS))
                .isInstanceOf(BrowseException.class).hasMessage("ZooKeeper at " + zookeeper.connectString()
                        + " has no /nope node: no Dubbo provider registered there (or the registry group is not"
                        + " 'nope')");
        assertThatThrownBy(() -> ServiceBrowser.browse(address, "${root}", "", "", TIMEOUT_MS))
                .isInstanceOf(BrowseException.class).hasMessageStartingWith("Registry group '${root}' holds a JMeter"
                        + " variable");
    }

    @Test
    void nothingListeningOrSomethingElseListeningIsSaidInOneLine() throws Exception {
        int free = FreePort.find();
        assertThatThrownBy(() -> ServiceBrowser.browse("dubbo://127.0.0.1:" + free, "", "", TIMEOUT_MS))
                .isInstanceOf(BrowseException.class).hasMessageStartingWith("cannot connect to 127.0.0.1:" + free);
        // a ZooKeeper's port is not a provider's: it closes the connection on a telnet line
        assertThatThrownBy(() -> ServiceBrowser.browse("dubbo://" + zookeeper.connectString(), "", "", TIMEOUT_MS))
                .isInstanceOf(BrowseException.class).hasMessageContaining("not a Dubbo provider's dubbo port");
        // a listener that never answers: bounded by the timeout
        try (ServerSocket silent = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> ServiceBrowser.browse("dubbo://127.0.0.1:" + silent.getLocalPort(), "", "", 500))
                    .isInstanceOf(BrowseException.class).hasMessageContaining("no answer from 127.0.0.1:"
                            + silent.getLocalPort() + " within 500 ms");
        }
        assertThatThrownBy(() -> ServiceBrowser.browse("zookeeper://127.0.0.1:" + free, "", "", 1000))
                .isInstanceOf(BrowseException.class)
                .hasMessage("cannot reach ZooKeeper at 127.0.0.1:" + free + " within 1000 ms (is it running, and is"
                        + " that its client port?)");
        assertThatThrownBy(() -> ServiceBrowser.browse("http://127.0.0.1:8080/x", "", "", 1000))
                .isInstanceOf(BrowseException.class).hasMessageContaining("HTTP hop");
        assertThatThrownBy(() -> ServiceBrowser.browse("zookeeper://" + zookeeper.connectString() + "?group=nope", "",
                "", TIMEOUT_MS)).isInstanceOf(BrowseException.class).hasMessageContaining("has no /nope node");
    }

    private static BrowsedService service(List<BrowsedService> services, String name) {
        List<BrowsedService> found = services.stream().filter(s -> s.interfaceName().equals(name))
                .collect(Collectors.toList());
        assertThat(found).as(name + " in " + services).hasSize(1);
        return found.get(0);
    }

}
