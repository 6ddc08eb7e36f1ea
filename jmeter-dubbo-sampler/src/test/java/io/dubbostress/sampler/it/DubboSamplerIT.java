package io.dubbostress.sampler.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.runtime.ReferenceCache;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.testsupport.FreePort;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sampler in a real JMeter engine against the real provider, consumer and ZooKeeper: load with 20 threads,
 * references per configuration, bad input, the hop, discovery with a registry password.
 */
class DubboSamplerIT {

    @TempDir
    static Path dir;
    static Harness harness;

    @BeforeAll
    static void startServices() throws Exception {
        harness = new Harness(dir);
    }

    @AfterAll
    static void stopServices() {
        if (harness != null) {
            harness.close();
        }
    }

    @Test
    void twentyThreadsOneKibAndHundredKibWithoutErrorsAndWithAMicrosecondColumn() throws IOException {
        long createdBefore = ReferenceCache.shared().createdCount();
        long destroyedBefore = ReferenceCache.shared().destroyedCount();
        DubboSampler oneKib = SamplerBuilder.echo("echo-1k", harness.direct(), 1024).build();
        DubboSampler hundredKib = SamplerBuilder.echo("echo-100k", harness.direct(), 102_400).build();

        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(20, 3, 120, oneKib, hundredKib).run();

        List<SampleResult> small = run.results("echo-1k");
        List<SampleResult> large = run.results("echo-100k");
        assertThat(small).as("20 threads, three loops").hasSize(60);
        assertThat(large).as("20 threads, three loops").hasSize(60);
        assertThat(run.results()).allSatisfy(r -> assertThat(r.isSuccessful())
                .as("%s %s %s", r.getSampleLabel(), r.getResponseCode(), r.getResponseMessage()).isTrue());
        assertThat(small).allSatisfy(r -> assertThat(r.getSentBytes()).isEqualTo(1024));
        assertThat(large).allSatisfy(r -> assertThat(r.getSentBytes()).isEqualTo(102_400));
        assertThat(large).allSatisfy(r -> assertThat(r.getBytesAsLong()).isGreaterThanOrEqualTo(102_400));
        // one reference per configuration under 20 threads (the two samplers differ in arguments only: one
        // configuration), destroyed at test end
        assertThat(ReferenceCache.shared().createdCount() - createdBefore).isEqualTo(1);
        assertThat(ReferenceCache.shared().destroyedCount() - destroyedBefore).isEqualTo(1);
        assertThat(ReferenceCache.shared().size()).isZero();
        // creation is the first samples' connect time, later samples connect nothing
        assertThat(small.stream().filter(r -> r.getConnectTime() > 0).count()).isLessThanOrEqualTo(20);

        List<String> lines = Files.readAllLines(run.jtl(), StandardCharsets.UTF_8);
        // JMeter quotes sample variable names in the CSV header: ...,"elapsed_us"
        List<String> header = Arrays.asList(lines.get(0).replace("\"", "").split(","));
        assertThat(header).contains("elapsed", "elapsed_us", "Latency", "Connect", "bytes", "sentBytes");
        int elapsed = header.indexOf("elapsed");
        int micros = header.indexOf("elapsed_us");
        assertThat(lines).hasSize(run.results().size() + 1);
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            long ms = Long.parseLong(cells[elapsed]);
            long us = Long.parseLong(cells[micros]);
            assertThat(us).as(line).isBetween(Math.max(0, ms - 1) * 1000, (ms + 1) * 1000);
        }
    }

    @Test
    void twoSamplersDifferingOnlyInTimeoutGetTwoReferencesAndTheProviderSeesThemClosedAtTestEnd() {
        int before = harness.stats().stats().getOpenConnections(); // the test's own connection included
        long createdBefore = ReferenceCache.shared().createdCount();
        DubboSampler a = SamplerBuilder.echo("timeout-5000", harness.direct(), 16)
                .set(DubboSampler.CONNECTIONS, 1).set(DubboSampler.TIMEOUT, 5000).build();
        DubboSampler b = SamplerBuilder.echo("timeout-4000", harness.direct(), 16)
                .set(DubboSampler.CONNECTIONS, 1).set(DubboSampler.TIMEOUT, 4000).build();
        DubboSampler stats = SamplerBuilder.named("stats").set(DubboSampler.ADDRESS, harness.direct())
                .set(DubboSampler.INTERFACE, "io.dubbostress.api.ProviderStatsService")
                .set(DubboSampler.METHOD, "stats").set(DubboSampler.CONNECTIONS, 1)
                .set(DubboSampler.RESPONSE_DATA_CHARS, -1).build();

        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(4, 5, 20, a, b, stats).run();

        assertThat(run.results()).hasSize(60).allSatisfy(r -> assertThat(r.isSuccessful())
                .as("%s %s", r.getResponseCode(), r.getResponseMessage()).isTrue());
        assertThat(ReferenceCache.shared().createdCount() - createdBefore).isEqualTo(3);
        // while the test ran, the provider held one connection per reference (connections=1: not shared)
        String seen = run.results("stats").get(run.results("stats").size() - 1).getResponseDataAsString();
        assertThat(seen).contains("\"openConnections\":" + (before + 3)); // response data is JSON
        // at test end every reference was destroyed: the provider sees the connections close
        await().atMost(io.dubbostress.sampler.StartupDeadline.scaled(Duration.ofSeconds(30))).untilAsserted(() ->
                assertThat(harness.stats().stats().getOpenConnections()).isEqualTo(before));
    }

    @Test
    void typedAndGenericCallsCarryAnObjectGraphExactly() {
        String order = "[{\"id\": 9007199254740993, \"priority\": 3, \"customer\": \"c-1\","
                + " \"total\": 12345678901234567890.123456789,"
                + " \"lines\": [{\"sku\": \"A\", \"quantity\": 2, \"unitPrice\": 19.99}],"
                + " \"createdAt\": {\"$type\": \"LocalDateTime\", \"value\": \"2024-01-01T12:00:07\"}}]";
        DubboSampler generic = SamplerBuilder.named("generic-order").set(DubboSampler.ADDRESS, harness.direct())
                .set(DubboSampler.INTERFACE, Harness.SERVICE).set(DubboSampler.METHOD, "echoOrder")
                .set(DubboSampler.PARAMETER_TYPES, "io.dubbostress.api.Order").set(DubboSampler.ARGUMENTS, order)
                .set(DubboSampler.RESPONSE_CHECK, "echo").set(DubboSampler.RESPONSE_DATA_CHARS, -1).build();
        DubboSampler typed = SamplerBuilder.named("typed-order").set(DubboSampler.ADDRESS, harness.direct())
                .set(DubboSampler.INTERFACE, Harness.SERVICE).set(DubboSampler.METHOD, "echoOrder")
                .set(DubboSampler.INVOCATION, "typed")
                .set(DubboSampler.ARGUMENTS, order.replace("{\"$type\": \"LocalDateTime\", \"value\": "
                        + "\"2024-01-01T12:00:07\"}", "\"2024-01-01T12:00:07\""))
                .set(DubboSampler.RESPONSE_CHECK, "echo").set(DubboSampler.RESPONSE_DATA_CHARS, -1).build();
        DubboSampler typedString = SamplerBuilder.echo("typed-echo", harness.direct(), 1024)
                .set(DubboSampler.INVOCATION, "typed").build();

        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(2, 3, 20, generic, typed, typedString).run();

        assertThat(run.results()).hasSize(18).allSatisfy(r -> assertThat(r.isSuccessful())
                .as("%s %s %s", r.getSampleLabel(), r.getResponseCode(), r.getResponseMessage()).isTrue());
        assertThat(run.results("typed-order").get(0).getResponseDataAsString())
                .contains("\"id\":9007199254740993", "\"total\":12345678901234567890.123456789",
                        "\"createdAt\":\"2024-01-01T12:00:07\"");
        assertThat(run.results("generic-order").get(0).getResponseDataAsString())
                .contains("9007199254740993", "12345678901234567890.123456789");
    }

    @Test
    void badInputFailsItsSampleWithAClearMessageAndTheTestGoesOn() {
        int unreachable = FreePort.find();
        Map<String, SamplerBuilder> cases = new java.util.LinkedHashMap<>();
        cases.put("malformed-json", SamplerBuilder.echo("malformed-json", harness.direct(), 1)
                .set(DubboSampler.ARGUMENTS, "[\"abc\""));
        cases.put("count-mismatch", SamplerBuilder.echo("count-mismatch", harness.direct(), 1)
                .set(DubboSampler.ARGUMENTS, "[\"a\", \"b\"]"));
        cases.put("unknown-class", SamplerBuilder.echo("unknown-class", harness.direct(), 1)
                .set(DubboSampler.INVOCATION, "typed").set(DubboSampler.PARAMETER_TYPES, "com.example.Nope"));
        cases.put("unknown-method", SamplerBuilder.echo("unknown-method", harness.direct(), 1)
                .set(DubboSampler.METHOD, "nope"));
        cases.put("unknown-method-typed", SamplerBuilder.echo("unknown-method-typed", harness.direct(), 1)
                .set(DubboSampler.METHOD, "nope").set(DubboSampler.INVOCATION, "typed"));
        cases.put("wrong-type", SamplerBuilder.echo("wrong-type", harness.direct(), 1)
                .set(DubboSampler.PARAMETER_TYPES, "int").set(DubboSampler.ARGUMENTS, "[\"abc\"]"));
        cases.put("wrong-type-remote", SamplerBuilder.echo("wrong-type-remote", harness.direct(), 1)
                .set(DubboSampler.PARAMETER_TYPES, "int").set(DubboSampler.ARGUMENTS, "[42]")
                .set(DubboSampler.RESPONSE_CHECK, "none"));
        cases.put("unreachable", SamplerBuilder.echo("unreachable", "dubbo://127.0.0.1:" + unreachable, 1));
        cases.put("timeout", SamplerBuilder.echo("timeout", harness.slowDirect(), 1).set(DubboSampler.TIMEOUT, 300));
        cases.put("malformed-registry", SamplerBuilder.echo("malformed-registry", "zookeeper://127.0.0.1:notaport", 1));
        cases.put("unknown-registry", SamplerBuilder.echo("unknown-registry", "zookeper://127.0.0.1:2181", 1));
        cases.put("empty-interface", SamplerBuilder.echo("empty-interface", harness.direct(), 1)
                .set(DubboSampler.INTERFACE, ""));
        cases.put("bad-timeout", SamplerBuilder.echo("bad-timeout", harness.direct(), 1)
                .set(DubboSampler.TIMEOUT, "5s"));
        cases.put("good", SamplerBuilder.echo("good", harness.direct(), 1024));
        DubboSampler[] samplers = cases.values().stream().map(SamplerBuilder::build).toArray(DubboSampler[]::new);

        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(1, 2, 60, samplers).run();

        assertThat(run.results()).hasSize(2 * samplers.length);
        Map<String, SampleResult> first = run.results().stream()
                .collect(Collectors.toMap(SampleResult::getSampleLabel, r -> r, (x, y) -> x));
        expect(first, "malformed-json", "CONFIG", "DubboSampler.arguments: malformed JSON at offset");
        expect(first, "count-mismatch", "CONFIG", "1 parameter type(s) [java.lang.String]");
        expect(first, "unknown-class", "CONFIG", "no method echo[com.example.Nope]");
        expect(first, "unknown-method", "PROVIDER_ERROR", "the provider has no method " + Harness.SERVICE + ".nope(java.lang.String)");
        expect(first, "unknown-method-typed", "CONFIG", "DubboSampler.method: unknown method 'nope'");
        expect(first, "wrong-type", "CONFIG", "argument 1 (int): \"abc\" is not a int");
        expect(first, "wrong-type-remote", "PROVIDER_ERROR", "the provider has no method " + Harness.SERVICE + ".echo(int)");
        expect(first, "unreachable", "NETWORK", "127.0.0.1:" + unreachable);
        expect(first, "timeout", "TIMEOUT", "");
        expect(first, "malformed-registry", "CONFIG", "DubboSampler.address: malformed address");
        expect(first, "unknown-registry", "CONFIG", "unknown registry 'zookeper'");
        expect(first, "empty-interface", "CONFIG", "DubboSampler.interface: empty");
        expect(first, "bad-timeout", "CONFIG", "DubboSampler.timeout: '5s' is not a whole number");
        assertThat(run.results("good")).hasSize(2).allSatisfy(r -> assertThat(r.isSuccessful()).isTrue());
        assertThat(run.results()).allSatisfy(r -> assertThat(r.getResponseMessage()).doesNotContain("\n"));
    }

    private static void expect(Map<String, SampleResult> results, String label, String code, String message) {
        SampleResult r = results.get(label);
        assertThat(r).as(label).isNotNull();
        assertThat(r.isSuccessful()).as(label).isFalse();
        assertThat(r.getResponseCode()).as(label + ": " + r.getResponseMessage()).isEqualTo(code);
        assertThat(r.getResponseMessage()).as(label).contains(message);
    }

    @Test
    void theHopIsTimedAndCheckedTheSameWay() {
        DubboSampler hop1k = SamplerBuilder.named("hop-1k").set(DubboSampler.ADDRESS,
                harness.hop("/stressTest/string1k")).set(DubboSampler.RESPONSE_CHECK, "echo").build();
        DubboSampler hop100k = SamplerBuilder.named("hop-100k").set(DubboSampler.ADDRESS,
                harness.hop("/stressTest/echo?size=102400")).set(DubboSampler.RESPONSE_CHECK, "echo")
                .set(DubboSampler.RESPONSE_DATA_CHARS, -1).build();
        DubboSampler bad = SamplerBuilder.named("hop-bad-size").set(DubboSampler.ADDRESS,
                harness.hop("/stressTest/echo?size=-1")).set(DubboSampler.RESPONSE_CHECK, "echo").build();

        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(5, 3, 120, hop1k, hop100k).run();
        EmbeddedJMeter.Run failing = EmbeddedJMeter.plan(dir).threadGroup(1, 2, 20, bad).run();

        assertThat(run.results("hop-1k")).as("five threads, three loops").hasSize(15);
        assertThat(run.results()).allSatisfy(r -> assertThat(r.isSuccessful())
                .as("%s %s", r.getResponseCode(), r.getResponseMessage()).isTrue());
        assertThat(run.results("hop-100k").get(0).getResponseDataAsString()).isEqualTo("{\"ok\":true,\"size\":102400}");
        // keep-alive: one connection per thread, so only the first sample of each thread connects
        assertThat(run.results().stream().filter(r -> r.getConnectTime() > 0).count()).isLessThanOrEqualTo(5);
        assertThat(run.results()).allSatisfy(r -> {
            assertThat(r.getSentBytes()).isGreaterThan(20);
            assertThat(r.getBytesAsLong()).isGreaterThan(r.getHeadersSize() + 20);
            assertThat(run.elapsedMicros(r)).isNotNull();
        });
        assertThat(failing.results()).hasSize(2).allSatisfy(r -> {
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("400");
            assertThat(r.getResponseMessage()).contains("size must be");
        });
    }

    @Test
    void zooKeeperDiscoveryAppliesTheRegistryPassword() {
        // the registry (and Dubbo's ZooKeeper client for that address) is closed at test end, so the second run
        // connects anew, without credentials
        DubboSampler withPassword = SamplerBuilder.echo("zk-auth", harness.registry(), 1024)
                .set(DubboSampler.USERNAME, Harness.ZK_USER).set(DubboSampler.PASSWORD, Harness.ZK_PASSWORD).build();
        DubboSampler withoutPassword = SamplerBuilder.echo("zk-noauth", harness.registry(), 1024)
                .set(DubboSampler.TIMEOUT, 4000).build();

        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(5, 3, 120, withPassword).run();
        EmbeddedJMeter.Run denied = EmbeddedJMeter.plan(dir).threadGroup(1, 2, 30, withoutPassword).run();

        assertThat(run.results()).as("five threads, three loops").hasSize(15).allSatisfy(r -> assertThat(r.isSuccessful())
                .as("%s %s", r.getResponseCode(), r.getResponseMessage()).isTrue());
        assertThat(denied.results()).hasSize(2).allSatisfy(r -> {
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("NO_PROVIDER");
        });
        assertThat(run.results().get(0).getSamplerData()).contains("password ***").doesNotContain(Harness.ZK_PASSWORD);
    }

    @Test
    void variablesWorkInEveryFieldAndArePickedUpPerSample() {
        DubboSampler sampler = SamplerBuilder.named("vars").set(DubboSampler.ADDRESS, "${address}")
                .set(DubboSampler.INTERFACE, "${service}").set(DubboSampler.METHOD, "echo")
                .set(DubboSampler.PARAMETER_TYPES, "String").set(DubboSampler.ARGUMENTS, "[{\"$payload\": ${size}}]")
                .set(DubboSampler.TIMEOUT, "${timeout}").set(DubboSampler.RESPONSE_CHECK, "echo").build();

        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir)
                .variables(Map.of("address", harness.direct(), "service", Harness.SERVICE, "size", "2048",
                        "timeout", "3000"))
                .threadGroup(2, 3, 20, sampler).run();

        assertThat(run.results()).hasSize(6).allSatisfy(r -> {
            assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
            assertThat(r.getSentBytes()).isEqualTo(2048);
            assertThat(r.getSamplerData()).contains("timeout 3000 ms");
        });
    }
}
