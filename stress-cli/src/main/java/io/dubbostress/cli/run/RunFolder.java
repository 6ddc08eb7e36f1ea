package io.dubbostress.cli.run;

import io.dubbostress.report.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The folder one run writes everything into:
 *
 * <pre>
 * run.json                      settings, versions, host, services, scenarios (rewritten as the run goes)
 * scenarios/&lt;name&gt;/results.jtl  the scenario's samples       .../perfmon.csv   server metrics
 * scenarios/&lt;name&gt;/jmeter.log   .../jmeter.out (JMeter's console)   .../dashboard/ (JMeter's HTML report)
 * gc/&lt;service&gt;-gc.log          GC logs of provider, consumer, and JMeter per scenario
 * logs/&lt;service&gt;.log           the services' own output
 * report.md, report.json, report.html
 * </pre>
 *
 * Checked before anything starts: it can be created and written, and its disk has room.
 */
public final class RunFolder {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Path root;

    private RunFolder(Path root) {
        this.root = root;
    }

    /** {@code results/<yyyyMMdd-HHmmss>} under the working directory. */
    public static Path defaultLocation() {
        return Path.of("results", LocalDateTime.now().format(STAMP));
    }

    /**
     * Creates the folder, proves it writable, and requires {@code minFreeBytes} free on its disk; a clear
     * {@link UserError} otherwise, before the run starts anything.
     */
    public static RunFolder create(Path dir, long minFreeBytes) {
        Path root = dir.toAbsolutePath().normalize();
        if (Files.exists(root) && !Files.isDirectory(root)) {
            throw new UserError("Invalid value for option '--out': " + root + " exists and is not a folder");
        }
        try {
            if (Files.isDirectory(root) && Files.exists(root.resolve("run.json"))) {
                throw new UserError("Invalid value for option '--out': " + root + " already holds a run (run.json);"
                        + " choose a new folder");
            }
            Files.createDirectories(root);
            Path probe = Files.createTempFile(root, ".write-check", ".tmp");
            Files.write(probe, new byte[4096]);
            Files.delete(probe);
        } catch (IOException e) {
            throw new UserError("cannot write the results folder " + root + ": " + describe(e));
        }
        try {
            FileStore store = Files.getFileStore(root);
            long free = store.getUsableSpace();
            if (free < minFreeBytes) {
                throw new UserError("not enough disk space for the results folder " + root + ": " + mib(free)
                        + " MiB free, this run needs at least " + mib(minFreeBytes) + " MiB (shorten --duration or"
                        + " choose another --out)");
            }
        } catch (IOException e) {
            throw new UserError("cannot read the free space of " + root + ": " + describe(e));
        }
        RunFolder folder = new RunFolder(root);
        for (String sub : new String[] {"scenarios", "gc", "logs"}) {
            try {
                Files.createDirectories(root.resolve(sub));
            } catch (IOException e) {
                throw new UserError("cannot create " + root.resolve(sub) + ": " + describe(e));
            }
        }
        return folder;
    }

    private static String describe(IOException e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : " (" + m + ")");
    }

    private static long mib(long bytes) {
        return bytes / (1024 * 1024);
    }

    public Path root() {
        return root;
    }

    public Path scenarioDir(String scenario) {
        Path dir = root.resolve("scenarios").resolve(scenario);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UserError("cannot create " + dir + ": " + describe(e));
        }
        return dir;
    }

    public Path gcLog(String service) {
        return root.resolve("gc").resolve(service + "-gc.log");
    }

    public Path serviceLog(String service) {
        return root.resolve("logs").resolve(service + ".log");
    }

    public Path runJson() {
        return root.resolve("run.json");
    }

    /** Writes {@code text} to {@code file} through a temporary file and a rename: readers never see half a file. */
    public static void writeAtomically(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
