package io.dubbostress.outside.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.nacos.standin.NacosStandIn;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registries each shaded jar bundles, created by Dubbo with their real clients in a JVM whose class path is a
 * stock JMeter home (5.6.3 and 5.1.1, as Apache ships them) and the jar as shipped: the Nacos client against the
 * stand-in (namespace, group, user and password, access key and secret key, several addresses, carried into the
 * registry URL and seen by the server), the ZooKeeper client against a real ZooKeeper; and the failures a user meets
 * (a refused user, a server that is down, the 2.7 jar's missing Nacos client), each with its code and message. No
 * provider is registered: a registry that works answers the call with {@code NO_PROVIDER}.
 */
class BundledRegistriesInStockHomesIT {

    private static final String PASSWORD = "pw-probe-5c1e9";
    private static final String SECRET_KEY = "sk-probe-77ad2";
    private static final String ACCESS_KEY = "ak-probe";

    @TempDir
    static Path dir;
    static NacosStandIn nacos;
    static ServerCnxnFactory zookeeper;
    static int deadPort;

    @BeforeAll
    static void start() throws Exception {
        nacos = NacosStandIn.builder().user("nacos", PASSWORD).accessKey(ACCESS_KEY, SECRET_KEY).start();
        Path zkData = Files.createDirectories(dir.resolve("zk"));
        zookeeper = ServerCnxnFactory.createFactory(new InetSocketAddress("127.0.0.1", 0), 60);
        zookeeper.startup(new ZooKeeperServer(zkData.toFile(), zkData.toFile(), 2000));
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort(); // nothing listens there (nor at + 1000, checked below)
        }
    }

    @AfterAll
    static void stop() {
        if (nacos != null) {
            assertThat(nacos.requests().unsupported()).as("requests the stand-in does not serve").isEmpty();
            nacos.close();
        }
        if (zookeeper != null) {
            zookeeper.shutdown();
        }
    }

    static Path stock563() {
        return Path.of(System.getProperty("outside.jmeter.home"));
    }

    static Path stock511() {
        return Path.of(System.getProperty("outside.jmeter.old.home"));
    }

    static Path dubbo3Jar() {
        return Path.of(System.getProperty("outside.dubbo3.jar"));
    }

    /** The 2.7 jar: the one the build put into the stock home's lib/ext. */
    static Path dubbo27Jar() throws IOException {
        try (var files = Files.list(stock563().resolve("lib/ext"))) {
            return files.filter(f -> f.getFileName().toString().startsWith("jmeter-dubbo-sampler")).findFirst()
                    .orElseThrow();
        }
    }

    private static String step(String label, String address, String user, String password) {
        return String.join("|", "sample", label, address, user, password, "io.x.NotRegistered", "3000");
    }

    private static List<String> of(List<String> lines, String label) {
        return lines.stream().filter(l -> l.startsWith(label + " ")).collect(Collectors.toList());
    }

    private static String code(List<String> lines, String label) {
        return of(lines, label).stream().filter(l -> l.startsWith(label + " code ")).findFirst()
                .orElseThrow(() -> new AssertionError("no result for " + label + " in " + lines));
    }

    @Test
    void dubbo3JarIn563() throws Exception {
        String nacosAddress = "nacos://" + nacos.address();
        List<String> lines = SamplerProbeRun.run(stock563(), dubbo3Jar(), dir, "dubbo3-563", null,
                step("user", nacosAddress + "?namespace=ns-user&group=G-user", "nacos", PASSWORD),
                step("keys", nacosAddress + "?namespace=ns-keys&accessKey=" + ACCESS_KEY + "&secretKey=" + SECRET_KEY,
                        "", ""),
                step("two", "nacos://127.0.0.1:" + deadPort + "," + nacos.address() + "?namespace=ns-two", "nacos",
                        PASSWORD),
                step("backup", "nacos://127.0.0.1:" + deadPort + "?backup=" + nacos.address()
                        + "&namespace=ns-backup", "nacos", PASSWORD),
                step("wrong", nacosAddress + "?namespace=ns-wrong", "nacos", "not-the-password"),
                step("down", "nacos://127.0.0.1:" + deadPort, "nacos", PASSWORD),
                step("nouser", nacosAddress + "?password=" + PASSWORD, "", ""),
                step("zk", "zookeeper://127.0.0.1:" + zookeeper.getLocalPort(), "", ""),
                step("zk-down", "zookeeper://127.0.0.1:" + deadPort, "", ""));
        lines.forEach(l -> System.out.println("dubbo3 jar in 5.6.3: " + l));

        assertThat(code(lines, "user")).contains("code NO_PROVIDER");
        assertThat(of(lines, "user")).anyMatch(l -> l.contains(" registry nacos://nacos:" + PASSWORD + "@")
                && l.contains("namespace=ns-user") && l.contains("group=G-user"));
        assertThat(code(lines, "keys")).contains("code NO_PROVIDER");
        assertThat(of(lines, "keys")).anyMatch(l -> l.contains("accessKey=" + ACCESS_KEY)
                && l.contains("secretKey=" + SECRET_KEY) && l.contains("namespace=ns-keys"));
        assertThat(code(lines, "two")).contains("code NO_PROVIDER");
        assertThat(code(lines, "backup")).contains("code NO_PROVIDER");
        assertThat(of(lines, "backup")).anyMatch(l -> l.contains("backup=" + nacos.address()));
        assertThat(code(lines, "wrong")).contains("code REGISTRY").contains("the nacos registry (nacos://"
                + nacos.address() + "?namespace=ns-wrong) cannot be created: the server refused the registry user"
                + " 'nacos'");
        assertThat(code(lines, "down")).contains("code NETWORK").contains("cannot reach the nacos registry at"
                + " 127.0.0.1:" + deadPort + ": nothing answers at 127.0.0.1:" + (deadPort + 1000));
        assertThat(code(lines, "nouser")).contains("code REGISTRY").contains("cannot be created: a password without"
                + " a user name").contains("password=***");
        assertThat(code(lines, "zk")).contains("code NO_PROVIDER");
        assertThat(code(lines, "zk-down")).contains("code NETWORK").contains("cannot reach the registry zookeeper://"
                + "127.0.0.1:" + deadPort);
        // what the server saw: the namespace, the group and who asked
        assertThat(nacos.requests().bodies("SubscribeServiceRequest")).anyMatch(b -> "ns-user".equals(b.path(
                "namespace").asText()) && "G-user".equals(b.path("groupName").asText())
                && b.path("serviceName").asText().equals("providers:io.x.NotRegistered::"));
        assertThat(nacos.requests().principals("SubscribeServiceRequest")).contains("user:nacos", "ak:" + ACCESS_KEY);
        // no secret in anything the sampler said (the registry lines are Dubbo's URLs, printed by the probe itself)
        assertThat(lines.stream().filter(l -> !l.contains(" registry ")))
                .noneMatch(l -> l.contains(PASSWORD) || l.contains(SECRET_KEY));
    }

    @Test
    void dubbo3JarIn511() throws Exception {
        String nacosAddress = "nacos://" + nacos.address();
        List<String> lines = SamplerProbeRun.run(stock511(), dubbo3Jar(), dir, "dubbo3-511", null,
                step("user", nacosAddress + "?namespace=ns-old", "nacos", PASSWORD),
                step("zk", "zookeeper://127.0.0.1:" + zookeeper.getLocalPort(), "", ""));
        lines.forEach(l -> System.out.println("dubbo3 jar in 5.1.1: " + l));
        assertThat(code(lines, "user")).contains("code NO_PROVIDER");
        assertThat(code(lines, "zk")).contains("code NO_PROVIDER");
        assertThat(nacos.requests().bodies("SubscribeServiceRequest"))
                .anyMatch(b -> "ns-old".equals(b.path("namespace").asText()));
    }

    @Test
    void dubbo27JarIn563() throws Exception {
        List<String> lines = SamplerProbeRun.run(stock563(), dubbo27Jar(), dir, "dubbo27-563", null,
                step("nacos", "nacos://nacos:" + PASSWORD + "@" + nacos.address(), "", ""),
                step("zk", "zookeeper://127.0.0.1:" + zookeeper.getLocalPort(), "", ""));
        lines.forEach(l -> System.out.println("dubbo 2.7 jar in 5.6.3: " + l));
        assertThat(code(lines, "nacos")).contains("code REGISTRY").contains("the nacos registry (nacos://nacos:***@"
                + nacos.address() + ") cannot be created: its client is not in this jar (class com.alibaba.nacos.")
                .contains("use jmeter-dubbo3-sampler").doesNotContain(PASSWORD);
        assertThat(code(lines, "zk")).contains("code NO_PROVIDER");
    }
}
