package io.dubbostress.release;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A virtual X display for JMeter's GUI: Debian's {@code /usr/bin/Xvfb} (package xvfb; scripts/ensure-test-tools.sh
 * installs it), on the first free display number (it picks one itself and writes it out: {@code -displayfd}), local
 * connections only. Stopped, by its process, on close.
 *
 * <pre>{@code
 * try (Xvfb display = Xvfb.start(work)) {
 *     builder.environment().put("DISPLAY", display.name());   // ":1"
 * }
 * }</pre>
 */
final class Xvfb implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/Xvfb");

    private final Process process;
    private final String name;

    private Xvfb(Process process, String name) {
        this.process = process;
        this.name = name;
    }

    static Xvfb start(Path work) throws IOException {
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException(BINARY + " is missing: run scripts/ensure-test-tools.sh (as root), or"
                    + " apt-get install xvfb; JMeter's GUI is tested under it");
        }
        Files.createDirectories(work);
        Path number = work.resolve("xvfb-display.txt");
        Path log = work.resolve("xvfb.log");
        Files.deleteIfExists(number);
        Process process = new ProcessBuilder(BINARY.toString(), "-displayfd", "1", "-screen", "0", "1280x1024x24",
                "-nolisten", "tcp").redirectOutput(number.toFile()).redirectError(log.toFile()).start();
        try {
            await("Xvfb's display number").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> !process.isAlive() || Files.readString(number).trim().matches("\\d+"));
        } catch (RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
        if (!process.isAlive()) {
            throw new IllegalStateException("Xvfb ended at start: " + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Xvfb(process, ":" + Files.readString(number).trim());
    }

    /** The DISPLAY value, e.g. {@code :1}. */
    String name() {
        return name;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
