package io.dubbostress.cli.run;

import io.dubbostress.cli.UserError;
import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Makes the folder one run writes everything into (its layout is {@link RunLayout}, shared with the report), checked
 * before anything starts: it can be created and written, and its disk has room.
 */
public final class RunFolderSetup {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunFolderSetup() {
    }

    /** {@code results/<yyyyMMdd-HHmmss>} under the working directory (not created yet: see {@link #create}). */
    public static Path defaultLocation() {
        return Path.of("results", LocalDateTime.now().format(STAMP));
    }

    /**
     * Claims a folder for one run, before the run starts anything: creates it (a folder that exists must be empty),
     * proves it writable, requires {@code minFreeBytes} free on its disk, and creates run.json exclusively, so that
     * two runs can never share a folder: the second is refused with a {@link UserError} naming the folder. With
     * {@code stampedDefault} (no --out: {@link #defaultLocation()}), a folder another run took in the same second
     * is not an error: the run takes {@code <stamp>-2}, {@code <stamp>-3}, ... instead.
     */
    public static RunLayout create(Path dir, long minFreeBytes, boolean stampedDefault) {
        Path root = dir.toAbsolutePath().normalize();
        for (int attempt = 2; ; attempt++) {
            try {
                return claim(root, minFreeBytes);
            } catch (FolderTaken taken) {
                if (!stampedDefault || attempt > 100) {
                    throw new UserError("Invalid value for option '--out': " + root + " " + taken.getMessage()
                            + "; choose a new or empty folder");
                }
                root = dir.toAbsolutePath().normalize().resolveSibling(dir.getFileName() + "-" + attempt);
            }
        }
    }

    /** {@link #create} for a folder the user named (--out). */
    public static RunLayout create(Path dir, long minFreeBytes) {
        return create(dir, minFreeBytes, false);
    }

    private static RunLayout claim(Path root, long minFreeBytes) throws FolderTaken {
        if (Files.exists(root) && !Files.isDirectory(root)) {
            throw new UserError("Invalid value for option '--out': " + root + " exists and is not a folder");
        }
        RunLayout layout = new RunLayout(root);
        try {
            Files.createDirectories(root.getParent());
            try {
                Files.createDirectory(root);
            } catch (FileAlreadyExistsException e) {
                String held = contents(root);
                if (!held.isEmpty()) {
                    throw new FolderTaken(Files.exists(layout.runJson()) ? "already holds a run (run.json)"
                            : "is not empty (it holds " + held + ")");
                }
            }
            try {
                // the claim: whoever creates run.json first owns the folder; stress run rewrites it at once
                Files.write(layout.runJson(), "{\"tool\": \"dubbo-stress\", \"status\": \"running\"}\n"
                        .getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (FileAlreadyExistsException e) {
                throw new FolderTaken("was just taken by another stress run (run.json)");
            }
            Path probe = Files.createTempFile(root, ".write-check", ".tmp");
            try {
                Files.write(probe, new byte[4096]);
            } finally {
                Files.deleteIfExists(probe);
            }
        } catch (IOException e) {
            throw new UserError("cannot write the results folder " + root + ": " + describe(e));
        }
        try {
            FileStore store = Files.getFileStore(root);
            long free = store.getUsableSpace();
            if (free < minFreeBytes) {
                deleteClaim(layout);
                throw new UserError("not enough disk space for the results folder " + root + ": " + mib(free)
                        + " MiB free, this run needs at least " + mib(minFreeBytes) + " MiB (shorten --duration or"
                        + " choose another --out)");
            }
        } catch (IOException e) {
            throw new UserError("cannot read the free space of " + root + ": " + describe(e));
        }
        for (Path sub : new Path[] {layout.scenariosDir(), layout.gcDir(), layout.logsDir()}) {
            try {
                Files.createDirectories(sub);
            } catch (IOException e) {
                throw new UserError("cannot create " + sub + ": " + describe(e));
            }
        }
        return layout;
    }

    /** A refused run leaves the folder as it found it (empty, or gone if it made it). */
    private static void deleteClaim(RunLayout layout) {
        try {
            Files.deleteIfExists(layout.runJson());
            Files.deleteIfExists(layout.root());
        } catch (IOException e) {
            // not empty after all, or gone: nothing of ours is left in it but run.json, which is harmless
        }
    }

    /** Up to three entries of a folder, for the message; "" when it is empty. */
    private static String contents(Path dir) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            List<String> names = list.map(p -> p.getFileName().toString()).sorted().limit(4)
                    .collect(Collectors.toList());
            if (names.size() > 3) {
                names.set(3, "...");
            }
            return String.join(", ", names);
        }
    }

    /** The folder is someone else's: its words say why. */
    private static final class FolderTaken extends Exception {
        private static final long serialVersionUID = 1L;

        FolderTaken(String why) {
            super(why);
        }
    }

    private static String describe(IOException e) {
        return io.dubbostress.cli.OutFolder.describe(e);
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
