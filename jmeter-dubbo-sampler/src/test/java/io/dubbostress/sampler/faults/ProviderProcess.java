package io.dubbostress.sampler.faults;

import io.dubbostress.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference provider in its own JVM on one fixed loopback port for the whole test, so it can be killed, frozen
 * and started again at the same address while a plan runs: {@link #kill()} is SIGKILL (a crash: no deregistration,
 * no goodbye to clients), {@link #freeze()} / {@link #thaw()} are SIGSTOP / SIGCONT (a hung JVM: connections stay
 * open, nothing answers).
 *
 * <pre>{@code
 * ProviderProcess provider = new ProviderProcess(dir, FreePort.find(), registryOrNull);
 * provider.start();            // waits for its ready line
 * provider.kill();  provider.start();
 * }</pre>
 */
public final class ProviderProcess implements AutoCloseable {

    private static final Duration READY_TIMEOUT = io.dubbostress.sampler.StartupDeadline.scaled(Duration.ofSeconds(120));

    private final Path dir;
    private final int port;
    private final String registry;
    private final List<String> extraArgs = new ArrayList<>();
    private int starts;
    private ChildJvm jvm;

    public ProviderProcess(Path dir, int port, String registry) {
        this.dir = dir;
        this.port = port;
        this.registry = registry;
    }

    /** Adds provider arguments ({@code --stress.provider.threads=1}, {@code --dubbo.protocol.telnet=ls}) for the next start. */
    public ProviderProcess with(String... args) {
        extraArgs.addAll(List.of(args));
        return this;
    }

    /** Starts the provider and waits for its ready line; returns when it was seen ready (epoch ms). */
    public long start() {
        launch();
        return awaitReady();
    }

    /** Starts the provider's JVM; returns when (epoch ms): it cannot answer before. */
    public long launch() {
        List<String> args = new ArrayList<>(List.of("--stress.provider.port=" + port,
                "--stress.provider.host=127.0.0.1", "--stress.provider.cpu-iterations=2000",
                "--dubbo.application.qos-enable=false"));
        if (registry != null) {
            args.add("--stress.provider.registry=" + registry);
        }
        for (String extra : extraArgs) { // an extra argument replaces the default with the same name
            String name = extra.contains("=") ? extra.substring(0, extra.indexOf('=') + 1) : extra;
            args.removeIf(arg -> arg.startsWith(name));
            args.add(extra);
        }
        starts++;
        jvm = ChildJvm.jar(Path.of(System.getProperty("stress.provider.jar"))).jvmArgs("-Xmx192m")
                .args(args.toArray(new String[0])).log(dir.resolve("provider-" + starts + ".log")).start();
        return System.currentTimeMillis();
    }

    /** Waits for the ready line of the JVM {@link #launch()} started; returns when it was seen (epoch ms). */
    public long awaitReady() {
        jvm.awaitLog(line -> line.contains("stress-provider ready"), "stress-provider ready", READY_TIMEOUT);
        return System.currentTimeMillis();
    }

    /** SIGKILL, waiting until it is gone; returns when (epoch ms). */
    public long kill() {
        jvm.kill();
        return System.currentTimeMillis();
    }

    /** SIGSTOP: the JVM stops answering but keeps its sockets open. */
    long freeze() throws IOException, InterruptedException {
        signal("STOP");
        return System.currentTimeMillis();
    }

    /** SIGCONT after {@link #freeze()}. */
    long thaw() throws IOException, InterruptedException {
        signal("CONT");
        return System.currentTimeMillis();
    }

    private void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(jvm.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill -" + name + " " + jvm.pid() + " failed");
        }
    }

    public int port() {
        return port;
    }

    public String direct() {
        return "dubbo://127.0.0.1:" + port;
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
