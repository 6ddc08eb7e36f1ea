package io.dubbostress.outside.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.testsupport.SecretScan;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sampler in a stock JMeter home ({@code bin/jmeter}) against providers nobody here wrote: {@code
 * OutsideProvider} on Dubbo 2.7.23, 3.2.16 and 3.3.5 straight from Maven Central, and the same services in Dubbo
 * 2.6.12's Spring XML run by its own container, each in its own JVM (started once, used by every case), hessian2 over
 * the dubbo protocol, all in a network namespace of the test's own. The 2.7.23 provider registers with a ZooKeeper
 * under its default root, the 2.6.12 one under the registry group {@link #REGISTRY_GROUP_2_6}; a thread group calls
 * each through it. One plan,
 * one thread group per provider, every case a Dubbo Sampler; JMeter runs it twice, with no JVM flags and with the
 * opens, and every sample's code, message, response data and elapsed time is asserted (issue 13).
 *
 * <p>Both sampler jars run the suite: the home's own ({@code -Doutside.jmeter.home=...}, the 5.6.3 home with
 * jmeter-dubbo-sampler by default) and the same home with jmeter-dubbo3-sampler in its place ({@code
 * -Doutside.dubbo3.jar=...}, made in a temporary folder: JMeter's files linked, not copied). A home whose lib/ext holds
 * jmeter-dubbo3-sampler is run as the Dubbo 3.3 client. With the 3.3 jar, the 3.x providers are also called over
 * the triple protocol (each exports every service on a {@code tri} port too), and the 3.3.5 provider, registered
 * application-level only ({@code register-mode=instance}) with a second ZooKeeper, is called through it (Dubbo 3's
 * default discovery, and {@code registry-type=service}).
 *
 * <p>Issue 41: every provider but 2.7.23 runs with the opens; the 2.7.23 one without {@code java.math} (a Dubbo 2.7
 * provider on Java 17 as many run: it cannot read a BigInteger). The reference consumer ({@code stress-consumer}, the
 * hop) runs in the namespace too, calling the 2.7.23 provider's echo ({@code AttachmentEcho}, which prints the
 * attachments it received): a thread group of hop samplers, checked against those lines. Each provider's cases
 * include calls after calls with other attachments (none, one, a value that fails), each answering exactly its own.
 */
class OutsideProvidersIT {

    static final String SHOP = "io.dubbostress.outside.api.ShopService";
    static final String USERS = "io.dubbostress.outside.api.UserService";
    static final String[] VERSIONS = {"2.6.12", "2.7.23", "3.2.16", "3.3.5"};
    /** The ZooKeeper root (registry group) the 2.6.12 provider registers under, beside the 2.7.23 one's /dubbo. */
    static final String REGISTRY_GROUP_2_6 = "dubbo-2.6";
    /** The ZooKeeper root the 3.2.16 provider registers under, both ways. */
    static final String ALL_ROOT = "dubbo-all";

    @TempDir
    static Path dir;
    static NetworkNamespace namespace;
    static final Map<String, Integer> ports = new LinkedHashMap<>();
    static final List<Jvm> providers = new ArrayList<>();
    static final Map<String, Integer> triPorts = new LinkedHashMap<>();
    static final List<Jvm> zookeepers = new ArrayList<>();
    static int zookeeperPort;
    /** The ZooKeeper the 3.3.5 provider registers with, application-level only. */
    static int appLevelZookeeperPort;
    /** The reference consumer (the hop), calling the 3.3.5 provider; and its HTTP port. */
    static Jvm consumer;
    static int consumerPort;
    /** A loopback port nothing listens on, in the namespace. */
    static int closedPort;

