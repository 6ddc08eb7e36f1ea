package io.dubbostress.sampler.faults;

import java.time.Duration;

import io.dubbostress.testsupport.RestartableService;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.testsupport.FreePort;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalogue of bad input to the Dubbo Sampler, each case with the exact response code and message a user sees
 * (docs/SAMPLER.md "Failure codes"): every case is a failed sample, sampled twice with the same answer, and the
 * plan goes on to a good sampler after them. One real JMeter 5.1 engine, one real provider on loopback.
 */
class BadInputCatalogueIT {

    private static final String SERVICE = "io.dubbostress.api.StressTestService";
    private static final String STATS = "io.dubbostress.api.ProviderStatsService";

    @TempDir
    static Path dir;
    static RestartableService provider;
    static int closedPort;

    @BeforeAll
    static void startProvider() {
        provider = RestartableService.provider(Path.of(System.getProperty("stress.provider.jar")), dir, FreePort.find(),
                null, io.dubbostress.sampler.StartupDeadline.scaled(Duration.ofSeconds(120)));
        provider.start();
        closedPort = FreePort.find();
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    /** label -> [sampler, code, expected message as a regular expression] */
    private final Map<String, Object[]> cases = new LinkedHashMap<>();

    private void exact(String label, SamplerBuilder sampler, String code, String message) {
        cases.put(label, new Object[] {sampler, code, Pattern.quote(message)});
    }

    private void matching(String label, SamplerBuilder sampler, String code, String regex) {
        cases.put(label, new Object[] {sampler, code, regex});
    }

    private static SamplerBuilder echo(String label) {
        return SamplerBuilder.echo(label, provider.direct(), 16);
    }

    private static SamplerBuilder at(String label, String address) {
        return SamplerBuilder.echo(label, address, 16);
    }

    @Test
    void everyBadInputIsAFailedSampleWithItsExactCodeAndMessageAndThePlanGoesOn() {
        String p = "127.0.0.1:" + provider.port();
        // the arguments
        exact("malformed JSON", echo("malformed JSON").set(DubboSampler.ARGUMENTS, "[\"abc\""), "CONFIG",
                "DubboSampler.arguments: malformed JSON at offset 6 (end of text): Unexpected end-of-input: expected close"
                + " marker for Array in '[\"abc\"'");
        exact("arguments not an array", echo("arguments not an array").set(DubboSampler.ARGUMENTS, "{\"a\": 1}"),
                "CONFIG", "DubboSampler.arguments: must be a JSON array with one value per parameter type, like"
                        + " [\"abc\", 42], was '{\"a\": 1}'");
        exact("wrong arity", echo("wrong arity").set(DubboSampler.ARGUMENTS, "[\"a\", \"b\"]"), "CONFIG",
                "1 parameter type(s) [java.lang.String] in DubboSampler.parameterTypes but 2 argument value(s) in"
                        + " DubboSampler.arguments: give one value per type");
        exact("null for a primitive", echo("null for a primitive").set(DubboSampler.PARAMETER_TYPES, "int")
                .set(DubboSampler.ARGUMENTS, "[null]"), "CONFIG",
                "DubboSampler.arguments argument 1 (int): null is not a int");
        exact("int overflow", echo("int overflow").set(DubboSampler.PARAMETER_TYPES, "int")
                .set(DubboSampler.ARGUMENTS, "[2147483648]"), "CONFIG",
                "DubboSampler.arguments argument 1 (int): 2147483648 is not a int (out of range or not whole)");
        exact("long overflow", echo("long overflow").set(DubboSampler.PARAMETER_TYPES, "long")
                .set(DubboSampler.ARGUMENTS, "[9223372036854775808]"), "CONFIG",
                "DubboSampler.arguments argument 1 (long): 9223372036854775808 is not a long (out of range or not"
                        + " whole)");
        exact("byte overflow", echo("byte overflow").set(DubboSampler.PARAMETER_TYPES, "byte")
                .set(DubboSampler.ARGUMENTS, "[300]"), "CONFIG",
                "DubboSampler.arguments argument 1 (byte): 300 is not a byte (out of range or not whole)");
        exact("fraction for an int", echo("fraction for an int").set(DubboSampler.PARAMETER_TYPES, "int")
                .set(DubboSampler.ARGUMENTS, "[42.5]"), "CONFIG",
                "DubboSampler.arguments argument 1 (int): 42.5 is not a int (out of range or not whole)");
        exact("impossible date", echo("impossible date").set(DubboSampler.PARAMETER_TYPES, "LocalDate")
                .set(DubboSampler.ARGUMENTS, "[\"2024-13-45\"]"), "CONFIG", "DubboSampler.arguments argument 1"
                        + " (java.time.LocalDate): \"2024-13-45\" is not a java.time.LocalDate (ISO-8601)");
        exact("payload generator beyond 8 MiB", echo("payload generator beyond 8 MiB")
                .set(DubboSampler.ARGUMENTS, "[{\"$payload\": 9000000}]"), "CONFIG",
                "DubboSampler.arguments argument 1 (java.lang.String): {\"$payload\": N} needs N in 0..8388608"
                        + " (bytes), was 9000000");
        // 8 MiB of string plus Dubbo's framing is beyond its default payload limit: refused before it is sent
        matching("request beyond the payload limit", echo("request beyond the payload limit")
                .set(DubboSampler.ARGUMENTS, "[{\"$payload\": 8388608}]"), "PAYLOAD_LIMIT",
                Pattern.quote("the request is ") + "8389\\d{3}" + Pattern.quote(" bytes, beyond Dubbo's payload limit"
                        + " of 8388608 bytes (the 'payload' setting, 8 MiB by default, on the provider and the consumer)"));
        // what to call
        exact("unknown parameter class, typed", echo("unknown parameter class, typed")
                .set(DubboSampler.INVOCATION, "typed").set(DubboSampler.PARAMETER_TYPES, "com.example.Nope"), "CONFIG",
                "DubboSampler.parameterTypes: no method echo[com.example.Nope] in " + SERVICE
                        + "; it has [echo(java.lang.String)]");
        exact("unknown parameter class, generic", echo("unknown parameter class, generic")
                .set(DubboSampler.PARAMETER_TYPES, "com.example.Nope").set(DubboSampler.ARGUMENTS, "[{\"a\": 1}]")
                .set(DubboSampler.RESPONSE_CHECK, "none"), "PROVIDER_ERROR",
                "the provider cannot load class com.example.Nope (ClassNotFoundException): check the parameter types"
                        + " and \"class\" values");
        exact("unknown interface, typed", echo("unknown interface, typed")
                .set(DubboSampler.INTERFACE, "com.example.NoSuchService").set(DubboSampler.INVOCATION, "typed"),
                "CONFIG", "DubboSampler.interface: unknown class 'com.example.NoSuchService' (not on JMeter's"
                        + " classpath: put its jar in lib/ext, or use generic invocation)");
        matching("unknown interface, generic", echo("unknown interface, generic")
                .set(DubboSampler.INTERFACE, "com.example.NoSuchService"), "NO_PROVIDER",
                notExported(p, "com.example.NoSuchService"));
        exact("interface not a name", echo("interface not a name").set(DubboSampler.INTERFACE, "io..dubbostress"),
                "CONFIG", "DubboSampler.interface: 'io..dubbostress' is not a Java interface name");
        exact("unknown method, generic", echo("unknown method, generic").set(DubboSampler.METHOD, "nope"),
                "PROVIDER_ERROR", "the provider has no method " + SERVICE + ".nope(java.lang.String) (check the method"
                        + " name and parameter types)");
        exact("unknown method, typed", echo("unknown method, typed").set(DubboSampler.METHOD, "nope")
                .set(DubboSampler.INVOCATION, "typed"), "CONFIG",
                "DubboSampler.method: unknown method 'nope' in " + SERVICE + " (it has [echo, echoOrder])");
        exact("method not a name", echo("method not a name").set(DubboSampler.METHOD, "echo()"), "CONFIG",
                "DubboSampler.method: 'echo()' is not a method name");
        matching("version the provider lacks", echo("version the provider lacks").set(DubboSampler.VERSION, "9.9.9"),
                "NO_PROVIDER", notExported(p, SERVICE + ":9.9.9"));
        matching("group the provider lacks", echo("group the provider lacks").set(DubboSampler.GROUP, "nope"),
                "NO_PROVIDER", notExported(p, "nope/" + SERVICE));
        // where to call
        exact("nothing listens", at("nothing listens", "dubbo://127.0.0.1:" + closedPort), "NETWORK",
                "Failed to invoke remote method: $invoke, provider: dubbo://127.0.0.1:" + closedPort + "/" + SERVICE
                        + ", cause: client(url: dubbo://127.0.0.1:" + closedPort + "/" + SERVICE + " failed to connect to"
                        + " server /127.0.0.1:" + closedPort + ", error message is:Connection refused: /127.0.0.1:"
                        + closedPort);
        exact("port out of range", at("port out of range", "dubbo://127.0.0.1:99999"), "CONFIG",
                "DubboSampler.address: malformed address 'dubbo://127.0.0.1:99999' in 'dubbo://127.0.0.1:99999'"
                        + " (expected host:port)");
        exact("port not a number", at("port not a number", "127.0.0.1:http"), "CONFIG",
                "DubboSampler.address: malformed address '127.0.0.1:http' in '127.0.0.1:http' (expected host:port)");
        exact("registry URL malformed", at("registry URL malformed", "zookeeper://127.0.0.1:notaport"), "CONFIG",
                "DubboSampler.address: malformed address '127.0.0.1:notaport' in 'zookeeper://127.0.0.1:notaport'"
                        + " (expected host:port)");
        matching("registry unknown", at("registry unknown", "zookeper://127.0.0.1:2181"), "CONFIG",
                Pattern.quote("DubboSampler.address: unknown registry 'zookeper' in 'zookeper://127.0.0.1:2181' (this"
                        + " Dubbo has: [") + ".*zookeeper.*\\]\\)");
        exact("registry not answering", at("registry not answering", "zookeeper://stress:s3cret@127.0.0.1:"
                + closedPort), "NETWORK", "cannot reach the registry zookeeper://stress:***@127.0.0.1:" + closedPort
                        + " (zookeeper not connected)"); // the user named, the password masked (Secrets)
        exact("hop: nothing listens", at("hop: nothing listens", "http://127.0.0.1:" + closedPort + "/stressTest/string1k"),
                "NETWORK", "http://127.0.0.1:" + closedPort + "/stressTest/string1k: java.net.ConnectException:"
                        + " Connection refused");
        exact("hop: bad port", at("hop: bad port", "http://127.0.0.1:80a/x"), "CONFIG",
                "DubboSampler.address: bad port '80a' in 'http://127.0.0.1:80a/x'");
        // how to call
        exact("timeout 0", echo("timeout 0").set(DubboSampler.TIMEOUT, "0"), "CONFIG",
                "DubboSampler.timeout: 0 is below the minimum 1");
        exact("timeout negative", echo("timeout negative").set(DubboSampler.TIMEOUT, "-5"), "CONFIG",
                "DubboSampler.timeout: -5 is below the minimum 1");
        exact("timeout with a unit", echo("timeout with a unit").set(DubboSampler.TIMEOUT, "5s"), "CONFIG",
                "DubboSampler.timeout: '5s' is not a whole number");
        exact("retries negative", echo("retries negative").set(DubboSampler.RETRIES, "-1"), "CONFIG",
                "DubboSampler.retries: -1 is below the minimum 0");
        matching("load balance unknown", echo("load balance unknown").set(DubboSampler.LOADBALANCE, "fastest"),
                "CONFIG", Pattern.quote("DubboSampler.loadbalance: unknown 'fastest' (this Dubbo has: [")
                        + ".*roundrobin.*\\]\\)");
        matching("cluster unknown", echo("cluster unknown").set(DubboSampler.CLUSTER, "failfaster"), "CONFIG",
                Pattern.quote("DubboSampler.cluster: unknown 'failfaster' (this Dubbo has: [") + ".*failfast.*\\]\\)");
        matching("serialization unknown", echo("serialization unknown").set(DubboSampler.SERIALIZATION, "hession2"),
                "CONFIG", Pattern.quote("DubboSampler.serialization: unknown 'hession2' (this Dubbo has: [")
                        + ".*hessian2.*\\]\\)");
        exact("serialization without its library", echo("serialization without its library")
                .set(DubboSampler.SERIALIZATION, "kryo"), "SERIALIZATION",
                "cannot encode the request here: java.lang.NoClassDefFoundError: com/esotericsoftware/kryo/io/Output");
        exact("invocation unknown", echo("invocation unknown").set(DubboSampler.INVOCATION, "reflective"), "CONFIG",
                "DubboSampler.invocation: 'reflective' is not one of generic, typed, idl");
        exact("attachments not an object", echo("attachments not an object").set(DubboSampler.ATTACHMENTS, "[1]"),
                "CONFIG", "DubboSampler.attachments: must be a JSON object, like {\"traceId\": \"abc\", \"tenant\": 7},"
                        + " was '[1]'");
        exact("attachment of an unknown class", echo("attachment of an unknown class").set(DubboSampler.ATTACHMENTS,
                "{\"t\": {\"$type\": \"io.x.Nope\", \"value\": {}}}"), "CONFIG",
                "DubboSampler.attachments 't': unknown class 'io.x.Nope' (not on JMeter's classpath: put its jar in"
                        + " lib/ext, or use generic invocation)");
        exact("registry group not a group", at("registry group not a group", "zookeeper://127.0.0.1:" + closedPort)
                .set(DubboSampler.REGISTRY_GROUP, "a b"), "CONFIG", "DubboSampler.registryGroup: 'a b' is not a"
                        + " registry group (letters, digits and . _ : / - only)");
        exact("empty interface", echo("empty interface").set(DubboSampler.INTERFACE, ""), "CONFIG",
                "DubboSampler.interface: empty: name the service interface, e.g. io.dubbostress.api.StressTestService");
        // issue 41: JMeter gave 1 (a 1 ms timeout) for a property read without a default and not set
        exact("property without a default, unset", echo("property without a default, unset")
                .set(DubboSampler.TIMEOUT, "${__P(issue41.unset.timeout)}"), "CONFIG",
                "DubboSampler.timeout: '${__P(issue41.unset.timeout)}': the JMeter property 'issue41.unset.timeout' is"
                        + " not set and ${__P(issue41.unset.timeout)} has no default, so JMeter would give 1; set it"
                        + " (-Jissue41.unset.timeout=...) or give a default, e.g. ${__P(issue41.unset.timeout,500)}");
        exact("attachment key twice", echo("attachment key twice").set(DubboSampler.ATTACHMENTS,
                "{\"k\": 1, \"k\": 2}"), "CONFIG", "DubboSampler.attachments: malformed JSON at offset 9: the key 'k'"
                        + " appears twice in one object in '{\"k\": 1, \"k\": 2}'");
        // a direct address's group= is the service group: the provider exports none named so
        matching("group in a direct address", at("group in a direct address", "dubbo://" + p + "?group=nope"),
                "NO_PROVIDER", notExported(p, "nope/" + SERVICE));
        exact("group in the address and the field", at("group in the address and the field", "dubbo://" + p
                + "?group=nope").set(DubboSampler.GROUP, "other"), "CONFIG", "DubboSampler.group: 'other' and the"
                        + " address's group=nope differ: give the service's group once");
        exact("another parameter in a direct address", at("another parameter in a direct address", "dubbo://" + p
                + "?timeout=10"), "CONFIG", "DubboSampler.address: 'timeout=10' in 'dubbo://" + p + "?timeout=10': a"
                        + " direct address takes group= and version= only (the service's; every other setting is a field"
                        + " of the sampler)");

        DubboSampler[] samplers = new DubboSampler[cases.size() + 1];
        int i = 0;
        for (Object[] c : cases.values()) {
            samplers[i++] = ((SamplerBuilder) c[0]).build();
        }
        samplers[i] = echo("good").build();

        // failures that repeat without a call reaching a provider are paused after: 20 ms here, to keep the test short
        EmbeddedJMeter.Run run;
        EmbeddedJMeter plan = EmbeddedJMeter.plan(dir).threadGroup(1, 2, 120, samplers); // JMeter's properties first
        JMeterUtils.setProperty(PAUSE_PROPERTY, String.valueOf(PAUSE_MS));
        try {
            run = plan.run();
        } finally {
            JMeterUtils.getJMeterProperties().remove(PAUSE_PROPERTY);
        }

        assertThat(cases).hasSizeGreaterThanOrEqualTo(15);
        assertThat(run.results()).hasSize(2 * samplers.length);
        for (Map.Entry<String, Object[]> c : cases.entrySet()) {
            List<SampleResult> twice = run.results(c.getKey());
            assertThat(twice).as(c.getKey()).hasSize(2).allSatisfy(r -> {
                assertThat(r.isSuccessful()).as(c.getKey()).isFalse();
                assertThat(r.getResponseCode()).as(c.getKey() + ": " + r.getResponseMessage()).isEqualTo(c.getValue()[1]);
                assertThat(r.getResponseMessage()).as(c.getKey()).matches((String) c.getValue()[2]);
            });
        }
        assertThat(run.results("good")).hasSize(2).allSatisfy(r -> assertThat(r.isSuccessful())
                .as(r.getResponseMessage()).isTrue());
        assertThat(run.results()).allSatisfy(r -> assertThat(r.getResponseMessage()).doesNotContain("\n", "\t")
                .hasSizeLessThanOrEqualTo(400));

        // one thread: the results in the order sampled; after each failure without a provider's answer, the pause
        List<SampleResult> all = run.results();
        java.util.Set<String> paused = new java.util.TreeSet<>();
        for (int k = 0; k + 1 < all.size(); k++) {
            SampleResult r = all.get(k);
            if (withoutAProvidersAnswer(r)) {
                paused.add(r.getResponseCode());
                assertThat(all.get(k + 1).getStartTime() - r.getEndTime()).as(r.getSampleLabel() + " then "
                        + all.get(k + 1).getSampleLabel()).isGreaterThanOrEqualTo(PAUSE_MS - 1);
            }
        }
        assertThat(paused).containsExactly("CONFIG", "NETWORK", "NO_PROVIDER", "PAYLOAD_LIMIT", "SERIALIZATION");
    }

    private static final String PAUSE_PROPERTY = "dubbo.sampler.failure_pause_ms";
    private static final long PAUSE_MS = 20;

    /**
     * The rule, stated apart from the sampler's FailurePause: a field error, a dead address, no provider for the
     * service, a request that could not be encoded or is too large to send.
     */
    private static boolean withoutAProvidersAnswer(SampleResult r) {
        String code = r.getResponseCode();
        String message = r.getResponseMessage();
        return !r.isSuccessful() && (code.equals("CONFIG") || code.equals("NETWORK") || code.equals("NO_PROVIDER")
                || code.equals("SERIALIZATION") && message.startsWith("cannot encode the request here")
                || code.equals("PAYLOAD_LIMIT") && message.startsWith("the request is "));
    }

    /** Dubbo lists what the provider exports in its own (hash) order. */
    private static String notExported(String provider, String serviceKey) {
        String both = "(" + Pattern.quote(SERVICE + ", " + STATS) + "|" + Pattern.quote(STATS + ", " + SERVICE) + ")";
        return Pattern.quote("the provider " + provider + " does not export " + serviceKey + " (it exports ") + both
                + Pattern.quote("): check the interface, version and group");
    }
}
