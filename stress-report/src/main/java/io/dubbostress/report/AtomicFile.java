package io.dubbostress.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A text file written whole or not at all: through a temporary file beside it and a rename, so that a reader never
 * sees half a file and a full disk leaves no {@code .tmp} behind. Every file this library writes goes through it
 * (run.json, capture.json, report.*, comparison.*).
 *
 * <pre>
 * AtomicFile.write(layout.runJson(), Json.MAPPER.writeValueAsString(manifest) + "\n");
 * </pre>
 */
public final class AtomicFile {

    private AtomicFile() {
    }

    /** Writes {@code text} to {@code file} through a temporary file and a rename: readers never see half a file. */
    public static void write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(tmp, text.getBytes(StandardCharsets.UTF_8));
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp); // a full disk must not leave a .tmp behind
        }
    }
}
