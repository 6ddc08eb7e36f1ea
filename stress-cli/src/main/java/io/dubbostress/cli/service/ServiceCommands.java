package io.dubbostress.cli.service;

import io.dubbostress.cli.options.HarnessDefaults;
import io.dubbostress.cli.process.JavaRuntime;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command lines that start the reference provider and the consumer. One place, so {@code stress provider},
 * {@code stress consumer} and {@code stress run} start them the same way: the JVM flags they need, GC logging when
 * asked, then the app's own settings.
 */
public final class ServiceCommands {

    /** Heap and collector the services get unless told otherwise ({@link HarnessDefaults#SERVICE_JVM_ARGS}). */
    public static final String DEFAULT_SERVICE_JVM_ARGS = HarnessDefaults.SERVICE_JVM_ARGS;

    private ServiceCommands() {
    }

    /** Splits a JVM-arguments string on whitespace (no quoting: JVM flags do not need it). */
    public static List<String> splitArgs(String args) {
        if (args == null || args.trim().isEmpty()) {
            return new ArrayList<>();
        }
        return new ArrayList<>(Arrays.asList(args.trim().split("\\s+")));
    }

    public static List<String> provider(JavaRuntime java, Path jar, String jvmArgs, Path gcLog, ProviderSettings s) {
        List<String> command = jvm(java, jvmArgs, gcLog);
        command.add("-jar");
        command.add(jar.toString());
        command.add("--stress.provider.port=" + s.port);
        command.add("--stress.provider.cpu-iterations=" + s.cpuIterations);
        command.add("--stress.provider.threads=" + s.threads);
        if (s.host != null && !s.host.isEmpty()) {
            command.add("--stress.provider.host=" + s.host);
        }
        if (s.registry != null && !s.registry.isEmpty()) {
            command.add("--stress.provider.registry=" + s.registry);
        }
        command.addAll(s.extraArgs);
        return command;
    }

    public static List<String> consumer(JavaRuntime java, Path jar, String jvmArgs, Path gcLog, ConsumerSettings s) {
        List<String> command = jvm(java, jvmArgs, gcLog);
        command.add("-jar");
        command.add(jar.toString());
        command.add("--server.port=" + s.port);
        if (s.host != null && !s.host.isEmpty()) {
            command.add("--server.address=" + s.host);
        }
        if (s.registry != null && !s.registry.isEmpty()) {
            command.add("--stress.consumer.registry=" + s.registry);
        } else {
            command.add("--stress.consumer.provider-url=" + s.providerUrl);
        }
        command.add("--stress.consumer.timeout-ms=" + s.timeoutMs);
        command.addAll(s.extraArgs);
        return command;
    }

    private static List<String> jvm(JavaRuntime java, String jvmArgs, Path gcLog) {
        List<String> command = new ArrayList<>();
        command.add(java.executable().toString());
        command.addAll(splitArgs(jvmArgs));
        command.addAll(java.dubboOpens());
        if (gcLog != null) {
            command.addAll(java.gcLogging(gcLog));
        }
        return command;
    }

    /** What a provider is started with. */
    public static final class ProviderSettings {
        public int port = Integer.parseInt(HarnessDefaults.PROVIDER_PORT);
        public String host = "";
        public int cpuIterations = Integer.parseInt(HarnessDefaults.CPU_ITERATIONS);
        public int threads = Integer.parseInt(HarnessDefaults.PROVIDER_THREADS);
        public String registry = "";
        public List<String> extraArgs = new ArrayList<>();
    }

    /** What a consumer is started with. */
    public static final class ConsumerSettings {
        public int port = Integer.parseInt(HarnessDefaults.CONSUMER_PORT);
        public String host = "";
        public String providerUrl = "dubbo://127.0.0.1:" + HarnessDefaults.PROVIDER_PORT;
        public String registry = "";
        public int timeoutMs = Integer.parseInt(HarnessDefaults.TIMEOUT_MS);
        public List<String> extraArgs = new ArrayList<>();
    }
}
