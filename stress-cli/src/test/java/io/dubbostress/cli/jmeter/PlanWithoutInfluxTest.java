package io.dubbostress.cli.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped plans, as a run without --influxdb gives them to JMeter. */
class PlanWithoutInfluxTest {

    static final Path PLANS = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize()
            .resolve("test-plans");
    static final Pattern ENABLED = Pattern.compile("<(\\w[\\w.]*) [^>]*enabled=\"(true|false)\"");

    @TempDir
    Path dir;

    static List<Path> shippedPlans() throws IOException {
        try (Stream<Path> files = Files.list(PLANS)) {
            return files.filter(p -> p.toString().endsWith(".jmx")).sorted().toList();
        }
    }

    /** Every element's "tag enabled" in document order. */
    static List<String> switches(String plan) {
        Matcher m = ENABLED.matcher(plan);
        return m.results().map(r -> r.group(1) + " " + r.group(2)).toList();
    }

    @Test
    void everyShippedPlanLosesItsInfluxListenerAndNothingElse() throws IOException {
        List<Path> plans = shippedPlans();
        assertThat(plans).hasSizeGreaterThanOrEqualTo(4);
        for (Path plan : plans) {
            String text = Files.readString(plan, StandardCharsets.UTF_8);
            assertThat(text).as(plan.toString()).contains(PlanWithoutInflux.CLIENT);
            Path copy = PlanWithoutInflux.write(plan, dir.resolve(plan.getFileName() + ".d"));
            assertThat(copy).isNotEqualTo(plan).hasFileName(plan.getFileName().toString());
            String without = Files.readString(copy, StandardCharsets.UTF_8);
            List<String> before = switches(text);
            List<String> after = switches(without);
            assertThat(after).hasSameSizeAs(before);
            for (int i = 0; i < before.size(); i++) {
                String expected = before.get(i).equals("BackendListener true") ? "BackendListener false"
                        : before.get(i);
                assertThat(after.get(i)).as("%s element %d", plan.getFileName(), i).isEqualTo(expected);
            }
            assertThat(before).as(plan.toString()).contains("BackendListener true");
            // and the texts are the same once the switches are left out
            assertThat(without.replaceAll(" enabled=\"(true|false)\"", ""))
                    .isEqualTo(text.replaceAll(" enabled=\"(true|false)\"", ""));
        }
    }

    @Test
    void aPlanWithoutOurListenerIsRunAsItIs() throws IOException {
        Path plan = dir.resolve("own.jmx");
        String other = "<BackendListener guiclass=\"BackendListenerGui\" testclass=\"BackendListener\" enabled=\"true\">"
                + "<stringProp name=\"classname\">org.apache.jmeter.visualizers.backend.graphite."
                + "GraphiteBackendListenerClient</stringProp></BackendListener>";
        Files.writeString(plan, "<jmeterTestPlan>" + other + "</jmeterTestPlan>");
        assertThat(PlanWithoutInflux.write(plan, dir.resolve("out"))).isEqualTo(plan);
        assertThat(dir.resolve("out")).doesNotExist();
    }
}
