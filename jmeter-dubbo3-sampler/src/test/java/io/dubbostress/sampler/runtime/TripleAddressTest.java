package io.dubbostress.sampler.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.sampler.failure.ConfigurationException;
import org.junit.jupiter.api.Test;

/** The Address field as the Dubbo 3.3 jar reads it: {@code tri://} is a direct address like {@code dubbo://}. */
class TripleAddressTest {

    private static final String FIELD = "DubboSampler.address";

    @Test
    void triIsADirectAddress() {
        DubboAddress address = DubboAddress.parse("tri://127.0.0.1:50051, tri://127.0.0.1:50052", FIELD);
        assertThat(address.isDirect()).isTrue();
        assertThat(address.url()).isEqualTo("tri://127.0.0.1:50051;tri://127.0.0.1:50052");
        assertThat(DubboAddress.parse("dubbo://127.0.0.1:20880", FIELD).url()).isEqualTo("dubbo://127.0.0.1:20880");
    }

    @Test
    void aDirectListHasOneProtocol() {
        assertThatThrownBy(() -> DubboAddress.parse("tri://127.0.0.1:50051,dubbo://127.0.0.1:20880", FIELD))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("DubboSampler.address: 'dubbo://127.0.0.1:20880' in 'tri://127.0.0.1:50051,"
                        + "dubbo://127.0.0.1:20880': a direct target lists tri:// addresses only");
    }

    @Test
    void triplesOtherNamesAreTold() {
        assertThatThrownBy(() -> DubboAddress.parse("triple://127.0.0.1:50051", FIELD))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("DubboSampler.address: 'triple://127.0.0.1:50051': the triple protocol's scheme here is"
                        + " tri:// (not triple://)");
        assertThatThrownBy(() -> DubboAddress.parse("tri://127.0.0.1", FIELD))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("expected host:port");
    }
}
