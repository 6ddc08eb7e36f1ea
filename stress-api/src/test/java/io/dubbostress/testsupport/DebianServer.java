package io.dubbostress.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A server program from Debian's packages ({@code influxd}, {@code prometheus}) started by a test on a free loopback
 * port with its data in a temporary folder: found on the PATH (a missing one fails the test saying how to get it:
 * {@code scripts/ensure-test-tools.sh}), output to a log file, ready when an HTTP path answers 2xx within a deadline
 * that scales with the box's load ({@link BoxLoad}), stopped by its process id (SIGTERM, then SIGKILL) at
 * {@link #close()} or, should the test JVM die first, by a shutdown hook.
 */
public class DebianServer implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final Process process;
    private final Path log;
    private final int port;
    private final Thread hook;

    protected DebianServer(String program, List<String> args, Path log, int port, String readyPath) {
        this.name = program;
        this.log = log;
        this.port = port;
        Path executable = onPath(program);
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(args);
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + program, e);
        }
        hook = new Thread(this::stopProcess, "stop " + program);
        Runtime.getRuntime().addShutdownHook(hook);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BoxLoad.scaled(20, 120));
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException(program + " exited with " + process.exitValue() + " at start-up:\n"
                        + logTail(20));
            }
            try {
                if (get(readyPath).statusCode() / 100 == 2) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException(program + " did not answer " + readyPath + " on 127.0.0.1:" + port
                        + " in time:\n" + logTail(20));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
    }

    /** The program on the PATH, or a failure naming the Debian package and the script that installs it. */
    public static Path onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            Path p = Path.of(dir, program);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException(program + " is not on the PATH: run scripts/ensure-test-tools.sh (as root it "
                + "installs Debian's package for it)");
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    /** {@code http://127.0.0.1:PORT}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** GET of {@code pathAndQuery} on this server. */
    public HttpResponse<String> get(String pathAndQuery) throws IOException {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl() + pathAndQuery)).timeout(Duration.ofSeconds(30))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** POST of a form to {@code path}. */
    public HttpResponse<String> postForm(String path, String form) throws IOException {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl() + path)).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    public String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private void stopProcess() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy(); // SIGTERM, to this process only
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    @Override
    public void close() {
        stopProcess();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }

    @Override
    public String toString() {
        return name + " on 127.0.0.1:" + port + " (pid " + process.pid() + ")";
    }
}
