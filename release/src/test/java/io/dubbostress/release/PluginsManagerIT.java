package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Installing the release with the real JMeter Plugins Manager: {@code kg.apc:jmeter-plugins-manager} (1.3, the newest
 * on Maven Central) and its cmdrunner, put into copies of the stock JMeter 5.6.3 and 5.1.1 homes as its documentation
 * says, {@code jpgc.repo.address} pointed at the release's repo.json served from loopback. The descriptor is the
 * release's own, made by the same command as dist/ (DistCommand) with this server's URLs as the base URL and the Maven
 * URL, the company-mirror case; the Maven side serves the build's local repository (the jars Maven Central gave it).
 *
 * <p>In each home: {@code install-for-jmx} on a shipped plan (5.6.3: http-hop.jmx, recognised by its Target Rate
 * Schedule alone; 5.1.1: dubbo-hop.jmx), which installs the Dubbo 3.3 jar and the PerfMon listener; {@code install}
 * of the 2.7 jar (the 3.3 jar must go) and the direct plan run on it; {@code install} of the 3.3 jar (the 2.7 jar
 * must go) and the plan run on it; {@code uninstall}; {@code install-for-jmx} on the home's second plan (5.6.3:
 * dubbo3-idl.jmx; 5.1.1: dubbo-direct.jmx); {@code status} after the first install. Only loopback is reached:
 * every request the Manager made is one the server answered, and no statistics were posted.
 */
@ExtendWith(SharedServices.Resolver.class)
@Execution(ExecutionMode.CONCURRENT)
class PluginsManagerIT {

    static RepoServer server;
    static Path work;

