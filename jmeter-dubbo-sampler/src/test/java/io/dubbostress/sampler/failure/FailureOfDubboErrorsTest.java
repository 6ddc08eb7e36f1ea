package io.dubbostress.sampler.failure;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.EncoderException;
import java.net.InetSocketAddress;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;

/**
 * How Dubbo's failures become a code and one line: whole provider URLs lose their parameters (so the cause survives
 * the 400-character cut), and error responses are told apart from network failures: what the provider could not
 * serve, what this side could not encode (both ways Dubbo reports it), the payload limit.
 */
class FailureOfDubboErrorsTest {

    private static final String URL = "dubbo://127.0.0.1:38089/io.dubbostress.api.StressTestService?application="
            + "jmeter-dubbo-sampler&check=false&cluster=failover&generic=true&interface=io.dubbostress.api."
            + "StressTestService&loadbalance=random&logger=slf4j&methods=echo,echoOrder&pid=31694&proxy=dubbostressjdk"
            + "&qos.enable=false&register.ip=127.0.0.1&remote.application=&retries=0&serialization=hessian2&side="
            + "consumer&sticky=false&timeout=1000&timestamp=1795308290215";

    @Test
    void aClosedChannelKeepsItsCauseInTheMessage() {
        RpcException error = new RpcException(RpcException.NETWORK_EXCEPTION, "Failed to invoke remote method: $invoke,"
                + " provider: " + URL + ", cause: message can not send, because channel is closed . url:" + URL,
                new RemotingException((java.net.InetSocketAddress) null, null, "closed"));

        Failure failure = Failure.of(error);

        assertThat(failure.code()).isEqualTo("NETWORK");
        assertThat(failure.message()).isEqualTo("Failed to invoke remote method: $invoke, provider: dubbo://127.0.0.1:"
                + "38089/io.dubbostress.api.StressTestService, cause: message can not send, because channel is closed"
                + " . url:dubbo://127.0.0.1:38089/io.dubbostress.api.StressTestService");
    }

    @Test
    void textWithoutUrlsOrQueriesIsLeftAsItIs() {
        assertThat(Failure.withoutUrlQueries("Waiting server-side response timeout by scan timer. start time: "
                + "2026-11-22 00:45:01.563, timeout: 1000 ms, request: Request [id=1]"))
                .isEqualTo("Waiting server-side response timeout by scan timer. start time: 2026-11-22 00:45:01.563,"
                        + " timeout: 1000 ms, request: Request [id=1]");
        assertThat(Failure.withoutUrlQueries("channel: /127.0.0.1:1 -> /127.0.0.1:2, url: dubbo://a:1/x?y=1"))
                .isEqualTo("channel: /127.0.0.1:1 -> /127.0.0.1:2, url: dubbo://a:1/x");
    }

    private static final InetSocketAddress LOCAL = new InetSocketAddress("127.0.0.1", 34338);
    private static final InetSocketAddress REMOTE = new InetSocketAddress("127.0.0.1", 46459);

    private static RpcException invokeFailed(String cause, Throwable remoting) {
        return new RpcException(RpcException.NETWORK_EXCEPTION, "Failed to invoke remote method: $invoke, provider: "
                + URL + ", cause: " + cause, remoting);
    }

    private static RpcException errorResponse(String text) {
        return invokeFailed(text, new RemotingException(LOCAL, REMOTE, text));
    }

    /** The provider killed mid-write: the send fails on the dead connection with our own stack trace. */
    @Test
    void aSendThatBrokeOnADeadConnectionIsANetworkFailureNotTheProviders() {
        for (String broken : new String[] {"io.netty.channel.StacklessClosedChannelException",
            "java.io.IOException: Broken pipe", "java.net.SocketException: Connection reset"}) {
            Failure failure = Failure.of(errorResponse(broken + "\n\tat io.netty.channel.AbstractChannel$"
                    + "AbstractUnsafe.write(Object, ChannelPromise)(Unknown Source)\n\tat io.netty.channel."
                    + "DefaultChannelPipeline$HeadContext.write(DefaultChannelPipeline.java:1367)"));
            assertThat(failure.code()).as(broken).isEqualTo("NETWORK");
        }
        // the provider's own failure, with its stack trace, stays the provider's
        assertThat(Failure.of(errorResponse("java.lang.IllegalStateException: no such thing\n\tat "
                + "io.dubbostress.provider.X.y(X.java:1)")).code()).isEqualTo("PROVIDER_ERROR");
    }

