package io.dubbostress.sampler.failure;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;

class FailureTest {

    @Test
    void dubboErrorKindsBecomeResponseCodes() {
        assertThat(Failure.of(new RpcException(RpcException.TIMEOUT_EXCEPTION, "Invoke remote method timeout.\nmore"))
                .toString()).isEqualTo("TIMEOUT: Invoke remote method timeout.");
        assertThat(Failure.of(new RpcException(RpcException.NETWORK_EXCEPTION, "closed")).code()).isEqualTo("NETWORK");
        assertThat(Failure.of(new RpcException(RpcException.SERIALIZATION_EXCEPTION, "x")).code()).isEqualTo("SERIALIZATION");
        assertThat(Failure.of(new RpcException(RpcException.FORBIDDEN_EXCEPTION, "No provider available for x")).code())
                .isEqualTo("NO_PROVIDER");
        assertThat(Failure.of(new RpcException(RpcException.LIMIT_EXCEEDED_EXCEPTION, "x")).code()).isEqualTo("LIMIT_EXCEEDED");
        assertThat(Failure.of(new ConfigurationException("DubboSampler.timeout: 'x' is not a whole number")).code())
                .isEqualTo("CONFIG");
    }

    @Test
    void moduleAccessFailuresGiveTheExactJvmArgs() {
        RuntimeException inaccessible = new RuntimeException("Unable to make field private final int[] "
                + "java.math.BigInteger.mag accessible: module java.base does not \"opens java.math\" to unnamed module @1");
        Failure failure = Failure.of(new RpcException("Failed to send", inaccessible));
        assertThat(failure.code()).isEqualTo("JVM_ARGS");
        assertThat(failure.message()).contains("JVM_ARGS=\"--add-opens java.base/java.math=ALL-UNNAMED\"");
    }

    @Test
    void messagesAreOneShortLine() {
        String longText = "a\nb\tc" + "x".repeat(1000);
        Failure failure = Failure.of("CODE", longText);
        assertThat(failure.message()).doesNotContain("\n", "\t").hasSize(Failure.MAX_MESSAGE_CHARS);
    }
}
