package io.dubbostress.cli.service;

import java.io.IOException;
import java.util.List;

/**
 * Runs a command attached to this terminal (output shown, Ctrl-C reaches both) and returns its exit code; if this
 * JVM is stopped first, the child goes with it.
 */
final class ForegroundProcess {

    private ForegroundProcess() {
    }

    static int run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        Thread stopChild = new Thread(() -> {
            process.destroy();
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "stop-child");
        Runtime.getRuntime().addShutdownHook(stopChild);
        try {
            return process.waitFor();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopChild);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running
            }
        }
    }
}
