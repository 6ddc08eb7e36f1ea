package io.dubbostress.sampler.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.testsupport.FreePort;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a plan costs when its target is not there: a provider address where nothing listens (a dead provider: the
 * kernel refuses the connection at once) and a ZooKeeper address where nothing listens. Real JMeter engine, real
 * sockets on 127.0.0.1.
 */
class DeadEndsIT {

    /** What a loaded 2-core machine may add to a sample beyond its timeout (scheduling, GC), ms. */
    private static final long SLACK_MS = 1500;
    /** The sampler's pause after a NETWORK failure (DubboCall's default). */
    private static final long PAUSE_MS = 100;

    @TempDir
    static Path dir;

    @Test
    void aDeadProviderCostsAtMostOneFailedSamplePerPausePerThreadAndEveryOneFailsAsNetwork() {
        int port = FreePort.find();
        DubboSampler sampler = SamplerBuilder.echo("dead", "dubbo://127.0.0.1:" + port, 16)
                .set(DubboSampler.TIMEOUT, 2000).build();
        // without the pause, 2 threads recorded 1,904 such samples in 3 s on the loaded 2-core machine (the issue saw
        // ~4,000 a second per thread)
        List<SampleResult> results = EmbeddedJMeter.plan(dir).threadGroup(2, 15, 120, sampler).run().results();

        assertThat(results).hasSize(30).allSatisfy(r -> {
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).as(r.getResponseMessage()).isEqualTo("NETWORK");
            assertThat(r.getResponseMessage()).contains("127.0.0.1:" + port);
        });
        Map<String, List<SampleResult>> byThread = results.stream()
                .collect(Collectors.groupingBy(SampleResult::getThreadName));
        assertThat(byThread).hasSize(2);
        byThread.forEach((thread, samples) -> {
            for (int i = 1; i < samples.size(); i++) {
                SampleResult before = samples.get(i - 1);
                // the pause follows the sample's end: it is between samples, never inside one
                assertThat(samples.get(i).getStartTime() - before.getEndTime()).as(thread + " sample " + i)
                        .isGreaterThanOrEqualTo(PAUSE_MS - 1);
            }
        });
        System.out.printf("dead provider, 2 threads x 15 samples: e.g. %s%n",
                results.get(results.size() - 1).getResponseMessage());
    }

    @Test
    void anUnreachableZooKeeperCostsASampleItsTimeoutNotFiveSeconds() {
        int port = FreePort.find();
        int timeoutMs = 1000;
        DubboSampler sampler = SamplerBuilder.echo("no-registry", "zookeeper://127.0.0.1:" + port, 16)
                .set(DubboSampler.TIMEOUT, timeoutMs).build();
        List<SampleResult> results = EmbeddedJMeter.plan(dir).threadGroup(1, 3, 60, sampler).run().results();

        assertThat(results).hasSize(3).allSatisfy(r -> {
            assertThat(r.getResponseCode()).as(r.getResponseMessage()).isEqualTo("NETWORK");
            assertThat(r.getResponseMessage()).startsWith("cannot reach the registry zookeeper://127.0.0.1:" + port);
            // Dubbo's ZooKeeper client used to wait its own 5 s whatever the sample's timeout
            assertThat(r.getTime()).as(r.getResponseMessage()).isLessThanOrEqualTo(timeoutMs + SLACK_MS);
        });
        System.out.printf("unreachable ZooKeeper, timeout %d ms: samples took %s ms, e.g. %s%n", timeoutMs,
                results.stream().map(r -> Long.toString(r.getTime())).collect(Collectors.joining(", ")),
                results.get(0).getResponseMessage());
    }
}
