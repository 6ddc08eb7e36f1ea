package io.dubbostress.bench;

import io.dubbostress.cli.options.HarnessDefaults;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.process.ManagedProcess;
import io.dubbostress.cli.home.StressHome;
import io.dubbostress.cli.service.ServiceCommands;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The provider (and, for the hop, the consumer) the bench loads: started once on free ports of 127.0.0.1 with the
 * command lines {@code stress run} uses ({@link ServiceCommands}), GC logs next to their output, stopped at the end.
 * The triple sides get the {@link TripleReferenceProvider} (Dubbo 3.3 over {@code tri://}, the same work per call, the
 * same JVM options), started the same way.
 */
final class BenchServices implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    /** {@link TripleReferenceProvider}, by name: it implements the contract, which is not on this JVM's class path. */
    static final String TRIPLE_PROVIDER_CLASS = "io.dubbostress.bench.TripleReferenceProvider";

    private final List<ManagedProcess> started = new ArrayList<>();
    private int providerPort;
    private int consumerPort;
    private int tripleProviderPort;
    private long providerPid = -1;
    private long consumerPid = -1;
    private long tripleProviderPid = -1;
    private int grpcPort;
    private long grpcServerPid = -1;

    /** Starts the providers {@code settings} need, and the consumer when they need it. */
    static BenchServices start(BenchSettings settings, StressHome home, JavaRuntime java, PrintStream err) {
        BenchServices services = new BenchServices();
        try {
            if (settings.needsProvider()) {
                services.startProvider(settings, home, java, err);
            }
            if (settings.needsConsumer()) {
                services.startConsumer(settings, home, java, err);
            }
            if (settings.needsTripleProvider()) {
                services.startTripleProvider(settings, home, java, err);
            }
            if (settings.needsGrpcServer()) {
                services.startGrpcServer(settings, home, java, err);
            }
        } catch (RuntimeException e) {
            services.close();
            throw e;
        }
        return services;
    }

    private void startProvider(BenchSettings settings, StressHome home, JavaRuntime java, PrintStream err) {
        ServiceCommands.ProviderSettings s = new ServiceCommands.ProviderSettings();
        s.port = BenchProcesses.freePort();
        s.host = "127.0.0.1";
        s.cpuIterations = settings.cpuIterations;
        Path logs = settings.out.resolve("logs");
        List<String> command = ServiceCommands.provider(java, home.providerJar(), settings.providerJvmArgs,
                logs.resolve("provider-gc.log"), s);
        ManagedProcess provider = start("provider", command, logs.resolve("provider.log"), "stress-provider ready:",
                err);
        providerPort = s.port;
        providerPid = BenchProcesses.javaPid(provider.pid());
    }

    private void startConsumer(BenchSettings settings, StressHome home, JavaRuntime java, PrintStream err) {
        ServiceCommands.ConsumerSettings s = new ServiceCommands.ConsumerSettings();
        s.port = BenchProcesses.freePort();
        s.host = "127.0.0.1";
        s.providerUrl = "dubbo://" + providerAddress();
        s.timeoutMs = settings.timeoutMs;
        Path logs = settings.out.resolve("logs");
        List<String> command = ServiceCommands.consumer(java, home.consumerJar(), settings.consumerJvmArgs,
                logs.resolve("consumer-gc.log"), s);
        ManagedProcess consumer = start("consumer", command, logs.resolve("consumer.log"), "stress-consumer ready:",
                err);
        consumerPort = s.port;
        consumerPid = BenchProcesses.javaPid(consumer.pid());
    }

    private void startTripleProvider(BenchSettings settings, StressHome home, JavaRuntime java, PrintStream err) {
        int port = BenchProcesses.freePort();
        Path logs = settings.out.resolve("logs");
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.addAll(ServiceCommands.splitArgs(settings.providerJvmArgs));
        command.addAll(java.gcLogging(logs.resolve("triple-provider-gc.log")));
        command.add("-cp");
        command.add(home.dubbo3SamplerJar() + File.pathSeparator + System.getProperty("java.class.path"));
        command.add(TRIPLE_PROVIDER_CLASS);
        command.add("--port");
        command.add(String.valueOf(port));
        command.add("--threads");
        command.add(HarnessDefaults.PROVIDER_THREADS);
        command.add("--cpu-iterations");
        command.add(String.valueOf(settings.cpuIterations));
        ManagedProcess provider = start("triple provider", command, logs.resolve("triple-provider.log"),
                TripleReferenceProvider.READY, err);
        tripleProviderPort = port;
        tripleProviderPid = BenchProcesses.javaPid(provider.pid());
    }

    /**
     * The IDL service's grpc-java server (test-plans/outside-providers/idl: {@code IdlGrpcServer}, its own JVM with the
     * provider's JVM options) for the grpc sides.
     */
    private void startGrpcServer(BenchSettings settings, StressHome home, JavaRuntime java, PrintStream err) {
        GrpcBenchFiles files = GrpcBenchFiles.of(home);
        grpcPort = BenchProcesses.freePort();
        Path logs = settings.out.resolve("logs");
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.addAll(ServiceCommands.splitArgs(settings.providerJvmArgs));
        command.addAll(java.gcLogging(logs.resolve("grpc-server-gc.log")));
        command.add("-cp");
        command.add(files.serverClassPath());
        command.add("io.dubbostress.outside.idl.server.IdlGrpcServer");
        command.add(String.valueOf(grpcPort));
        ManagedProcess server = start("grpc-server", command, logs.resolve("grpc-server.log"),
                "idl-grpc-server ready", err);
        grpcServerPid = BenchProcesses.javaPid(server.pid());
    }

    private ManagedProcess start(String name, List<String> command, Path log, String readyMarker, PrintStream err) {
        long t0 = System.nanoTime();
        err.printf("stress bench: starting the %s ...%n", name);
        ManagedProcess process = ManagedProcess.start(name, command, Map.of(), log);
        started.add(process);
        process.awaitLogLine(line -> line.contains(readyMarker), name + "'s ready line", START_TIMEOUT);
        err.printf("stress bench: %s ready (%.1f s)%n", name, (System.nanoTime() - t0) / 1e9);
        return process;
    }

    String providerAddress() {
        return "127.0.0.1:" + providerPort;
    }

    int providerPort() {
        return providerPort;
    }

    /** {@code tri://127.0.0.1:PORT} of the triple reference provider. */
    String tripleProviderUrl() {
        return "tri://127.0.0.1:" + tripleProviderPort;
    }

    long tripleProviderPid() {
        return tripleProviderPid;
    }

    int consumerPort() {
        return consumerPort;
    }

    /** The grpc-java server's port (grpc sides), 0 when it does not run. */
    int grpcPort() {
        return grpcPort;
    }

    long grpcServerPid() {
        return grpcServerPid;
    }

    long providerPid() {
        return providerPid;
    }

    long consumerPid() {
        return consumerPid;
    }

    /** A service that died: its name and exit code, or null. */
    String deadService() {
        for (ManagedProcess p : started) {
            if (!p.isAlive()) {
                return p.name() + " exited with code " + p.exitValue() + " (its log: " + p.log() + ")";
            }
        }
        return null;
    }

    @Override
    public void close() {
        List<ManagedProcess> reversed = new ArrayList<>(started);
        Collections.reverse(reversed);
        for (ManagedProcess p : reversed) {
            p.stop(Duration.ofSeconds(20));
        }
        started.clear();
    }
}
