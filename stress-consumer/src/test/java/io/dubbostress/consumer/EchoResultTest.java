package io.dubbostress.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;

class EchoResultTest {

    @Test
    void okAndFailedBodiesAreSmallValidJson() {
        assertThat(EchoResult.ok(1024)).isEqualTo("{\"ok\":true,\"size\":1024}");
        assertThat(EchoResult.failed(7, "TIMEOUT: said \"no\"\nthen\tstopped"))
                .isEqualTo("{\"ok\":false,\"size\":7,\"error\":\"TIMEOUT: said \\\"no\\\" then stopped\"}");
        assertThat(EchoResult.badRequest("size must be 0..10 bytes, was -1"))
                .isEqualTo("{\"ok\":false,\"error\":\"size must be 0..10 bytes, was -1\"}");
    }

    @Test
    void namesDubboErrorKinds() {
        assertThat(EchoResult.describe(new RpcException(RpcException.TIMEOUT_EXCEPTION, "waited")))
                .isEqualTo("TIMEOUT: waited");
        assertThat(EchoResult.describe(new RpcException(RpcException.NETWORK_EXCEPTION, "refused")))
                .isEqualTo("NETWORK: refused");
        assertThat(EchoResult.describe(new RpcException(RpcException.SERIALIZATION_EXCEPTION, "bad")))
                .isEqualTo("SERIALIZATION: bad");
        assertThat(EchoResult.describe(new RpcException(RpcException.BIZ_EXCEPTION, "boom"))).isEqualTo("BIZ: boom");
        assertThat(EchoResult.describe(new RpcException("Failed to invoke the method echo. No provider available for"
                + " the service x"))).startsWith("NO_PROVIDER: Failed to invoke");
        assertThat(EchoResult.describe(new IllegalStateException("odd"))).isEqualTo("ERROR: odd");
    }

    @Test
    void reasonsAreCutToOneShortLineThatKeepsTheirEnd() {
        String reason = EchoResult.oneLine("x".repeat(1000) + "\nsecond line");
        assertThat(reason).hasSize(300).contains(" ... ").endsWith("x second line").doesNotContain("\n");
    }

    /**
     * Issue 41: a dead provider's message, as the consumer's Dubbo 2.7.23 says it: its cause ("Connection refused")
     * came after 300 characters of URL parameters, and the hop's answer was cut before it.
     */
    @Test
    void aDeadProvidersCauseSurvivesTheCut() {
        String url = "dubbo://127.0.0.1:20997/io.dubbostress.api.StressTestService?anyhost=true&application=stress-"
                + "consumer&check=false&dubbo=2.0.2&interface=io.dubbostress.api.StressTestService&loadbalance=random"
                + "&logger=slf4j&methods=echo,echoOrder&pid=4242&qos.enable=false&register.ip=127.0.0.1&remote."
                + "application=&retries=0&serialization=hessian2&side=consumer&sticky=false&timeout=5000"
                + "&timestamp=1795855006875";
        String reason = EchoResult.describe(new RpcException(RpcException.NETWORK_EXCEPTION, "Failed to invoke remote"
                + " method: echo, provider: " + url + ", cause: client(url: " + url + ") failed to connect to server"
                + " /127.0.0.1:20997, error message is:Connection refused: /127.0.0.1:20997"));
        assertThat(EchoResult.oneLine(reason)).hasSizeLessThanOrEqualTo(300).startsWith("NETWORK: Failed to invoke")
                .endsWith("error message is:Connection refused: /127.0.0.1:20997").doesNotContain("timestamp=");
    }
}
