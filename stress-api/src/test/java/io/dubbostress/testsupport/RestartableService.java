package io.dubbostress.testsupport;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A service of the harness (the reference provider, the consumer) in its own JVM on one fixed loopback port for the
 * whole test, so a test can crash it ({@link #kill()}: SIGKILL, no goodbye to clients), hang it ({@link #freeze()} /
 * {@link #thaw()}: SIGSTOP / SIGCONT, connections stay open and nothing answers) and start it again at the same
 * address while a plan or a run uses it. Every start logs to a file of its own. The one such fixture of the tests.
 *
 * <pre>{@code
 * RestartableService provider = RestartableService.provider(providerJar, dir, FreePort.find(), null);
 * provider.start();                 // waits for its ready line
 * provider.kill();  provider.start();
 * }</pre>
 */
public final class RestartableService implements AutoCloseable {

    private final String name;
    private final Path dir;
    private final int port;
    private final Path jar;
    private final List<String> jvmArgs;
    private final List<String> args;
    private final String readyLine;
    private final Duration readyTimeout;
    private int starts;
    private ChildJvm jvm;

    private RestartableService(String name, Path dir, int port, Path jar, List<String> jvmArgs, List<String> args,
            String readyLine, Duration readyTimeout) {
        this.name = name;
        this.dir = dir;
        this.port = port;
        this.jar = jar;
        this.jvmArgs = jvmArgs;
        this.args = args;
        this.readyLine = readyLine;
        this.readyTimeout = readyTimeout;
    }

    /** The reference provider on 127.0.0.1:{@code port}, registered at {@code registry} when it is not null. */
    public static RestartableService provider(Path jar, Path dir, int port, String registry, Duration readyTimeout) {
        List<String> args = new ArrayList<>(List.of("--stress.provider.port=" + port,
                "--stress.provider.host=127.0.0.1", "--stress.provider.cpu-iterations=2000",
                "--dubbo.application.qos-enable=false"));
        if (registry != null) {
            args.add("--stress.provider.registry=" + registry);
        }
        return new RestartableService("provider", dir, port, jar, List.of("-Xmx256m"), args, "stress-provider ready",
                readyTimeout);
    }

    /** The reference consumer on 127.0.0.1:{@code port}, calling the provider at 127.0.0.1:{@code providerPort}. */
    public static RestartableService consumer(Path jar, Path dir, int port, int providerPort, int timeoutMs,
            Duration readyTimeout) {
        return new RestartableService("consumer", dir, port, jar, List.of("-Xmx256m"), List.of("--server.port=" + port,
                "--server.address=127.0.0.1", "--stress.consumer.provider-url=dubbo://127.0.0.1:" + providerPort,
                "--stress.consumer.timeout-ms=" + timeoutMs, "--dubbo.application.qos-enable=false"),
                "stress-consumer ready", readyTimeout);
    }

    /**
     * This service with more arguments, each replacing the default argument of the same name:
     * {@code provider(...).with("--stress.provider.threads=1", "--dubbo.protocol.telnet=ls")}.
     */
    public RestartableService with(String... extra) {
        List<String> merged = new ArrayList<>(args);
        for (String argument : extra) {
            String key = argument.contains("=") ? argument.substring(0, argument.indexOf('=') + 1) : argument;
            merged.removeIf(existing -> existing.startsWith(key));
            merged.add(argument);
        }
        return new RestartableService(name, dir, port, jar, jvmArgs, merged, readyLine, readyTimeout);
    }

    /** Starts it and waits until it is ready; returns when it was seen ready (epoch ms). */
    public long start() {
        launch();
        return awaitReady();
    }

    /** Starts its JVM (it cannot answer before); returns when (epoch ms). */
    public long launch() {
        starts++;
        jvm = ChildJvm.jar(jar).jvmArgs(jvmArgs.toArray(new String[0])).args(args.toArray(new String[0]))
                .log(dir.resolve(name + "-" + starts + ".log")).start();
        return System.currentTimeMillis();
    }

    /** Waits for the ready line of the JVM {@link #launch()} started; returns when it was seen (epoch ms). */
    public long awaitReady() {
        jvm.awaitLog(line -> line.contains(readyLine), name + ": " + readyLine, readyTimeout);
        return System.currentTimeMillis();
    }

    /** SIGKILL, and waits until it is gone; returns when (epoch ms). */
    public long kill() {
        jvm.kill();
        return System.currentTimeMillis();
    }

    /** SIGSTOP: the JVM stops answering but keeps its sockets open; returns when (epoch ms). */
    public long freeze() throws IOException, InterruptedException {
        signal("STOP");
        return System.currentTimeMillis();
    }

    /** SIGCONT after {@link #freeze()}; returns when (epoch ms). */
    public long thaw() throws IOException, InterruptedException {
        signal("CONT");
        return System.currentTimeMillis();
    }

    private void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(jvm.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill -" + signal + " " + jvm.pid() + " failed");
        }
    }

    public int port() {
        return port;
    }

    /** Its direct address, {@code dubbo://127.0.0.1:<port>}. */
    public String direct() {
        return "dubbo://127.0.0.1:" + port;
    }

    public long pid() {
        return jvm.pid();
    }

    public String logText() {
        return jvm == null ? "" : jvm.logText();
    }

    @Override
    public void close() {
        if (jvm != null && jvm.isAlive()) {
            try {
                signal("CONT"); // a frozen JVM cannot act on SIGTERM
            } catch (IOException | InterruptedException | IllegalStateException ignored) {
                // it may be gone already
            }
            jvm.close();
        }
    }
}
