package io.dubbostress.perfmon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Paths;

/** Ground truth for tests: the loopback interface's received bytes, straight from Linux's /proc/net/dev. */
final class LoopbackCounter {

    private LoopbackCounter() {
    }

    static long bytesReceived() {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/net/dev"))) {
                String trimmed = line.trim();
                if (trimmed.startsWith("lo:")) {
                    return Long.parseLong(trimmed.substring(3).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("no lo in /proc/net/dev");
    }
}
