package io.dubbostress.cli.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's Chromium, headless, for the report.html test: found by {@code scripts/ensure-chromium.sh --check} (the
 * README's test command installs it beforehand with the same script; the test installs nothing), started with a fresh
 * profile, no network (every host name resolves to nothing), no sandbox (containers), and killed if it overstays.
 */
public final class HeadlessChromium {

    private final Path binary;
    private final Path work;

    private HeadlessChromium(Path binary, Path work) {
        this.binary = binary;
        this.work = work;
    }

    /** Finds Chromium, or fails with the script's message saying how to get one. */
    public static HeadlessChromium find(Path work) throws IOException, InterruptedException {
        Path module = Paths.get(System.getProperty("basedir", System.getProperty("user.dir")));
        Path script = module.resolve("../scripts/ensure-chromium.sh");
        Path out = work.resolve("ensure-chromium.out");
        Path err = work.resolve("ensure-chromium.err");
        Process process = new ProcessBuilder("sh", script.toString(), "--check")
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(1, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("ensure-chromium.sh --check did not finish in a minute");
        }
        String path = Files.readString(out).trim();
        if (process.exitValue() != 0 || path.isEmpty()) {
            throw new IllegalStateException("no Chromium for the report.html test: " + Files.readString(err).trim());
        }
        return new HeadlessChromium(Paths.get(path), work);
    }

    /** The Chromium binary found. */
    public Path binary() {
        return binary;
    }

    /** What a run printed. */
    public static final class Run {
        public final String stdout;
        public final String stderr;

        Run(String stdout, String stderr) {
            this.stdout = stdout;
            this.stderr = stderr;
        }

        /** Lines Chromium logged for the page's console (every level), uncaught errors and failed loads included. */
        public List<String> consoleLines() {
            List<String> lines = new ArrayList<>();
            for (String line : stderr.split("\n")) {
                if (line.contains(":CONSOLE")) {
                    lines.add(line);
                }
            }
            return lines;
        }
    }

    /** Runs Chromium on {@code page} with the extra {@code args} ({@code --dump-dom}, {@code --screenshot=...}). */
    public Run run(Path page, Duration timeout, String... args) throws IOException, InterruptedException {
        return run(page.toUri(), timeout, args);
    }

    /** As {@link #run(Path, Duration, String...)}, on an address (a file with {@code #hash}, for instance). */
    public Run run(java.net.URI page, Duration timeout, String... args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-profile");
        List<String> command = new ArrayList<>(Arrays.asList(binary.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
                "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0"));
        command.addAll(Arrays.asList(args));
        command.add(page.toString());
        Path out = Files.createTempFile(work, "chromium", ".out");
        Path err = Files.createTempFile(work, "chromium", ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("chromium did not finish within " + timeout + ": " + command);
            }
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
        return new Run(read(out), read(err));
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
