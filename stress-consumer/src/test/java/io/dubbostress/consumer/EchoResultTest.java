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
    void reasonsAreCutToOneShortLine() {
        String reason = EchoResult.oneLine("x".repeat(1000) + "\nsecond line");
        assertThat(reason).hasSize(300).endsWith("...").doesNotContain("\n");
    }
}