    @Test
    void aRequestThisSideCouldNotEncodeIsASerializationFailureWhicheverWayDubboReportsIt() {
        String inner = "java.lang.NoClassDefFoundError: com/esotericsoftware/kryo/io/Output";
        // the encoder failed after the send returned: an error response carrying our own stack trace
        Failure asResponse = Failure.of(errorResponse("io.netty.handler.codec.EncoderException: " + inner
                + "\n\tat io.netty.handler.codec.MessageToByteEncoder.write(MessageToByteEncoder.java:125)"));
        // the encoder failed before the send returned: the send's cause
        String sendText = "Failed to send message Request [id=4, version=2.0.2, twoway=true, event=false,"
                + " broken=false, data=null] to /127.0.0.1:46459, cause: " + inner;
        Failure asCause = Failure.of(invokeFailed(sendText, new RemotingException(LOCAL, REMOTE, sendText,
                new EncoderException(new NoClassDefFoundError("com/esotericsoftware/kryo/io/Output")))));

        assertThat(asResponse.toString()).isEqualTo("SERIALIZATION: cannot encode the request here: " + inner);
        assertThat(asCause.toString()).isEqualTo(asResponse.toString());
    }

    @Test
    void thePayloadLimitSaysWhichSideAndBothSizes() {
        String tooLarge = "Data length too large: 8389692, max payload: 8388608, channel: NettyChannel [channel=[id:"
                + " 0xc2f1655c, L:/127.0.0.1:34338 - R:/127.0.0.1:46459]]";
        assertThat(Failure.of(errorResponse("io.netty.handler.codec.EncoderException: org.apache.dubbo.remoting"
                + ".transport.ExceedPayloadLimitException: " + tooLarge + "\n\tat x.y(Z.java:1)")).toString())
                .isEqualTo("PAYLOAD_LIMIT: the request is 8389692 bytes, beyond Dubbo's payload limit of 8388608"
                        + " bytes (the 'payload' setting, 8 MiB by default, on the provider and the consumer)");
        // the provider's encoder refuses its answer and says so in a BAD_RESPONSE
        assertThat(Failure.of(errorResponse(tooLarge)).toString())
                .isEqualTo("PAYLOAD_LIMIT: the provider's answer is 8389692 bytes, beyond Dubbo's payload limit of"
                        + " 8388608 bytes (the 'payload' setting, 8 MiB by default, on the provider and the consumer)");
    }

    @Test
    void aServiceVersionOrGroupTheProviderDoesNotExportIsNoProvider() {
        Failure failure = Failure.of(errorResponse("org.apache.dubbo.remoting.RemotingException: Not found exported"
                + " service: nope/io.dubbostress.api.StressTestService:1.0:46459 in [io.dubbostress.api.StressTestService"
                + ":46459, io.dubbostress.api.ProviderStatsService:46459], may be version or group mismatch , channel:"
                + " consumer: /127.0.0.1:34338 --> provider: /127.0.0.1:46459, message:RpcInvocation [methodName=$invoke]"
                + "\n\tat org.apache.dubbo.rpc.protocol.dubbo.DubboProtocol.getInvoker(DubboProtocol.java:266)"));

        assertThat(failure.toString()).isEqualTo("NO_PROVIDER: the provider 127.0.0.1:46459 does not export"
                + " nope/io.dubbostress.api.StressTestService:1.0 (it exports io.dubbostress.api.StressTestService,"
                + " io.dubbostress.api.ProviderStatsService): check the interface, version and group");
    }

    @Test
    void aClassTheProviderCannotLoadIsNamed() {
        Failure failure = Failure.of(errorResponse("org.apache.dubbo.rpc.RpcException: com.example.Nope\n\tat"
                + " org.apache.dubbo.rpc.filter.GenericFilter.invoke(GenericFilter.java:180)\nCaused by:"
                + " java.lang.ClassNotFoundException: com.example.Nope\n\tat java.base/java.lang.Class.forName0"));

        assertThat(failure.toString()).isEqualTo("PROVIDER_ERROR: the provider cannot load class com.example.Nope"
                + " (ClassNotFoundException): check the parameter types and \"class\" values");
    }