    @BeforeAll
    static void startProviders() throws IOException {
        namespace = NetworkNamespace.create();
        // the ZooKeepers (their own JVMs, in the namespace): the 2.7 and 2.6 providers register with the first
        // (interface-level, under two roots), the 3.3.5 provider with the second (application-level only)
        zookeeperPort = freePort();
        appLevelZookeeperPort = freePort();
        for (int zkPort : new int[] {zookeeperPort, appLevelZookeeperPort}) {
            Path zkData = Files.createDirectories(dir.resolve("zk-data-" + zkPort));
            zookeepers.add(Jvm.start(namespace.inside(Arrays.asList(javaExecutable(), "-Xmx128m",
                    "-XX:+UseSerialGC", "-Dzookeeper.admin.enableServer=false",
                    "-Dorg.slf4j.simpleLogger.defaultLogLevel=info", "-cp", System.getProperty("java.class.path"),
                    "org.apache.zookeeper.server.ZooKeeperServerMain", String.valueOf(zkPort), zkData.toString())),
                    dir, dir.resolve("zookeeper-" + zkPort + ".log")));
        }
        for (Jvm zookeeper : zookeepers) {
            zookeeper.awaitOutput("binding to port", Duration.ofSeconds(60));
        }
        String contract = System.getProperty("outside.contract.jar");
        List<String> opens = Arrays.asList(System.getProperty("dubbo.opens").trim().split("\\s+"));
        for (String version : VERSIONS) {
            int port = freePort();
            String classPath = contract + ":" + new String(Files.readAllBytes(Path.of(
                    System.getProperty("outside.classpath." + version))), StandardCharsets.UTF_8).trim();
            if (version.startsWith("2.7")) {
                // the reference consumer's API jar: this provider serves the hop's calls (AttachmentEcho)
                classPath += ":" + System.getProperty("outside.api.jar");
            }
            List<String> command = new ArrayList<>(Arrays.asList(javaExecutable(), "-Xmx256m", "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1", "-Ddubbo.application.qos-enable=false"));
            for (int k = 0; k < opens.size(); k++) {
                // a Dubbo 2.7 provider on Java 17 without java.math open: it cannot read a BigInteger (issue 41)
                if (version.startsWith("2.7") && k + 1 < opens.size() && opens.get(k + 1).contains("java.math")) {
                    k++;
                    continue;
                }
                command.add(opens.get(k));
            }
            if (version.startsWith("2.6")) {
                // Spring XML and Dubbo's own container, as 2.6 providers ran; registered under its own root
                command.addAll(Arrays.asList("-Ddubbo.application.logger=jdk", "-Doutside.port=" + port,
                        "-Doutside.registry=" + registry(), "-Ddubbo.spring.config=file:"
                                + System.getProperty("outside.config." + version),
                        "-cp", classPath, "com.alibaba.dubbo.container.Main"));
                providers.add(Jvm.start(namespace.inside(command), dir, dir.resolve("provider-" + version + ".log")));
                ports.put(version, port);
                continue;
            }
            if (!version.startsWith("2.")) {
                command.add("-Ddubbo.application.logger=jdk"); // its own log, not slf4j's no-op
                int triPort = freePort();
                command.add("-Doutside.tri.port=" + triPort);
                triPorts.put(version, triPort);
            }
            if (version.startsWith("3.3")) {
                command.add("-Ddubbo.application.register-mode=instance");
            }
            // Dubbo 3 providers: their registry is the application's too (its metadata centre, where the
            // interface-to-application mapping goes), as a Spring Boot provider's dubbo.registry.address makes it
            String registry = version.startsWith("2.") ? registry() : version.startsWith("3.3") ? appLevelRegistry()
                    : allRegistry();
            if (!version.startsWith("2.")) {
                command.add("-Ddubbo.registry.address=" + registry);
            }
            command.addAll(Arrays.asList("-cp", classPath, "io.dubbostress.outside.provider.OutsideProvider",
                    String.valueOf(port), registry));
            providers.add(Jvm.start(namespace.inside(command), dir, dir.resolve("provider-" + version + ".log")));
            ports.put(version, port);
        }
        // the hop: the reference consumer, as stress run starts it, calling the 2.7.23 provider, which implements its
        // contract (the consumer's API jar on its class path) and prints the attachments of each call
        consumerPort = freePort();
        closedPort = freePort();
        List<String> consumerCommand = new ArrayList<>(Arrays.asList(javaExecutable(), "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1"));
        consumerCommand.addAll(opens);
        consumerCommand.addAll(Arrays.asList("-jar", System.getProperty("outside.consumer.jar"),
                "--server.address=127.0.0.1", "--server.port=" + consumerPort,
                "--stress.consumer.provider-url=dubbo://127.0.0.1:" + ports.get("2.7.23"),
                "--stress.consumer.timeout-ms=5000"));
        consumer = Jvm.start(namespace.inside(consumerCommand), dir, dir.resolve("consumer.log"));
        for (int i = 0; i < providers.size(); i++) {
            providers.get(i).awaitOutput(VERSIONS[i].startsWith("2.6") ? "Dubbo service server started!"
                    : "outside-provider ready", Duration.ofSeconds(90));
        }
        consumer.awaitOutput("stress-consumer ready:", Duration.ofSeconds(120));
    }

