package io.dubbostress.sampler.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.config.gui.DubboDefaultsGui;
import io.dubbostress.sampler.control.gui.DubboSamplerGui;
import io.dubbostress.sampler.install.DocsHelp;
import io.dubbostress.sampler.pacing.gui.TargetRateScheduleGui;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.jmeter.config.gui.SimpleConfigGui;
import org.apache.jmeter.gui.JMeterGUIComponent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page JMeter's Help opens for each of our elements (DocsHelp): docs/ of the release plus the element's anchor,
 * which must be a file in this repository's docs/ and, after {@code #}, one of its headings as GitHub names them;
 * JMeter's own elements keep JMeter's Help. (In a real GUI JMeter, under Xvfb: TwoJarsIT in release/.)
 */
class DocsHelpTest {

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeter() {
        io.dubbostress.sampler.EmbeddedJMeter.init(home);
    }

    @Test
    void eachOfOurElementsHasAPageInOurDocsAndJMetersKeepTheirs() throws Exception {
        Path docs = Paths.get(System.getProperty("user.dir")).resolve("../docs").normalize();
        for (JMeterGUIComponent gui : List.of(new DubboSamplerGui(), new DubboDefaultsGui(), new TargetRateScheduleGui())) {
            String page = DocsHelp.page(gui);
            // class folders, not the jar: the main branch's docs (the jar's manifest names its release's)
            assertThat(page).as(gui.getStaticLabel()).startsWith("https://github.com/dubbo-stress/dubbo-stress/blob/main/docs/");
            String anchor = page.substring(page.indexOf("/docs/") + "/docs/".length());
            String file = anchor.contains("#") ? anchor.substring(0, anchor.indexOf('#')) : anchor;
            assertThat(docs.resolve(file)).isRegularFile();
            if (anchor.contains("#")) {
                List<String> slugs = Files.readAllLines(docs.resolve(file), StandardCharsets.UTF_8).stream()
                        .filter(l -> l.startsWith("#")).map(DocsHelpTest::slug).collect(Collectors.toList());
                assertThat(slugs).as("the headings of " + file).contains(anchor.substring(anchor.indexOf('#') + 1));
            }
        }
        assertThat(DocsHelp.page(new SimpleConfigGui())).as("JMeter's own element: JMeter's Help").isNull();
    }

    /** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
    private static String slug(String heading) {
        return heading.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "")
                .replace(' ', '-');
    }
}
