package io.dubbostress.sampler.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.call.ReferenceCache;
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

        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(20, 200_000, 3, oneKib, hundredKib).run();

        List<SampleResult> small = run.results("echo-1k");
        List<SampleResult> large = run.results("echo-100k");
        assertThat(small).hasSizeGreaterThan(20);
        assertThat(large).hasSizeGreaterThan(20);
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
        List<String> header = Arrays.asList(lines.get(0).split(","));
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
}
