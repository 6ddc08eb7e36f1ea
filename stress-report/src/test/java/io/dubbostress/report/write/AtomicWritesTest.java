package io.dubbostress.report.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.gc.GcAnalysisStore;
import io.dubbostress.gc.GcLogAnalyzer;
import io.dubbostress.gc.GcLogFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A write that fails leaves no half file and no .tmp beside the files a run keeps (run.json, reports, GC answers). */
class AtomicWritesTest {

    @TempDir
    Path dir;

    @Test
    void aFailedWriteLeavesNoTemporaryFile() throws IOException {
        Path ok = dir.resolve("report.md");
        ReportFiles.writeAtomically(ok, "one\n");
        ReportFiles.writeAtomically(ok, "two\n");
        assertThat(ok).hasContent("two");

        // the target cannot be replaced (a non-empty folder stands there): the rename fails
        Path blocked = Files.createDirectories(dir.resolve("report.json"));
        Files.write(blocked.resolve("keep"), new byte[1]);
        assertThatThrownBy(() -> ReportFiles.writeAtomically(blocked, "{}\n")).isInstanceOf(IOException.class);

        Path log = dir.resolve("provider-gc.log");
        Path answer = Files.createDirectories(GcLogFiles.gcEasyFile(log));
        Files.write(answer.resolve("keep"), new byte[1]);
        assertThatThrownBy(() -> new GcAnalysisStore(new GcLogAnalyzer()).saveGcEasy(log, "{}"))
                .isInstanceOf(UncheckedIOException.class);

        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }
}
