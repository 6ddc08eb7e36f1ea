package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.w3c.dom.Document;

/**
 * {@code examples/jmeter-maven}, a project as a user writes it, run as its own comment says: jmeter-maven-plugin
 * (com.lazerycode.jmeter) builds a JMeter 5.6.3 from Maven artifacts, our sampler comes in as a
 * {@code <jmeterExtensions>} artifact from the release's Maven repository (the release's
 * {@code dubbo-stress-<version>-maven-repository.zip}, unzipped, named by {@code -Ddubbo-stress.repository=file:///...}
 * as the example says; not Maven Central, where it is not published), with the PerfMon listener, and the direct plan
 * runs against the reference provider and the PerfMon agent. The example names the release this build makes; its JTL
 * and PerfMon CSV are checked, and the JMeter it built holds our one jar and nothing of Dubbo besides (the sampler's
 * POM has no dependencies to drag in).
 *
 * <p>Also: each command the example's comment gives works from the folder it names ({@code ../../mvnw verify} in
 * examples/jmeter-maven, {@code ./mvnw -f examples/jmeter-maven/pom.xml verify} at the root; the second run is the
 * failing plan below); an older Maven (Debian's {@code mvn}, 3.8.7) stops at once saying that the project needs 3.9;
 * a plan whose samples fail (no provider on the port) fails the build and says its first failure's code and message
 * on the console.
 *
 * <p>Offline: our artifacts only from the unzipped file; third-party ones (jmeter-maven-plugin, JMeter 5.6.3's modules,
 * the PerfMon listener, the enforcer plugin) from the build's local repository, which the build filled from Maven
 * Central ({@link NestedMaven}: a fresh local repository with the build's as a read-only tail). A fully cold local
 * repository would download about 55 MB (118 jars) from Maven Central, which these tests do not reach.
 */
@ExtendWith(SharedServices.Resolver.class)
@Execution(ExecutionMode.CONCURRENT)
class JMeterMavenPluginIT {

    private static final Path EXAMPLE = ReleaseBuild.HOME.resolve("examples/jmeter-maven");

