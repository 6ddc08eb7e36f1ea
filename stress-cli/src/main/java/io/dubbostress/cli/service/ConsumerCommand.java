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

/** {@code stress consumer}: the reference consumer controller (HTTP -> Dubbo), in the foreground. */
@Command(name = "consumer", mixinStandardHelpOptions = true,
        description = {"Runs the reference consumer (HTTP controller -> Dubbo) in the foreground.",
            "GET /stressTest/string1k, /stressTest/string100k and /stressTest/echo?size=N call the provider over",
            "Dubbo and verify the echo. Ctrl-C stops it."})
public class ConsumerCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "PORT", defaultValue = HarnessDefaults.CONSUMER_PORT,
            description = "HTTP port. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--host", paramLabel = "ADDRESS", defaultValue = "",
            description = "HTTP bind address, e.g. 127.0.0.1. Default: all interfaces.")
    String host;

    @Option(names = "--provider-url", paramLabel = "URL", defaultValue = "dubbo://127.0.0.1:" + HarnessDefaults.PROVIDER_PORT,
            description = "Provider to call directly. Default: ${DEFAULT-VALUE}.")
    String providerUrl;

    @Option(names = "--registry", paramLabel = "URL", defaultValue = "",
            description = "Discover providers in a registry instead, e.g. zookeeper://127.0.0.1:2181.")
    String registry;

    @Option(names = "--timeout-ms", paramLabel = "MS", defaultValue = HarnessDefaults.TIMEOUT_MS,
            description = "Dubbo call timeout. Default: ${DEFAULT-VALUE}.")
    int timeoutMs;

    @Option(names = "--jvm-args", paramLabel = "ARGS", defaultValue = ServiceCommands.DEFAULT_SERVICE_JVM_ARGS,
            description = "JVM options (heap, collector). Default: ${DEFAULT-VALUE}.")
    String jvmArgs;

    @Option(names = "--gc-log", paramLabel = "FILE", description = "Write a GC log to FILE.")
    Path gcLog;

    @Parameters(paramLabel = "APP-ARGS", arity = "0..*", description = "Passed to the consumer app.")
    List<String> appArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        ServiceCommands.ConsumerSettings s = new ServiceCommands.ConsumerSettings();
        s.port = Validate.port("--port", port);
        s.host = host;
        s.providerUrl = providerUrl;
        s.registry = registry;
        s.timeoutMs = Validate.atLeast("--timeout-ms", timeoutMs, 1);
        s.extraArgs = appArgs;
        List<String> command = ServiceCommands.consumer(JavaRuntime.current(),
                StressHome.fromSystemProperty().consumerJar(), jvmArgs, gcLog, s);
        return ForegroundProcess.run("consumer", command, System.err);
    }
}
