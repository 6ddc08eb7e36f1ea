package io.dubbostress.cli;


import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * A folder the user names for output ({@code --out} of {@code stress run} and {@code stress report}), checked before
 * anything starts, so that a bad one is one line naming the option and the path (exit code 2), never a Java exception
 * name: an empty path (which Java reads as the current folder), a path under a file, a dangling symbolic link on the
 * way. {@link #describe} turns a file-system failure met later into words.
 *
 * <pre>{@code
 * Path dir = OutFolder.check("--out", Path.of("results/run-1"));   // the path, or a UserError
 * }</pre>
 */
public final class OutFolder {

    private OutFolder() {
    }

    /** {@code out} when a folder can be made or used there; else a {@link UserError} naming {@code option}. */
    public static Path check(String option, Path out) {
        String prefix = "Invalid value for option '" + option + "': ";
        if (out == null || out.toString().isBlank()) {
            throw new UserError(prefix + "an empty path; give a folder (e.g. " + option + " results/run-1)");
        }
        Path absolute = out.toAbsolutePath().normalize();
        Path at = absolute.getRoot();
        for (Path name : absolute) {
            at = at == null ? name : at.resolve(name);
            boolean last = at.equals(absolute);
            if (Files.isSymbolicLink(at) && !Files.exists(at)) {
                throw new UserError(prefix + absolute + (last ? " is" : ": " + at + " is") + " a symbolic link to "
                        + target(at) + ", which does not exist");
            }
            if (!Files.exists(at, LinkOption.NOFOLLOW_LINKS)) {
                break; // from here on the folders are made
            }
            if (!Files.isDirectory(at)) {
                throw new UserError(prefix + absolute + (last ? " exists and is not a folder"
                        : ": " + at + " is a file, so no folder can be made under it"));
            }
        }
        return out;
    }

    private static String target(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "a path that cannot be read";
        }
    }

    /** A file-system failure in words: "permission denied", "read-only file system", ... and the path. */
    public static String describe(IOException e) {
        String file = e instanceof FileSystemException && ((FileSystemException) e).getFile() != null
                ? ((FileSystemException) e).getFile() : null;
        String what;
        if (e instanceof AccessDeniedException) {
            what = "permission denied";
        } else if (e instanceof NoSuchFileException) {
            what = "does not exist";
        } else if (e instanceof FileAlreadyExistsException) {
            what = "already exists (a file, or a link)";
        } else if (e instanceof NotDirectoryException) {
            what = "is not a folder";
        } else if (e instanceof DirectoryNotEmptyException) {
            what = "is not empty";
        } else if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            what = ((FileSystemException) e).getReason().toLowerCase(java.util.Locale.ROOT);
        } else {
            what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        return file == null ? what : file + ": " + what;
    }
}
