package io.dubbostress.sampler.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.sampler.failure.ConfigurationException;
import org.junit.jupiter.api.Test;

/** The Registry group field on a registry address: replacing every group= of the address, nothing else touched. */
class RegistryGroupTest {

    private static final String FIELD = "DubboSampler.registryGroup";

    @Test
    void theFieldReplacesEveryGroupOfTheAddressAndKeepsTheOtherParameters() {
        assertThat(RegistryGroup.onAddress("zookeeper://127.0.0.1:2181", "dubbo-2.6", FIELD))
                .isEqualTo("zookeeper://127.0.0.1:2181?group=dubbo-2.6");
        assertThat(RegistryGroup.onAddress("zookeeper://127.0.0.1:2181?group=a&backup=127.0.0.1:2182&group&group=b",
                "/shop/eu", FIELD)).isEqualTo("zookeeper://127.0.0.1:2181?backup=127.0.0.1:2182&group=/shop/eu");
        // a parameter whose name only starts with "group" is another parameter
        assertThat(RegistryGroup.onAddress("nacos://127.0.0.1:8848?groupName=x&namespace=dev", "ORDERS", FIELD))
                .isEqualTo("nacos://127.0.0.1:8848?groupName=x&namespace=dev&group=ORDERS");
        assertThat(RegistryGroup.onAddress("zookeeper://u:p@127.0.0.1:2181,127.0.0.1:2182?", "g:1.0", FIELD))
                .isEqualTo("zookeeper://u:p@127.0.0.1:2181,127.0.0.1:2182?group=g:1.0");
    }

    @Test
    void anEmptyFieldAndAddressesWithoutARegistryAreLeftAsTheyAre() {
        assertThat(RegistryGroup.onAddress("zookeeper://127.0.0.1:2181?group=x", " ", FIELD))
                .isEqualTo("zookeeper://127.0.0.1:2181?group=x");
        for (String address : new String[] {"dubbo://127.0.0.1:20880", "127.0.0.1:20880,127.0.0.1:20881",
            "tri://127.0.0.1:50051", "http://127.0.0.1:8080/stressTest/string1k", "https://h/x", "triple://h:1",
            "grpc://h:1", ""}) {
            assertThat(RegistryGroup.onAddress(address, "g", FIELD)).as(address).isEqualTo(address);
        }
    }

    @Test
    void aGroupWithCharactersNoRegistryTakesIsRefusedNamingTheField() {
        for (String bad : new String[] {"a b", "a&b", "a?b", "a=b", "a,b", "grüppe", "${x"}) {
            assertThatThrownBy(() -> RegistryGroup.onAddress("zookeeper://127.0.0.1:2181", bad, FIELD)).as(bad)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessage(FIELD + ": '" + bad + "' is not a registry group (letters, digits and . _ : / -"
                            + " only)");
        }
    }
}
