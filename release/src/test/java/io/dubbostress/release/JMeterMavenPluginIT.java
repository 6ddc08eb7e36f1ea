package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.w3c.dom.Document;

/**
 * {@code examples/jmeter-maven}, a project as a user writes it, run with {@code mvn verify}: jmeter-maven-plugin
 * (com.lazerycode.jmeter) builds a JMeter 5.6.3 from Maven artifacts, our sampler comes in as a
 * {@code <jmeterExtensions>} artifact from a repository (the release's staged repository, as it would come from Maven
 * Central), with the PerfMon listener, and the direct plan runs against the reference provider and the PerfMon agent.
 * The example names the release this build makes; its JTL and PerfMon CSV are checked, and the JMeter it built holds
 * our one jar and nothing of Dubbo besides (the sampler's POM has no dependencies to drag in).
 */
@ExtendWith(SharedServices.Resolver.class)
@Execution(ExecutionMode.CONCURRENT)
class JMeterMavenPluginIT {

    private static final Path EXAMPLE = ReleaseBuild.HOME.resolve("examples/jmeter-maven");

    @Test
    void theExampleRunsTheDirectPlanInMvnVerify(SharedServices services) throws Exception {
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(EXAMPLE.resolve("pom.xml").toFile());
        assertThat(pom.getElementsByTagName("dubbo-stress.version").item(0).getTextContent())
                .as("the example uses the release this build makes").isEqualTo(ReleaseBuild.VERSION);
        assertThat(pom.getElementsByTagName("jmeter.version").item(0).getTextContent())
                .isEqualTo(ReleaseBuild.property("jmeter.version"));
        // the example's plan is the shipped one, unchanged
        assertThat(Sha256Sums.of(EXAMPLE.resolve("src/test/jmeter/dubbo-direct.jmx")))
                .isEqualTo(Sha256Sums.of(ReleaseBuild.HOME.resolve("test-plans/dubbo-direct.jmx")));
        Path target = EXAMPLE.resolve("target");
        DistCommand.deleteTree(target);

        NestedMaven maven = new NestedMaven(Path.of("target", "jmeter-maven-it").toAbsolutePath());
        int exit = maven.run("verify", EXAMPLE.resolve("pom.xml"), 600, "verify",
                "-Dprovider.port=" + services.providerPort, "-Dperfmon.port=" + services.agentPort,
                "-Dthreads=2", "-Dduration=4",
                // the first call of a cold JVM took 19 s at a load average of 30: the plan's 5 s would fail it
                "-Dtimeout=120000");
        String output = maven.output("verify");
        assertThat(exit).as(output).isZero();
        assertThat(output).contains("Failed requests:             0");

        // our artifact came from the staged repository (as from Central), through the example's own local repository
        assertThat(maven.localRepository().resolve("io/dubbostress/jmeter-dubbo-sampler/" + ReleaseBuild.VERSION
                + "/jmeter-dubbo-sampler-" + ReleaseBuild.VERSION + ".jar")).isRegularFile();

        Path results = target.resolve("jmeter/results");
        Path jtlFile;
        try (Stream<Path> files = Files.list(results)) {
            List<Path> jtls = files.filter(p -> p.getFileName().toString().endsWith("dubbo-direct.csv"))
                    .collect(Collectors.toList());
            assertThat(jtls).as("the JTL in " + results).hasSize(1);
            jtlFile = jtls.get(0);
        }
        Jtl jtl = new Jtl(jtlFile);
        assertThat(jtl.header).contains("elapsed_us", "due_us", "lag_us", "response_us");
        assertThat(jtl.rows).isNotEmpty();
        for (String[] row : jtl.rows) {
            assertThat(jtl.cell(row, "label")).isEqualTo("direct");
            assertThat(jtl.cell(row, "success")).as(String.join(",", row)).isEqualTo("true");
        }
        Jtl perfmon = new Jtl(results.resolve("perfmon.csv"));
        assertThat(perfmon.rows).as("PerfMon readings").isNotEmpty();

        // the JMeter the plugin built: our jar in lib/ext, the sampler's line in its log, no Dubbo jar anywhere
        Path jmeter;
        try (Stream<Path> dirs = Files.list(target)) {
            jmeter = dirs.map(d -> d.resolve("jmeter")).filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertThat(jmeter.resolve("lib/ext/jmeter-dubbo-sampler-" + ReleaseBuild.VERSION + ".jar")).isRegularFile();
        try (Stream<Path> jars = Files.walk(jmeter.resolve("lib"))) {
            assertThat(jars.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.startsWith("dubbo-") || n.startsWith("stress-") || n.startsWith("curator-")
                            || n.startsWith("zookeeper-") || n.startsWith("netty-") || n.startsWith("hessian-lite"));
        }
        String log;
        try (Stream<Path> logs = Files.list(target.resolve("jmeter/logs"))) {
            Path file = logs.filter(p -> p.toString().endsWith(".log")).findFirst().orElseThrow();
            log = Files.readString(file);
        }
        assertThat(log.lines().filter(l -> l.contains("dubbo-stress Dubbo Sampler"))).singleElement()
                .satisfies(l -> assertThat(l).endsWith("dubbo-stress Dubbo Sampler " + ReleaseBuild.VERSION
                        + " (Dubbo " + ReleaseBuild.property("dubbo.version") + ")"));
    }
}
