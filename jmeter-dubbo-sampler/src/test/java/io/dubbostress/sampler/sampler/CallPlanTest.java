package io.dubbostress.sampler.sampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What the fields mean, worked out once per configuration (no Dubbo, no JMeter engine needed). */
class CallPlanTest {

    private static DubboSampler sampler() {
        DubboSampler s = new DubboSampler();
        s.setProperty(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20880");
        s.setProperty(DubboSampler.INTERFACE, "io.dubbostress.api.StressTestService");
        s.setProperty(DubboSampler.METHOD, "echo");
        s.setProperty(DubboSampler.PARAMETER_TYPES, "String");
        s.setProperty(DubboSampler.ARGUMENTS, "[\"abc\"]");
        return s;
    }

    private static CallPlan plan(DubboSampler s) {
        return CallPlan.build(s, CallPlanTest.class.getClassLoader());
    }

    @Test
    void defaultsApplyToEmptyFields() {
        CallPlan plan = plan(sampler());
        assertThat(plan.key().timeoutMs()).isEqualTo(DubboSampler.TIMEOUT_DEFAULT);
        assertThat(plan.key().retries()).isZero();
        assertThat(plan.key().loadbalance()).isEqualTo("random");
        assertThat(plan.key().serialization()).isEqualTo("hessian2");
        assertThat(plan.key().typed()).isFalse();
        assertThat(plan.echoCheck()).isFalse();
        assertThat(plan.responseDataChars()).isZero();
        assertThat(plan.attachments()).isEmpty();
        assertThat(plan.samplerData()).contains("echo(java.lang.String)", "3 payload bytes");
    }

    @Test
    void attachmentsAreAJsonObjectOfStrings() {
        DubboSampler s = sampler();
        s.setProperty(DubboSampler.ATTACHMENTS, "{\"traceId\": \"abc\", \"n\": 7}");
        assertThat(plan(s).attachments()).containsExactly(java.util.Map.entry("traceId", "abc"),
                java.util.Map.entry("n", "7"));
        s.setProperty(DubboSampler.ATTACHMENTS, "[1]");
        assertThatThrownBy(() -> plan(s)).hasMessageStartingWith("DubboSampler.attachments: must be a JSON object");
        s.setProperty(DubboSampler.ATTACHMENTS, "{\"a\": {\"b\": 1}}");
        assertThatThrownBy(() -> plan(s)).hasMessageContaining("the value of 'a' must be a string or a number");
    }

    @Test
    void theHopNeedsNoServiceFields() {
        DubboSampler s = new DubboSampler();
        s.setProperty(DubboSampler.ADDRESS, "http://127.0.0.1:8080/stressTest/string1k");
        CallPlan plan = plan(s);
        Call call = plan.newCall(null, getClass().getClassLoader());
        assertThat(call).isInstanceOf(HopCall.class);
        assertThat(plan.newCall(call, getClass().getClassLoader())).isInstanceOf(HopCall.class);
        assertThat(plan(sampler()).newCall(call, getClass().getClassLoader())).isInstanceOf(DubboCall.class);
        assertThat(plan.hopRequest().port()).isEqualTo(8080);
        assertThat(plan.samplerData()).startsWith("GET http://127.0.0.1:8080/stressTest/string1k");
        s.setProperty(DubboSampler.ADDRESS, "https://127.0.0.1/x");
        assertThatThrownBy(() -> plan(s)).hasMessageContaining("plain http:// only");
    }

    @Test
    void badSettingsNameTheKeyAndTheValue() {
        DubboSampler s = sampler();
        s.setProperty(DubboSampler.RETRIES, "-1");
        assertThatThrownBy(() -> plan(s)).hasMessage("DubboSampler.retries: -1 is below the minimum 0");
        s.setProperty(DubboSampler.RETRIES, "0");
        s.setProperty(DubboSampler.INVOCATION, "magic");
        assertThatThrownBy(() -> plan(s)).hasMessage("DubboSampler.invocation: 'magic' is not one of generic, typed, idl");
        s.setProperty(DubboSampler.INVOCATION, "generic");
        s.setProperty(DubboSampler.METHOD, "echo()");
        assertThatThrownBy(() -> plan(s)).hasMessage("DubboSampler.method: 'echo()' is not a method name");
        s.setProperty(DubboSampler.METHOD, "echo");
        s.setProperty(DubboSampler.ADDRESS, "");
        assertThatThrownBy(() -> plan(s)).hasMessageStartingWith("DubboSampler.address: empty");
    }

    /** jmeter-dubbo-sampler (this module's jar) has no IDL client: the field that asked for one is named (issue 28). */
    @Test
    void idlCallsNeedTheDubbo3Jar() {
        DubboSampler grpc = sampler();
        grpc.setProperty(DubboSampler.ADDRESS, "grpc://127.0.0.1:50051");
        assertThatThrownBy(() -> plan(grpc)).hasMessage("DubboSampler.address: 'grpc://127.0.0.1:50051': protobuf IDL"
                + " calls (gRPC) need jmeter-dubbo3-sampler in lib/ext; this jar, jmeter-dubbo-sampler, is the Dubbo"
                + " 2.7 client (dubbo:// only)");
        DubboSampler idl = sampler();
        idl.setProperty(DubboSampler.ADDRESS, "tri://127.0.0.1:50051");
        idl.setProperty(DubboSampler.INVOCATION, "idl");
        assertThatThrownBy(() -> plan(idl)).hasMessage("DubboSampler.invocation: 'idl': protobuf IDL calls (triple"
                + " with a .proto) need jmeter-dubbo3-sampler in lib/ext; this jar, jmeter-dubbo-sampler, is the"
                + " Dubbo 2.7 client (dubbo:// only)");
        DubboSampler wrong = sampler();
        wrong.setProperty(DubboSampler.INVOCATION, "proto");
        assertThatThrownBy(() -> plan(wrong)).hasMessage("DubboSampler.invocation: 'proto' is not one of generic,"
                + " typed, idl");
    }
}
