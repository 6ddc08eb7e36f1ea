package io.dubbostress.release;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Assembles a release folder (the build runs it in the {@code release} module's package phase; scripts/release.sh
 * copies the result to {@code dist/}):
 *
 * <pre>
 * README.md                                 how to install from this folder
 * CHANGELOG.md
 * jmeter-dubbo-sampler-0.2.0.jar            the sampler, Dubbo 2.7 client (JMeter's lib/ext)
 * jmeter-dubbo3-sampler-0.2.0.jar           the sampler, Dubbo 3.3 client (one of the two)
 * dubbo-stress-perfmon-agent-0.2.0.jar      the PerfMon agent (java -jar ... on the server)
 * plans/dubbo-direct.jmx, dubbo-hop.jmx, http-hop.jmx
 * sampler-gui.png                           the Plugins Manager's screenshot
 * repo.json                                 the JMeter Plugins Manager descriptor (PluginsRepository)
 * dubbo-stress-0.2.0-maven-repository.zip   the two sampler artifacts in Maven's layout (MavenRepositoryZip)
 * LICENSE, NOTICE                           the project's licence (Apache-2.0) and notice
 * licenses/                                 each jar's bundled libraries and their licences, the licences' texts
 * SHA256SUMS                                sha256sum -c SHA256SUMS
 * </pre>
 *
 * <p>It checks what it ships: the jars' manifests must name this version, the staged Maven artifacts must be these
 * jars, and CHANGELOG.md must have a section for it. The folder is made anew each time (nothing of an older release
 * stays).
 *
 * <pre>
 * java -cp ... io.dubbostress.release.DistCommand --dist=target/dist --version=0.2.0 \
 *   --base-url=https://github.com/dubbo-stress/dubbo-stress/releases/download/v0.2.0/ ...
 * </pre>
 */
@Command(name = "dist", mixinStandardHelpOptions = true,
        description = "Assembles the release folder: jars, plans, repo.json (Plugins Manager), SHA256SUMS.")
public final class DistCommand implements Callable<Integer> {

    @Option(names = "--dist", required = true, paramLabel = "DIR", description = "the folder to (re)create")
    Path dist;

    @Option(names = "--version", required = true, description = "the release, e.g. 0.2.0")
    String version;

    @Option(names = "--base-url", required = true, paramLabel = "URL",
            description = "where our jars are downloaded from: the release's files (or a mirror of them)")
    String baseUrl;

    @Option(names = "--maven-url", required = true, paramLabel = "URL",
            description = "a Maven repository for the PerfMon listener's jars and JMeter's core (Maven Central or a proxy)")
    String mavenUrl;

    @Option(names = "--home-url", required = true, paramLabel = "URL", description = "the project's home (help links)")
    String homeUrl;

    @Option(names = "--sampler-jar", required = true, paramLabel = "JAR") Path samplerJar;
    @Option(names = "--sampler3-jar", required = true, paramLabel = "JAR") Path sampler3Jar;
    @Option(names = "--agent-jar", required = true, paramLabel = "JAR") Path agentJar;
    @Option(names = "--plans", required = true, paramLabel = "DIR", description = "the folder with the .jmx plans")
    Path plans;
    @Option(names = "--changelog", required = true, paramLabel = "FILE") Path changelog;
    @Option(names = "--readme", required = true, paramLabel = "FILE", description = "the folder's README.md")
    Path readme;
    @Option(names = "--screenshot", paramLabel = "PNG") Path screenshot;

    @Option(names = "--perfmon", required = true, description = "kg.apc:jmeter-plugins-perfmon version") String perfmon;
    @Option(names = "--cmn-jmeter", required = true, description = "kg.apc:jmeter-plugins-cmn-jmeter version") String cmnJmeter;
    @Option(names = "--charts", required = true, description = "kg.apc:jmeter-plugins-charts version") String charts;
    @Option(names = "--perfmon-client", required = true, description = "kg.apc:perfmon version") String perfmonClient;

    @Option(names = "--maven-repository", required = true, paramLabel = "DIR",
            description = "the repository the build staged the published artifacts in (target/staging-deploy)")
    Path mavenRepository;
    @Option(names = "--timestamp", required = true, description = "the build's project.build.outputTimestamp")
    String timestamp;
    @Option(names = "--license", required = true, paramLabel = "FILE") Path license;
    @Option(names = "--notice", required = true, paramLabel = "FILE") Path notice;
    @Option(names = "--licenses", required = true, paramLabel = "DIR",
            description = "the bundled libraries' lists and licence texts (the repository's licenses/)")
    Path licenses;

    @Option(names = "--copy-to", paramLabel = "DIR", description = "also copy the finished folder there (replacing it)")
    String copyTo;

    /** The artifactIds of the Maven repository's artifacts: the two sampler jars. */
    static final List<String> PUBLISHED = List.of("jmeter-dubbo-sampler", "jmeter-dubbo3-sampler");

    /** File names in the folder. */
    public static String samplerJarName(String version) {
        return "jmeter-dubbo-sampler-" + version + ".jar";
    }

    public static String sampler3JarName(String version) {
        return "jmeter-dubbo3-sampler-" + version + ".jar";
    }

    public static String agentJarName(String version) {
        return "dubbo-stress-perfmon-agent-" + version + ".jar";
    }

    @Override
    public Integer call() throws IOException {
        for (Path input : new Path[] {samplerJar, sampler3Jar, agentJar, plans, changelog, readme, license, notice,
            licenses}) {
            if (!Files.exists(input)) {
                throw new CommandLine.ParameterException(new CommandLine(this), "not found: " + input);
            }
        }
        String dubbo27 = checkJar(samplerJar);
        String dubbo33 = checkJar(sampler3Jar);
        checkJar(agentJar);
        String changes = Changelog.summary(changelog, version);

        deleteTree(dist);
        Files.createDirectories(dist.resolve("plans"));
        Files.copy(samplerJar, dist.resolve(samplerJarName(version)));
        Files.copy(sampler3Jar, dist.resolve(sampler3JarName(version)));
        Files.copy(agentJar, dist.resolve(agentJarName(version)));
        try (DirectoryStream<Path> jmx = Files.newDirectoryStream(plans, "*.jmx")) {
            for (Path plan : jmx) {
                Files.copy(plan, dist.resolve("plans").resolve(plan.getFileName()));
            }
        }
        Files.copy(changelog, dist.resolve("CHANGELOG.md"));
        Files.copy(readme, dist.resolve("README.md"));
        Files.copy(license, dist.resolve("LICENSE"));
        Files.copy(notice, dist.resolve("NOTICE"));
        copyTree(licenses, dist.resolve("licenses"));
        checkStaged(samplerJar, "jmeter-dubbo-sampler");
        checkStaged(sampler3Jar, "jmeter-dubbo3-sampler");
        MavenRepositoryZip.write(mavenRepository, version, PUBLISHED, timestamp,
                dist.resolve(MavenRepositoryZip.fileName(version)));
        String screenshotName = null;
        if (screenshot != null && Files.exists(screenshot)) {
            screenshotName = screenshot.getFileName().toString();
            Files.copy(screenshot, dist.resolve(screenshotName));
        }

        PluginsRepository.Release release = new PluginsRepository.Release(version, samplerJarName(version),
                sampler3JarName(version), dubbo27, dubbo33, changes, baseUrl, mavenUrl, homeUrl, screenshotName,
                new PluginsRepository.PerfMonJars(perfmon, cmnJmeter, charts, perfmonClient));
        PluginsRepository.write(PluginsRepository.plugins(release), dist.resolve("repo.json"));
        List<String> sums = Sha256Sums.write(dist);
        System.out.println("dist: " + sums.size() + " files in " + dist + "; repo.json downloads from "
                + release.baseUrl() + " and " + release.mavenUrl());

        if (copyTo != null && !copyTo.isBlank()) {
            Path target = Path.of(copyTo).toAbsolutePath().normalize();
            deleteTree(target);
            copyTree(dist, target);
            System.out.println("dist: copied to " + target);
        }
        return 0;
    }

    /** The jar must say this release in its manifest; returns its Dubbo section's version (null when it has none). */
    private String checkJar(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Attributes main = file.getManifest().getMainAttributes();
            String ours = main.getValue(Attributes.Name.IMPLEMENTATION_VERSION);
            if (!version.equals(ours)) {
                throw new IllegalStateException(jar + " says Implementation-Version " + ours + ", not " + version
                        + ": rebuild it (./mvnw -DskipTests package)");
            }
            Attributes dubbo = file.getManifest().getAttributes("org/apache/dubbo/common/");
            return dubbo == null ? null : dubbo.getValue(Attributes.Name.IMPLEMENTATION_VERSION);
        }
    }

    /** The staged Maven artifact must be the jar this folder ships (a stale staging repository would not be). */
    private void checkStaged(Path jar, String artifactId) throws IOException {
        Path staged = mavenRepository.resolve(MavenRepositoryZip.GROUP_PATH).resolve(artifactId).resolve(version)
                .resolve(artifactId + "-" + version + ".jar");
        if (!Files.isRegularFile(staged) || !Sha256Sums.of(staged).equals(Sha256Sums.of(jar))) {
            throw new IllegalStateException(staged + " is not " + jar + " (" + (Files.exists(staged) ? "another build"
                    : "missing") + "): the build stages it in verify, ./mvnw -B -ntp verify -DskipTests");
        }
    }

    /** Deletes a folder and everything in it (nothing when it does not exist). */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** Run by the build (exec:java, in Maven's JVM): a failure is an exception, never System.exit. */
    public static void main(String[] args) {
        CommandLine commandLine = new CommandLine(new DistCommand());
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            throw e;
        });
        int exit = commandLine.execute(args);
        if (exit != 0) {
            throw new IllegalStateException("dist failed (exit " + exit + "): see the message above");
        }
    }
}
