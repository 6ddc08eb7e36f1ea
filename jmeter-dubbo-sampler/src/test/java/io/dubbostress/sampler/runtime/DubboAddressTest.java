package io.dubbostress.sampler.runtime;

import static org.assertj.core.api.Assertions.assertThat;
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

    /** Issue 41: a direct address's group= and version= were not taken (refused as a malformed address). */
    @Test
    void aDirectAddressGivesItsServiceGroupAndVersionAndNothingElse() {
        assertThat(DubboAddress.serviceParameters("dubbo://127.0.0.1:20880?group=gold&version=2.0.0", "f"))
                .containsExactly("dubbo://127.0.0.1:20880", "gold", "2.0.0");
        assertThat(DubboAddress.serviceParameters("dubbo://a:1?version=1.0,dubbo://b:2?version=1.0", "f"))
                .containsExactly("dubbo://a:1,dubbo://b:2", "", "1.0");
        assertThat(DubboAddress.serviceParameters("dubbo://127.0.0.1:20880", "f")).isNull();
        // a registry's group= is its registry group, not the service's
        assertThat(DubboAddress.serviceParameters("zookeeper://127.0.0.1:2181?group=dubbo-2.6", "f")).isNull();
        assertThatThrownBy(() -> DubboAddress.serviceParameters("dubbo://127.0.0.1:20880?timeout=10", "f"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("f: 'timeout=10' in 'dubbo://127.0.0.1:20880?timeout=10': a direct address takes group="
                        + " and version= only (the service's; every other setting is a field of the sampler)");
        assertThatThrownBy(() -> DubboAddress.serviceParameters("dubbo://a:1?group=x,dubbo://b:2?group=y", "f"))
                .hasMessageContaining("its addresses name different groups or versions");
    }
}