    @Test
    void theExampleRunsTheDirectPlanInMvnVerifyFromTheReleasesMavenRepository(SharedServices services) throws Exception {
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(EXAMPLE.resolve("pom.xml").toFile());
        assertThat(pom.getElementsByTagName("dubbo-stress.version").item(0).getTextContent())
                .as("the example uses the release this build makes").isEqualTo(ReleaseBuild.VERSION);
        assertThat(pom.getElementsByTagName("jmeter.version").item(0).getTextContent())
                .isEqualTo(ReleaseBuild.property("jmeter.version"));
        // the example's plan is the shipped one, unchanged
        assertThat(Sha256Sums.of(EXAMPLE.resolve("src/test/jmeter/dubbo-direct.jmx")))
                .isEqualTo(Sha256Sums.of(ReleaseBuild.HOME.resolve("test-plans/dubbo-direct.jmx")));
        String comment = Files.readString(EXAMPLE.resolve("pom.xml"));
        assertThat(comment).contains("\n    ../../mvnw verify ").contains("./mvnw -f examples/jmeter-maven/pom.xml verify")
                .contains(MavenRepositoryZip.fileName(ReleaseBuild.VERSION));
        Path work = Path.of("target", "jmeter-maven-it").toAbsolutePath();
        Path repository = unzip(ReleaseBuild.DIST.resolve(MavenRepositoryZip.fileName(ReleaseBuild.VERSION)),
                work.resolve("dubbo-stress-maven-repository"));
        String repositoryOption = "-Ddubbo-stress.repository=" + repository.toUri();
        Path target = EXAMPLE.resolve("target");
        DistCommand.deleteTree(target);
        NestedMaven maven = new NestedMaven(work);

        // in examples/jmeter-maven, as its comment says
        int exit = maven.withoutStaging("verify", EXAMPLE, 600, "../../mvnw", "verify", repositoryOption,
                "-Dprovider.port=" + services.providerPort, "-Dperfmon.port=" + services.agentPort,
                "-Dthreads=2", "-Dduration=4",
                // the first call of a cold JVM took 19 s at a load average of 30: the plan's 5 s would fail it
                "-Dtimeout=120000");
        String output = maven.output("verify");
        assertThat(exit).as(output).isZero();
        assertThat(output).contains("Failed requests:             0").doesNotContain("dubbo-stress: first failed sample");

        // our artifact came from the release's repository, through the example's own (empty at the start) local one
        assertThat(maven.localRepository().resolve("io/dubbostress/jmeter-dubbo-sampler/" + ReleaseBuild.VERSION
                + "/jmeter-dubbo-sampler-" + ReleaseBuild.VERSION + ".jar")).isRegularFile()
                .hasSameBinaryContentAs(ReleaseBuild.samplerJar());
        assertThat(Files.readString(maven.localRepository().resolve("io/dubbostress/jmeter-dubbo-sampler/"
                + ReleaseBuild.VERSION + "/_remote.repositories"))).contains(">dubbo-stress=");

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

        // from the repository's root, as the comment says, with no provider on the port: the build fails, and the
        // console says why (the first failed sample's code and message), not only a count
        int closedPort = io.dubbostress.testsupport.FreePort.find();
        int failed = maven.withoutStaging("failing", ReleaseBuild.HOME, 600, "./mvnw", "-f",
                "examples/jmeter-maven/pom.xml", "verify", repositoryOption, "-Dprovider.port=" + closedPort,
                "-Dperfmon.port=" + services.agentPort, "-Dthreads=1", "-Dduration=2", "-Dtimeout=2000");
        String failing = maven.output("failing");
        assertThat(failed).as(failing).isNotZero();
        assertThat(failing).contains("dubbo-stress: first failed sample: direct ")
                .containsPattern("dubbo-stress: first failed sample: direct [A-Z_]+: .*" + closedPort)
                .contains("Failed requests:");
    }

    @Test
    void anOlderMavenStopsAtOnceSayingItNeedsMaven39() throws Exception {
        Path mvn = Path.of("/usr/bin/mvn");
        assertThat(mvn).as("Debian's maven package (scripts/ensure-test-tools.sh installs it): the Maven users have")
                .isExecutable();
        Path out = Path.of("target", "jmeter-maven-it-old-maven.txt").toAbsolutePath();
        // Maven 3.8 has no read-only tail: the build's local repository, read only here (validate resolves the
        // enforcer plugin, present there, and nothing else)
        ProcessBuilder builder = new ProcessBuilder(mvn.toString(), "-B", "-V", "-o", "validate",
                "-Dmaven.repo.local=" + ReleaseBuild.LOCAL_REPOSITORY).directory(EXAMPLE.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("MAVEN_OPTS");
        Process process = builder.start();
        assertThat(process.waitFor(180, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        String output = Files.readString(out);
        assertThat(output).contains("Apache Maven 3.8").as(output);
        assertThat(process.exitValue()).as(output).isNotZero();
        assertThat(output).contains("This project needs Maven 3.9 or newer (jmeter-maven-plugin 3.8.0 does); this is Maven 3.8");
    }

    private static Path unzip(Path zip, Path folder) throws IOException {
        DistCommand.deleteTree(folder);
        try (ZipFile file = new ZipFile(zip.toFile())) {
            for (ZipEntry entry : file.stream().collect(Collectors.toList())) {
                Path target = folder.resolve(entry.getName()).normalize();
                assertThat(target.startsWith(folder)).as(entry.getName()).isTrue();
                Files.createDirectories(target.getParent());
                try (InputStream in = file.getInputStream(entry)) {
                    Files.copy(in, target);
                }
            }
        }
        return folder;
    }
}
