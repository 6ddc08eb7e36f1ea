package io.dubbostress.sampler.idl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.sampler.sampler.SamplerFields;
import org.junit.jupiter.api.Test;

/** The IDL plan from the sampler's fields, and what each wrong field says (no server needed). */
class IdlCallsTest {

    static DubboSampler sampler(String address) {
        DubboSampler s = new DubboSampler();
        s.setProperty(DubboSampler.ADDRESS, address);
        s.setProperty(DubboSampler.INTERFACE, "test.shop.v1.CartService");
        s.setProperty(DubboSampler.METHOD, "Get");
        s.setProperty(DubboSampler.ARGUMENTS, "{\"id\": 7, \"user\": {\"$payload\": 100}}");
        s.setProperty(DubboSampler.PROTO_FILES, ProtoFilesTest.SHOP);
        s.setProperty(DubboSampler.PROTO_PATH, ProtoFilesTest.ROOT.toString());
        return s;
    }

    /** The plan the IDL call makes of the sampler's fields (with an attachment, sent as metadata). */
    static IdlPlan plan(DubboSampler s) {
        if (s.getPropertyAsString(DubboSampler.ATTACHMENTS).isEmpty()) {
            s.setProperty(DubboSampler.ATTACHMENTS, "{\"traceId\": \"t-1\"}");
        }
        return IdlCalls.plan(SamplerFields.read(s), IdlCallsTest.class.getClassLoader());
    }

    @Test
    void thePlanNamesTargetMethodRequestAndMetadata() {
        DubboSampler s = sampler("tri://127.0.0.1:50051");
        s.setProperty(DubboSampler.VERSION, "2.0.0");
        s.setProperty(DubboSampler.GROUP, "gold");
        IdlPlan plan = plan(s);
        assertThat(plan.samplerData()).isEqualTo("tri://127.0.0.1:50051 test.shop.v1.CartService/Get (unary),"
                + " request test.shop.v1.Cart, 104 bytes, types from shop/v1/shop.proto, metadata [traceId,"
                + " tri-service-version, tri-service-group]\ntimeout 5000 ms");
        assertThat(plan.resolved().headers.get(":path").toString()).isEqualTo("/test.shop.v1.CartService/Get");
        assertThat(plan.resolved().headers.get("grpc-timeout").toString()).isEqualTo("5000m");
        assertThat(plan.resolved().headers.get("tri-service-group").toString()).isEqualTo("gold");
        assertThat(plan.resolved().headers.get("traceid").toString()).isEqualTo("t-1");
        // the frame: not compressed, 4 bytes of length, the message
        byte[] frame = plan.resolved().requestFrame;
        assertThat(frame[0]).isZero();
        assertThat(((frame[3] & 0xff) << 8) | (frame[4] & 0xff)).isEqualTo(frame.length - 5).isEqualTo(104);
    }

    @Test
    void badFieldsAreNamed() {
        DubboSampler versioned = sampler("grpc://127.0.0.1:50051");
        versioned.setProperty(DubboSampler.VERSION, "2.0.0");
        assertThatThrownBy(() -> plan(versioned)).hasMessage("DubboSampler.version: '2.0.0': a gRPC server"
                + " (grpc://127.0.0.1:50051) has no Dubbo versions or groups; tri:// calls a Dubbo triple provider"
                + " with them");
        DubboSampler typed = sampler("grpc://127.0.0.1:50051");
        typed.setProperty(DubboSampler.INVOCATION, "typed");
        assertThatThrownBy(() -> plan(typed)).hasMessageStartingWith("DubboSampler.invocation: 'typed': ");
        DubboSampler noService = sampler("grpc://127.0.0.1:50051");
        noService.removeProperty(DubboSampler.INTERFACE);
        assertThatThrownBy(() -> plan(noService)).hasMessageStartingWith("DubboSampler.interface: empty: name the IDL"
                + " service");
        DubboSampler clientStreaming = sampler("grpc://127.0.0.1:50051");
        clientStreaming.setProperty(DubboSampler.METHOD, "Fill");
        assertThatThrownBy(() -> plan(clientStreaming)).hasMessage("DubboSampler.method: test.shop.v1.CartService/Fill"
                + " is client-streaming: the sampler calls unary and server-streaming methods only");
        DubboSampler wrongType = sampler("grpc://127.0.0.1:50051");
        wrongType.setProperty(DubboSampler.PARAMETER_TYPES, "test.shop.v1.Item");
        assertThatThrownBy(() -> plan(wrongType)).hasMessage("DubboSampler.parameterTypes: 'test.shop.v1.Item' is not"
                + " the request type of test.shop.v1.CartService/Get (test.shop.v1.Cart, from shop/v1/shop.proto; leave"
                + " it empty or give that)");
        // the transport's header names and non-base64 binary metadata, before anything is sent
        for (String[] bad : new String[][] {{":path", "/x.Y/Z", "an HTTP/2 pseudo-header, which the transport sets"},
            {"grpc-timeout", "1n", "grpc-* names are gRPC's transport's (the deadline comes from"
                    + " DubboSampler.timeout)"}, {"TE", "trailers", "a header the transport sets"},
            {"x-bin", "not base64 !", "a -bin value must be base64 (gRPC's binary metadata), was 'not base64 !'"}}) {
            DubboSampler metadata = sampler("grpc://127.0.0.1:50051");
            metadata.setProperty(DubboSampler.ATTACHMENTS, "{\"" + bad[0] + "\": \"" + bad[1] + "\"}");
            assertThatThrownBy(() -> plan(metadata)).hasMessage("DubboSampler.attachments: '" + bad[0] + "': "
                    + bad[2]);
        }
        DubboSampler binary = sampler("grpc://127.0.0.1:50051");
        binary.setProperty(DubboSampler.ATTACHMENTS, "{\"x-trace-bin\": \"AAEC\", \"x-user\": \"ann\"}");
        assertThat(plan(binary)).isNotNull();
        assertThatThrownBy(() -> plan(sampler("grpc://127.0.0.1"))).hasMessage("DubboSampler.address: malformed"
                + " address 'grpc://127.0.0.1' (expected grpc://host:port, one server)");
        DubboSampler noCa = sampler("grpc://127.0.0.1:50051");
        noCa.setProperty(DubboSampler.TLS_CA_FILE, "no/ca.pem");
        assertThatThrownBy(() -> plan(noCa)).hasMessage("DubboSampler.tlsCaFile: no file 'no/ca.pem'");
    }

    @Test
    void withoutProtoFilesTheTypesComeFromTheServerLater() {
        DubboSampler s = sampler("grpc://127.0.0.1:50051");
        s.removeProperty(DubboSampler.PROTO_FILES);
        IdlPlan plan = plan(s);
        assertThat(plan.resolved()).isNull();
        assertThat(plan.samplerData()).startsWith("grpc://127.0.0.1:50051 test.shop.v1.CartService/Get, types from"
                + " server reflection");
    }
}
