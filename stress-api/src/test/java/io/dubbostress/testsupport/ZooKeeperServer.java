package io.dubbostress.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real ZooKeeper server (the {@code org.apache.zookeeper:zookeeper} on the test classpath, 3.7.x) in its own JVM,
 * on a free port of 127.0.0.1 only, admin server off. {@link #stop()} and {@link #start()} may be called again to
 * take it away and bring it back mid-test; the data directory is kept between them. Needs
 * {@code org.apache.zookeeper:zookeeper}, {@code io.dropwizard.metrics:metrics-core} and
 * {@code org.xerial.snappy:snappy-java} (the last two: ZooKeeper's server uses them but marks them "provided") on the
 * test class path.
 *
 * <pre>{@code
 * try (ZooKeeperServer zk = ZooKeeperServer.start(tempDir)) {
 *     String registry = zk.registryAddress();   // zookeeper://127.0.0.1:PORT
 * }
 * }</pre>
 */
public final class ZooKeeperServer implements AutoCloseable {

    private final Path dir;
    private final int port;
    private ChildJvm jvm;

    private ZooKeeperServer(Path dir, int port) {
        this.dir = dir;
        this.port = port;
    }

    public static ZooKeeperServer start(Path workDir) {
        ZooKeeperServer server = new ZooKeeperServer(workDir, FreePort.find());
        server.start();
        return server;
    }

    public synchronized void start() {
        if (jvm != null && jvm.isAlive()) {
            return;
        }
        requireOnClassPath("org.apache.zookeeper.server.ZooKeeperServerMain", "org.apache.zookeeper:zookeeper");
        requireOnClassPath("com.codahale.metrics.Reservoir", "io.dropwizard.metrics:metrics-core");
        requireOnClassPath("org.xerial.snappy.SnappyInputStream", "org.xerial.snappy:snappy-java");
        Path data = dir.resolve("zk-data");
        Path config = dir.resolve("zoo.cfg");
        try {
            Files.createDirectories(data);
            String cfg = "tickTime=500\n"
                    + "initLimit=10\n"
                    + "syncLimit=5\n"
                    + "dataDir=" + data.toAbsolutePath() + "\n"
                    + "clientPort=" + port + "\n"
                    + "clientPortAddress=127.0.0.1\n"
                    + "maxClientCnxns=200\n"
                    + "admin.enableServer=false\n"
                    + "4lw.commands.whitelist=ruok,stat\n";
            Files.write(config, cfg.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        jvm = ChildJvm.mainClass("org.apache.zookeeper.server.ZooKeeperServerMain", System.getProperty("java.class.path"))
                .jvmArgs("-Xmx128m", "-Dzookeeper.admin.enableServer=false", "-Dzookeeper.jmx.log4j.disable=true")
                .args(config.toAbsolutePath().toString())
                .log(dir.resolve("zookeeper.log"))
                .start();
        jvm.awaitPort(port, Duration.ofSeconds(60));
    }

    private static void requireOnClassPath(String className, String artifact) {
        try {
            Class.forName(className, false, ZooKeeperServer.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("ZooKeeperServer needs " + artifact + " on the test class path (test scope)");
        }
    }

    /** Stops the server (SIGTERM); clients see the connection drop. */
    public synchronized void stop() {
        if (jvm != null) {
            jvm.close();
            jvm = null;
        }
    }

    public int port() {
        return port;
    }

    /** {@code 127.0.0.1:PORT} */
    public String connectString() {
        return "127.0.0.1:" + port;
    }

    /** {@code zookeeper://127.0.0.1:PORT}, as Dubbo takes it. */
    public String registryAddress() {
        return "zookeeper://" + connectString();
    }

    @Override
    public void close() {
        stop();
    }
}
