package io.dubbostress.bench;

import io.dubbostress.cli.UserError;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Small facts about the processes the bench starts. */
final class BenchProcesses {

    private BenchProcesses() {
    }

    /**
     * The pid of the JVM a launcher started: {@code setsid} and {@code taskset} exec the program in place (same
     * pid) or fork it (a child); wait briefly until the pid is a {@code java} or has a child.
     */
    static long javaPid(long pid) {
        for (int i = 0; i < 100; i++) {
            String comm = comm(pid);
            if (comm == null || comm.startsWith("java")) {
                return pid;
            }
            Optional<ProcessHandle> child = ProcessHandle.of(pid).flatMap(h -> h.children().findFirst());
            if (child.isPresent()) {
                return javaPid(child.get().pid());
            }
            try {
                Thread.sleep(10); // the launcher is about to exec
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return pid;
            }
        }
        return pid;
    }

    private static String comm(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "comm")),
                    StandardCharsets.US_ASCII).trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UserError("no free TCP port on 127.0.0.1: " + e.getMessage());
        }
    }
}
