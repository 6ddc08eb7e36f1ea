package io.dubbostress.cli.run;

import io.dubbostress.report.UserError;
import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Makes the folder one run writes everything into (its layout is {@link RunLayout}, shared with the report), checked
 * before anything starts: it can be created and written, and its disk has room.
 */
public final class RunFolderSetup {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunFolderSetup() {
    }

    /** {@code results/<yyyyMMdd-HHmmss>} under the working directory. */
    public static Path defaultLocation() {
        return Path.of("results", LocalDateTime.now().format(STAMP));
    }

    /**
     * Creates the folder, proves it writable, and requires {@code minFreeBytes} free on its disk; a clear
     * {@link UserError} otherwise, before the run starts anything.
     */
    public static RunLayout create(Path dir, long minFreeBytes) {
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
        RunLayout layout = new RunLayout(root);
        for (Path sub : new Path[] {layout.scenariosDir(), layout.gcDir(), layout.logsDir()}) {
            try {
                Files.createDirectories(sub);
            } catch (IOException e) {
                throw new UserError("cannot create " + sub + ": " + describe(e));
            }
        }
        return layout;
    }

    private static String describe(IOException e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : " (" + m + ")");
    }

    private static long mib(long bytes) {
        return bytes / (1024 * 1024);
    }

    /** The scenario's folder, created. */
    public static Path scenarioDir(RunLayout layout, String scenario) {
        Path dir = layout.scenarioDir(scenario);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UserError("cannot create " + dir + ": " + describe(e));
        }
        return dir;
    }
}
