package io.dubbostress.cli.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.cli.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** StressHome finds the built Dubbo 3.3 sampler jar by its name, not one of the jars the release build puts beside it. */
class StressHomeTest {

    @TempDir
    Path root;

    @Test
    void theDubbo3JarIsTheMainArtifactNotItsSourcesOrJavadoc() throws Exception {
        Path target = Files.createDirectories(root.resolve("jmeter-dubbo3-sampler/target"));
        String version = BuildVersions.get("dubbo-stress");
        assertThat(version).isNotEqualTo("unknown");
        for (String suffix : new String[] {"-javadoc.jar", "-sources.jar", ".jar"}) {
            Files.writeString(target.resolve("jmeter-dubbo3-sampler-" + version + suffix), suffix);
        }
        Files.writeString(target.resolve("original-jmeter-dubbo3-sampler-" + version + ".jar"), "original");
        assertThat(new StressHome(root).dubbo3SamplerJar())
                .isEqualTo(target.resolve("jmeter-dubbo3-sampler-" + version + ".jar"));
    }

    @Test
    void aMissingDubbo3JarIsNamed() throws Exception {
        Path target = Files.createDirectories(root.resolve("jmeter-dubbo3-sampler/target"));
        Files.writeString(target.resolve("jmeter-dubbo3-sampler-0.0.1-sources.jar"), "sources");
        assertThatThrownBy(() -> new StressHome(root).dubbo3SamplerJar()).isInstanceOf(UserError.class)
                .hasMessageContaining("jmeter-dubbo3-sampler-" + BuildVersions.get("dubbo-stress") + ".jar")
                .hasMessageContaining(StressHome.BUILD_HINT);
    }
}
