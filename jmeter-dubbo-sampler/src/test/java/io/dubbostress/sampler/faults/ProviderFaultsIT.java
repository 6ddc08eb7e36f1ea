package io.dubbostress.sampler.faults;

import io.dubbostress.testsupport.RestartableService;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.StartupDeadline;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.ZooKeeperServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults while a plan runs, in a real JMeter 5.1 engine in this JVM against the real provider (its own JVM, one
 * port for the whole class) and a real ZooKeeper: the provider killed and started again, the provider hung, the
 * registry gone. Each plan is bounded (loops and duration) and stopped as soon as the phase under test was seen.
 */
class ProviderFaultsIT {

    /** What a loaded 2-core machine may add to a sample beyond its timeout (scheduling, GC), ms. */
    private static final long SLACK_MS = 1500;

    @TempDir
    static Path dir;
    static ZooKeeperServer zookeeper;
    static RestartableService provider;

    @BeforeAll
    static void startServices() {
        zookeeper = ZooKeeperServer.start(dir.resolve("zk"));
        provider = RestartableService.provider(Path.of(System.getProperty("stress.provider.jar")), dir, FreePort.find(),
                zookeeper.registryAddress(), io.dubbostress.sampler.StartupDeadline.scaled(Duration.ofSeconds(120)));
        provider.start();
    }

    @AfterAll
    static void stopServices() {
        if (provider != null) {
            provider.close();
        }
        if (zookeeper != null) {
            zookeeper.close();
        }
    }

    @Test
    void aKilledProviderFailsSamplesFastAndTheyRecoverWhenItReturnsWithoutRestartingJMeter() throws Exception {
        int timeoutMs = 2000; // generous: a loaded machine must not time out a healthy call
        LiveSamples live = new LiveSamples();
        DubboSampler sampler = SamplerBuilder.echo("echo", provider.direct(), 1024)
                .set(DubboSampler.TIMEOUT, timeoutMs).build();
        CompletableFuture<EmbeddedJMeter.Run> run = start(4, 120, sampler, live);

        live.await(s -> s.success, 20, StartupDeadline.scaled(Duration.ofSeconds(60)), "successes before the kill");
        long killed = provider.kill();
        // down for at least a second before a new JVM exists
        live.await(s -> !s.success && s.startMs >= killed + 1000, 20, Duration.ofSeconds(30), "failures while it is down");
        long launched = provider.launch();
        long ready = provider.awaitReady();
        live.await(s -> s.success && s.startMs >= ready, 20, StartupDeadline.scaled(Duration.ofSeconds(30)),
                "successes after its return");
        StandardJMeterEngine.stopEngine();
        List<SampleResult> results = run.get(60, TimeUnit.SECONDS).results();

        List<LiveSamples.Sample> all = live.all();
        assertThat(results).hasSameSizeAs(all);
        // from the kill until a new provider JVM existed, every sample failed as a network failure or a timeout
        List<LiveSamples.Sample> down = all.stream().filter(s -> s.startMs >= killed && s.endMs <= launched)
                .collect(Collectors.toList());
        assertThat(down).as("samples while the provider was down").hasSizeGreaterThanOrEqualTo(40)
                .allSatisfy(s -> {
                    assertThat(s.success).as(s.toString()).isFalse();
                    assertThat(s.code).as(s.toString()).isIn("NETWORK", "TIMEOUT");
                    assertThat(s.message).as(s.toString()).contains("127.0.0.1:" + provider.port())
                            .doesNotContain("application=", "timestamp=");
                });
        // every thread went on sampling while the provider was away, none longer than its timeout
        assertThat(down.stream().map(s -> s.thread).distinct()).hasSize(4);
        assertThat(all).allSatisfy(s -> assertThat(s.elapsedMs).as(s.toString()).isLessThanOrEqualTo(timeoutMs + SLACK_MS));
        long firstSuccessAfter = all.stream().filter(s -> s.success && s.startMs >= killed)
                .mapToLong(s -> s.endMs).min().orElseThrow();
        System.out.printf("provider killed -> relaunched %d ms -> ready (seen) %d ms -> first success %+d ms; %d samples"
                + " failed meanwhile, e.g. %s%n", launched - killed, ready - launched, firstSuccessAfter - ready,
                all.stream().filter(s -> !s.success).count(), down.get(0).message);
        assertThat(firstSuccessAfter - ready).as("recovery after the provider's return, ms").isLessThan(5000);
        // once it succeeds again it keeps succeeding: no broken connection lingers
        assertThat(all.stream().filter(s -> s.startMs > firstSuccessAfter && !s.success)).isEmpty();
    }

