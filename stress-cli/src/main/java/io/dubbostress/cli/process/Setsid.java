package io.dubbostress.cli.process;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code setsid} (util-linux) starts a child in a session of its own, so the terminal's Ctrl-C goes to the stress
 * command alone, which then stops its children in order. Used when present; without it, children share the
 * terminal's signals.
 */
final class Setsid {

    private static final String PATH = find();

    private Setsid() {
    }

    private static String find() {
        for (String candidate : new String[] {"/usr/bin/setsid", "/bin/setsid"}) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        return null;
    }

    static boolean available() {
        return PATH != null && !"1".equals(System.getenv("STRESS_NO_SETSID"));
    }

    static String path() {
        return PATH;
    }
}