    @Test
    void aConnectionRefusedStaysANetworkFailure() {
        String refused = "client(url: " + URL + ") failed to connect to server /127.0.0.1:46459, error message"
                + " is:Connection refused: /127.0.0.1:46459";
        Failure failure = Failure.of(invokeFailed(refused, new RemotingException(LOCAL, REMOTE, refused)));

        assertThat(failure.code()).isEqualTo("NETWORK");
        assertThat(failure.message()).endsWith("failed to connect to server /127.0.0.1:46459, error message"
                + " is:Connection refused: /127.0.0.1:46459");
    }

    // texts as Dubbo 3.2.16 / 3.3.5 providers and a 2.7.23 consumer produce them (measured in OutsideProvidersIT)

    @Test
    void aTokenRefusalIsForbidden() {
        Failure f = Failure.of(errorResponse("org.apache.dubbo.rpc.RpcException: Invalid token! Forbid invoke remote"
                + " service interface io.x.Shop method hello() from consumer 127.0.0.1 to provider 127.0.0.1,"
                + " consumer incorrect token is null\n\tat org.apache.dubbo.rpc.filter.TokenFilter.invoke(...)"));
        assertThat(f.code()).isEqualTo("FORBIDDEN");
        assertThat(f.message()).startsWith("the provider refused the call: Invalid token! Forbid invoke remote service"
                + " interface io.x.Shop method hello()");
    }

    @Test
    void dubbo3sFailToDecodeRequestNamesTheServiceKeyAskedFor() {
        RpcException error = new RpcException(RpcException.NETWORK_EXCEPTION, "Failed to invoke remote method:"
                + " $invoke, provider: dubbo://127.0.0.1:44359/io.x.Shop?application=a&generic=true, cause: "
                + "org.apache.dubbo.remoting.RemotingException: Fail to decode request due to: RpcInvocation"
                + " [methodName=$invoke, parameterTypes=null]", new RemotingException(LOCAL, REMOTE,
                "Fail to decode request due to: RpcInvocation [methodName=$invoke, parameterTypes=null]"));
        Failure f = Failure.ofCall(error, "io.x.Shop", "gold", "9.9.9", "hello", new String[] {"java.lang.String"});
        assertThat(f.code()).isEqualTo("NO_PROVIDER");
        assertThat(f.message()).startsWith("the provider 127.0.0.1:44359 could not decode the request for"
                + " gold/io.x.Shop:9.9.9 (a Dubbo 3 provider answers this when it does not export the interface");
    }

    @Test
    void dubbo3sNoSuchMethodGetsTheParameterTypesBack() {
        Failure f = Failure.ofCall(errorResponse("org.apache.dubbo.rpc.RpcException: No such method nosuch in class"
                + " interface io.x.Shop\n\tat org.apache.dubbo.rpc.proxy.AbstractProxyInvoker.invoke(...)"),
                "io.x.Shop", "", "", "nosuch", new String[] {"java.lang.String", "int"});
        assertThat(f.toString()).isEqualTo("PROVIDER_ERROR: the provider has no method nosuch(java.lang.String, int)"
                + " in io.x.Shop (check the method name and parameter types)");
    }

    @Test
    void anAnswerThisSideCannotDecodeIsNotTheProvidersError() {
        Failure f = Failure.of(errorResponse("com.alibaba.com.caucho.hessian.io.HessianFieldException: io.x.Thing.when:"
                + " cannot set it\n\tat com.alibaba.com.caucho.hessian.io.JavaDeserializer.logDeserializeError(...)\n"
                + "\tat org.apache.dubbo.rpc.protocol.dubbo.DecodeableRpcResult.decode(DecodeableRpcResult.java:85)"));
        assertThat(f.code()).isEqualTo("SERIALIZATION");
        assertThat(f.message()).startsWith("cannot decode the provider's answer here: com.alibaba.com.caucho.hessian.io"
                + ".HessianFieldException: io.x.Thing.when: cannot set it");
        Failure collection = Failure.of(errorResponse("java.io.IOException: " + ThrowableDecoding.INCOMPLETE_COLLECTION
                + ThrowableDecoding.INCOMPLETE_COLLECTION_ADVICE + "\n\tat org.apache.dubbo.rpc.protocol.dubbo"
                + ".DecodeableRpcResult.decode(DecodeableRpcResult.java:85)"));
        assertThat(collection.toString()).startsWith("SERIALIZATION: the provider's hessian2 sent a JDK immutable"
                + " collection (List.of, Set.of, Map.of: java.util.CollSer) without its elements");
    }

