package io.dubbostress.sampler.runtime;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.sampler.failure.ConfigurationException;
import org.junit.jupiter.api.Test;

class DubboAddressTest {

    @Test
    void theTripleProtocolIsSaidToBeUnsupportedNotAnUnknownRegistry() {
        assertThatThrownBy(() -> DubboAddress.parse("tri://127.0.0.1:50051", "DubboSampler.address"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("the triple protocol (tri://) is not supported by this jar")
                .hasMessageContaining("dubbo://host:port").hasMessageNotContaining("unknown registry");
    }
}
