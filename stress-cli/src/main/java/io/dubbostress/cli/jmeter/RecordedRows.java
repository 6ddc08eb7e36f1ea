package io.dubbostress.cli.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a scenario's JTL holds, counted without parsing it (a 10-minute JTL is gigabytes; this reads it once, about
 * 1 GB/s): its rows after the header, and whether its last row is whole. A simple independent count to check the
 * run against: a scenario that recorded no row, or whose last row was cut by a failed write, or whose JMeter counted
 * more samples than were written, did not record what it ran.
 *
 * <pre>
 * RecordedRows rows = RecordedRows.of(layout.jtl("direct-1k"));
 * if (rows.rows() == 0) ...    if (!rows.lastRowWhole()) ...
 * </pre>
 */
public record RecordedRows(long rows, boolean lastRowWhole) {

    /**
     * Counts the lines of {@code jtl} after its first (the header). A line break inside a quoted field counts as a
     * row too, so the count is never lower than the true number of rows: a loss it shows is a real one.
     */
    public static RecordedRows of(Path jtl) throws IOException {
        long lines = 0;
        int last = '\n';
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(jtl)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
                last = buffer[n - 1];
            }
        }
        boolean whole = last == '\n';
        long all = whole ? lines : lines + 1; // a cut last line is a line too
        long rows = Math.max(0, all - 1);
        return new RecordedRows(rows, whole);
    }
}
