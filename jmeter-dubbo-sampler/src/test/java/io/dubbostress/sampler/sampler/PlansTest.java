package io.dubbostress.sampler.sampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * What the fields mean for each call, worked out once per configuration ({@link DubboPlan}, {@link HopPlan}), and which
 * call they name ({@link Calls}); no Dubbo, no JMeter engine needed.
 */
class PlansTest {

    private static DubboSampler sampler() {
        DubboSampler s = new DubboSampler();
        s.setProperty(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20880");
        s.setProperty(DubboSampler.INTERFACE, "io.dubbostress.api.StressTestService");
        s.setProperty(DubboSampler.METHOD, "echo");
        s.setProperty(DubboSampler.PARAMETER_TYPES, "String");
        s.setProperty(DubboSampler.ARGUMENTS, "[\"abc\"]");
        return s;
    }

    private static DubboPlan plan(DubboSampler s) {
        return DubboPlan.of(SamplerFields.read(s), PlansTest.class.getClassLoader());
    }

    private static HopPlan hop(DubboSampler s) {
        return HopPlan.of(SamplerFields.read(s), PlansTest.class.getClassLoader());
    }

    @Test
    void defaultsApplyToEmptyFields() {
        DubboPlan plan = plan(sampler());
        assertThat(plan.key().timeoutMs()).isEqualTo(DubboSampler.TIMEOUT_DEFAULT);
        assertThat(plan.key().retries()).isZero();
        assertThat(plan.key().loadbalance()).isEqualTo("random");
        assertThat(plan.key().serialization()).isEqualTo("hessian2");
        assertThat(plan.key().typed()).isFalse();
        assertThat(plan.echoCheck()).isFalse();
        assertThat(plan.responseDataChars()).isZero();
        assertThat(plan.attachments().isEmpty()).isTrue();
        assertThat(plan.samplerData()).contains("echo(java.lang.String)", "3 payload bytes");
    }

    @Test
    void attachmentsKeepTheirJsonTypesAsArgumentsWithoutADeclaredTypeDo() {
        DubboSampler s = sampler();
        s.setProperty(DubboSampler.ATTACHMENTS, "{\"traceId\": \"abc\", \"n\": 7, \"big\": 9007199254740993,"
                + " \"price\": 1.50, \"on\": true, \"gone\": null, \"list\": [1, \"a\"], \"map\": {\"k\": 1},"
                + " \"int\": {\"$type\": \"int\", \"value\": 7},"
                + " \"day\": {\"$type\": \"java.time.LocalDate\", \"value\": \"2024-01-31\"},"
                + " \"payload\": {\"$payload\": 3}}");
        DubboPlan plan = plan(s);
        java.util.Map<String, Object> values = plan.attachments().values();
        // null is no attachment (what RpcContext.setObjectAttachment(key, null) does); the rest in the field's order
        assertThat(values.keySet()).containsExactly("traceId", "n", "big", "price", "on", "list", "map", "int", "day",
                "payload");
        assertThat(values.get("traceId")).isEqualTo("abc");
        assertThat(values.get("n")).isEqualTo(7L);
        assertThat(values.get("big")).isEqualTo(9007199254740993L);
        assertThat(values.get("price")).isEqualTo(new java.math.BigDecimal("1.50"));
        assertThat(values.get("on")).isEqualTo(Boolean.TRUE);
        assertThat(values.get("list")).isEqualTo(java.util.Arrays.asList(1L, "a"));
        assertThat(values.get("map")).isEqualTo(java.util.Collections.singletonMap("k", 1L));
        assertThat(values.get("int")).isEqualTo(7);
        assertThat(values.get("day")).isEqualTo(java.time.LocalDate.of(2024, 1, 31));
        assertThat(values.get("payload")).isEqualTo(io.dubbostress.api.Payloads.ofSize(3));
        assertThat(plan.samplerData()).contains("attachments [traceId, n, big, price, on, list, map, int, day,"
                + " payload]");

        s.setProperty(DubboSampler.ATTACHMENTS, "{\"gone\": null}");
        assertThat(plan(s).attachments().isEmpty()).isTrue();
        s.setProperty(DubboSampler.ATTACHMENTS, "[1]");
        assertThatThrownBy(() -> plan(s)).hasMessage("DubboSampler.attachments: must be a JSON object, like"
                + " {\"traceId\": \"abc\", \"tenant\": 7}, was '[1]'");
        s.setProperty(DubboSampler.ATTACHMENTS, "{\"when\": {\"$type\": \"java.time.LocalDate\", \"value\": \"31.1.\"}}");
        assertThatThrownBy(() -> plan(s)).hasMessage("DubboSampler.attachments 'when' (java.time.LocalDate):"
                + " \"31.1.\" is not a java.time.LocalDate (ISO-8601)");
        s.setProperty(DubboSampler.ATTACHMENTS, "{\"a\": ");
        assertThatThrownBy(() -> plan(s)).hasMessageStartingWith("DubboSampler.attachments: malformed JSON");
    }

    @Test
    void theRegistryGroupGoesOnTheRegistryUrlAndWinsOverTheAddresses() {
        DubboSampler s = sampler();
        s.setProperty(DubboSampler.ADDRESS, "zookeeper://127.0.0.1:2181?backup=127.0.0.1:2182&group=old&timeout=900");
        assertThat(plan(s).key().address()).isEqualTo(
                "zookeeper://127.0.0.1:2181?backup=127.0.0.1:2182&group=old&timeout=900");
        s.setProperty(DubboSampler.REGISTRY_GROUP, " dubbo-2.6 ");
        assertThat(plan(s).key().address()).isEqualTo(
                "zookeeper://127.0.0.1:2181?backup=127.0.0.1:2182&timeout=900&group=dubbo-2.6");
        assertThat(plan(s).samplerData()).contains("@ zookeeper://127.0.0.1:2181?backup=127.0.0.1:2182&timeout=900"
                + "&group=dubbo-2.6");
        s.setProperty(DubboSampler.ADDRESS, "zookeeper://127.0.0.1:2181");
        assertThat(plan(s).key().address()).isEqualTo("zookeeper://127.0.0.1:2181?group=dubbo-2.6");
        // the service group is another field, another key, and stays what it was
        s.setProperty(DubboSampler.SERVICE_GROUP, "gold");
        assertThat(plan(s).key().group()).isEqualTo("gold");
        assertThat(DubboSampler.GROUP).isEqualTo("DubboSampler.group").isEqualTo(DubboSampler.SERVICE_GROUP);
        // direct addresses and the hop have no registry: left as they are
        s.setProperty(DubboSampler.ADDRESS, "dubbo://127.0.0.1:20880");
        assertThat(plan(s).key().address()).isEqualTo("dubbo://127.0.0.1:20880");
        s.setProperty(DubboSampler.ADDRESS, "127.0.0.1:20880");
        assertThat(plan(s).key().address()).isEqualTo("127.0.0.1:20880");
        s.setProperty(DubboSampler.ADDRESS, "http://127.0.0.1:8080/stressTest/string1k");
        assertThat(hop(s).request().port()).isEqualTo(8080);
        s.setProperty(DubboSampler.ADDRESS, "zookeeper://127.0.0.1:2181");
        s.setProperty(DubboSampler.REGISTRY_GROUP, "a&b=c");
        assertThatThrownBy(() -> plan(s)).hasMessage("DubboSampler.registryGroup: 'a&b=c' is not a registry group"
                + " (letters, digits and . _ : / - only)");
    }

    @Test
    void theHopNeedsNoServiceFieldsAndKeepsItsConnectionWhileTheFieldsNameTheHop() {
        DubboSampler s = new DubboSampler();
        s.setProperty(DubboSampler.ADDRESS, "http://127.0.0.1:8080/stressTest/string1k");
        ClassLoader loader = getClass().getClassLoader();
        HopPlan plan = hop(s);
        assertThat(plan.request().port()).isEqualTo(8080);
        assertThat(plan.samplerData()).startsWith("GET http://127.0.0.1:8080/stressTest/string1k");
        Call call = Calls.next(null, SamplerFields.read(s), loader);
        assertThat(call).isInstanceOf(HopCall.class);
        assertThat(call.sentBytes()).isEqualTo(plan.request().length());
        s.setProperty(DubboSampler.ADDRESS, "http://127.0.0.1:8081/stressTest/string100k");
        Call again = Calls.next(call, SamplerFields.read(s), loader);
        assertThat(again).isInstanceOf(HopCall.class).isNotSameAs(call);
        assertThat(again.samplerData()).startsWith("GET http://127.0.0.1:8081/stressTest/string100k");
        assertThat(again.replanned(SamplerFields.read(sampler()), loader)).as("Dubbo fields: not the hop's").isNull();
        assertThat(Calls.next(again, SamplerFields.read(sampler()), loader)).isInstanceOf(DubboCall.class);
        s.setProperty(DubboSampler.ADDRESS, "https://127.0.0.1/x");
        assertThatThrownBy(() -> hop(s)).hasMessageContaining("plain http:// only");
        assertThatThrownBy(() -> Calls.next(again, SamplerFields.read(s), loader))
                .hasMessageContaining("plain http:// only");
    }

    /** Issue 41: the hop carries the sampler's attachments to the consumer, which sets them on its Dubbo call. */
    @Test
    void theHopSendsTheAttachmentsInTheirHeaderAsTextAndRefusesWhatTextCannotBe() {
        DubboSampler s = new DubboSampler();
        s.setProperty(DubboSampler.ADDRESS, "http://127.0.0.1:8080/stressTest/string1k");
        s.setProperty(DubboSampler.ATTACHMENTS, "{\"traceId\": \"a b\", \"tenant\": 7}");
        HopPlan plan = hop(s);
        String request = plan.request().text();
        assertThat(request).contains("\r\nDubbo-Attachments: traceId=a+b&tenant=7\r\n").endsWith("\r\n\r\n");
        assertThat(plan.samplerData()).endsWith(", attachments [traceId, tenant]");
        s.setProperty(DubboSampler.ATTACHMENTS, "");
        assertThat(hop(s).request().text())
                .doesNotContain("Dubbo-Attachments");
        s.setProperty(DubboSampler.ATTACHMENTS, "{\"list\": [1]}");
        assertThatThrownBy(() -> hop(s)).hasMessage("DubboSampler.attachments: 'list' is a java.util.ArrayList, which"
                + " the consumer hop cannot carry (the consumer sets the attachments it is sent on its Dubbo call as"
                + " strings): send it as a string");
    }

    @Test
    void theFieldsAreReadOnceAndTheirTextsAreWhatThePlansSee() {
        DubboSampler s = sampler();
        s.setProperty(DubboSampler.TIMEOUT, " 2500 ");
        SamplerFields fields = SamplerFields.read(s);
        s.setProperty(DubboSampler.TIMEOUT, "7");
        assertThat(fields.timeoutMs()).as("a snapshot").isEqualTo(2500);
        assertThat(fields.raw(DubboSampler.ARGUMENTS)).isEqualTo("[\"abc\"]");
        assertThat(fields.raw(DubboSampler.VERSION)).isEmpty();
        assertThat(fields.text(DubboSampler.LOADBALANCE, "random")).isEqualTo("random");
        int timeout = java.util.Arrays.asList(DubboSampler.KEYS).indexOf(DubboSampler.TIMEOUT);
        int method = java.util.Arrays.asList(DubboSampler.KEYS).indexOf(DubboSampler.METHOD);
        assertThat(fields.unchanged(s, new int[] {method})).isTrue();
        assertThat(fields.unchanged(s, new int[] {method, timeout})).isFalse();
        assertThatThrownBy(() -> fields.raw("DubboSampler.nothing")).hasMessageContaining("not a DubboSampler key");
        s.setProperty(DubboSampler.RESPONSE_CHECK, "Echo");
        assertThat(SamplerFields.read(s).echoCheck()).isTrue();
        s.setProperty(DubboSampler.RESPONSE_CHECK, "both");
        assertThatThrownBy(() -> SamplerFields.read(s).echoCheck())
                .hasMessage("DubboSampler.responseCheck: 'both' is not one of none, echo");
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

    /** The call the sampler's fields name ({@link Calls}: the hop, an IDL call, or Dubbo). */
    private static Call call(DubboSampler s) {
        return Calls.next(null, SamplerFields.read(s), PlansTest.class.getClassLoader());
    }

    /** jmeter-dubbo-sampler (this module's jar) has no IDL client: the field that asked for one is named (issue 28). */
    @Test
    void idlCallsNeedTheDubbo3Jar() {
        DubboSampler grpc = sampler();
        grpc.setProperty(DubboSampler.ADDRESS, "grpc://127.0.0.1:50051");
        assertThatThrownBy(() -> call(grpc)).hasMessage("DubboSampler.address: 'grpc://127.0.0.1:50051': protobuf IDL"
                + " calls (gRPC) need jmeter-dubbo3-sampler in lib/ext; this jar, jmeter-dubbo-sampler, is the Dubbo"
                + " 2.7 client (dubbo:// only)");
        DubboSampler idl = sampler();
        idl.setProperty(DubboSampler.ADDRESS, "tri://127.0.0.1:50051");
        idl.setProperty(DubboSampler.INVOCATION, "idl");
        assertThatThrownBy(() -> call(idl)).hasMessage("DubboSampler.invocation: 'idl': protobuf IDL calls (triple"
                + " with a .proto) need jmeter-dubbo3-sampler in lib/ext; this jar, jmeter-dubbo-sampler, is the"
                + " Dubbo 2.7 client (dubbo:// only)");
        DubboSampler wrong = sampler();
        wrong.setProperty(DubboSampler.INVOCATION, "proto");
        assertThatThrownBy(() -> call(wrong)).hasMessage("DubboSampler.invocation: 'proto' is not one of generic,"
                + " typed, idl");
    }
}
