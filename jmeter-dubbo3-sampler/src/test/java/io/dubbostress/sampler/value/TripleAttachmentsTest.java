package io.dubbostress.sampler.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.sampler.failure.ConfigurationException;
import io.dubbostress.sampler.runtime.RegistryGroup;
import org.junit.jupiter.api.Test;

/**
 * Attachments for a triple call (the 3.3 jar): HTTP/2 headers carry strings, numbers, booleans and dates as text,
 * Dubbo 3 drops the rest; the sampler refuses the rest, naming it. A tri:// address takes no registry group.
 */
class TripleAttachmentsTest {

    private static final String FIELD = "DubboSampler.attachments";
    private final ValueConverter converter = new ValueConverter(getClass().getClassLoader());

    @Test
    void scalarsTravelOverTriple() {
        CallAttachments a = CallAttachments.parse("{\"s\": \"x\", \"n\": 42, \"d\": 1.50, \"b\": true,"
                + " \"when\": {\"$type\": \"java.util.Date\", \"value\": 0}}", converter, FIELD);
        assertThat(a.overTriple(FIELD)).isSameAs(a);
    }

    @Test
    void whatTripleWouldDropIsRefused() {
        assertThatThrownBy(() -> CallAttachments.parse("{\"s\": \"x\", \"list\": [1]}", converter, FIELD)
                .overTriple(FIELD)).isInstanceOf(ConfigurationException.class).hasMessage(FIELD + ": 'list' is a"
                        + " java.util.ArrayList, which the triple protocol cannot carry (its attachments are HTTP/2"
                        + " headers: strings, numbers, booleans and dates, sent as text; Dubbo drops anything else):"
                        + " send it as a string");
        assertThatThrownBy(() -> CallAttachments.parse("{\"day\": {\"$type\": \"java.time.LocalDate\", \"value\":"
                + " \"2024-01-31\"}}", converter, FIELD).overTriple(FIELD)).hasMessageContaining("'day' is a"
                        + " java.time.LocalDate");
    }

    @Test
    void aTripleAddressHasNoRegistryGroup() {
        assertThat(RegistryGroup.onAddress("tri://127.0.0.1:50051", "g", "DubboSampler.registryGroup"))
                .isEqualTo("tri://127.0.0.1:50051");
    }
}
