package io.dubbostress.cli.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Against the two JMeter homes the build assembled (test-plans builds before stress-cli). */
class JMeterHomeTest {

    static final Path ROOT = Path.of(System.getProperty("stress.home", ".."));

    @Test
    void readsTheVersionAndKnowsWhatEachNeedsOnJava17() {
        JMeterHome current = JMeterHome.at(ROOT.resolve("test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3"));
        assertThat(current.version()).isEqualTo("5.6.3");
        assertThat(current.isSupported()).isTrue();
        assertThat(current.jvmFlagsFor(17)).isEmpty();

        JMeterHome old = JMeterHome.at(ROOT.resolve("test-plans/jmeter-5.1.1/target/apache-jmeter-5.1.1"));
        assertThat(old.version()).isEqualTo("5.1.1");
        assertThat(old.isSupported()).isTrue();
        assertThat(old.jvmFlagsFor(17)).containsSubsequence("--add-opens", "java.base/java.util=ALL-UNNAMED")
                .contains("java.desktop/java.awt.font=ALL-UNNAMED");
        assertThat(old.jvmFlagsFor(8)).isEmpty();
    }

    @Test
    void findsOurPluginsInLibExt() {
        JMeterHome home = JMeterHome.at(ROOT.resolve("test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3"));
        assertThat(home.hasInLibExt("io/dubbostress/sampler/")).isTrue();
        assertThat(home.hasInLibExt("kg/apc/jmeter/perfmon/")).isTrue();
        assertThat(home.hasInLibExt("com/example/nothing/")).isFalse();
    }
}