    @Test
    void aHungProviderTimesSamplesOutAtTheirTimeoutAndThePlanStillEndsOnTime() throws Exception {
        int timeoutMs = 1500;
        int seconds = 10;
        LiveSamples live = new LiveSamples();
        DubboSampler sampler = SamplerBuilder.echo("echo", provider.direct(), 1024)
                .set(DubboSampler.TIMEOUT, timeoutMs).build();
        // JMeter and Dubbo's first reference warmed up first: the 10 s plan must not spend its time starting up on a
        // loaded machine (it once saw no sample within 10 s)
        EmbeddedJMeter.Run warm = EmbeddedJMeter.plan(dir).threadGroup(1, 3, 60,
                SamplerBuilder.echo("warm-up", provider.direct(), 1024).set(DubboSampler.TIMEOUT, 5000).build()).run();
        assertThat(warm.results()).hasSize(3);
        long started = System.currentTimeMillis();
        CompletableFuture<EmbeddedJMeter.Run> run = start(4, seconds, sampler, live);
        long frozen;
        EmbeddedJMeter.Run finished;
        try {
            live.await(s -> s.success, 20, StartupDeadline.scaled(Duration.ofSeconds(seconds)),
                    "successes before the provider hangs");
            frozen = provider.freeze();
            // the plan's duration runs out while every thread waits on the hung provider
            finished = run.get(seconds + 60, TimeUnit.SECONDS);
        } finally {
            provider.thaw();
        }
        long ended = System.currentTimeMillis();

        List<LiveSamples.Sample> all = live.all();
        assertThat(finished.results()).hasSameSizeAs(all);
        List<LiveSamples.Sample> hung = all.stream().filter(s -> s.startMs >= frozen).collect(Collectors.toList());
        assertThat(hung).as("samples while the provider hung").hasSizeGreaterThanOrEqualTo(4).allSatisfy(s -> {
            assertThat(s.code).as(s.toString()).isEqualTo("TIMEOUT");
            assertThat(s.elapsedMs).as(s.toString()).isBetween((long) timeoutMs - 50, timeoutMs + SLACK_MS);
            assertThat(s.message).as(s.toString()).contains("timeout: " + timeoutMs + " ms", "127.0.0.1:" + provider.port())
                    .doesNotContain("application=");
        });
        long lastEnd = all.stream().mapToLong(s -> s.endMs).max().orElseThrow();
        long firstStart = all.stream().mapToLong(s -> s.startMs).min().orElseThrow(); // the threads started before
        System.out.printf("hung provider: plan of %d s ended %d ms after its start (last sample end %d ms), %d"
                + " timeouts, e.g. %s%n", seconds, ended - started, lastEnd - started, hung.size(), hung.get(0).message);
        assertThat(lastEnd - firstStart).as("the plan ends at its duration plus at most one timeout")
                .isLessThanOrEqualTo(seconds * 1000L + timeoutMs + SLACK_MS + 2000);

        // thawed, the same provider answers at once over the connection it kept
        EmbeddedJMeter.Run after = EmbeddedJMeter.plan(dir).threadGroup(1, 3, 30,
                SamplerBuilder.echo("after", provider.direct(), 1024).set(DubboSampler.TIMEOUT, 5000).build()).run();
        assertThat(after.results()).hasSize(3).allSatisfy(r -> assertThat(r.isSuccessful())
                .as(r.getResponseMessage()).isTrue());
    }

    @Test
    void withZooKeeperGoneCallsToTheDiscoveredProviderGoOn() throws Exception {
        LiveSamples live = new LiveSamples();
        DubboSampler sampler = SamplerBuilder.echo("echo-zk", zookeeper.registryAddress(), 1024)
                .set(DubboSampler.TIMEOUT, 5000).build();
        CompletableFuture<EmbeddedJMeter.Run> run = start(4, 120, sampler, live);
        long stopped;
        long back;
        try {
            live.await(s -> s.success, 20, StartupDeadline.scaled(Duration.ofSeconds(60)), "successes through the registry");
            zookeeper.stop();
            stopped = System.currentTimeMillis();
            live.await(s -> s.success && s.startMs >= stopped + 3000, 20, Duration.ofSeconds(30),
                    "successes 3 s into the registry's absence");
        } finally {
            zookeeper.start();
        }
        back = System.currentTimeMillis();
        live.await(s -> s.success && s.startMs >= back + 3000, 20, Duration.ofSeconds(30),
                "successes 3 s after the registry's return");
        StandardJMeterEngine.stopEngine();
        run.get(60, TimeUnit.SECONDS);

        List<LiveSamples.Sample> all = live.all();
        System.out.printf("registry away %d ms: %d samples, %d failed%n", back - stopped, all.size(),
                all.stream().filter(s -> !s.success).count());
        assertThat(all.stream().filter(s -> s.startMs >= stopped && s.endMs <= back)).as("calls while it was away")
                .isNotEmpty();
        assertThat(all).as("no call failed, with or without the registry")
                .allSatisfy(s -> assertThat(s.success).as(s.toString()).isTrue());
    }

    private static CompletableFuture<EmbeddedJMeter.Run> start(int threads, int seconds, DubboSampler sampler,
            LiveSamples live) {
        return CompletableFuture.supplyAsync(() -> EmbeddedJMeter.plan(dir)
                .threadGroup(threads, 10_000_000, seconds, sampler, live).run());
    }
}
