package io.dubbostress.sampler.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.dubbostress.sampler.EmbeddedJMeter;
import io.dubbostress.sampler.SamplerBuilder;
import io.dubbostress.sampler.StartupDeadline;
import io.dubbostress.sampler.browse.BrowseException;
import io.dubbostress.sampler.browse.BrowsedMethod;
import io.dubbostress.sampler.browse.BrowsedService;
import io.dubbostress.sampler.browse.ServiceBrowser;
import io.dubbostress.sampler.sampler.DubboSampler;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.RestartableService;
import io.dubbostress.testsupport.ZooKeeperServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider whose thread pool is full refuses calls ("Server side(...) thread pool is exhausted"): the real
 * reference provider in its own JVM with one Dubbo thread ({@code stress.provider.threads=1}) and slow calls (a
 * large CPU loop per call), called by several JMeter threads at once. The refusals are {@code OVERLOAD}, not
 * {@code NETWORK}: the network was fine, the server was saturated.
 */
class OverloadIT {

    @TempDir
    static Path dir;
    static ZooKeeperServer zookeeper;
    static RestartableService provider;

    @BeforeAll
    static void startProvider() {
        zookeeper = ZooKeeperServer.start(dir.resolve("zk"));
        // ~0.1-1 s of CPU per call on this machine: several threads calling at once always find the one thread busy
        provider = RestartableService.provider(Path.of(System.getProperty("stress.provider.jar")), dir,
                FreePort.find(), zookeeper.registryAddress(), StartupDeadline.scaled(Duration.ofSeconds(120))).with("--stress.provider.threads=1",
                "--stress.provider.cpu-iterations=200000000");
        provider.start();
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
        if (zookeeper != null) {
            zookeeper.close();
        }
    }

    @Test
    void callsRefusedByAnExhaustedThreadPoolAreOverloadNotNetwork() {
        DubboSampler sampler = SamplerBuilder.echo("echo", provider.direct(), 16).set(DubboSampler.TIMEOUT, 60_000)
                .build();
        List<SampleResult> results = EmbeddedJMeter.plan(dir).threadGroup(4, 4, 120, sampler).run().results();

        assertThat(results).hasSize(16);
        List<SampleResult> refused = results.stream().filter(r -> !r.isSuccessful()).collect(Collectors.toList());
        assertThat(refused).as("calls refused while the only thread was busy").isNotEmpty().allSatisfy(r -> {
            assertThat(r.getResponseCode()).as(r.getResponseMessage()).isEqualTo("OVERLOAD");
            assertThat(r.getResponseMessage()).as(r.getResponseMessage())
                    .startsWith("the provider 127.0.0.1:" + provider.port() + " is overloaded: its thread pool is"
                            + " exhausted (Pool Size: 1 (active: ").contains("max: 1");
        });
        assertThat(results).as("the calls that found the thread free succeeded")
                .anySatisfy(r -> assertThat(r.isSuccessful()).isTrue());
        System.out.printf("one-thread provider, 4 JMeter threads: %d of %d calls refused, e.g. %s%n", refused.size(),
                results.size(), refused.get(0).getResponseMessage());
    }

    @Test
    void browsingAProviderThatDoesNotAllowLsSaysHowToAllowItAndItsRegistryGivesMethodNamesOnly() throws Exception {
        // the reference provider without dubbo.protocol.telnet=ls: Dubbo 2.7.23 refuses 'ls' on its dubbo port. Its one
        // Dubbo thread also answers telnet lines, and a line that finds it busy (the other case's slow calls) is dropped
        // without an answer: ask again until it is free, then judge the answer
        AtomicReference<BrowseException> refused = new AtomicReference<>();
        await("an answer to 'ls' from the one-thread provider").atMost(StartupDeadline.scaled(Duration.ofSeconds(60)))
                .pollInterval(Duration.ofMillis(500)).until(() -> {
                    try {
                        ServiceBrowser.browse(provider.direct(), "", "", 5_000);
                        return true;
                    } catch (BrowseException e) {
                        refused.set(e);
                        return !e.getMessage().startsWith("no answer from ");
                    }
                });
        assertThat(refused.get()).isInstanceOf(BrowseException.class)
                .hasMessage("the provider at 127.0.0.1:" + provider.port() + " does not allow 'ls' on its dubbo port"
                        + " (Dubbo 2.7 allows it only when the provider sets dubbo.protocol.telnet=ls): browse its"
                        + " registry instead, or type the interface and method");
        // through its registry: the methods' names, without types (the registry has none, the provider refuses ls)
        List<BrowsedService> services = ServiceBrowser.browse(zookeeper.registryAddress(), "", "", browseTimeoutMs());
        BrowsedService stress = services.stream()
                .filter(s -> s.interfaceName().equals("io.dubbostress.api.StressTestService")).findFirst().orElseThrow();
        assertThat(stress.methods().stream().map(BrowsedMethod::toString)).containsExactly("echo(?)", "echoOrder(?)");
        // found under ZooKeeper's default root: the Registry group field it fills is empty
        assertThat(stress.registryGroup()).isEqualTo("dubbo");
        assertThat(stress.registryGroupField()).isEmpty();
    }

    /** Browse's answer deadline: 10 s on a quiet box, more on a busy one (the one Dubbo thread answers 'ls' too). */
    private static int browseTimeoutMs() {
        return (int) StartupDeadline.scaled(Duration.ofSeconds(10)).toMillis();
    }
}