    static String registry() {
        return "zookeeper://127.0.0.1:" + zookeeperPort;
    }

    /**
     * Where the 3.2.16 provider registers both ways (Dubbo 3's default, {@code register-mode=all}): the first
     * ZooKeeper under a root of its own, beside the 2.7.23 one's /dubbo.
     */
    static String allRegistry() {
        return registry() + "?group=" + ALL_ROOT;
    }

    static String appLevelRegistry() {
        return "zookeeper://127.0.0.1:" + appLevelZookeeperPort;
    }

    @AfterAll
    static void stopProviders() throws IOException {
        if (consumer != null) {
            consumer.close();
        }
        providers.forEach(Jvm::close);
        // the providers' and ZooKeepers' logs, kept beside the runs' (target/outside-runs)
        Path kept = Files.createDirectories(Path.of("target", "outside-runs"));
        try (java.util.stream.Stream<Path> logs = Files.list(dir)) {
            for (Path log : (Iterable<Path>) logs.filter(f -> f.toString().endsWith(".log"))::iterator) {
                Files.copy(log, kept.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        zookeepers.forEach(Jvm::close);
        if (namespace != null) {
            namespace.close();
        }
    }

    @Test
    void withoutJvmFlags() throws Exception {
        runAndCheck("no-flags", "", home());
    }

    @Test
    void withTheOpens() throws Exception {
        runAndCheck("opens", System.getProperty("dubbo.opens"), home());
    }

    @Test
    void dubbo3JarWithoutJvmFlags() throws Exception {
        runAndCheck("dubbo3-no-flags", "", dubbo3Home());
    }

    @Test
    void dubbo3JarWithTheOpens() throws Exception {
        runAndCheck("dubbo3-opens", System.getProperty("dubbo.opens"), dubbo3Home());
    }

    static Path home() {
        return Path.of(System.getProperty("outside.jmeter.home"));
    }

    /** The home with jmeter-dubbo3-sampler in lib/ext instead of jmeter-dubbo-sampler, made once. */
    static synchronized Path dubbo3Home() throws IOException {
        Path home = dir.resolve("home-dubbo3");
        if (!Files.exists(home)) {
            SamplerHomes.withSampler(home(), Path.of(System.getProperty("outside.dubbo3.jar")), home);
        }
        return home;
    }

    private void runAndCheck(String name, String jvmArgs, Path home) throws Exception {
        String line = SamplerHomes.dubboLine(home);
        Map<String, List<Case>> groups = new LinkedHashMap<>();
        for (String version : VERSIONS) {
            groups.put(version, OutsideCases.of(version, version, line, "dubbo://127.0.0.1:" + ports.get(version)));
            if ("3.3".equals(line) && triPorts.containsKey(version)) {
                groups.put(version + " tri", OutsideCases.of(version + " tri", version, line,
                        "tri://127.0.0.1:" + triPorts.get(version)));
            }
        }
        groups.put("registry", OutsideCases.throughRegistry(registry(), line));
        groups.put("registry 2.6", OutsideCases.throughRegistryGroup(registry(), REGISTRY_GROUP_2_6));
        if ("3.3".equals(line)) {
            groups.put("app-level", OutsideCases.applicationLevel(appLevelRegistry(), allRegistry()));
        }
        groups.put("protocols", OutsideCases.wrongProtocol(line, "dubbo://127.0.0.1:" + ports.get("3.3.5"),
                "tri://127.0.0.1:" + triPorts.get("3.3.5")));
        groups.put("dead", OutsideCases.deadAddress(line, closedPort));
        groups.put("hop", OutsideCases.hop("http://127.0.0.1:" + consumerPort));
        Jvm echoProvider = providers.get(Arrays.asList(VERSIONS).indexOf("2.7.23"));
        int echoedBefore = echoProvider.output().length();
        // a credential given every way, ZooKeeper reached and not, Nacos not: no piece of any in what the run wrote
        List<String> secrets = new ArrayList<>();
        groups.put("secrets", OutsideCases.secrets(registry(), freePort(), secrets));
        Path run = Files.createDirectories(dir.resolve(name));
        Path plan = PlanFile.write(run.resolve("outside.jmx"), groups);
        Path jtl = run.resolve("results.jtl");
        List<String> command = Arrays.asList(home.resolve("bin/jmeter").toString(), "-n", "-t", plan.toString(),
                "-l", jtl.toString(), "-j", run.resolve("jmeter.log").toString(),
                "-Juser.classpath=" + System.getProperty("outside.contract.jar"),
                "-Jjmeter.save.saveservice.output_format=xml",
                "-Jjmeter.save.saveservice.response_data=true",
                "-Jjmeter.save.saveservice.samplerData=false",
                "-Jjmeter.save.saveservice.bytes=true");
        long started = System.nanoTime();
        // its home in the run's folder: what Dubbo writes under ~ (.dubbo caches) is scanned with the rest
        Jvm jmeter = Jvm.start(namespace.inside(command), run, run.resolve("stdout.txt"),
                "JVM_ARGS", (jvmArgs + " -Duser.home=" + run.resolve("user-home")).trim(), "HEAP",
                "-Xms256m -Xmx512m");
        int exit = jmeter.awaitExit(Duration.ofSeconds(180));
        // kept for whoever reads a failure (the temporary folder goes with the test): plan, JTL, logs
        Path keptRun = Files.createDirectories(Path.of("target", "outside-runs", name));
        try (java.util.stream.Stream<Path> files = Files.list(run)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                Files.copy(f, keptRun.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        System.out.printf("outside providers, %s (Dubbo %s client): bin/jmeter ran %d ms%n", name, line,
                (System.nanoTime() - started) / 1_000_000);
        assertThat(exit).as(jmeter.tail()).isZero();

        Map<String, XmlJtl.Sample> samples = XmlJtl.read(jtl);
        // the first sample of each thread group creates its reference: its connect time (the first in the JVM also
        // compiles Dubbo's adaptive classes: javassist with the opens, the JDK compiler without). Reported, not
        // asserted (docs/SAMPLER.md quotes it).
        for (Map.Entry<String, List<Case>> group : groups.entrySet()) {
            XmlJtl.Sample first = samples.get(group.getValue().get(0).label);
            if (first != null) {
                System.out.printf("outside providers, %s: first sample against %s: connect %d ms, elapsed %d ms%n",
                        name, group.getKey(), first.connectMs, first.elapsedMs);
            }
        }
        SoftAssertions softly = new SoftAssertions();
        for (List<Case> cases : groups.values()) {
            for (Case c : cases) {
                XmlJtl.Sample s = samples.get(c.label);
                if (s == null) {
                    softly.fail("no sample for " + c.label);
                    continue;
                }
                if (c.label.startsWith("secret ")) {
                    continue; // held by the scan below
                }
                if (c.refusedOr != null && !"200".equals(s.code)) {
                    softly.assertThat(s.code + ": " + s.message).as("refused " + s).matches(c.refusedOr);
                    continue;
                }
                softly.assertThat(s.code).as("code of " + s).isEqualTo(c.code);
                softly.assertThat(s.message).as("message of " + s).matches(c.message);
                softly.assertThat(s.message).as("message of " + s).doesNotContain(System.getProperty("dubbo-stress.version"));
                softly.assertThat(s.success).as("success of " + s).isEqualTo("200".equals(c.code));
                if (c.data != null) {
                    softly.assertThat(s.data).as("data of " + s).isEqualTo(c.data);
                }
                for (String part : c.dataParts) {
                    softly.assertThat(s.data).as("data of " + s).contains(part);
                }
                softly.assertThat(s.elapsedMs).as("elapsed of " + s).isGreaterThanOrEqualTo(c.minElapsedMs);
            }
        }
        // the bytes column does not depend on how much response data is kept (docs/SAMPLER.md)
        for (String group : groups.keySet()) {
            for (String pair : new String[] {"hello", "place", "squares"}) {
                XmlJtl.Sample kept = samples.get(group + " " + pair);
                XmlJtl.Sample none = samples.get(group + " " + pair + " (no data)");
                if (kept != null && none != null) {
                    softly.assertThat(none.bytes).as("bytes of " + none + " vs " + kept).isEqualTo(kept.bytes);
                }
            }
        }
        // the same POJO answer counts the same bytes called typed and generic (issue 41)
        for (String group : groups.keySet()) {
            XmlJtl.Sample typed = samples.get(group + " place");
            XmlJtl.Sample generic = samples.get(group + " g place");
            if (typed != null && generic != null && "200".equals(typed.code) && "200".equals(generic.code)) {
                softly.assertThat(generic.bytes).as("bytes of " + generic + " vs " + typed).isEqualTo(typed.bytes);
            }
        }
        // the hop: what the provider received from the consumer, call by call, of the names the hop's samplers send
        List<String> received = new ArrayList<>();
        for (String printed : echoProvider.output().substring(echoedBefore).split("\n")) {
            if (printed.startsWith("outside-provider received echo:")) {
                List<String> ours = new ArrayList<>();
                for (String entry : printed.substring("outside-provider received echo:".length()).trim().split("; ")) {
                    if (OutsideCases.HOP_NAMES.contains(entry.split("=", 2)[0])) {
                        ours.add(entry);
                    }
                }
                received.add(String.join("; ", ours));
            }
        }
        softly.assertThat(received).as("the attachments the provider received through the hop, call by call")
                .containsExactlyElementsOf(OutsideCases.HOP_RECEIVED);
        softly.assertThat(samples).as("samples").hasSize(groups.values().stream().mapToInt(List::size).sum());
        // no stack trace or exception printed on JMeter's console (item 2: no stdout noise)
        softly.assertThat(jmeter.output()).as("bin/jmeter's console").doesNotContain("\tat ")
                .doesNotContain("Exception");
        // nor errors in jmeter.log at the end of a ZooKeeper run (Curator's NodeCache after its client closed)
        String log = new String(Files.readAllBytes(run.resolve("jmeter.log")), StandardCharsets.UTF_8);
        // but Dubbo 3's own connect and reconnect errors for the dead address (its NettyConnectionClient keeps trying
        // it until the test ends): Dubbo's logging of a dead provider, as a user's jmeter.log has it; and Dubbo's and
        // Curator's own lines about the ZooKeeper that is not there, which the secrets' thread group asks on purpose
        // (a dead registry is NETWORK for the sample, and its client says so too)
        java.util.regex.Pattern deadAddress = java.util.regex.Pattern.compile(DUBBO3_CONNECT_ERROR
                + "(connect to provider server by other reason|reconnect to server: /127\\.0\\.0\\.1:" + closedPort + ",)");
        String errors = log.lines().filter(l -> l.contains(" ERROR "))
                .filter(l -> !deadAddress.matcher(l).find() || !"3.3".equals(line))
                .filter(l -> !l.contains("Failed to connect with zookeeper") && !l.contains("zookeeper not connected")
                        && !l.matches(".* ERROR o\\.a\\.c\\.f\\.i\\.CuratorFrameworkImpl: Background (operation )?retry gave"
                                + " up.*"))
                .collect(java.util.stream.Collectors.joining("\n"));
        softly.assertThat(log).as("jmeter.log").doesNotContain("Expected state [STARTED]");
        softly.assertThat(errors).as("ERROR lines in jmeter.log").isEmpty();
        SecretScan.check(softly, run, jmeter.output(), secrets);
        softly.assertAll();
    }

    /** How Dubbo 3.3's ERROR lines for a provider address where nothing listens begin, up to what failed. */
    private static final String DUBBO3_CONNECT_ERROR = " ERROR o\\.a\\.d\\.r\\.t\\.n\\.Netty(Connection)?Client: +\\[DUBBO\\]"
            + " Failed to ";

    private static int freePort() throws IOException {
        // any port is free in the fresh namespace; one free on the host too keeps the numbers apart in logs
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
