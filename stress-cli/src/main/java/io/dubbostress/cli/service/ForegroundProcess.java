package io.dubbostress.cli.service;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Runs a command attached to this terminal (output shown, Ctrl-C reaches both) and returns its exit code; if this
 * JVM is stopped first (Ctrl-C, SIGTERM), the child goes with it. Either way the last line says how it ended, on
 * stderr: {@code stress provider: the provider (pid 4242) was killed by signal 9 (exit code 137)}, or {@code stress
 * provider: stopped (Ctrl-C or SIGTERM): the provider (pid 4242) exited with code 143}.
 *
 * <pre>{@code
 * int code = ForegroundProcess.run("provider", command, System.err);
 * }</pre>
 */
final class ForegroundProcess {

    /** How long the child has to stop after this JVM was asked to, before it is killed. */
    private static final long STOP_GRACE_SECONDS = 30;

    private ForegroundProcess() {
    }

    /** {@code name}: the service, as the command is named ({@code provider}, {@code consumer}). */
    static int run(String name, List<String> command, PrintStream err) throws IOException, InterruptedException {
        // the hook first: a stop that comes while the child starts must find it (a Ctrl-C in the first second left
        // the service running, its parent gone)
        CompletableFuture<Process> child = new CompletableFuture<>();
        Thread stopChild = new Thread(() -> stop(name, started(child), err), "stop-child");
        Runtime.getRuntime().addShutdownHook(stopChild);
        Process process;
        try {
            process = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException e) {
            child.complete(null);
            Runtime.getRuntime().removeShutdownHook(stopChild);
            throw e;
        }
        child.complete(process);
        int code = process.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(stopChild);
        } catch (IllegalStateException shuttingDown) {
            return code; // the hook is running: it says the last line
        }
        err.println("stress " + name + ": the " + name + " (pid " + process.pid() + ") " + ended(code));
        err.flush();
        return code;
    }

    /** The child, once its start has returned (a stop may come while it starts); null when it could not start. */
    private static Process started(CompletableFuture<Process> child) {
        try {
            return child.get(STOP_GRACE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException e) {
            return null;
        }
    }

    /** The shutdown hook's work: the child stopped (killed after a grace), and the last line. */
    private static void stop(String name, Process process, PrintStream err) {
        if (process == null) {
            err.println("stress " + name + ": stopped (Ctrl-C or SIGTERM); the " + name + " did not start");
            err.flush();
            return;
        }
        process.destroy();
        boolean ended = false;
        try {
            ended = process.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!ended) {
            process.destroyForcibly();
        }
        err.println("stress " + name + ": stopped (Ctrl-C or SIGTERM): the " + name + " (pid " + process.pid() + ")"
                + (ended ? " " + ended(process.exitValue()) : " did not stop within " + STOP_GRACE_SECONDS
                        + " s and was killed"));
        err.flush();
    }

    /** {@code exited with code 1}, {@code was killed by signal 9 (exit code 137)}. */
    static String ended(int code) {
        if (code > 128 && code <= 128 + 64) {
            return "was killed by signal " + (code - 128) + " (exit code " + code + ")";
        }
        return "exited with code " + code;
    }
}
