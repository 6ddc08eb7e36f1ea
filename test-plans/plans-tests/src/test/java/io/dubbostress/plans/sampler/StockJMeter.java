package io.dubbostress.plans.sampler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JMeter home assembled by test-plans (stock JMeter from Maven Central, our jar in lib/ext), run as a user runs it:
 * {@code bin/jmeter} and {@code bin/jmeter-server}, with no JVM_ARGS unless given. Processes are killed on close.
 */
final class StockJMeter implements AutoCloseable {

    private final Path home;
    private final List<Process> processes = new ArrayList<>();

    StockJMeter(String version) {
        this.home = Path.of(System.getProperty("jmeter.home." + version));
        if (!Files.isExecutable(home.resolve("bin/jmeter"))) {
            throw new IllegalStateException("no JMeter " + version + " home at " + home
                    + ": build it with ./mvnw -pl test-plans/jmeter-" + version + " install");
        }
    }

    Path home() {
        return home;
    }

    /** Starts {@code bin/<script> args}, output to {@code log}; JVM_ARGS empty (no extra JVM flags). */
    Process start(String script, Path workDir, Path log, String... args) {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin").resolve(script).toString());
        command.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().remove("JVM_ARGS");
        builder.environment().put("HEAP", "-Xms256m -Xmx512m");
        try {
            Process process = builder.start();
            synchronized (processes) {
                processes.add(process);
            }
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + command, e);
        }
    }

    /** Runs {@code bin/jmeter args} to its end (at most {@code seconds}); returns the exit code. */
    int run(Path workDir, Path log, long seconds, String... args) throws InterruptedException {
        Process process = start("jmeter", workDir, log, args);
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            kill(process);
            throw new IllegalStateException("bin/jmeter did not end within " + seconds + " s; log:\n" + text(log));
        }
        return process.exitValue();
    }

    static String text(Path file) {
        try {
            return Files.exists(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        synchronized (processes) {
            for (Process process : processes) {
                if (process.isAlive()) {
                    process.descendants().forEach(ProcessHandle::destroy);
                    process.destroy();
                    try {
                        if (!process.waitFor(10, TimeUnit.SECONDS)) {
                            kill(process);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        kill(process);
                    }
                }
            }
            processes.clear();
        }
    }
}
