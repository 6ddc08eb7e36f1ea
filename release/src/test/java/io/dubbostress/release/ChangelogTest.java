package io.dubbostress.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A release's changes come from its CHANGELOG section; a release without one does not build. */
class ChangelogTest {

    @TempDir
    Path dir;

    @Test
    void theSummaryIsTheFirstParagraphOfTheVersionsSection() throws Exception {
        Path file = Files.writeString(dir.resolve("CHANGELOG.md"), """
                # Changelog

                ## 0.3.0 (2027-01-02)

                Triple streaming, and `stress run --foo`.
                Second line of the paragraph.

                ### Details

                - more

                ## 0.2.0 (2026-11-26)

                The first release.
                """);
        assertThat(Changelog.summary(file, "0.3.0"))
                .isEqualTo("Triple streaming, and stress run --foo. Second line of the paragraph.");
        assertThat(Changelog.summary(file, "0.2.0")).isEqualTo("The first release.");
    }

    @Test
    void aVersionWithoutASectionIsRefusedNamingTheFile() throws Exception {
        Path file = Files.writeString(dir.resolve("CHANGELOG.md"), "# Changelog\n\n## 0.2.0\n\nThe first release.\n");
        assertThatThrownBy(() -> Changelog.summary(file, "0.2.1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + " has no section '## 0.2.1': say what changed");
        assertThatThrownBy(() -> Changelog.summary(file, "0.2")).hasMessageContaining("'## 0.2'");
        Path empty = Files.writeString(dir.resolve("EMPTY.md"), "## 0.2.1\n\n### Details\n");
        assertThatThrownBy(() -> Changelog.summary(empty, "0.2.1")).hasMessageContaining("is empty");
    }
}
