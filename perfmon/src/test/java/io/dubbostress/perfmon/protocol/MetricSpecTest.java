package io.dubbostress.perfmon.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MetricSpecTest {

    @Test
    void typeIsWhatPrecedesTheFirstSpaceInLowerCase() {
        assertThat(MetricSpec.parse("Disks I/O:writebytes").type()).isEqualTo("disks");
        assertThat(MetricSpec.parse("network i/o:bytesrecv:iface=lo").type()).isEqualTo("network");
        assertThat(MetricSpec.parse("CPU").type()).isEqualTo("cpu");
    }

    @Test
    void knownKeysAreOptionsAndTheLastPlainFieldIsTheKind() {
        MetricSpec spec = MetricSpec.parse("memory:pid=42:unit=mb:label=jvm:resident");
        assertThat(spec.option("pid")).isEqualTo("42");
        assertThat(spec.option("unit")).isEqualTo("mb");
        assertThat(spec.option("label")).isEqualTo("jvm");
        assertThat(spec.kind()).isEqualTo("resident");
        assertThat(spec.params()).containsExactly("resident");
    }

    @Test
    void escapedColonsStayInsideAField() {
        MetricSpec spec = MetricSpec.parse("jmx:url=localhost\\:4711:gc-time");
        assertThat(spec.option("url")).isEqualTo("localhost:4711");
        assertThat(spec.kind()).isEqualTo("gc-time");
        assertThat(MetricSpec.splitFields("a\\:b:c\\d")).containsExactly("a:b", "c\\d");
    }

    @Test
    void execKeepsItsArgumentsInOrder() {
        MetricSpec spec = MetricSpec.parse("exec:/bin/sh:-c:echo 1\\:2");
        assertThat(spec.params()).containsExactly("/bin/sh", "-c", "echo 1:2");
    }

    @Test
    void noKindMeansTheDefault() {
        assertThat(MetricSpec.parse("cpu").kind()).isEmpty();
        assertThat(MetricSpec.parse("cpu:").kind()).isEmpty();
    }

    @Test
    void malformedSpecsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> MetricSpec.parse("  ")).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("empty metric");
        assertThatThrownBy(() -> MetricSpec.parse("cpu:pid=")).hasMessageContaining("'pid=' without a value");
        assertThatThrownBy(() -> MetricSpec.parse("cpu:pid=1:pid=2")).hasMessageContaining("'pid=' given twice");
        assertThatThrownBy(() -> MetricSpec.parse(":usedperc")).hasMessageContaining("without a type");
        assertThatThrownBy(() -> MetricSpec.parse("cpu:" + "x".repeat(5000)))
                .hasMessageContaining("longer than 4096");
    }
}
