package io.dubbostress.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.model.Report;
import io.dubbostress.report.read.ReportBuilder;
import io.dubbostress.report.run.RunLayout;
import io.dubbostress.report.write.ReportFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.json of a fixed run folder ({@code report/golden-run}, a real two-scenario run of this project, README.md
 * beside it) is exactly {@code report/golden-report.json} but for when it was made and where the folder was: the same
 * text, field order and number formats included. The expected file is what the report library wrote before its files
 * were moved into model/, read/, write/ and stress-gc (commit 1aadd54), so a move that changes a figure, a warning or
 * a field shows here. The one block added since is {@code answer} (the report's answer, added on purpose after the
 * moves; resources README).
 *
 * <p>When report.json is meant to change, the failure names the file with this run's output (the two fields masked):
 * check the difference, then copy it over {@code src/test/resources/report/golden-report.json}.
 */
class GoldenReportTest {

    private static final String GENERATED = "\"generatedAt\" : ";
    private static final String SOURCE = "\"source\" : ";

    @TempDir
    Path dir;

    @Test
    void aFixedRunFolderGivesTheSameReportJson() throws IOException {
        Path run = TestResources.copyFolder("report/golden-run", dir.resolve("run"));

        Report report = new ReportBuilder().build(List.of(run));
        ReportFiles.write(report, run);

        List<String> actual = masked(Files.readAllLines(run.resolve(RunLayout.REPORT_JSON)));
        Path written = Paths.get("target", "golden-report.actual.json");
        Files.createDirectories(written.getParent());
        Files.write(written, actual);
        assertThat(actual).as("report.json against report/golden-report.json (this run's: %s)", written.toAbsolutePath())
                .containsExactlyElementsOf(TestResources.read("report/golden-report.json").lines().toList());
    }

    /** The lines with the generation time and the run folder's path replaced by placeholders. */
    private static List<String> masked(List<String> lines) {
        return lines.stream().map(line -> mask(mask(line, GENERATED, "<generated>"), SOURCE, "<run folder>")).toList();
    }

    private static String mask(String line, String field, String placeholder) {
        int at = line.indexOf(field);
        // the report's own top-level fields are indented by two; scenarios' and GC logs' fields are deeper
        return at == 2 ? line.substring(0, at) + field + "\"" + placeholder + "\"" + (line.endsWith(",") ? "," : "")
                : line;
    }
}
