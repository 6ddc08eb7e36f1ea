package io.dubbostress.outside.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Discovery through Nacos with the real client on both sides and the stand-in as the server, all in a network
 * namespace of the test's own (Dubbo 3 advertises the NIC address; in here there is only loopback): the stand-in
 * (its own JVM), {@code OutsideProvider} on Dubbo 3.3.5 with nacos-client 2.5.1 registering interface- and
 * application-level (Dubbo 3's default) in a namespace and group with a user, and the shipped 3.3 jar in the stock
 * 5.6.3 home ({@code bin/jmeter -n}) calling it through Nacos: interface-level, application-level (named with
 * {@code provided-by}, and found through the mapping Dubbo keeps in Nacos's config), with a user or an access key;
 * a refused user is {@code REGISTRY}. The JTL (with sampler data) and jmeter.log must not hold the password or the
 * secret key. Browse lists the provider's services through the open HTTP API; a Dubbo 2.7.23 provider that answers
 * {@code ls -l}, registered in another namespace, gives its methods' types.
 */
class NacosDiscoveryIT {

    private static final String SHOP = "io.dubbostress.outside.api.ShopService";
    private static final String PASSWORD = "pw-e2e-4d2a91";
    private static final String ACCESS_KEY = "ak-e2e";
    private static final String SECRET_KEY = "sk-e2e-0b7c33";

    @TempDir
    static Path dir;
    static NetworkNamespace namespace;
    static final List<Jvm> processes = new ArrayList<>();
    static int nacosPort;
    static int provider33Port;
    static int provider27Port;

    @BeforeAll
    static void start() throws Exception {
        try {
            namespace = NetworkNamespace.create();
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            Assumptions.abort("NacosDiscoveryIT skipped: no private network namespace here (" + e.getMessage() + ")");
        }
        nacosPort = freePort();
        Jvm nacos = Jvm.start(namespace.inside(Arrays.asList(java(), "-Xmx128m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "io.dubbostress.nacos.standin.NacosStandIn", "--port", String.valueOf(nacosPort), "--user",
                "nacos:" + PASSWORD, "--access-key", ACCESS_KEY + ":" + SECRET_KEY)), dir, dir.resolve("nacos.log"));
        processes.add(nacos);
        nacos.awaitOutput("nacos-standin ready", Duration.ofSeconds(30));

        String contract = System.getProperty("outside.contract.jar");
        List<String> opens = Arrays.asList(System.getProperty("dubbo.opens").trim().split("\\s+"));
        provider33Port = freePort();
        List<String> p33 = new ArrayList<>(Arrays.asList(java(), "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Ddubbo.application.qos-enable=false", "-Ddubbo.application.logger=jdk",
                "-DJM.SNAPSHOT.PATH=" + dir.resolve("nacos-provider"), "-DJM.LOG.PATH=" + dir.resolve("nacos-logs")));
        p33.addAll(opens);
        p33.addAll(Arrays.asList("-cp", contract + ":" + classPath("3.3.5"),
                "io.dubbostress.outside.provider.OutsideProvider", String.valueOf(provider33Port),
                "nacos://127.0.0.1:" + nacosPort + "?namespace=ns-dubbo&group=G-dubbo&username=nacos&password="
                        + PASSWORD));
        Jvm provider33 = Jvm.start(namespace.inside(p33), dir, dir.resolve("provider-3.3.5.log"));
        processes.add(provider33);
        provider27Port = freePort();
        List<String> p27 = new ArrayList<>(Arrays.asList(java(), "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Ddubbo.application.qos-enable=false", "-Ddubbo.protocol.telnet=ls"));
        p27.addAll(opens);
        p27.addAll(Arrays.asList("-cp", contract + ":" + classPath("2.7.23"),
                "io.dubbostress.outside.provider.OutsideProvider", String.valueOf(provider27Port)));
        Jvm provider27 = Jvm.start(namespace.inside(p27), dir, dir.resolve("provider-2.7.23.log"));
        processes.add(provider27);
        provider33.awaitOutput("outside-provider ready", Duration.ofSeconds(90));
        provider27.awaitOutput("outside-provider ready", Duration.ofSeconds(90));
    }

    @AfterAll
    static void stop() throws IOException {
        for (int i = processes.size() - 1; i >= 0; i--) {
            processes.get(i).close();
        }
        if (dir != null && Files.isDirectory(dir)) {
            Path kept = Files.createDirectories(Path.of("target", "nacos-runs"));
            try (java.util.stream.Stream<Path> logs = Files.list(dir)) {
                for (Path log : (Iterable<Path>) logs.filter(f -> f.toString().endsWith(".log"))::iterator) {
                    Files.copy(log, kept.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        if (namespace != null) {
            namespace.close();
        }
    }

    private static String classPath(String version) throws IOException {
        return new String(Files.readAllBytes(Path.of(System.getProperty("outside.classpath." + version))),
                StandardCharsets.UTF_8).trim();
    }

    private static Path dubbo3Home() throws IOException {
        Path home = dir.resolve("home-dubbo3");
        if (!Files.exists(home)) {
            SamplerHomes.withSampler(Path.of(System.getProperty("outside.jmeter.home")),
                    Path.of(System.getProperty("outside.dubbo3.jar")), home);
        }
        return home;
    }

    private static Case hello(String label, String address) {
        return Case.generic(label, address, SHOP, "hello").types("String").args("[\"ann\"]");
    }

    @Test
    void callsTheProviderThroughNacos() throws Exception {
        String nacos = "nacos://127.0.0.1:" + nacosPort + "?namespace=ns-dubbo&group=G-dubbo";
        Map<String, List<Case>> groups = new LinkedHashMap<>();
        groups.put("interface-level", List.of(
                hello("interface-level hello", nacos + "&migration.step=FORCE_INTERFACE").set("username", "nacos")
                        .set("password", PASSWORD).ok("hello ann from plain"),
                hello("interface-level version and group", nacos + "&migration.step=FORCE_INTERFACE")
                        .set("username", "nacos").set("password", PASSWORD).set("version", "2.0.0")
                        .set("group", "gold").ok("hello ann from gold-2.0.0")));
        groups.put("application-level", List.of(
                hello("application-level hello", nacos + "&registry-type=service&provided-by=outside-provider")
                        .set("username", "nacos").set("password", PASSWORD).ok("hello ann from plain")));
        groups.put("mapping", List.of(
                hello("application-first through the mapping", nacos).set("username", "nacos")
                        .set("password", PASSWORD).ok("hello ann from plain")));
        groups.put("access key", List.of(
                hello("access key hello", nacos + "&accessKey=" + ACCESS_KEY + "&secretKey=" + SECRET_KEY
                        + "&migration.step=FORCE_INTERFACE").ok("hello ann from plain")));
        groups.put("refused", List.of(
                hello("refused user", nacos).set("username", "nacos").set("password", "not-" + PASSWORD)
                        .fails("REGISTRY", "the nacos registry \\(nacos://127\\.0\\.0\\.1:" + nacosPort
                                + "\\?namespace=ns-dubbo&group=G-dubbo\\) cannot be created: the server refused the"
                                + " registry user 'nacos' .*")));

        Path run = Files.createDirectories(dir.resolve("jmeter"));
        Path plan = PlanFile.write(run.resolve("nacos.jmx"), groups);
        Path jtl = run.resolve("results.jtl");
        List<String> command = Arrays.asList(dubbo3Home().resolve("bin/jmeter").toString(), "-n", "-t",
                plan.toString(), "-l", jtl.toString(), "-j", run.resolve("jmeter.log").toString(),
                "-Jjmeter.save.saveservice.output_format=xml", "-Jjmeter.save.saveservice.response_data=true",
                "-Jjmeter.save.saveservice.samplerData=true");
        long started = System.nanoTime();
        Jvm jmeter = Jvm.start(namespace.inside(command), run, run.resolve("stdout.txt"),
                "HEAP", "-Xms256m -Xmx512m", "JVM_ARGS", "-DJM.SNAPSHOT.PATH=" + dir.resolve("nacos-jmeter")
                        + " -DJM.LOG.PATH=" + dir.resolve("nacos-logs"));
        int exit = jmeter.awaitExit(Duration.ofSeconds(240));
        Path kept = Files.createDirectories(Path.of("target", "nacos-runs", "jmeter"));
        try (java.util.stream.Stream<Path> files = Files.list(run)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, kept.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        System.out.printf("nacos: bin/jmeter ran %d ms%n", (System.nanoTime() - started) / 1_000_000);
        assertThat(exit).as(jmeter.tail()).isZero();

        Map<String, XmlJtl.Sample> samples = XmlJtl.read(jtl);
        SoftAssertions softly = new SoftAssertions();
        for (List<Case> cases : groups.values()) {
            for (Case c : cases) {
                XmlJtl.Sample s = samples.get(c.label);
                if (s == null) {
                    softly.fail("no sample for " + c.label);
                    continue;
                }
                System.out.printf("nacos: %s: %s in %d ms (connect %d ms)%n", c.label, s.code, s.elapsedMs,
                        s.connectMs);
                softly.assertThat(s.code).as("code of " + s).isEqualTo(c.code);
                softly.assertThat(s.message).as("message of " + s).matches(c.message);
                if (c.data != null) {
                    softly.assertThat(s.data).as("data of " + s).isEqualTo(c.data);
                }
            }
        }
        // no secret in what the run wrote: the JTL (sampler data and messages included) and jmeter.log
        String jtlText = new String(Files.readAllBytes(jtl), StandardCharsets.UTF_8);
        String log = new String(Files.readAllBytes(run.resolve("jmeter.log")), StandardCharsets.UTF_8);
        for (String secret : new String[] {PASSWORD, SECRET_KEY}) {
            softly.assertThat(jtlText).as("the JTL").doesNotContain(secret);
            softly.assertThat(log).as("jmeter.log").doesNotContain(secret);
            softly.assertThat(jmeter.output()).as("bin/jmeter's console").doesNotContain(secret);
        }
        softly.assertThat(jtlText).as("the sampler data names the registry, masked").contains("secretKey=***")
                .contains("accessKey=***");
        softly.assertAll();
    }

    @Test
    void browsesTheRegistry() throws Exception {
        String server = "127.0.0.1:" + nacosPort;
        List<String> lines = SamplerProbeRun.run(dubbo3Home(), Path.of(System.getProperty("outside.dubbo3.jar")), dir,
                "browse", namespace,
                String.join("|", "register", server, "nacos", PASSWORD, "ns-browse", "DEFAULT_GROUP",
                        "providers:" + SHOP + "::", "127.0.0.1", String.valueOf(provider27Port),
                        "interface=" + SHOP + ",methods=hello;add;total,protocol=dubbo,side=provider"),
                String.join("|", "browse", "registered", "nacos://" + server + "?namespace=ns-dubbo&group=G-dubbo",
                        "nacos", PASSWORD),
                String.join("|", "browse", "typed", "nacos://" + server + "?namespace=ns-browse", "nacos", PASSWORD),
                String.join("|", "browse", "refused", "nacos://" + server + "?namespace=ns-dubbo", "nacos", "nope"));
        lines.forEach(l -> System.out.println("nacos browse: " + l));
        assertThat(lines).anyMatch(l -> l.startsWith("registered service " + SHOP + " providers [127.0.0.1:"
                + provider33Port + "]") && l.contains("hello(?)") && l.contains("place(?)"));
        assertThat(lines).anyMatch(l -> l.startsWith("registered service gold/" + SHOP + ":2.0.0 "));
        assertThat(lines).anyMatch(l -> l.startsWith("registered service io.dubbostress.outside.api.UserService "));
        // the registry's names; the 2.7.23 provider did not answer 'ls -l' here (see docs/SAMPLER.md, Nacos)
        assertThat(lines).anyMatch(l -> l.startsWith("typed service " + SHOP + " providers [127.0.0.1:"
                + provider27Port + "]") && l.contains("hello(") && l.contains("total("));
        assertThat(lines).anyMatch(l -> l.startsWith("refused error the Nacos server at " + server
                + " refused to log in as 'nacos': HTTP 403"));
        assertThat(lines).noneMatch(l -> l.contains(PASSWORD));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
