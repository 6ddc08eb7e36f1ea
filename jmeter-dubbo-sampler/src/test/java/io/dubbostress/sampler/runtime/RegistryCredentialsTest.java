package io.dubbostress.sampler.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RegistryCredentialsTest {

    @Test
    void takesUserInfoOutOfTheAddress() {
        RegistryCredentials c = RegistryCredentials.of("zookeeper://zk:s3~cr@127.0.0.1:2181?timeout=3000", "", "");
        assertThat(c.address()).isEqualTo("zookeeper://127.0.0.1:2181?timeout=3000");
        assertThat(c.user()).isEqualTo("zk");
        assertThat(c.password()).isEqualTo("s3~cr");
    }

    @Test
    void takesUserAndPasswordParametersOutOfTheAddress() {
        RegistryCredentials c = RegistryCredentials.of(
                "nacos://127.0.0.1:8848?namespace=dev&username=nacos&password=pw~1&group=G", "", "");
        assertThat(c.address()).isEqualTo("nacos://127.0.0.1:8848?namespace=dev&group=G");
        assertThat(c.user()).isEqualTo("nacos");
        assertThat(c.password()).isEqualTo("pw~1");
        assertThat(RegistryCredentials.of("nacos://h:1?password=x", "", "").address()).isEqualTo("nacos://h:1");
        assertThat(RegistryCredentials.of("nacos://h:1?password=x&secretKey=k", "", "").address())
                .isEqualTo("nacos://h:1?secretKey=k");
    }

    @Test
    void theFieldsWinAndAnAddressWithoutCredentialsStaysAsItIs() {
        RegistryCredentials c = RegistryCredentials.of("zookeeper://zk:old@127.0.0.1:2181", "admin", "new");
        assertThat(c.user()).isEqualTo("admin");
        assertThat(c.password()).isEqualTo("new");
        assertThat(RegistryCredentials.of("zookeeper://127.0.0.1:2181/x?a=1", "", "").address())
                .isEqualTo("zookeeper://127.0.0.1:2181/x?a=1");
    }
}
