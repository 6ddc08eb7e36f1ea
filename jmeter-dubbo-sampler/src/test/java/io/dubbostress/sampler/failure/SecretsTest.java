package io.dubbostress.sampler.failure;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.runtime.ReferenceKey;
import org.junit.jupiter.api.Test;

class SecretsTest {

    @Test
    void masksPasswordsSecretKeysAndTokensOfRegistryAddresses() {
        assertThat(Secrets.masked("nacos://nacos:s3cret@127.0.0.1:8848?namespace=dev&secretKey=abc&accessKey=AK"))
                .isEqualTo("nacos://nacos:***@127.0.0.1:8848?namespace=dev&secretKey=***&accessKey=***");
        assertThat(Secrets.masked("nacos://127.0.0.1:8848?password=p1&username=u&accessToken=t&group=G"))
                .isEqualTo("nacos://127.0.0.1:8848?password=***&username=u&accessToken=***&group=G");
        assertThat(Secrets.masked("Can not create registry zookeeper://h:2181/x?check=true&password=p, cause"))
                .isEqualTo("Can not create registry zookeeper://h:2181/x?check=true&password=***, cause");
        assertThat(Secrets.masked("user:pw@ is not a URL, PASSWORD=x is")).isEqualTo("user:pw@ is not a URL,"
                + " PASSWORD=*** is");
    }

    /** InfluxDB 1.x's credentials in a write URL: the password goes, the user, host, port and database stay. */
    @Test
    void masksTheCredentialsOfAnInfluxDbWriteUrl() {
        assertThat(Secrets.masked("http://127.0.0.1:8086/write?db=jmeter&u=admin&p=s3cr%26t"))
                .isEqualTo("http://127.0.0.1:8086/write?db=jmeter&u=admin&p=***");
        assertThat(Secrets.masked("writes to http://h:8086/write?p=s3cret&db=x&rp=week"))
                .isEqualTo("writes to http://h:8086/write?p=***&db=x&rp=week");
        assertThat(Secrets.masked("https://admin:s3cret@influx.example:8086/write?db=x"))
                .isEqualTo("https://admin:***@influx.example:8086/write?db=x");
        assertThat(Secrets.masked("influxdbToken=t0k123, influxdb_token=t0k456")).doesNotContain("t0k");
        // p= is a parameter of a URL's query only: a word that ends in p is left alone
        assertThat(Secrets.masked("http://h/write?db=x&rp=week&dump=1"))
                .isEqualTo("http://h/write?db=x&rp=week&dump=1");
    }

    @Test
    void leavesTextWithoutSecretsAlone() {
        String plain = "dubbo://127.0.0.1:20880/io.x.Service?timeout=1000&group=g";
        assertThat(Secrets.masked(plain)).isEqualTo(plain);
        assertThat(Secrets.masked(null)).isNull();
        assertThat(Secrets.masked("zookeeper://user@127.0.0.1:2181")).isEqualTo("zookeeper://user@127.0.0.1:2181");
    }

    @Test
    void referenceKeysAndFailuresShowAddressesMasked() {
        ReferenceKey key = new ReferenceKey("nacos://127.0.0.1:8848?secretKey=sk1", "nacos", "pw1", "io.x.S", "", "",
                1000, 0, 0, "", "", "", false);
        assertThat(key.toString()).contains("secretKey=***").doesNotContain("sk1").doesNotContain("pw1");
        Failure f = Failure.of(new RegistryException("the nacos registry (nacos://u:pw2@h:1) cannot be created", null));
        assertThat(f.code()).isEqualTo(Failure.REGISTRY);
        assertThat(f.message()).isEqualTo("the nacos registry (nacos://u:***@h:1) cannot be created");
    }

    /** The Nacos client's own lines: its settings at start and a failed login's form, masked whole. */
    @Test
    void masksTheNacosClientsDesensitisedValues() {
        assertThat(Secrets.masked("Nacos client key init properties: \n\tserverAddr=127.0.0.1:8848\n\tusername=nacos"
                + "\n\tpassword=Pw********xK\n\tsecretKey=sk*********33\n")).isEqualTo("Nacos client key init"
                + " properties: \n\tserverAddr=127.0.0.1:8848\n\tusername=nacos\n\tpassword=***\n\tsecretKey=***\n");
        assertThat(Secrets.masked("login http request failed url: http://h/nacos/v1/auth/users/login, params: {},"
                + " bodyMap: {password=Pw***xK, username=nacos}, errorMsg: refused")).isEqualTo("login http request"
                + " failed url: http://h/nacos/v1/auth/users/login, params: {}, bodyMap: {password=***, username=nacos},"
                + " errorMsg: refused");
    }
}
