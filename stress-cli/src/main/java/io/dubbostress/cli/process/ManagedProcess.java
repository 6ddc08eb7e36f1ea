package io.dubbostress.cli.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A process the stress command started: output to a log file, started in its own session (so a Ctrl-C at the
 * terminal reaches the stress command, which stops its children in order, instead of killing them mid-write), and
 * registered with {@link ProcessReaper} so it is gone when the stress command exits, however it exits short of
 * SIGKILL.
 *
 * <pre>{@code
 * ManagedProcess provider = ManagedProcess.start("provider", command, env, runDir.resolve("provider.log"));
 * provider.awaitLogLine(l -> l.contains("stress-provider ready:"), Duration.ofSeconds(120));
 * ...
 * provider.stop(Duration.ofSeconds(15));
 * }</pre>
 */
public final class ManagedProcess {

    private final String name;
    private final List<String> command;
    private final Path log;
    private final Process process;

    private ManagedProcess(String name, List<String> command, Path log, Process process) {
        this.name = name;
        this.command = command;
        this.log = log;
        this.process = process;
    }

    /** Starts {@code command}, appending its stdout and stderr to {@code log}. */
    public static ManagedProcess start(String name, List<String> command, Map<String, String> env, Path log) {
        List<String> launched = new ArrayList<>();
        if (Setsid.available()) {
            launched.add(Setsid.path());
        }
        launched.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(launched)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        builder.environment().putAll(env);
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Process process = builder.start();
            ManagedProcess managed = new ManagedProcess(name, command, log, process);
            ProcessReaper.register(managed);
            return managed;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name + " (" + command.get(0) + "): " + e.getMessage(), e);
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public List<String> command() {
        return command;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public int exitValue() {
        return process.exitValue();
    }

    /** Waits for a line of the log to match; fails early, with the log's tail, if the process exits. */
    public ManagedProcess awaitLogLine(Predicate<String> line, String what, Duration timeout) {
        return await(what, timeout, () -> readLog().lines().anyMatch(line));
    }

    /** Waits until 127.0.0.1:{@code port} (or {@code host}) accepts a TCP connection. */
    public ManagedProcess awaitPort(String host, int port, Duration timeout) {
        return await(name + " to listen on " + host + ":" + port, timeout, () -> canConnect(host, port));
    }

    private ManagedProcess await(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (condition.getAsBoolean()) {
                return this;
            }
            if (!process.isAlive()) {
                throw new ProcessFailedException(name + " exited with code " + process.exitValue() + " before "
                        + what + "; its log (" + log + ") ends with:\n" + logTail(25));
            }
            if (System.nanoTime() > deadline) {
                throw new ProcessFailedException("timed out after " + timeout.getSeconds() + " s waiting for " + what
                        + "; " + name + "'s log (" + log + ") ends with:\n" + logTail(25));
            }
            try {
                Thread.sleep(100); // the polling interval of a deadline-bounded wait
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ProcessFailedException("interrupted while waiting for " + what);
            }
        }
    }

    public static boolean canConnect(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 250);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public String readLog() {
        try {
            return Files.exists(log) ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    public String logTail(int lines) {
        List<String> all = readLog().lines().collect(Collectors.toList());
        return all.subList(Math.max(0, all.size() - lines), all.size()).stream()
                .map(l -> "  | " + l).collect(Collectors.joining("\n"));
    }

    /** Waits for the process to exit by itself. */
    public boolean waitFor(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /** SIGTERM (its shutdown hooks run), then SIGKILL after {@code grace}. Safe to call twice. */
    public void stop(Duration grace) {
        if (process.isAlive()) {
            process.destroy();
            if (!waitFor(grace)) {
                kill();
            }
        }
        ProcessReaper.unregister(this);
    }

    /** SIGKILL to the process and everything it started. */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        waitFor(Duration.ofSeconds(10));
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }
}
