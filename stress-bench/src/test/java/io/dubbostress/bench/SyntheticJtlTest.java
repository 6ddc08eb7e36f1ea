package io.dubbostress.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The synthetic JTL the report bench times is a well-formed JTL of the shape a run writes. */
class SyntheticJtlTest {

    @TempDir
    Path dir;

    @Test
    void everyRowReadsBackWithItsMicrosecondsAndOneInAThousandFailed() throws Exception {
        Path jtl = dir.resolve("synthetic.jtl");
        SyntheticJtl.write(jtl, 5_000);
        assertThat(Files.readAllLines(jtl).get(0)).isEqualTo(SyntheticJtl.HEADER);
        long rows = 0;
        long failed = 0;
        long previous = 0;
        try (JtlReader reader = JtlReader.open(jtl)) {
            JtlRow row = reader.row();
            while (reader.next()) {
                rows++;
                assertThat(row.label()).isEqualTo(SyntheticJtl.LABEL);
                assertThat(row.elapsedUs()).isBetween(30L, 60_000L);
                assertThat(row.elapsedMs()).isEqualTo(row.elapsedUs() / 1000);
                assertThat(row.timeStampMs()).isGreaterThanOrEqualTo(previous);
                previous = row.timeStampMs();
                if (!row.success()) {
                    failed++;
                    assertThat(row.errorText()).isEqualTo("Invoke remote method timeout, waited 5000 ms");
                }
            }
            assertThat(reader.malformedRows()).isZero();
        }
        assertThat(rows).isEqualTo(5_000);
        assertThat(failed).isEqualTo(5);
        assertThat(previous - SyntheticJtl.START_EPOCH_MS).isEqualTo(4_999 * 1000 / SyntheticJtl.SAMPLES_PER_SECOND);
    }
}
