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
    /** Secrets no piece of which may show anywhere ({@link SecretScan}: '~' every third character). */
    private static final String PASSWORD = SecretScan.secret("Pw", 35);
    private static final String ACCESS_KEY = "ak-e2e";
    private static final String SECRET_KEY = SecretScan.secret("Sk", 35);
    /** The timeout of the samples whose registry fails: each must fail within it plus a second. */
    private static final int FAILING_TIMEOUT_MS = 2000;

    @TempDir
    static Path dir;
    static NetworkNamespace namespace;
    static final List<Jvm> processes = new ArrayList<>();
    static int nacosPort;
    static int provider33Port;
    static int provider27Port;
    /** The 3.3.5 provider registered application-level only ({@code register-mode=instance}), in its own namespace. */
    static int providerInstancePort;
    /** A Nacos server that accepts connections and never answers (stopped). */
    static int stoppedPort;

    @BeforeAll
    static void start() throws Exception {
        try {
            namespace = NetworkNamespace.create();
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            Assumptions.abort("NacosDiscoveryIT skipped: no private network namespace here (" + e.getMessage() + ")");
        }
        nacosPort = freePort();
        stoppedPort = freePort(); // any port is free in the fresh namespace
        Jvm nacos = Jvm.start(namespace.inside(Arrays.asList(java(), "-Xmx128m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "io.dubbostress.nacos.standin.NacosStandIn", "--port", String.valueOf(nacosPort), "--user",
                "nacos:" + PASSWORD, "--access-key", ACCESS_KEY + ":" + SECRET_KEY, "--stopped-port",
                String.valueOf(stoppedPort))), dir, dir.resolve("nacos.log"));
        processes.add(nacos);
        nacos.awaitOutput("nacos-standin ready", Duration.ofSeconds(30));

        String contract = System.getProperty("outside.contract.jar");
        List<String> opens = Arrays.asList(System.getProperty("dubbo.opens").trim().split("\\s+"));
        provider33Port = freePort();
        List<String> p33 = new ArrayList<>(Arrays.asList(java(), "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Ddubbo.application.qos-enable=false", "-Ddubbo.application.logger=jdk",
                "-DJM.SNAPSHOT.PATH=" + dir.resolve("nacos-provider"), "-DJM.LOG.PATH=" + dir.resolve("nacos-logs")));
        p33.addAll(opens);
        String registry33 = "nacos://127.0.0.1:" + nacosPort + "?namespace=ns-dubbo&group=G-dubbo&username=nacos"
                + "&password=" + PASSWORD;
        p33.addAll(Arrays.asList("-Ddubbo.registry.address=" + registry33, "-cp", contract + ":" + classPath("3.3.5"),
                "io.dubbostress.outside.provider.OutsideProvider", String.valueOf(provider33Port), registry33));
        Jvm provider33 = Jvm.start(namespace.inside(p33), dir, dir.resolve("provider-3.3.5.log"));
        processes.add(provider33);
        // the same provider registered application-level only, as the Dubbo project recommends for new services:
        // found through the mapping it writes (config group "mapping") and its instance's metadata (the revision)
        providerInstancePort = freePort();
        List<String> pInstance = new ArrayList<>(p33.subList(0, p33.indexOf("-Ddubbo.registry.address="
                + registry33)));
        pInstance.set(pInstance.indexOf("-DJM.SNAPSHOT.PATH=" + dir.resolve("nacos-provider")),
                "-DJM.SNAPSHOT.PATH=" + dir.resolve("nacos-provider-instance"));
        pInstance.add("-Ddubbo.application.register-mode=instance");
        String registryInstance = "nacos://127.0.0.1:" + nacosPort + "?namespace=ns-app&group=G-dubbo&username=nacos"
                + "&password=" + PASSWORD;
        pInstance.addAll(Arrays.asList("-Ddubbo.registry.address=" + registryInstance, "-cp", contract + ":"
                + classPath("3.3.5"), "io.dubbostress.outside.provider.OutsideProvider",
                String.valueOf(providerInstancePort), registryInstance));
        Jvm providerInstance = Jvm.start(namespace.inside(pInstance), dir,
                dir.resolve("provider-3.3.5-instance.log"));
        processes.add(providerInstance);
        provider27Port = freePort();
        List<String> p27 = new ArrayList<>(Arrays.asList(java(), "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Ddubbo.application.qos-enable=false", "-Ddubbo.protocol.telnet=ls"));
        p27.addAll(opens);
        p27.addAll(Arrays.asList("-cp", contract + ":" + classPath("2.7.23"),
                "io.dubbostress.outside.provider.OutsideProvider", String.valueOf(provider27Port)));
        Jvm provider27 = Jvm.start(namespace.inside(p27), dir, dir.resolve("provider-2.7.23.log"));
        processes.add(provider27);
        provider33.awaitOutput("outside-provider ready", Duration.ofSeconds(90));
        providerInstance.awaitOutput("outside-provider ready", Duration.ofSeconds(90));
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
        // application-level discovery through the mapping, as a Dubbo 3.3 consumer with default settings finds
        // it: the address alone, FORCE_APPLICATION (application-level only: no interface-level fallback) and
        // APPLICATION_FIRST, against a provider registered both ways (ns-dubbo) and application-level only (ns-app)
        String instanceOnly = "nacos://127.0.0.1:" + nacosPort + "?namespace=ns-app&group=G-dubbo";
        List<Case> mapping = new ArrayList<>();
        for (String[] provider : new String[][] {{"all", nacos}, {"instance-only", instanceOnly}}) {
            String glue = "&";
            mapping.add(hello(provider[0] + ": the address alone", provider[1]).set("username", "nacos")
                    .set("password", PASSWORD).ok("hello ann from plain"));
            for (String step : new String[] {"FORCE_APPLICATION", "APPLICATION_FIRST"}) {
                mapping.add(hello(provider[0] + ": " + step, provider[1] + glue + "migration.step=" + step)
                        .set("username", "nacos").set("password", PASSWORD).ok("hello ann from plain"));
            }
        }
        mapping.add(hello("instance-only: version and group", instanceOnly + "&migration.step=FORCE_APPLICATION")
                .set("username", "nacos").set("password", PASSWORD).set("version", "2.0.0").set("group", "gold")
                .ok("hello ann from gold-2.0.0"));
        // an interface no application maps: NO_PROVIDER naming what was searched where, and how
        mapping.add(Case.generic("not in the mapping", instanceOnly + "&migration.step=FORCE_APPLICATION",
                "io.dubbostress.outside.api.NotExported", "hello").types("String").args("[\"ann\"]")
                .set("username", "nacos").set("password", PASSWORD).set("timeout", "3000")
                .fails("NO_PROVIDER", ".*io\\.dubbostress\\.outside\\.api\\.NotExported.*nacos://127\\.0\\.0\\.1:"
                        + nacosPort + ".*namespace ns-app.*group G-dubbo.*FORCE_APPLICATION.*"));
        groups.put("mapping", mapping);
        groups.put("access key", List.of(
                hello("access key hello", nacos + "&accessKey=" + ACCESS_KEY + "&secretKey=" + SECRET_KEY
                        + "&migration.step=FORCE_INTERFACE").ok("hello ann from plain")));
        groups.put("refused", List.of(
                hello("refused user", nacos).set("username", "nacos").set("password", "not-" + PASSWORD)
                        .fails("REGISTRY", "the nacos registry \\(nacos://127\\.0\\.0\\.1:" + nacosPort
                                + "\\?namespace=ns-dubbo&group=G-dubbo\\) cannot be created: the server refused the"
                                + " registry user 'nacos' .*")));

        // registries that fail, each in a thread group of two threads, all at once: every sample within the
        // sampler's timeout plus a second, one try per creation, no thread or configuration waiting behind another
        Map<String, List<Case>> failing = new LinkedHashMap<>();
        failing.put("nothing listening", List.of(hello("nothing listening", "nacos://127.0.0.1:" + freePort())
                .set("timeout", String.valueOf(FAILING_TIMEOUT_MS))
                .fails("NETWORK", "cannot reach the nacos registry at 127\\.0\\.0\\.1:[0-9]+: nothing answers .*")));
        failing.put("stopped server", List.of(hello("stopped server", "nacos://127.0.0.1:" + stoppedPort)
                .set("timeout", String.valueOf(FAILING_TIMEOUT_MS))
                .fails("NETWORK", "the nacos registry nacos://127\\.0\\.0\\.1:" + stoppedPort + " did not answer"
                        + " within " + FAILING_TIMEOUT_MS + " ms .*")));
        failing.put("wrong password", List.of(hello("wrong password", nacos).set("username", "nacos")
                .set("password", "wrong-" + PASSWORD).set("timeout", String.valueOf(FAILING_TIMEOUT_MS))
                .fails("REGISTRY", ".*refused the registry user 'nacos' .*")));
        failing.put("wrong namespace", List.of(hello("wrong namespace",
                "nacos://127.0.0.1:" + nacosPort + "?namespace=ns-none&group=G-dubbo").set("username", "nacos")
                .set("password", PASSWORD).set("timeout", String.valueOf(FAILING_TIMEOUT_MS))
                .fails("NO_PROVIDER", "No provider available for io\\.dubbostress\\.outside\\.api\\.ShopService in the"
                        + " nacos registry nacos://127\\.0\\.0\\.1:" + nacosPort + " \\(namespace ns-none, group"
                        + " G-dubbo\\), discovery APPLICATION_FIRST \\(Dubbo's default\\): .*")));

        // a credential given every way, the server reached (refused: they are not its user's) and not reached
        List<String> secrets = new ArrayList<>(List.of(PASSWORD, SECRET_KEY));
        List<Case> secretCases = new ArrayList<>();
        int deadPort = freePort();
        for (String[] target : new String[][] {{"reached", "127.0.0.1:" + nacosPort}, {"dead", "127.0.0.1:" + deadPort}}) {
            String[] s = new String[5];
            for (int i = 0; i < s.length; i++) {
                s[i] = SecretScan.secret("N" + (char) ('a' + i), secretCases.size() + i);
                secrets.add(s[i]);
            }
            String ns = "?namespace=ns-dubbo";
            String p = "secret " + target[0] + " ";
            secretCases.add(hello(p + "user info", "nacos://nacos:" + s[0] + "@" + target[1] + ns));
            secretCases.add(hello(p + "password=", "nacos://" + target[1] + ns + "&username=nacos&password=" + s[1]));
            secretCases.add(hello(p + "secretKey=", "nacos://" + target[1] + ns + "&accessKey=ak-other&secretKey="
                    + s[2]));
            secretCases.add(hello(p + "fields", "nacos://" + target[1] + ns).set("username", "nacos")
                    .set("password", s[3]));
            secretCases.add(hello(p + "defaults", "nacos://" + target[1] + ns).defaults("username", "nacos")
                    .defaults("password", s[4]));
        }
        for (Case c : secretCases) {
            c.set("timeout", "2000").fails("(REGISTRY|NETWORK|NO_PROVIDER)", ".*");
        }
        groups.put("secrets", secretCases);

        Path run = Files.createDirectories(dir.resolve("jmeter"));
        Path plan = PlanFile.write(run.resolve("nacos.jmx"), groups, failing, 2, 2);
        Path jtl = run.resolve("results.jtl");
        List<String> command = Arrays.asList(dubbo3Home().resolve("bin/jmeter").toString(), "-n", "-t",
                plan.toString(), "-l", jtl.toString(), "-j", run.resolve("jmeter.log").toString(),
                "-Jjmeter.save.saveservice.output_format=xml", "-Jjmeter.save.saveservice.response_data=true",
                "-Jjmeter.save.saveservice.samplerData=true");
        long started = System.nanoTime();
        Jvm jmeter = Jvm.start(namespace.inside(command), run, run.resolve("stdout.txt"),
                "HEAP", "-Xms256m -Xmx512m", "JVM_ARGS", "-DJM.SNAPSHOT.PATH=" + run.resolve("nacos-snapshots")
                        + " -DJM.LOG.PATH=" + run.resolve("nacos-logs") + " -Duser.home=" + run.resolve("user-home"));
        int exit = jmeter.awaitExit(Duration.ofSeconds(240));
        Path kept = Files.createDirectories(Path.of("target", "nacos-runs", "jmeter"));
        try (java.util.stream.Stream<Path> files = Files.list(run)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                Files.copy(f, kept.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        System.out.printf("nacos: bin/jmeter ran %d ms%n", (System.nanoTime() - started) / 1_000_000);
        assertThat(exit).as(jmeter.tail()).isZero();

        Map<String, XmlJtl.Sample> samples = new LinkedHashMap<>();
        Map<String, List<XmlJtl.Sample>> failed = new LinkedHashMap<>();
        for (XmlJtl.Sample s : XmlJtl.readAll(jtl)) {
            if (failing.containsKey(s.label)) {
                failed.computeIfAbsent(s.label, l -> new ArrayList<>()).add(s);
            } else if (samples.put(s.label, s) != null) {
                throw new IllegalStateException("two samples labelled " + s.label);
            }
        }
        SoftAssertions softly = new SoftAssertions();
        for (List<Case> cases : failing.values()) {
            Case c = cases.get(0);
            List<XmlJtl.Sample> got = failed.getOrDefault(c.label, List.of());
            softly.assertThat(got).as("samples of " + c.label + " (2 threads x 2 loops)").hasSize(4);
            java.util.Set<String> threads = new java.util.HashSet<>();
            for (XmlJtl.Sample s : got) {
                System.out.printf("nacos: %s [%s]: %s in %d ms: %s%n", s.label, s.thread, s.code, s.elapsedMs,
                        s.message);
                softly.assertThat(s.code).as("code of " + s).isEqualTo(c.code);
                softly.assertThat(s.message).as("message of " + s).matches(c.message);
                // a thread's first sample also starts Dubbo in a cold JVM (class loading: 7-25 s on this loaded
                // 2-core machine for a wrong namespace, a server that answers and whose first sample creates Dubbo's
                // Nacos clients as a right one's does; up to a second more for a stopped server, whose check waits
                // the whole timeout): the bound is the registry's, held by the samples after it
                boolean coldStart = threads.add(s.thread) && (c.code.equals("NO_PROVIDER")
                        || c.label.equals("stopped server"));
                if (!coldStart) {
                    softly.assertThat(s.elapsedMs).as("a failing registry costs a sample at most its timeout plus"
                            + " a second: " + s).isLessThanOrEqualTo(FAILING_TIMEOUT_MS + 1000L);
                }
            }
            // the two threads' first samples ran side by side, not one behind the other
            List<XmlJtl.Sample> firsts = new ArrayList<>();
            for (XmlJtl.Sample s : got) {
                if (firsts.stream().noneMatch(f -> f.thread.equals(s.thread))) {
                    firsts.add(s);
                }
            }
            if (firsts.size() == 2) {
                XmlJtl.Sample a = firsts.get(0);
                XmlJtl.Sample b = firsts.get(1);
                softly.assertThat(a.startMs < b.startMs + b.elapsedMs && b.startMs < a.startMs + a.elapsedMs)
                        .as("the two threads' first samples of " + c.label + " overlap: " + a + " / " + b).isTrue();
            }
        }
        for (List<Case> cases : groups.values()) {
            for (Case c : cases) {
                XmlJtl.Sample s = samples.get(c.label);
                if (s == null) {
                    softly.fail("no sample for " + c.label);
                    continue;
                }
                System.out.printf("nacos: %s: %s in %d ms (connect %d ms)%n", c.label, s.code, s.elapsedMs,
                        s.connectMs);
                softly.assertThat(s.code).as("code of " + s).matches(c.code);
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
        // one try per creation: Dubbo's own check of a Nacos server never ran again (its loop logs "Failed to connect
        // to nacos naming server ... Try times: N"; before, 11 times per sample of a dead server)
        softly.assertThat(log).as("jmeter.log: Dubbo's Nacos connection retries")
                .doesNotContain("Failed to connect to nacos naming server")
                .doesNotContain("Failed to connect to nacos config server");
        // nor any piece of a secret in any file the run wrote (its home, the Nacos client's snapshots and logs)
        SecretScan.check(softly, run, jmeter.output(), secrets);
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
                String.join("|", "browse", "refused", "nacos://" + server + "?namespace=ns-dubbo", "nacos", "nope"),
                String.join("|", "browse", "no-user", "nacos://" + server + "?namespace=ns-dubbo", "", ""),
                String.join("|", "browse", "wrong-group", "nacos://" + server + "?namespace=ns-dubbo&group=G-none",
                        "nacos", PASSWORD));
        lines.forEach(l -> System.out.println("nacos browse: " + l));
        assertThat(lines).anyMatch(l -> l.startsWith("registered service " + SHOP + " providers [127.0.0.1:"
                + provider33Port + "]") && l.contains("hello(?)") && l.contains("place(?)"));
        assertThat(lines).anyMatch(l -> l.startsWith("registered service gold/" + SHOP + ":2.0.0 "));
        assertThat(lines).anyMatch(l -> l.startsWith("registered service io.dubbostress.outside.api.UserService "));
        // the registry's names; the 2.7.23 provider did not answer 'ls -l' here (see docs/SAMPLER.md, Nacos)
        assertThat(lines).anyMatch(l -> l.startsWith("typed service " + SHOP + " providers [127.0.0.1:"
                + provider27Port + "]") && l.contains("hello(") && l.contains("total("));
        assertThat(lines).anyMatch(l -> l.equals("refused error the Nacos server at " + server
                + " refused to log in as 'nacos': HTTP 403 user not found! (check the registry user and password)"));
        // auth on and no user: the status and the server's message, not its HTML error page
        assertThat(lines).anyMatch(l -> l.equals("no-user error the Nacos server at " + server + " refused to list"
                + " the services: HTTP 403 user not found! (it needs a registry user: give Registry user and"
                + " password)"));
        // a group with nothing in it says so
        assertThat(lines).anyMatch(l -> l.equals("wrong-group error no Dubbo provider registered in namespace"
                + " ns-dubbo, group G-none of Nacos at " + server + " (check the address's namespace= and group=)"));
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
