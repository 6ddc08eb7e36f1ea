package io.dubbostress.cli.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.jtl.JtlColumn;
import io.dubbostress.sampler.jtl.JtlVariables;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JTL's extra columns are spelled twice, once on each side of the jar boundary: in the sampler jar (Java 8, in
 * JMeter's lib/ext) by {@link JtlVariables}, which the sampler and the Target Rate Schedule write, and in stress-report
 * by {@link JtlColumn}, which the report reads and {@code stress run} asks JMeter to write. Here the two are the same
 * (the sampler class comes from the shipped 3.3 jar, the one on this module's test class path).
 */
class JtlColumnsAgreeTest {

    @Test
    void theSamplerJarAndTheReportSpellTheExtraColumnsAlike() {
        assertThat(List.of(JtlVariables.ELAPSED_US, JtlVariables.DUE_US, JtlVariables.LAG_US, JtlVariables.RESPONSE_US))
                .containsExactlyElementsOf(JtlColumn.EXTRA.stream().map(JtlColumn::headerName).toList());
        assertThat(JtlVariables.SAMPLE_VARIABLES).isEqualTo(JtlColumn.sampleVariables())
                .isEqualTo("elapsed_us,due_us,lag_us,response_us");
        // what stress run has JMeter write (JTL_PROPERTIES is made in a static initializer: never the null of a field
        // declared after it)
        assertThat(JMeterRun.JTL_PROPERTIES).containsEntry("sample_variables", JtlColumn.sampleVariables());
        assertThat(JMeterRun.SAMPLE_VARIABLES).isEqualTo(JtlColumn.sampleVariables());
        // each name is a column the report reads, not one it passes over
        for (String name : JtlVariables.SAMPLE_VARIABLES.split(",")) {
            assertThat(JtlColumn.ofHeader(name)).as(name).isNotEqualTo(JtlColumn.OTHER);
        }
    }
}
