package io.dubbostress.cli.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The process on this machine that listens on a TCP port, found as {@code ss -ltnp} finds it: the listening sockets
 * of {@code /proc/net/tcp} and {@code /proc/net/tcp6} (state {@code 0A}) on that port give their inodes, and the
 * process whose {@code /proc/<pid>/fd} holds {@code socket:[inode]} owns one. Linux only (elsewhere, or without the
 * right to read another user's descriptors, nothing is found).
 *
 * <pre>{@code
 * ListeningProcess p = ListeningProcess.onPort(Path.of("/proc"), 20880);   // null: none found
 * p.pid();          // 4242
 * p.description();  // "pid 4242, java -jar stress-provider.jar ..."
 * }</pre>
 */
public record ListeningProcess(long pid, String command) {

    /** The longest command shown. */
    private static final int COMMAND_CHARS = 120;

    /** {@code pid 4242, java -jar ...}. */
    public String description() {
        return "pid " + pid + (command.isEmpty() ? "" : ", " + command);
    }

    /** The process listening on {@code port} (any local address), or null when none is found. */
    public static ListeningProcess onPort(Path proc, int port) {
        Set<String> inodes = new HashSet<>();
        for (String table : new String[] {"net/tcp", "net/tcp6"}) {
            inodes.addAll(listening(proc.resolve(table), port));
        }
        if (inodes.isEmpty()) {
            return null;
        }
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, p -> p.getFileName().toString()
                .matches("\\d+"))) {
            for (Path pidDir : pids) {
                if (holds(pidDir.resolve("fd"), inodes)) {
                    return new ListeningProcess(Long.parseLong(pidDir.getFileName().toString()), command(pidDir));
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    /**
     * The inodes of the sockets listening on {@code port} in one {@code /proc/net/tcp}-style table: {@code sl
     * local_address rem_address st ... inode}, the port in hex after the colon, state {@code 0A} (LISTEN).
     */
    static Set<String> listening(Path table, int port) {
        Set<String> inodes = new HashSet<>();
        String hexPort = String.format(Locale.ROOT, "%04X", port);
        List<String> lines;
        try {
            lines = Files.readAllLines(table, StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return inodes;
        }
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10 || !f[1].contains(":")) {
                continue; // the header
            }
            if (f[1].substring(f[1].lastIndexOf(':') + 1).equalsIgnoreCase(hexPort) && f[3].equals("0A")
                    && !f[9].equals("0")) {
                inodes.add(f[9]);
            }
        }
        return inodes;
    }

    private static boolean holds(Path fds, Set<String> inodes) {
        try (DirectoryStream<Path> links = Files.newDirectoryStream(fds)) {
            for (Path fd : links) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
                        return true;
                    }
                } catch (IOException | UnsupportedOperationException e) {
                    // closed meanwhile, or not ours to read
                }
            }
        } catch (IOException | RuntimeException e) {
            return false; // another user's process, or gone
        }
        return false;
    }

    /** The process's command line, its arguments joined by spaces, cut to {@value #COMMAND_CHARS} characters. */
    private static String command(Path pidDir) {
        try {
            String line = new String(Files.readAllBytes(pidDir.resolve("cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ').trim();
            return line.length() <= COMMAND_CHARS ? line : line.substring(0, COMMAND_CHARS - 3) + "...";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
