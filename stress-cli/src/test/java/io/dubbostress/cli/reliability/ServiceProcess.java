package io.dubbostress.cli.reliability;

import io.dubbostress.testsupport.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A service of the harness (provider, consumer) in its own JVM on one fixed loopback port for the
 * whole test, so a test can kill it (SIGKILL: a crash) while {@code stress run} uses it and start it again at the
 * same address. Every start logs to a file of its own.
 *
 * <pre>{@code
 * ServiceProcess provider = ServiceProcess.provider(dir, FreePort.find());
 * provider.start();   provider.kill();   provider.launch();   provider.awaitReady();
 * }</pre>
 */
final class ServiceProcess implements AutoCloseable {

    static final Path HOME = Path.of(System.getProperty("stress.home", "..")).toAbsolutePath().normalize();
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

    private final String name;
    private final Path dir;
    private final int port;
    private final Path jar;
    private final List<String> jvmArgs;
    private final List<String> args;
    private final String readyLine;
    private int starts;
    private ChildJvm jvm;

    private ServiceProcess(String name, Path dir, int port, Path jar, List<String> jvmArgs, List<String> args,
            String readyLine) {
        this.name = name;
        this.dir = dir;
        this.port = port;
        this.jar = jar;
        this.jvmArgs = jvmArgs;
        this.args = args;
        this.readyLine = readyLine;
    }

    static ServiceProcess provider(Path dir, int port) {
        return new ServiceProcess("provider", dir, port, HOME.resolve("stress-provider/target/stress-provider.jar"),
                List.of("-Xmx256m"), List.of("--stress.provider.port=" + port, "--stress.provider.host=127.0.0.1",
                        "--stress.provider.cpu-iterations=2000", "--dubbo.application.qos-enable=false"),
                "stress-provider ready");
    }

    static ServiceProcess consumer(Path dir, int port, int providerPort, int timeoutMs) {
        return new ServiceProcess("consumer", dir, port, HOME.resolve("stress-consumer/target/stress-consumer.jar"),
                List.of("-Xmx256m"), List.of("--server.port=" + port, "--server.address=127.0.0.1",
                        "--stress.consumer.provider-url=dubbo://127.0.0.1:" + providerPort,
                        "--stress.consumer.timeout-ms=" + timeoutMs, "--dubbo.application.qos-enable=false"),
                "stress-consumer ready");
    }

    /** Starts it and waits until it is ready; returns when it was seen ready (epoch ms). */
    long start() {
        launch();
        return awaitReady();
    }

    /** Starts its JVM (it cannot answer before); returns when (epoch ms). */
    long launch() {
        starts++;
        jvm = ChildJvm.jar(jar).jvmArgs(jvmArgs.toArray(new String[0])).args(args.toArray(new String[0]))
                .log(dir.resolve(name + "-" + starts + ".log")).start();
        return System.currentTimeMillis();
    }

    /** Waits for the ready line of the JVM {@link #launch()} started; returns when it was seen (epoch ms). */
    long awaitReady() {
        jvm.awaitLog(line -> line.contains(readyLine), name + ": " + readyLine, READY_TIMEOUT);
        return System.currentTimeMillis();
    }

    /** SIGKILL, and waits until it is gone; returns when (epoch ms). */
    long kill() {
        jvm.kill();
        return System.currentTimeMillis();
    }

    int port() {
        return port;
    }

    long pid() {
        return jvm.pid();
    }

    @Override
    public void close() {
        if (jvm != null) {
            jvm.close();
        }
    }
}
