package io.dubbostress.sampler.call;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
