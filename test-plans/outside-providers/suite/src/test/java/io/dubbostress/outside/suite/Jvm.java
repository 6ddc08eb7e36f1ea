package io.dubbostress.outside.suite;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A process the suite started (a provider JVM, bin/jmeter), its output in a file, stopped by its PID on close. */
final class Jvm implements AutoCloseable {

    private final Process process;
    private final Path log;

    private Jvm(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static Jvm start(List<String> command, Path workDir, Path log, String... env) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().remove("JVM_ARGS");
        for (int i = 0; i + 1 < env.length; i += 2) {
            builder.environment().put(env[i], env[i + 1]);
        }
        try {
            return new Jvm(builder.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + command, e);
        }
    }

    /** Waits (a deadline scaled with the machine's load) for a line of output containing {@code text}. */
    Jvm awaitOutput(String text, Duration quiet) {
        await().atMost(scaled(quiet)).pollInterval(Duration.ofMillis(200)).until(() -> {
            if (!process.isAlive() && !output().contains(text)) {
                throw new IllegalStateException("the process ended (exit " + process.exitValue() + ") before '"
                        + text + "':\n" + tail());
            }
            return output().contains(text);
        });
        return this;
    }

    /** Waits for the process to end (scaled deadline); returns its exit code. */
    int awaitExit(Duration quiet) throws InterruptedException {
        if (!process.waitFor(scaled(quiet).toMillis(), TimeUnit.MILLISECONDS)) {
            String threads = threadDump();
            close();
            throw new IllegalStateException("did not end within " + scaled(quiet) + ":\n" + tail()
                    + "\n--- its threads when the wait ended (jstack " + process.pid() + ") ---\n" + threads);
        }
        return process.exitValue();
    }

    /**
     * The process's threads (the JDK's jstack; bin/jmeter execs java, so the PID is the JVM's), or why there are
     * none: what a JVM that does not end is waiting for.
     */
    String threadDump() {
        Path jstack = Path.of(System.getProperty("java.home"), "bin", "jstack");
        try {
            Process dump = new ProcessBuilder(jstack.toString(), String.valueOf(process.pid()))
                    .redirectErrorStream(true).start();
            byte[] out = dump.getInputStream().readAllBytes();
            if (!dump.waitFor(30, TimeUnit.SECONDS)) {
                dump.destroyForcibly();
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no thread dump: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        }
    }

    String output() {
        try {
            return Files.exists(log) ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    String tail() {
        String text = output();
        return text.length() <= 4000 ? text : text.substring(text.length() - 4000);
    }

    /**
     * {@code quiet} times the machine's overload (1-minute load per core, at least 1): start-up waits scale with
     * the box, they are not tight constants.
     */
    static Duration scaled(Duration quiet) {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        double factor = load <= 0 ? 1 : Math.max(1, Math.ceil(load / Runtime.getRuntime().availableProcessors()));
        return Duration.ofMillis((long) (quiet.toMillis() * factor));
    }

    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
