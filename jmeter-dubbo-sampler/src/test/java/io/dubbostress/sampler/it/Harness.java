package io.dubbostress.sampler.it;

import io.dubbostress.api.ProviderStatsService;
import io.dubbostress.api.loopback.LoopbackAddress;
import io.dubbostress.testsupport.ChildJvm;
import io.dubbostress.testsupport.FreePort;
import io.dubbostress.testsupport.ZooKeeperServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;

/**
 * The real services the sampler's integration tests call, started in parallel, stopped by {@link #close()}:
 * <ul>
 * <li>a ZooKeeper whose {@code providers} node of the contract is readable only with the digest user
 *     {@value #ZK_USER}:{@value #ZK_PASSWORD} (so a test can prove the sampler's registry password is applied);</li>
 * <li>the provider, on a free loopback port, registered in that ZooKeeper (with the password);</li>
 * <li>a slow provider (a large CPU loop per call) for timeouts;</li>
 * <li>the consumer controller (the hop), calling the provider directly.</li>
 * </ul>
 */
final class Harness implements AutoCloseable {

    static final String ZK_USER = "stress";
    static final String ZK_PASSWORD = "s3cret";
    static final String SERVICE = "io.dubbostress.api.StressTestService";

    final ZooKeeperServer zookeeper;
    final int providerPort = FreePort.find();
    final int slowProviderPort = FreePort.find();
    final int consumerPort = FreePort.find();
    private final List<ChildJvm> jvms = new ArrayList<>();
    private ReferenceConfig<ProviderStatsService> statsReference;

    Harness(Path dir) throws Exception {
        zookeeper = ZooKeeperServer.start(dir.resolve("zk"));
        try {
            protectProvidersNode();
            Path provider = Path.of(System.getProperty("stress.provider.jar"));
            Path consumer = Path.of(System.getProperty("stress.consumer.jar"));
            String registry = "zookeeper://" + ZK_USER + ":" + ZK_PASSWORD + "@" + zookeeper.connectString();
            CompletableFuture<ChildJvm> fast = start(() -> ChildJvm.jar(provider).jvmArgs("-Xmx256m")
                    .args("--stress.provider.port=" + providerPort, "--stress.provider.host=127.0.0.1",
                            "--stress.provider.cpu-iterations=2000", "--stress.provider.registry=" + registry,
                            "--dubbo.application.qos-enable=false")
                    .log(dir.resolve("provider.log")).start(), "stress-provider ready");
            CompletableFuture<ChildJvm> slow = start(() -> ChildJvm.jar(provider).jvmArgs("-Xmx128m")
                    .args("--stress.provider.port=" + slowProviderPort, "--stress.provider.host=127.0.0.1",
                            "--stress.provider.cpu-iterations=200000000", "--stress.provider.threads=4",
                            "--dubbo.application.qos-enable=false")
                    .log(dir.resolve("slow-provider.log")).start(), "stress-provider ready");
            CompletableFuture<ChildJvm> hop = start(() -> ChildJvm.jar(consumer).jvmArgs("-Xmx256m")
                    .args("--server.port=" + consumerPort, "--server.address=127.0.0.1",
                            "--stress.consumer.provider-url=dubbo://127.0.0.1:" + providerPort,
                            "--dubbo.application.qos-enable=false")
                    .log(dir.resolve("consumer.log")).start(), "stress-consumer ready");
            for (CompletableFuture<ChildJvm> f : List.of(fast, slow, hop)) {
                f.get(150, TimeUnit.SECONDS);
            }
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    /** Starts at once (registered for close()), waits for the ready line in the background. */
    private CompletableFuture<ChildJvm> start(Supplier<ChildJvm> starter, String readyLine) {
        ChildJvm jvm = starter.get();
        synchronized (jvms) {
            jvms.add(jvm);
        }
        return CompletableFuture.supplyAsync(() -> jvm.awaitLog(l -> l.contains(readyLine), readyLine,
                io.dubbostress.sampler.StartupDeadline.scaled(Duration.ofSeconds(120))));
    }

    /** /dubbo/SERVICE/providers readable and writable only with the digest user. */
    private void protectProvidersNode() throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(zookeeper.connectString(), 30_000, event -> {
            if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        try {
            if (!connected.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no connection to ZooKeeper at " + zookeeper.connectString());
            }
            zk.addAuthInfo("digest", (ZK_USER + ":" + ZK_PASSWORD).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            createOpen(zk, "/dubbo");
            createOpen(zk, "/dubbo/" + SERVICE);
            List<ACL> onlyUser = new java.util.ArrayList<>(List.of(new ACL(ZooDefs.Perms.ALL,
                    new Id("digest", DigestAuthenticationProvider.generateDigest(ZK_USER + ":" + ZK_PASSWORD)))));
            zk.create("/dubbo/" + SERVICE + "/providers", new byte[0], onlyUser, CreateMode.PERSISTENT);
        } finally {
            zk.close();
        }
    }

    private static void createOpen(ZooKeeper zk, String path) throws Exception {
        try {
            zk.create(path, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
        } catch (KeeperException.NodeExistsException exists) {
            // fine
        }
    }

    String direct() {
        return "dubbo://127.0.0.1:" + providerPort;
    }

    String slowDirect() {
        return "dubbo://127.0.0.1:" + slowProviderPort;
    }

    String registry() {
        return zookeeper.registryAddress();
    }

    String hop(String path) {
        return "http://127.0.0.1:" + consumerPort + path;
    }

    /** The provider's counters, asked over a dedicated connection of the test's own (counted by the provider). */
    synchronized ProviderStatsService stats() {
        if (statsReference == null) {
            LoopbackAddress.pinIfAnyLoopback(direct());
            ReferenceConfig<ProviderStatsService> reference = new ReferenceConfig<>();
            reference.setApplication(io.dubbostress.sampler.runtime.DubboRuntime.application());
            reference.setInterface(ProviderStatsService.class);
            reference.setUrl(direct());
            reference.setRegistry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
            reference.setConnections(1);
            reference.setProxy("jdk");
            reference.setTimeout(10_000);
            reference.setRetries(0);
            statsReference = reference;
        }
        return statsReference.get();
    }


    @Override
    public void close() {
        if (statsReference != null) {
            statsReference.destroy();
        }
        synchronized (jvms) {
            for (ChildJvm jvm : jvms) {
                jvm.close();
            }
            jvms.clear();
        }
        zookeeper.close();
    }
}
