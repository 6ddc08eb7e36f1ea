package io.dubbostress.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bench runs the shipped plans with the PerfMon collector taken out, and nothing else changed. */
class BenchPlansTest {

    private static final Path PLANS = Path.of(System.getProperty("stress.home", "..")).resolve("test-plans");

    @TempDir
    Path dir;

    @Test
    void thePerfMonCollectorAndItsTreeAreTakenOutTheRestStays() throws Exception {
        for (String plan : new String[] {"dubbo-direct.jmx", "dubbo-hop.jmx"}) {
            Path source = PLANS.resolve(plan);
            Path target = dir.resolve(plan);
            assertThat(BenchPlans.withoutPerfMon(source, target)).as(plan).isEqualTo(1);
            String before = Files.readString(source, StandardCharsets.UTF_8);
            String after = Files.readString(target, StandardCharsets.UTF_8);
            assertThat(after).doesNotContain(BenchPlans.PERFMON_COLLECTOR, "metricConnections");
            assertThat(count(after, "<hashTree")).isEqualTo(count(before, "<hashTree") - 1);
            assertThat(count(after, "<io.dubbostress.sampler.sampler.DubboSampler "))
                    .isEqualTo(count(before, "<io.dubbostress.sampler.sampler.DubboSampler ")).isEqualTo(2);
            assertThat(count(after, "<ThreadGroup ")).isEqualTo(2);
            assertThat(after).contains("${__P(payload,1024)}", "DubboSampler.responseCheck\">echo<");
        }
    }

    @Test
    void theGroovyPacedPlanHasTheOldTimerInsteadOfTheTargetRateSchedule() throws Exception {
        Path direct = dir.resolve("dubbo-direct.jmx");
        BenchPlans.withoutPerfMon(PLANS.resolve("dubbo-direct.jmx"), direct);
        Path groovy = dir.resolve("groovy.jmx");
        BenchPlans.withGroovyPacing(direct, groovy);
        String before = Files.readString(direct, StandardCharsets.UTF_8);
        String after = Files.readString(groovy, StandardCharsets.UTF_8);
        assertThat(before).contains("<" + BenchPlans.TARGET_RATE_SCHEDULE + " ");
        assertThat(after).doesNotContain(BenchPlans.TARGET_RATE_SCHEDULE).contains("<ConstantThroughputTimer ")
                .contains("<intProp name=\"calcMode\">2</intProp>")
                // the expression as the plans had it: JMeter's escaped commas, the rate steps from the property
                .contains("${__groovy(def steps = props.getProperty('rate'\\,'0').split('\\,')");
        // the same tree otherwise: the timer takes the schedule's place, its hashTree stays
        assertThat(count(after, "<hashTree")).isEqualTo(count(before, "<hashTree"));
        assertThat(count(after, "<io.dubbostress.sampler.sampler.DubboSampler ")).isEqualTo(2);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
