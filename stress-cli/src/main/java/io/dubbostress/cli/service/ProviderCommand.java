package io.dubbostress.cli.service;

import io.dubbostress.cli.options.HarnessDefaults;

import io.dubbostress.cli.options.Validate;
import io.dubbostress.cli.process.JavaRuntime;
import io.dubbostress.cli.home.StressHome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code stress provider}: the reference Dubbo provider, in the foreground. */
@Command(name = "provider", mixinStandardHelpOptions = true,
        description = {"Runs the reference Dubbo provider in the foreground.",
            "It exports StressTestService over dubbo/hessian2 and does the harness's CPU work per call.",
            "Ctrl-C stops it. Arguments after -- go to the Spring Boot app (e.g. --stress.provider.serialization=...)."})
public class ProviderCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "PORT", defaultValue = HarnessDefaults.PROVIDER_PORT,
            description = "Dubbo port. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "",
            description = "Address to bind and advertise, e.g. 127.0.0.1 (loopback only). Default: the host's "
                    + "address as Dubbo picks it, bound on all interfaces.")
    String host;

    @Option(names = "--cpu-iterations", paramLabel = "N", defaultValue = HarnessDefaults.CPU_ITERATIONS,
            description = "Random additions per call (the harness's CPU work); 0 disables it. Default: ${DEFAULT-VALUE}.")
    int cpuIterations;

    @Option(names = "--threads", paramLabel = "N", defaultValue = HarnessDefaults.PROVIDER_THREADS,
            description = "Provider thread pool size. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--registry", paramLabel = "URL", defaultValue = "",
            description = "Register in a registry, e.g. zookeeper://127.0.0.1:2181. Default: none (direct connect).")
    String registry;

    @Option(names = "--jvm-args", paramLabel = "ARGS", defaultValue = ServiceCommands.DEFAULT_SERVICE_JVM_ARGS,
            description = "JVM options (heap, collector). Default: ${DEFAULT-VALUE}.")
    String jvmArgs;

    @Option(names = "--gc-log", paramLabel = "FILE", description = "Write a GC log to FILE.")
    Path gcLog;

    @Parameters(paramLabel = "APP-ARGS", arity = "0..*", description = "Passed to the provider app.")
    List<String> appArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        ServiceCommands.ProviderSettings s = new ServiceCommands.ProviderSettings();
        s.port = Validate.port("--port", port);
        s.host = host;
        s.cpuIterations = Validate.atLeast("--cpu-iterations", cpuIterations, 0);
        s.threads = Validate.atLeast("--threads", threads, 1);
        s.registry = registry;
        s.extraArgs = appArgs;
        List<String> command = ServiceCommands.provider(JavaRuntime.current(),
                StressHome.fromSystemProperty().providerJar(), jvmArgs, gcLog, s);
        return ForegroundProcess.run("provider", command, System.err);
    }
}
