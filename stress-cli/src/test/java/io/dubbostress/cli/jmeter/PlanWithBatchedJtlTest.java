package io.dubbostress.cli.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.sampler.jtl.BatchedJtlWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plans a local run gives JMeter carry the Batched JTL Writer, and JMeter is run without -l. */
class PlanWithBatchedJtlTest {

    @TempDir
    Path dir;

    @Test
    void everyShippedPlanGetsTheWriterAsItsTestPlansFirstChildAndNothingElseChanges() throws IOException {
        for (Path plan : PlanWithoutInfluxTest.shippedPlans()) {
            String text = Files.readString(plan, StandardCharsets.UTF_8);
            Path copy = PlanWithBatchedJtl.write(plan, dir.resolve(plan.getFileName() + ".d"));
            String with = Files.readString(copy, StandardCharsets.UTF_8);
            List<String> before = PlanWithoutInfluxTest.switches(text);
            List<String> after = PlanWithoutInfluxTest.switches(with);
            // the Test Plan (with the elements inside it, its variables), then the writer, then every element as it was
            int inPlan = PlanWithoutInfluxTest.switches(text.substring(0, text.indexOf("</TestPlan>"))).size();
            assertThat(after.subList(0, inPlan)).isEqualTo(before.subList(0, inPlan));
            assertThat(after.get(inPlan)).isEqualTo(PlanWithBatchedJtl.WRITER + " true");
            assertThat(after.subList(inPlan + 1, after.size())).isEqualTo(before.subList(inPlan, before.size()));
            int planEnd = with.indexOf("</TestPlan>");
            assertThat(with.indexOf("<hashTree>", planEnd)).isLessThan(with.indexOf("<" + PlanWithBatchedJtl.WRITER));
            assertThat(with).contains("<stringProp name=\"" + BatchedJtlWriter.FILENAME + "\">${__P(jtl_file,)}"
                    + "</stringProp>");
        }
    }

    @Test
    void theSamplerJarsWriterIsTheClassAndPropertyThePlanNames() throws IOException {
        // spelled on each side of the jar boundary: the property name is the jar's constant, and both jars as built
        // hold the writer and its GUI under the names the plan gives JMeter
        assertThat(PlanWithBatchedJtl.FILENAME).isEqualTo(BatchedJtlWriter.FILENAME);
        for (String jar : List.of("jmeter-dubbo-sampler", "jmeter-dubbo3-sampler")) {
            Path target = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize()
                    .resolve(jar + "/target");
            Path file;
            try (var jars = Files.list(target)) {
                file = jars.filter(p -> p.getFileName().toString().matches(jar + "-[0-9][^-]*(-SNAPSHOT)?\\.jar"))
                        .findFirst().orElseThrow(() -> new AssertionError("no " + jar + " jar in " + target));
            }
            try (JarFile built = new JarFile(file.toFile())) {
                assertThat(built.getEntry(PlanWithBatchedJtl.WRITER_CLASS_FILE)).as(file.toString()).isNotNull();
                assertThat(built.getEntry(PlanWithBatchedJtl.WRITER_GUI.replace('.', '/') + ".class"))
                        .as(file.toString()).isNotNull();
            }
        }
    }

    @Test
    void aFileThatIsNoPlanIsRefusedWithOneLine() throws IOException {
        Path plan = Files.writeString(dir.resolve("not-a-plan.jmx"), "<jmeterTestPlan><hashTree/></jmeterTestPlan>");
        assertThatThrownBy(() -> PlanWithBatchedJtl.write(plan, dir.resolve("out")))
                .hasMessage("not a JMeter plan: no <TestPlan> element followed by its <hashTree>");
    }

    @Test
    void aLocalRunWritesItsJtlThroughTheWriterAndADistributedOneThroughMinusL() throws IOException {
        Path home = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize()
                .resolve("test-plans/jmeter-5.6.3/target/apache-jmeter-5.6.3");
        JMeterHome jmeter = JMeterHome.at(home);
        assertThat(jmeter.runsBatchedJtlWriter()).isTrue();
        Path plan = PlanWithoutInfluxTest.shippedPlans().get(0);
        Path local = dir.resolve("local");
        List<String> command = JMeterRun.prepare(JavaRuntime.current(), jmeter,
                JMeterRun.Spec.of("jmeter local", plan, local)).command();
        assertThat(command).doesNotContain("-l").contains("-Jjtl_file=" + local.resolve("results.jtl"))
                .contains(local.resolve(plan.getFileName()).toString());
        assertThat(Files.readString(local.resolve(plan.getFileName()))).contains(PlanWithBatchedJtl.WRITER);

        List<String> asked = JMeterRun.prepare(JavaRuntime.current(), jmeter,
                JMeterRun.Spec.of("jmeter -l", plan, dir.resolve("asked")).withJMeterJtlWriter(true)).command();
        assertThat(asked).contains("-l", plan.toString()).noneMatch(a -> a.startsWith("-Jjtl_file="));

        JMeterServers two = new JMeterServers() {
            @Override
            public int count() {
                return 2;
            }

            @Override
            public List<String> clientJvmFlags() {
                return List.of();
            }

            @Override
            public List<String> clientJMeterArgs() {
                return List.of("-R", "127.0.0.1:1099,127.0.0.1:1100");
            }
        };
        Path remote = dir.resolve("remote");
        List<String> distributed = JMeterRun.prepare(JavaRuntime.current(), jmeter,
                JMeterRun.Spec.of("jmeter remote", plan, remote).withGenerators(two)).command();
        assertThat(distributed).contains("-l", remote.resolve("results.jtl").toString(), plan.toString())
                .noneMatch(a -> a.startsWith("-Jjtl_file="));
    }
}
