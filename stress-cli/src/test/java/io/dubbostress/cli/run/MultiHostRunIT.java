package io.dubbostress.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dubbostress.report.perfmon.JvmMetrics;
import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress run --remote gen1,gen2} across hosts: each host a network namespace of a {@link NetnsLab} (own
 * {@code lo} and one {@code eth0} on a private bridge), so every connection (JMeter client to servers and back over
 * RMI, servers to provider, consumer and PerfMon agent, consumer to provider) crosses a real interface that is not
 * loopback, as between three machines. The processes are the ones docs/RUN.md's recipe starts, with its commands:
 * {@code stress provider/consumer/agent --host/--bind ADDRESS}, {@code bin/jmeter-server} with the RMI settings,
 * {@code stress run --remote}. Inside a namespace of its own each service takes the recipe's fixed port: nothing else
 * can hold it there.
 *
 * <p>Needs root (network namespaces): elsewhere the class is skipped, saying why.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MultiHostRunIT {

    private static final Path JMETER_HOME =
            StressCli.HOME.resolve("test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3");
    private static final int PROVIDER_PORT = 20880;
    private static final int CONSUMER_PORT = 8080;
    private static final int AGENT_PORT = 4444;
    private static final int SERVER_PORT = 1099;
    private static final int SERVER_LOCAL_PORT = 4000;
    private static final int CLIENT_LOCAL_PORT = 4100;
    private static final Duration START_UP = Duration.ofMinutes(3);

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path dir;

    private NetnsLab lab;
    private final List<NsProcess> services = new ArrayList<>();
    private Path keystore;

    @BeforeAll
    void startHosts() throws Exception {
        String why = NetnsLab.unavailableReason();
        assumeTrue(why == null, () -> "multi-host test skipped: " + why);
        lab = NetnsLab.create("ctl", "gen1", "gen2", "provider", "consumer", "agent");
        String provider = lab.address("provider");
        services.add(NsProcess.start(lab, "provider", dir.resolve("provider.log"), stressCommand("provider",
                "--host", provider, "--port", String.valueOf(PROVIDER_PORT), "--jvm-args", "-Xms256m -Xmx256m")));
        services.add(NsProcess.start(lab, "consumer", dir.resolve("consumer.log"), stressCommand("consumer",
                "--host", lab.address("consumer"), "--port", String.valueOf(CONSUMER_PORT),
                "--provider-url", "dubbo://" + provider + ":" + PROVIDER_PORT, "--jvm-args", "-Xms256m -Xmx256m")));
        services.add(NsProcess.start(lab, "agent", dir.resolve("agent.log"), stressCommand("agent",
                "--bind", lab.address("agent"), "--port", String.valueOf(AGENT_PORT))));
        // and one on each load generator's host, as the recipe starts them
        for (String gen : List.of("gen1", "gen2")) {
            services.add(NsProcess.start(lab, gen, dir.resolve(gen + "-agent.log"), stressCommand("agent",
                    "--bind", lab.address(gen), "--port", String.valueOf(AGENT_PORT))));
        }
        // the keystore is made by the tool, as the recipe does, and read by both sides
        keystore = dir.resolve("rmi_keystore.jks");
        try (ChildJvm made = StressCli.start(dir.resolve("keystore.out"), "rmi-keystore", "--out",
                keystore.toString())) {
            assertThat(made.waitFor(Duration.ofMinutes(2))).isTrue();
            assertThat(made.stop(Duration.ofSeconds(1))).as(made.logTail(20)).isZero();
        }
        services.get(0).awaitLog("stress-provider ready:", START_UP);
        services.get(1).awaitLog("stress-consumer ready:", START_UP);
        for (NsProcess agent : services.subList(2, services.size())) {
            agent.awaitLog("listening", START_UP);
        }
    }

    @AfterAll
    void stopHosts() throws IOException {
        for (NsProcess p : services) {
            p.stop();
        }
        if (lab != null) {
            lab.close();
            assertThat(lab.remaining()).as("namespaces left behind").isEmpty();
        }
    }

    @Test
    @Order(1)
    void eachHostHasOnlyItsOwnAddressTheHostsNetworkIsUntouchedAndDubboAdvertisesTheGivenAddress() throws Exception {
        assertThat(lab.interfaces("gen1")).contains("eth0").contains("198.18.0.12/24").doesNotContain("198.18.0.13");
        Process root = new ProcessBuilder("ip", "-o", "addr").redirectErrorStream(true).start();
        String rootAddresses = new String(root.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        root.waitFor(30, TimeUnit.SECONDS);
        assertThat(rootAddresses).as("the lab's addresses exist only in its namespaces").doesNotContain("198.18.0.");
        // Dubbo 2.7 advertises a NIC address of its own choosing unless told: the provider binds and advertises the
        // address it was given, and the consumer calls it there
        String provider = lab.address("provider");
        assertThat(services.get(0).log()).contains("advertised " + provider + ":" + PROVIDER_PORT + ", bound to "
                + provider);
        assertThat(services.get(1).log()).contains("-> dubbo://" + provider + ":" + PROVIDER_PORT + " (direct)");
    }

    /** RMI over SSL (the tool's keystore on every node), direct and hop, threads split over both generators. */
    @Test
    @Order(2)
    void bothGeneratorsRunDirectAndHopOverSslAndTheReportCountsEach() throws Exception {
        List<NsProcess> servers = startServers("ssl", true);
        try {
            Path run = dir.resolve("run-ssl");
            // no warm-up left out: a fresh jmeter-server's first Dubbo call takes seconds on a busy box, and every
            // generator must have samples in the figures
            RunOutcome outcome = stressRun(run, List.of("--scenarios", "direct-1k,hop-1k", "--threads", "4",
                    "--duration", "8s", "--warmup", "0s", "--rmi-keystore", keystore.toString(),
                    "--generator-agents", lab.address("gen1") + ":" + AGENT_PORT + "," + lab.address("gen2") + ":"
                            + AGENT_PORT), null);
            assertThat(outcome.exitCode).as(outcome.log).isZero();
            assertThat(outcome.log).contains("4 threads, rate none (closed model), split over 2 load generators: 2 "
                    + "threads each");
            String gen1 = lab.address("gen1") + ":" + SERVER_PORT;
            String gen2 = lab.address("gen2") + ":" + SERVER_PORT;
            for (String scenario : List.of("direct-1k", "hop-1k")) {
                Path jtl = run.resolve("scenarios/" + scenario + "/results.jtl");
                Map<String, Set<String>> threads = threadsByGenerator(jtl);
                // every row carries its generator; each ran its share, 4 / 2 threads
                assertThat(threads).as(scenario + " rows by generator").containsOnlyKeys(gen1, gen2);
                assertThat(activeThreads(jtl)).as(scenario + ": JMeter's allThreads on each server")
                        .isSubsetOf(1, 2).contains(2);
                assertThat(Files.readAllLines(jtl).subList(1, Files.readAllLines(jtl).size()))
                        .allSatisfy(row -> assertThat(row).contains(",200,").contains(",true,"));
                assertThat(Files.readString(run.resolve("scenarios/" + scenario + "/jmeter.out")))
                        .contains("Starting distributed test with remote engines: [" + gen1 + ", " + gen2 + "]");
                assertPerGeneratorReport(run, scenario, jtl, gen1, gen2);
            }
            // RMI over SSL on both sides: the servers' remote objects and the client's callbacks on SSL sockets
            for (NsProcess server : servers) {
                assertThat(server.log()).contains("SSLRMIServerSocketFactory(host=/" + (server == servers.get(0)
                        ? lab.address("gen1") : lab.address("gen2")));
            }
            assertThat(Files.readString(run.resolve("scenarios/direct-1k/jmeter.log")))
                    .contains("SSLRMIServerSocketFactory: Created SSLSocket");
            JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
            assertThat(runJson.at("/settings/rmiSsl").asText()).isEqualTo("true");
            assertThat(runJson.at("/settings/remote").asText()).isEqualTo(gen1 + "," + gen2);
            // the services' agent is on another host: no process id of this host's JVMs is asked of it, only its
            // host's context switches; said once on the console, in run.json and in the report
            String agent = lab.address("agent") + ":" + AGENT_PORT;
            assertThat(runJson.get("jvmMetricsNotRead")).hasSize(1);
            assertThat(runJson.at("/jvmMetricsNotRead/0").asText()).contains("the PerfMon agent " + agent
                    + " (--agent) is on another host");
            assertThat(outcome.log).contains("stress run: JVM metrics: the PerfMon agent " + agent);
            JsonNode report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
            assertThat(report.at("/jvms/notRead/0").asText()).isEqualTo(runJson.at("/jvmMetricsNotRead/0").asText());
            JvmMetrics read = new JvmMetrics();
            read.read(run.resolve("scenarios/direct-1k/perfmon-jvms.csv"));
            assertThat(read.jvms()).isEmpty();
            assertThat(read.hostSwitches()).containsOnlyKeys(lab.address("agent"));
            assertThat(report.at("/scenarios/0/jvmMetrics/hosts/0/contextSwitchesPerSecond").asDouble()).isPositive();
        } finally {
            servers.forEach(NsProcess::stop);
        }
    }

    /**
     * Plain RMI and a target rate split over the generators; the second generator is killed mid-run: the run is
     * reported as not well (exit code, run.json, report, console) and keeps what both recorded.
     */
    @Test
    @Order(3)
    void aGeneratorThatDiesMidRunIsReportedAndTheOthersRowsKept() throws Exception {
        List<NsProcess> servers = startServers("plain", false);
        try {
            Path run = dir.resolve("run-plain");
            String gen1 = lab.address("gen1") + ":" + SERVER_PORT;
            String gen2 = lab.address("gen2") + ":" + SERVER_PORT;
            Path jtl = run.resolve("scenarios/direct-1k/results.jtl");
            RunOutcome outcome = stressRun(run, List.of("--scenarios", "direct-1k", "--threads", "4", "--rate", "40",
                    "--duration", "12s", "--rmi-local-port", String.valueOf(CLIENT_LOCAL_PORT)), () -> {
                        // once gen2's threads run, gen2 dies (SIGKILL, as a crashed machine); the samples it had not
                        // sent yet (JMeter's servers send them in batches) die with it
                        Path gen2Log = dir.resolve("plain-gen2/jmeter-server.log");
                        Awaitility.await("gen2's threads started").atMost(START_UP)
                                .pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                                .until(() -> Files.readString(gen2Log).contains("Thread started: " + gen2 + "-"));
                        servers.get(1).kill();
                    });
            assertThat(outcome.exitCode).as(outcome.log).isEqualTo(1);
            assertThat(outcome.log).contains("split over 2 load generators: 2 threads, rate 20 calls/s each");
            assertThat(outcome.log).contains("load generator " + gen2);
            for (NsProcess server : servers) {
                assertThat(server.log()).contains("Created remote object").doesNotContain("SSLRMI");
            }
            // the callbacks on the pinned ports (client.rmi.localport), from the controller's lab address
            assertThat(Files.readString(run.resolve("scenarios/direct-1k/jmeter.log")))
                    .contains("client.rmi.localport=" + CLIENT_LOCAL_PORT);
            assertThat(Files.readString(run.resolve("scenarios/direct-1k/jmeter.out")))
                    .contains("Starting distributed test with remote engines: [" + gen1 + ", " + gen2 + "]");
            JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
            assertThat(runJson.at("/settings/rmiSsl").asText()).isEqualTo("false");
            JsonNode scenario = runJson.at("/scenarios/0");
            assertThat(scenario.at("/status").asText()).isEqualTo("failed");
            assertThat(scenario.at("/message").asText()).contains("load generator " + gen2);
            // gen1's rows are all there; gen2's, if any of its batches arrived before it died
            Map<String, Set<String>> threads = threadsByGenerator(jtl);
            assertThat(threads).containsKey(gen1);
            assertThat(threads.keySet()).isSubsetOf(gen1, gen2);
            assertThat(activeThreads(jtl)).as("JMeter's allThreads on each server").isSubsetOf(1, 2)
                    .contains(2);
            // each server was sent its share of the run's 4 threads, and the run's 40 calls/s with the number of
            // servers its Target Rate Schedule divides it by
            assertThat(Files.readString(dir.resolve("plain-gen1/jmeter-server.log"))).contains("threads=2")
                    .contains("rate=40").contains("load_generators=2");
            // the rate is the run's: 40 calls/s in all, 20 on each generator. Paced, gen1 cannot exceed its share
            // (a bound on pacing, not on speed: a slow machine only makes fewer calls)
            long gen1Rows = rows(jtl, gen1);
            assertThat(gen1Rows).as("gen1's calls at 20/s over 12 s + ramp-up").isBetween(1L, 20L * 14 + 20);
            String report = Files.readString(run.resolve("report.md"));
            assertThat(report).contains(gen1).contains(gen2).contains("load generator " + gen2);
        } finally {
            servers.forEach(NsProcess::stop);
        }
    }

    private void assertPerGeneratorReport(Path run, String scenario, Path jtl, String gen1, String gen2)
            throws IOException {
        JsonNode report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
        JsonNode found = null;
        for (JsonNode s : report.at("/scenarios")) {
            if (s.at("/name").asText().equals(scenario)) {
                found = s;
            }
        }
        assertThat(found).as(scenario + " in report.json").isNotNull();
        JsonNode generators = found.at("/generators");
        assertThat(generators.isArray()).as("per-generator figures of " + scenario + ": " + found).isTrue();
        long sum = 0;
        Map<String, Long> samples = new LinkedHashMap<>();
        for (JsonNode g : generators) {
            samples.put(g.at("/name").asText(), g.at("/samples").asLong());
            sum += g.at("/samples").asLong();
            assertThat(g.at("/errors/count").asLong()).isZero();
            assertThat(g.at("/tps").asDouble()).isPositive();
            assertThat(g.at("/latency/p99").asLong()).isPositive();
        }
        assertThat(samples).containsOnlyKeys(gen1, gen2);
        assertThat(samples.values()).allSatisfy(n -> assertThat(n).isPositive());
        assertThat(sum).as("the generators add up to the scenario").isEqualTo(found.at("/samples").asLong());
        assertThat(Files.readString(run.resolve("report.md"))).contains(gen1).contains(gen2);
        // the generators' hosts are watched too: CPU readings of both, beside the services' agent
        List<String> hosts = new ArrayList<>();
        for (JsonNode host : found.at("/server")) {
            hosts.add(host.at("/host").asText());
            assertThat(host.at("/cpuPercent").isNull()).as("CPU of " + host).isFalse();
        }
        assertThat(hosts).contains(lab.address("agent"), lab.address("gen1"), lab.address("gen2"));
    }

    /** jmeter-server on gen1 and gen2, the recipe's command. */
    private List<NsProcess> startServers(String tag, boolean ssl) throws IOException {
        List<NsProcess> servers = new ArrayList<>();
        for (String gen : List.of("gen1", "gen2")) {
            Path work = Files.createDirectories(dir.resolve(tag + "-" + gen));
            List<String> command = new ArrayList<>(List.of(JMETER_HOME.resolve("bin/jmeter-server").toString(),
                    "-Dserver_port=" + SERVER_PORT, "-Jserver.rmi.localport=" + SERVER_LOCAL_PORT,
                    "-Djava.rmi.server.hostname=" + lab.address(gen)));
            if (ssl) {
                command.add("-Jserver.rmi.ssl.keystore.file=" + keystore);
                command.add("-Jserver.rmi.ssl.truststore.file=" + keystore);
            } else {
                command.add("-Jserver.rmi.ssl.disable=true");
            }
            servers.add(NsProcess.start(lab, gen, work.resolve("server.out"), command, work,
                    Map.of("HEAP", "-Xms256m -Xmx256m")));
        }
        for (NsProcess server : servers) {
            server.awaitLog("Created remote object", START_UP);
        }
        return servers;
    }

    private record RunOutcome(int exitCode, String log) {
    }

    /** {@code stress run --remote gen1,gen2} on the controller's host against the other hosts' services. */
    private RunOutcome stressRun(Path run, List<String> extra, Runnable during) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", "--no-dashboard", "--out", run.toString(),
                "--remote", lab.address("gen1") + ":" + SERVER_PORT + "," + lab.address("gen2") + ":" + SERVER_PORT,
                "--provider", lab.address("provider") + ":" + PROVIDER_PORT,
                "--consumer-url", "http://" + lab.address("consumer") + ":" + CONSUMER_PORT,
                "--agent", lab.address("agent") + ":" + AGENT_PORT,
                "--jmeter-jvm-args", "-Xms256m -Xmx256m"));
        args.addAll(extra);
        Path log = dir.resolve(run.getFileName() + ".out");
        NsProcess cli = NsProcess.start(lab, "ctl", log, stressCommand(args.toArray(String[]::new)));
        try {
            if (during != null) {
                during.run();
            }
            assertThat(cli.waitFor(Duration.ofMinutes(5))).as("stress run ended; " + cli.log()).isTrue();
            return new RunOutcome(cli.exitValue(), cli.log());
        } finally {
            cli.stop();
        }
    }

    private static List<String> stressCommand(String... args) {
        List<String> command = new ArrayList<>(List.of(ChildJvm.javaExecutable().toString(),
                "-Dstress.home=" + StressCli.HOME, "-jar", StressCli.JAR.toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** The thread names in the JTL, by the generator that ran them (the prefix JMeter gives remote threads). */
    static Map<String, Set<String>> threadsByGenerator(Path jtl) throws IOException {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(jtl);
        List<String> header = List.of(lines.get(0).split(","));
        int thread = header.indexOf("threadName");
        for (String line : lines.subList(1, lines.size())) {
            String name = line.split(",")[thread];
            int cut = name.lastIndexOf('-', name.lastIndexOf(' '));
            out.computeIfAbsent(cut < 0 ? "" : name.substring(0, cut), k -> new TreeSet<>()).add(name);
        }
        return out;
    }

    /** The {@code allThreads} values of the rows: the threads running on the server that recorded the row. */
    static Set<Integer> activeThreads(Path jtl) throws IOException {
        List<String> lines = Files.readAllLines(jtl);
        int column = List.of(lines.get(0).split(",")).indexOf("allThreads");
        Set<Integer> out = new TreeSet<>();
        for (String line : lines.subList(1, lines.size())) {
            out.add(Integer.parseInt(line.split(",")[column]));
        }
        return out;
    }

    private static long rows(Path jtl, String generator) throws IOException {
        return Files.readAllLines(jtl).stream().filter(l -> l.contains("," + generator + "-")).count();
    }

    /** A process in a host of the lab, output to a file, stopped by its pid (and its children). */
    static final class NsProcess {
        private final Process process;
        private final Path log;

        private NsProcess(Process process, Path log) {
            this.process = process;
            this.log = log;
        }

        static NsProcess start(NetnsLab lab, String host, Path log, List<String> command) throws IOException {
            return start(lab, host, log, command, log.getParent(), Map.of());
        }

        static NsProcess start(NetnsLab lab, String host, Path log, List<String> command, Path workDir,
                Map<String, String> env) throws IOException {
            ProcessBuilder builder = new ProcessBuilder(lab.exec(host, command.toArray(String[]::new)))
                    .directory(workDir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().putAll(env);
            return new NsProcess(builder.start(), log);
        }

        String log() {
            try {
                return Files.exists(log) ? Files.readString(log) : "";
            } catch (IOException e) {
                return "";
            }
        }

        void awaitLog(String text, Duration timeout) {
            Awaitility.await(text + " in " + log).atMost(timeout).pollInterval(Duration.ofMillis(200))
                    .until(() -> log().contains(text) || !process.isAlive());
            assertThat(log()).as("started; its output").contains(text);
        }

        boolean waitFor(Duration timeout) {
            try {
                return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        int exitValue() {
            return process.exitValue();
        }

        void kill() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            waitFor(Duration.ofSeconds(30));
        }

        void stop() {
            if (!process.isAlive()) {
                return;
            }
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            if (!waitFor(Duration.ofSeconds(20))) {
                kill();
            }
        }
    }
}
