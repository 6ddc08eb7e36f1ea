package io.dubbostress.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A JVM started by a test: {@code java [jvm args] (-jar JAR | -cp CP MAIN) [args]}, output to a log file, killed by
 * {@link #close()} and, should the test JVM die first, by a shutdown hook. Waits are conditions with a deadline
 * (a port accepting, a line in the log), never sleeps; a failed wait says why and shows the log's tail.
 *
 * <pre>{@code
 * try (ChildJvm provider = ChildJvm.jar(providerJar).args("--stress.port=" + port).log(dir.resolve("p.log")).start()) {
 *     provider.awaitPort(port, Duration.ofSeconds(60));
 *     ...
 * }
 * }</pre>
 */
public final class ChildJvm implements AutoCloseable {

    private final List<String> command;
    private final Map<String, String> env;
    private final Path log;
    private Process process;
    private Thread shutdownHook;

    private ChildJvm(List<String> command, Map<String, String> env, Path log) {
        this.command = command;
        this.env = env;
        this.log = log;
    }

    /** The {@code java} of the JDK running the tests. */
    public static Path javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    public static Builder jar(Path jar) {
        return new Builder(List.of("-jar", jar.toAbsolutePath().toString()));
    }

    public static Builder mainClass(String mainClass, String classPath) {
        return new Builder(List.of("-cp", classPath, mainClass));
    }

    /** Builds the command; nothing runs until {@link #start()}. */
    public static final class Builder {
        private final List<String> launch;
        private final List<String> jvmArgs = new ArrayList<>();
        private final List<String> args = new ArrayList<>();
        private final Map<String, String> env = new LinkedHashMap<>();
        private Path java = javaExecutable();
        private Path log;

        private Builder(List<String> launch) {
            this.launch = launch;
        }

        public Builder java(Path javaExecutable) {
            this.java = javaExecutable;
            return this;
        }

        public Builder jvmArgs(String... values) {
            jvmArgs.addAll(Arrays.asList(values));
            return this;
        }

        public Builder args(String... values) {
            args.addAll(Arrays.asList(values));
            return this;
        }

        public Builder env(String name, String value) {
            env.put(name, value);
            return this;
        }

        public Builder log(Path logFile) {
            this.log = logFile;
            return this;
        }

        public ChildJvm start() {
            List<String> command = new ArrayList<>();
            command.add(java.toString());
            command.addAll(jvmArgs);
            command.addAll(launch);
            command.addAll(args);
            Path logFile = log;
            try {
                if (logFile == null) {
                    logFile = Files.createTempFile("child-jvm", ".log");
                }
                Files.createDirectories(logFile.toAbsolutePath().getParent());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ChildJvm jvm = new ChildJvm(command, env, logFile);
            jvm.launch();
            return jvm;
        }
    }

    private void launch() {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + command, e);
        }
        Process started = process;
        shutdownHook = new Thread(() -> {
            started.descendants().forEach(ProcessHandle::destroyForcibly);
            started.destroyForcibly();
        }, "kill-child-jvm");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public List<String> command() {
        return command;
    }

    /** Waits until 127.0.0.1:{@code port} accepts a connection; fails early if the JVM exits. */
    public ChildJvm awaitPort(int port, Duration timeout) {
        return awaitCondition("port " + port + " to accept connections", timeout, () -> canConnect(port));
    }

    /** Waits until a line of the log matches. */
    public ChildJvm awaitLog(Predicate<String> line, String what, Duration timeout) {
        return awaitCondition(what, timeout, () -> logText().lines().anyMatch(line));
    }

    private ChildJvm awaitCondition(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return this;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("JVM exited with " + process.exitValue() + " before " + what
                        + "\ncommand: " + shortCommand() + "\nlog tail:\n" + logTail(40));
            }
            try {
                Thread.sleep(50); // polling interval of a deadline-bounded wait
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
        }
        throw new IllegalStateException("timed out after " + timeout + " waiting for " + what
                + "\ncommand: " + shortCommand() + "\nlog tail:\n" + logTail(40));
    }

    /** The command with long arguments (class paths) abbreviated, for messages. */
    public String shortCommand() {
        return command.stream()
                .map(arg -> arg.length() > 160 ? arg.substring(0, 80) + "...(" + arg.length() + " chars)" : arg)
                .collect(Collectors.joining(" "));
    }

    public static boolean canConnect(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public String logText() {
        try {
            return Files.exists(log) ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    public String logTail(int lines) {
        List<String> all = logText().lines().collect(Collectors.toList());
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** SIGKILL: the process dies without running its shutdown hooks (a crash). */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        waitFor(Duration.ofSeconds(30));
    }

    /** SIGTERM, then SIGKILL if it has not exited within {@code grace}. Returns the exit code. */
    public int stop(Duration grace) {
        process.destroy();
        if (!waitFor(grace)) {
            kill();
        }
        return process.exitValue();
    }

    public boolean waitFor(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            stop(Duration.ofSeconds(10));
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }
}