    /**
     * Issue 41: a Dubbo 2.7.23 provider on Java 17 without java.math open, sent a BigInteger attachment: its error
     * response word for word (OutsideProvidersIT gets it from the real provider). Not the interface, version or group.
     */
    @Test
    void aProviderThatCannotSetAJdkFieldIsItsSerializationNotTheServiceKey() {
        Failure failure = Failure.of(errorResponse("Fail to decode request due to: com.alibaba.com.caucho.hessian.io."
                + "HessianFieldException: java.math.BigInteger.mag: [I cannot be assigned to '[I'"));
        assertThat(failure.code()).isEqualTo("SERIALIZATION");
        assertThat(failure.message()).isEqualTo("the provider 127.0.0.1:38089 could not decode the request: its"
                + " hessian2 cannot set java.math.BigInteger.mag (HessianFieldException), which a provider on Java 9+"
                + " does only with --add-opens java.base/java.math=ALL-UNNAMED in its JVM: a java.math.BigInteger"
                + " among this call's arguments or attachments needs that on the provider (or send the value as a"
                + " string)").doesNotContain("version");
    }

    /**
     * Issue 41: a dead address as the 3.3 jar sees it (texts of Dubbo 3.3.5, OutsideProvidersIT's dead cases): the
     * cause first (it came after 300 characters of Dubbo's cluster boilerplate and was cut), and the calls after the
     * first, which Dubbo 3 answers "No provider available" while the connection waits for its reconnect, NETWORK too.
     */
    @Test
    void aDeadAddressIsNetworkWithItsCauseEveryTime() {
        String first = "Failed to invoke the method hello in the service org.apache.dubbo.rpc.service.GenericService."
                + " Tried 1 times of the providers [127.0.0.1:36423] (1/1) from the registry 127.0.0.1:36423 on the"
                + " consumer 127.0.0.1 using the dubbo version 3.3.5. Last error is: Failed to invoke remote method:"
                + " hello, provider: " + URL + ", cause: client(url: " + URL + ") failed to connect to server"
                + " /127.0.0.1:36423, error message is:Connection refused: /127.0.0.1:36423";
        Failure failed = Failure.of(new RpcException(RpcException.NETWORK_EXCEPTION, first));
        assertThat(failed.code()).isEqualTo("NETWORK");
        assertThat(failed.message()).startsWith("Failed to invoke remote method: hello, provider: dubbo://127.0.0.1:"
                + "38089/io.dubbostress.api.StressTestService, cause:").contains("Connection refused: /127.0.0.1:36423")
                .endsWith("[Failed to invoke the method hello in the service org.apache.dubbo.rpc.service."
                        + "GenericService.]");
        String next = "Failed to invoke the method hello in the service org.apache.dubbo.rpc.service.GenericService."
                + " No provider available for the service io.dubbostress.outside.api.ShopService from registry"
                + " Directory(invokers: 1[127.0.0.1:36423], validInvokers: 0[], invokersToReconnect: 1[127.0.0.1:36423])"
                + " on the consumer 127.0.0.1 using the dubbo version 3.3.5. Please check if the providers have been"
                + " started and registered.";
        Failure again = Failure.of(new RpcException(RpcException.FORBIDDEN_EXCEPTION, next));
        assertThat(again.code()).isEqualTo("NETWORK");
        assertThat(again.message()).startsWith("no connection to 127.0.0.1:36423: every provider's connection failed"
                + " and Dubbo reconnects in the background");
        // no provider known at all stays NO_PROVIDER
        assertThat(Failure.of(new RpcException(RpcException.FORBIDDEN_EXCEPTION, next.replace("invokersToReconnect: 1"
                + "[127.0.0.1:36423]", "invokersToReconnect: 0[]").replace("invokers: 1[127.0.0.1:36423]", "invokers:"
                + " 0[]"))).code()).isEqualTo("NO_PROVIDER");
    }
}
