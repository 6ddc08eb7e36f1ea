package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;

/**
 * What goes to Maven Central, as the build stages it (target/staging-deploy): per sampler artifact, a POM with what
 * Central asks for (name, description, url, licence, scm, developers), no parent to fetch and no dependencies; the
 * shaded jar as the main artifact (the same bytes as the download); sources and javadoc jars with our code. And a user's
 * view: a throwaway project that depends on both artifacts gets exactly those two jars, nothing under them.
 */
@Execution(ExecutionMode.CONCURRENT)
class PublishedArtifactsIT {

    private static Path staged(String artifact, String suffix) {
        String v = ReleaseBuild.VERSION;
        return ReleaseBuild.STAGING.resolve("io/dubbostress/" + artifact + "/" + v + "/" + artifact + "-" + v + suffix);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jmeter-dubbo-sampler", "jmeter-dubbo3-sampler"})
    void theStagedArtifactsAreWhatCentralAsksFor(String artifact) throws Exception {
        Path pomFile = staged(artifact, ".pom");
        String text = Files.readString(pomFile);
        assertThat(text).as("a resolved POM").doesNotContain("${");
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pomFile.toFile());
        XPath x = XPathFactory.newInstance().newXPath();
        String home = ReleaseBuild.property("dubbo-stress.home");
        assertThat(x.evaluate("/project/groupId", pom)).isEqualTo("io.dubbostress");
        assertThat(x.evaluate("/project/artifactId", pom)).isEqualTo(artifact);
        assertThat(x.evaluate("/project/version", pom)).isEqualTo(ReleaseBuild.VERSION);
        assertThat(x.evaluate("/project/name", pom)).startsWith("dubbo-stress Dubbo Sampler for JMeter");
        assertThat(x.evaluate("/project/description", pom)).contains("JMeter");
        assertThat(x.evaluate("/project/url", pom)).isEqualTo(home);
        assertThat(x.evaluate("/project/licenses/license/name", pom)).isEqualTo("Apache-2.0");
        assertThat(x.evaluate("/project/licenses/license/url", pom)).startsWith("https://www.apache.org/licenses/");
        assertThat(x.evaluate("/project/scm/url", pom)).isEqualTo(home);
        assertThat(x.evaluate("/project/scm/connection", pom)).isEqualTo("scm:git:" + home + ".git");
        assertThat(x.evaluate("/project/developers/developer/name", pom)).isNotBlank();
        assertThat(x.evaluate("count(/project/parent)", pom)).isEqualTo("0");
        assertThat(x.evaluate("count(/project/dependencies)", pom)).as("dependencies in the published POM").isEqualTo("0");

        Path jar = staged(artifact, ".jar");
        Path dist = ReleaseBuild.DIST.resolve(artifact + "-" + ReleaseBuild.VERSION + ".jar");
        assertThat(Sha256Sums.of(jar)).as("the published jar is the download").isEqualTo(Sha256Sums.of(dist));
        try (JarFile main = new JarFile(jar.toFile()); JarFile sources = new JarFile(staged(artifact, "-sources.jar").toFile());
                JarFile javadoc = new JarFile(staged(artifact, "-javadoc.jar").toFile())) {
            assertThat(main.getEntry("org/apache/dubbo/common/Version.class")).as("the shaded jar").isNotNull();
            assertThat(sources.getEntry("io/dubbostress/sampler/sampler/DubboSampler.java")).isNotNull();
            assertThat(sources.getEntry("io/dubbostress/sampler/runtime/DubboVersion.java")).isNotNull();
            assertThat(javadoc.getEntry("index.html")).isNotNull();
            assertThat(javadoc.getEntry("io/dubbostress/sampler/sampler/DubboSampler.html")).isNotNull();
            for (JarFile file : List.of(main, sources, javadoc)) {
                assertThat(file.getManifest().getMainAttributes().getValue("Implementation-Version"))
                        .as(file.getName()).isEqualTo(ReleaseBuild.VERSION);
            }
        }
        for (String suffix : List.of(".pom", ".jar", "-sources.jar", "-javadoc.jar")) {
            assertThat(staged(artifact, suffix + ".sha1")).isRegularFile();
        }
    }

    @Test
    void aProjectThatDependsOnTheSamplersGetsNothingElse() throws Exception {
        Path project = Files.createDirectories(Path.of("target", "published-it", "throwaway").toAbsolutePath());
        Files.writeString(project.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>com.example</groupId>
                  <artifactId>throwaway</artifactId>
                  <version>1.0</version>
                  <dependencies>
                    <dependency>
                      <groupId>io.dubbostress</groupId>
                      <artifactId>jmeter-dubbo-sampler</artifactId>
                      <version>%1$s</version>
                    </dependency>
                    <dependency>
                      <groupId>io.dubbostress</groupId>
                      <artifactId>jmeter-dubbo3-sampler</artifactId>
                      <version>%1$s</version>
                    </dependency>
                  </dependencies>
                </project>
                """.formatted(ReleaseBuild.VERSION));
        NestedMaven maven = new NestedMaven(project.resolveSibling("maven"));
        Path tree = project.resolve("tree.txt");
        int exit = maven.run("tree", project.resolve("pom.xml"), 300,
                "org.apache.maven.plugins:maven-dependency-plugin:" + ReleaseBuild.property("maven-dependency-plugin.version")
                        + ":tree", "-DoutputFile=" + tree);
        assertThat(exit).as(maven.output("tree")).isZero();
        assertThat(Files.readAllLines(tree)).containsExactly(
                "com.example:throwaway:jar:1.0",
                "+- io.dubbostress:jmeter-dubbo-sampler:jar:" + ReleaseBuild.VERSION + ":compile",
                "\\- io.dubbostress:jmeter-dubbo3-sampler:jar:" + ReleaseBuild.VERSION + ":compile");
    }
}
