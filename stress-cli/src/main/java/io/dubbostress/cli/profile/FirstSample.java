package io.dubbostress.cli.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * When a scenario's first sample was taken: the {@code timeStamp} (epoch ms, the first column) of the first row of
 * the JTL JMeter is writing (the run has JMeter flush every row). The report's warm-up runs from the first sample, not
 * from JMeter's "test started" (its threads connect first), so the profiles' steady window is anchored here too.
 *
 * <pre>
 * long first = FirstSample.epochMs(Path.of("run/scenarios/hop-1k/results.jtl"));   // 0 while there is no row
 * </pre>
 */
final class FirstSample {

    private FirstSample() {
    }

    /** The first row's timeStamp, or 0 while the file has no whole row (or cannot be read). */
    static long epochMs(Path jtl) {
        try (BufferedReader in = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            String row = in.readLine();
            if (header == null || row == null || !header.startsWith("timeStamp")) {
                return 0;
            }
            int comma = row.indexOf(',');
            return comma > 0 ? Long.parseLong(row.substring(0, comma).trim()) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0; // not there yet, or a row being written: asked again
        }
    }
}
