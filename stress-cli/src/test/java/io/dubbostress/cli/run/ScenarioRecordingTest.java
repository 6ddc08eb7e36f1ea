package io.dubbostress.cli.run;

import io.dubbostress.cli.jmeter.RecordedRows;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario that did not record what JMeter ran is a failure: the simulated write failures (a JTL cut mid-row as a
 * full disk leaves it, rows JMeter counted but never wrote) and a JTL with no sample, checked by the count the run
 * makes after each scenario ({@link ScenarioRunner#unrecorded}).
 */
class ScenarioRecordingTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,success\n";
    private static final String ROW = "1795306908199,3,direct-1k,OK,true\n";

    @TempDir
    Path dir;

    private Path jtl(String text) throws IOException {
        return Files.write(dir.resolve("results.jtl"), text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aWholeJtlWithEverySampleJMeterCountedPasses() throws IOException {
        Path jtl = jtl(HEADER + ROW + ROW + ROW);
        assertThat(RecordedRows.of(jtl)).isEqualTo(new RecordedRows(3, true));
        assertThat(ScenarioRunner.unrecorded(jtl, 3)).isNull();
        assertThat(ScenarioRunner.unrecorded(jtl, 2)).as("an earlier summary line").isNull();
    }

    @Test
    void aJtlWithoutASampleIsAFailure() throws IOException {
        assertThat(ScenarioRunner.unrecorded(jtl(HEADER), 0))
                .isEqualTo("recorded no samples: JMeter ran the plan but no call completed (see jmeter.log)");
        assertThat(ScenarioRunner.unrecorded(jtl(""), 0)).startsWith("recorded no samples");
    }

    @Test
    void rowsJMeterCountedButDidNotWriteAreAFailedWrite() throws IOException {
        assertThat(ScenarioRunner.unrecorded(jtl(HEADER + ROW + ROW), 12_345))
                .isEqualTo("JMeter counted 12,345 samples but the JTL holds 2 rows: 12,343 were not written (a failed"
                        + " write)");
    }

    @Test
    void aLastRowCutByAFailedWriteIsAFailureAndTheRowsBeforeItAreKept() throws IOException {
        Path jtl = jtl(HEADER + ROW + ROW + "1795306908199,3,dir");
        assertThat(RecordedRows.of(jtl)).isEqualTo(new RecordedRows(3, false));
        assertThat(ScenarioRunner.unrecorded(jtl, 2))
                .isEqualTo("the JTL's last row is cut off (a failed write); the 2 rows before it are kept");
        assertThat(Files.readString(jtl)).as("the check changes nothing").endsWith(",dir");
    }

    @Test
    void aJtlThatCannotBeReadIsSaidSo() {
        assertThat(ScenarioRunner.unrecorded(dir.resolve("missing.jtl"), 0)).startsWith("its JTL cannot be read back");
    }
}
