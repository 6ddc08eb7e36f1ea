package io.dubbostress.cli.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code stress report --pdf}: report.html printed to report.pdf by headless Chromium ({@code --print-to-pdf}, the
 * page's print stylesheet: A4 landscape, tables that fit). Chromium is {@code STRESS_CHROMIUM} when set, else the
 * first of {@code chromium}, {@code chromium-browser}, {@code google-chrome}, {@code google-chrome-stable} on the
 * {@code PATH}; without one, {@link #print} says so in one line and prints nothing. Chromium runs with a profile of its
 * own, no network (every host name resolves to nothing: the page fetches nothing anyway), and is stopped if it takes
 * longer than {@link #TIMEOUT}.
 *
 * <pre>{@code
 * String problem = PdfPrinter.fromEnvironment(System.getenv()).print(dir.resolve("report.html"), dir.resolve("report.pdf"));
 * }</pre>
 */
final class PdfPrinter {

    static final Duration TIMEOUT = Duration.ofMinutes(2);
    static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");

    private final Path chromium;
    private final String missing;

    private PdfPrinter(Path chromium, String missing) {
        this.chromium = chromium;
        this.missing = missing;
    }

    /** Chromium from {@code STRESS_CHROMIUM} or the {@code PATH} of {@code env}. */
    static PdfPrinter fromEnvironment(Map<String, String> env) {
        String given = env.get("STRESS_CHROMIUM");
        if (given != null && !given.isBlank()) {
            Path path = Paths.get(given);
            return Files.isExecutable(path) && !Files.isDirectory(path) ? new PdfPrinter(path, null)
                    : new PdfPrinter(null, "STRESS_CHROMIUM=" + given + " is not an executable file");
        }
        String pathVariable = env.getOrDefault("PATH", "");
        for (String name : NAMES) {
            for (String folder : pathVariable.split(java.io.File.pathSeparator)) {
                if (folder.isEmpty()) {
                    continue;
                }
                Path candidate = Paths.get(folder, name);
                if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                    return new PdfPrinter(candidate, null);
                }
            }
        }
        return new PdfPrinter(null, "no Chromium found (looked for " + String.join(", ", NAMES) + " on the PATH;"
                + " install Debian's chromium package, or set STRESS_CHROMIUM to a Chromium or Chrome binary)");
    }

    /** Prints {@code html} to {@code pdf}; returns null when it did, else why not, in one line. */
    String print(Path html, Path pdf) throws InterruptedException {
        if (chromium == null) {
            return missing;
        }
        Path profile = null;
        Path log = null;
        Path tmp = pdf.resolveSibling(pdf.getFileName() + ".tmp");
        try {
            profile = Files.createTempDirectory("stress-report-chromium");
            log = Files.createTempFile("stress-report-chromium", ".log");
            List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
                    "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir=" + profile,
                    "--no-pdf-header-footer", "--print-to-pdf=" + tmp.toAbsolutePath(),
                    html.toAbsolutePath().toUri().toString()));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                    .start();
            try {
                if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    return chromium + " did not print " + html + " within " + TIMEOUT.toMinutes() + " minutes";
                }
            } finally {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
            if (process.exitValue() != 0 || !Files.isRegularFile(tmp) || Files.size(tmp) == 0) {
                return chromium + " could not print " + html + " (exit code " + process.exitValue() + "): "
                        + lastLine(log);
            }
            Files.move(tmp, pdf, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return null;
        } catch (IOException e) {
            return "could not print " + html + " to " + pdf + ": " + e.getMessage();
        } finally {
            delete(profile);
            delete(log);
            delete(tmp);
        }
    }

    private static String lastLine(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return lines.get(i).trim();
            }
        }
        return "it said nothing";
    }

    private static void delete(Path path) {
        if (path == null || !Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary file left behind is no reason to fail the report
        }
    }
}