    @BeforeAll
    static void serveTheRelease(SharedServices services) throws Exception {
        work = Path.of("target", "plugins-manager-it").toAbsolutePath();
        DistCommand.deleteTree(work);
        Files.createDirectories(work);
        Path mirror = work.resolve("mirror");
        // the release as a company mirror publishes it: the same folder, its descriptor made for the mirror's URLs
        Path maven = ReleaseBuild.LOCAL_REPOSITORY;
        server = RepoServer.start(mirror, maven);
        DistCommand.main(distArguments(mirror, server.distUrl(), server.mavenUrl()));
        // the same descriptor as the release's, but for the URLs
        String built = Files.readString(ReleaseBuild.DIST.resolve("repo.json"))
                .replace(ReleaseBuild.BASE_URL, "BASE/").replace(ReleaseBuild.MAVEN_URL, "MAVEN/");
        String mirrored = Files.readString(mirror.resolve("repo.json"))
                .replace(server.distUrl(), "BASE/").replace(server.mavenUrl(), "MAVEN/");
        assertThat(mirrored).isEqualTo(built);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            // nothing but the descriptor and the jars it names was asked for, and no usage statistics were posted
            assertThat(server.requests()).allMatch(r -> r.startsWith("GET /dist/") || r.startsWith("GET /maven2/"));
            server.close();
        }
    }

    /**
     * The README's Plugins Manager commands as written, offline: a company mirror of the release (its repo.json made
     * for the mirror's URLs) served on the loopback of a network namespace of the test's own, where jmeter-plugins.org,
     * GitHub and Maven Central cannot be reached or even resolved, and the Manager's commands run there too. Our
     * repo.json alone installs our jar and the PerfMon listener in one command; the address list the README gave
     * before (jmeter-plugins.org's catalogue, then ours) makes the Manager fail without asking the mirror at all.
     */
    @Test
    void theReadmesCommandsWorkOfflineWithTheMirrorAlone() throws Exception {
        List<String> block = readmePluginsManagerBlock();
        String pm = ReleaseBuild.property("plugins-manager.version");
        String cmdrunner = ReleaseBuild.property("plugins-manager.cmdrunner.version");
        assertThat(block).contains("java -cp lib/ext/jmeter-plugins-manager-" + pm
                + ".jar org.jmeterplugins.repository.PluginManagerCMDInstaller");
        assertThat(block).anyMatch(l -> l.startsWith("curl ") && l.endsWith("/kg/apc/jmeter-plugins-manager/" + pm
                + "/jmeter-plugins-manager-" + pm + ".jar"));
        assertThat(block).anyMatch(l -> l.startsWith("curl ") && l.contains("-o lib/cmdrunner-" + cmdrunner + ".jar"));
        String releaseRepo = ReleaseBuild.BASE_URL + "repo.json";
        assertThat(block).as("our repo.json alone, statistics off").contains("export JVM_ARGS=\"-Djpgc.repo.address="
                + releaseRepo + " -Djpgc.repo.sendstats=false\"");
        List<List<String>> commands = block.stream().filter(l -> l.startsWith("bin/PluginsManagerCMD.sh "))
                .map(l -> List.of(l.replaceFirst("\\s+#.*$", "").split("\\s+")).subList(1, l.replaceFirst("\\s+#.*$", "")
                        .split("\\s+").length))
                .collect(java.util.stream.Collectors.toList());
        assertThat(commands.get(0)).containsExactly("install", "dubbo-stress,jpgc-perfmon");
        assertThat(commands.get(1)).containsExactly("install-for-jmx", "my-plan.jmx");

        Path dir = Files.createDirectories(work.resolve("offline"));
        int port = io.dubbostress.testsupport.FreePort.find(); // any number: the namespace's loopback is empty
        String dist = "http://127.0.0.1:" + port + "/dist/";
        Path mirror = dir.resolve("mirror");
        DistCommand.main(distArguments(mirror, dist, "http://127.0.0.1:" + port + "/maven2/"));
        Path requests = dir.resolve("requests.txt");
        try (OfflineNamespace offline = OfflineNamespace.start(900)) {
            assertThat(offline.resolves("jmeter-plugins.org")).as("offline: no DNS").isFalse();
            Process server = new ProcessBuilder(offline.command(PluginsManagerHome.java(), "-cp",
                    System.getProperty("java.class.path"), RepoServer.class.getName(), mirror.toString(),
                    ReleaseBuild.LOCAL_REPOSITORY.toString(), String.valueOf(port), requests.toString()))
                    .redirectErrorStream(true).redirectOutput(dir.resolve("server.txt").toFile()).start();
            try {
                org.awaitility.Awaitility.await("the mirror in the namespace").atMost(java.time.Duration.ofSeconds(120))
                        .until(() -> Files.exists(Path.of(requests + ".ready")) || !server.isAlive());
                assertThat(server.isAlive()).as(Files.readString(dir.resolve("server.txt"))).isTrue();
                PluginsManagerHome h = PluginsManagerHome.create("5.6.3", dir, dist + "repo.json").offline(offline);
                String v = ReleaseBuild.VERSION;
                String perfmon = "jmeter-plugins-perfmon-" + ReleaseBuild.property("jmeter-plugins-perfmon.version") + ".jar";

                // what the README says, in its order
                h.run(commands.get(0).toArray(new String[0]));
                assertThat(h.pluginJars("lib/ext")).containsExactly(DistCommand.samplerJarName(v), perfmon);
                assertThat(h.pluginJars("lib")).contains(
                        "jmeter-plugins-cmn-jmeter-" + ReleaseBuild.property("jmeter-plugins-cmn-jmeter.version") + ".jar");
                h.run("install-for-jmx", ReleaseBuild.plan("dubbo-direct.jmx").toString());
                assertThat(h.pluginJars("lib/ext")).as("the plan's classes were all there")
                        .containsExactly(DistCommand.samplerJarName(v), perfmon);

                // the address list the README gave before: the public catalogue cannot be read, so nothing is
                int asked = Files.readAllLines(requests).size();
                PluginsManagerHome.Result before = h.attempt("https://jmeter-plugins.org/repo/;" + dist + "repo.json",
                        "status");
                assertThat(before.exit()).as(before.output()).isNotZero();
                assertThat(Files.readAllLines(requests)).as("the mirror was not asked").hasSize(asked);
            } finally {
                server.destroy();
                server.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
                server.destroyForcibly();
            }
        }
        assertThat(Files.readAllLines(requests)).isNotEmpty()
                .allMatch(r -> r.startsWith("GET /dist/") || r.startsWith("GET /maven2/"));
    }

    /** The lines of the README's Plugins Manager code block (comments at line ends kept). */
    private static List<String> readmePluginsManagerBlock() throws Exception {
        String readme = Files.readString(ReleaseBuild.HOME.resolve("README.md"));
        int section = readme.indexOf("**JMeter Plugins Manager.**");
        assertThat(section).as("the README's Plugins Manager paragraph").isNotNegative();
        int start = readme.indexOf("```sh\n", section) + "```sh\n".length();
        int end = readme.indexOf("```", start);
        return readme.substring(start, end).lines().map(String::strip).filter(l -> !l.isEmpty())
                .collect(java.util.stream.Collectors.toList());
    }

    /** DistCommand's arguments for a mirror folder whose repo.json downloads from these URLs. */
    static String[] distArguments(Path mirror, String baseUrl, String mavenUrl) {
        return new String[] {"--dist=" + mirror, "--version=" + ReleaseBuild.VERSION,
            "--base-url=" + baseUrl, "--maven-url=" + mavenUrl,
            "--home-url=" + ReleaseBuild.property("dubbo-stress.home"),
            "--sampler-jar=" + ReleaseBuild.samplerJar(), "--sampler3-jar=" + ReleaseBuild.sampler3Jar(),
            "--agent-jar=" + ReleaseBuild.agentJar(), "--plans=" + ReleaseBuild.DIST.resolve("plans"),
            "--changelog=" + ReleaseBuild.DIST.resolve("CHANGELOG.md"),
            "--readme=" + ReleaseBuild.DIST.resolve("README.md"),
            "--screenshot=" + ReleaseBuild.DIST.resolve("sampler-gui.png"),
            "--perfmon=" + ReleaseBuild.property("jmeter-plugins-perfmon.version"),
            "--cmn-jmeter=" + ReleaseBuild.property("jmeter-plugins-cmn-jmeter.version"),
            "--charts=" + ReleaseBuild.property("jmeter-plugins-charts.version"),
            "--perfmon-client=" + ReleaseBuild.property("perfmon-classic.version"),
            "--maven-repository=" + ReleaseBuild.STAGING, "--timestamp=" + ReleaseBuild.property("build.timestamp"),
            "--license=" + ReleaseBuild.HOME.resolve("LICENSE"), "--notice=" + ReleaseBuild.HOME.resolve("NOTICE"),
            "--licenses=" + ReleaseBuild.HOME.resolve("licenses")};
    }

    @ParameterizedTest(name = "JMeter {0}")
    @ValueSource(strings = {"5.6.3", "5.1.1"})
    void installsSwitchesAndUninstalls(String jmeterVersion, SharedServices services) throws Exception {
        Path dir = Files.createDirectories(work.resolve(jmeterVersion));
        PluginsManagerHome h = PluginsManagerHome.create(jmeterVersion, dir, server.distUrl() + "repo.json");
        String v = ReleaseBuild.VERSION;
        String sampler = DistCommand.samplerJarName(v);
        String sampler3 = DistCommand.sampler3JarName(v);
        String perfmon = "jmeter-plugins-perfmon-" + ReleaseBuild.property("jmeter-plugins-perfmon.version") + ".jar";
        List<String> perfmonLibs = List.of(
                "jmeter-plugins-cmn-jmeter-" + ReleaseBuild.property("jmeter-plugins-cmn-jmeter.version") + ".jar",
                "jmeter-plugins-charts-" + ReleaseBuild.property("jmeter-plugins-charts.version") + ".jar",
                "perfmon-" + ReleaseBuild.property("perfmon-classic.version") + ".jar");
        String core = "jmeter-core=" + jmeterVersion;
        String perfmonStatus = "jpgc-perfmon=" + ReleaseBuild.property("jmeter-plugins-perfmon.version");

        // a fresh JMeter: nothing but JMeter's own jars and the Manager's
        assertThat(h.pluginJars("lib/ext")).isEmpty();

        // each shipped plan is recognised by the elements in it (two plans per home, four in all): the 3.3 jar, which
        // runs every plan (the IDL plan too; never both jars), and the PerfMon listener with its libraries
        List<String> plans = jmeterVersion.equals("5.6.3") ? List.of("http-hop.jmx", "dubbo3-idl.jmx")
                : List.of("dubbo-hop.jmx", "dubbo-direct.jmx");
        h.run("install-for-jmx", ReleaseBuild.plan(plans.get(0)).toString());
        assertThat(h.pluginJars("lib/ext")).as("after install-for-jmx " + plans.get(0)).containsExactly(sampler3, perfmon);
        assertThat(h.pluginJars("lib")).containsAll(perfmonLibs);
        assertThat(h.run("status").statusLine())
                .isEqualTo("[dubbo-stress-dubbo3=" + v + ", " + core + ", " + perfmonStatus + "]");

        // switching to the 2.7 jar and back: each install removes the other jar (the plugins' installerClass, the
        // same in both jars); the direct plan runs on each
        h.run("install", "dubbo-stress");
        assertThat(h.pluginJars("lib/ext")).as("after install dubbo-stress").containsExactly(sampler, perfmon);
        DirectPlan.run(h.home, dir.resolve("run-2.7"), services).assertRanWith(ReleaseBuild.sampler27Clients());
        h.run("install", "dubbo-stress-dubbo3");
        assertThat(h.pluginJars("lib/ext")).as("after install dubbo-stress-dubbo3").containsExactly(sampler3, perfmon);
        DirectPlan.run(h.home, dir.resolve("run-3.3"), services).assertRanWith(ReleaseBuild.sampler3Clients());

        // uninstall: the jar is gone (JMeter loads plugins from lib/ext only); the second plan, on a JMeter without
        // our jar, installs it again (the Manager saw the uninstall)
        h.run("uninstall", "dubbo-stress-dubbo3");
        assertThat(h.pluginJars("lib/ext")).as("after uninstall").containsExactly(perfmon);
        h.run("install-for-jmx", ReleaseBuild.plan(plans.get(1)).toString());
        assertThat(h.pluginJars("lib/ext")).as("after install-for-jmx " + plans.get(1)).containsExactly(sampler3, perfmon);

        // the jars the installer moved out of lib/ext: one folder in the temp folder, one copy of each (two installs
        // moved the 3.3 jar out once and the 2.7 jar once), nothing piling up with every install
        try (Stream<Path> temp = Files.list(h.temp())) {
            assertThat(temp.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("dubbo-stress-replaced")))
                    .containsExactly("dubbo-stress-replaced");
        }
        try (Stream<Path> replaced = Files.list(h.temp().resolve("dubbo-stress-replaced"))) {
            assertThat(replaced.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(sampler, sampler3);
        }
    }
}
