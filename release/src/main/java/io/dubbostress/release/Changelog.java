package io.dubbostress.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CHANGELOG.md, read for a release: its section {@code ## <version> ...} must exist (a release says what changed),
 * and its first paragraph is the summary the Plugins Manager shows as the version's changes.
 *
 * <pre>{@code
 * String summary = Changelog.summary(Path.of("CHANGELOG.md"), "0.2.0");
 * }</pre>
 */
public final class Changelog {

    private Changelog() {
    }

    /** The first paragraph of the version's section, on one line; fails naming the file when there is none. */
    public static String summary(Path changelog, String version) throws IOException {
        List<String> lines = Files.readAllLines(changelog, StandardCharsets.UTF_8);
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("## ") && (line.substring(3).trim() + " ").startsWith(version + " ")) {
                start = i + 1;
                break;
            }
        }
        if (start < 0) {
            throw new IllegalArgumentException(changelog + " has no section '## " + version + "': say what changed");
        }
        List<String> paragraph = new ArrayList<>();
        for (int i = start; i < lines.size() && !lines.get(i).startsWith("#"); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                if (!paragraph.isEmpty()) {
                    break;
                }
                continue;
            }
            paragraph.add(line);
        }
        if (paragraph.isEmpty()) {
            throw new IllegalArgumentException(changelog + ": the section '## " + version + "' is empty");
        }
        return String.join(" ", paragraph).replace("`", "");
    }
}
