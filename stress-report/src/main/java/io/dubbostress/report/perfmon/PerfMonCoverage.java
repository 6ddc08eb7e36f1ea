package io.dubbostress.report.perfmon;

import io.dubbostress.report.text.Message;
import io.dubbostress.report.ReportException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Whether a scenario's PerfMon CSV covers the scenario. JMeter's PerfMon collector ({@code jmeter-plugins-perfmon}
 * 2.1 with the {@code perfmon} 2.2.2 client) writes an error row per interval when it cannot reach the agent at the
 * test's start, but when the agent dies during the test its client reads end-of-stream as an empty line: it writes
 * nothing from then on, and no error. So a gap is found by its absence: readings that stop before the scenario's end,
 * a hole between two readings, or a first reading that comes late.
 *
 * <pre>{@code
 * String problem = PerfMonCoverage.of(dir.resolve("perfmon.csv")).problem(startMs, endMs);  // null: complete
 * }</pre>
 */
public final class PerfMonCoverage {

    /** A stretch without readings longer than this is a gap (the collector reads every second). */
    public static final long GAP_MS = 10_000;
    /** The first reading may come this late: JMeter starting its threads and the collector connecting, on a busy
     * machine (seen: 6 s with the load average at 10). */
    public static final long START_GRACE_MS = 20_000;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private final List<Long> readings;
    private final long failed;
    private final String firstFailure;
    private final boolean exists;

    private PerfMonCoverage(List<Long> readings, long failed, String firstFailure, boolean exists) {
        this.readings = readings;
        this.failed = failed;
        this.firstFailure = firstFailure;
        this.exists = exists;
    }

    /** Reads the collector's CSV (header row, {@code timeStamp}, {@code success}, {@code responseMessage}). */
    public static PerfMonCoverage of(Path csv) throws IOException {
        if (!Files.exists(csv)) {
            return new PerfMonCoverage(Collections.<Long>emptyList(), 0, "", false);
        }
        List<Long> readings = new ArrayList<>();
        long failed = 0;
        String firstFailure = "";
        try (PerfMonCsv reader = PerfMonCsv.open(csv)) {
            while (reader.next()) {
                if (reader.success()) {
                    readings.add(reader.timeStampMs());
                } else {
                    failed++;
                    if (firstFailure.isEmpty()) {
                        firstFailure = reader.errorText();
                    }
                }
            }
        } catch (ReportException e) {
            return new PerfMonCoverage(readings, 0, "", true); // empty, or not a CSV the collector wrote
        }
        Collections.sort(readings);
        return new PerfMonCoverage(readings, failed, firstFailure, true);
    }

    /**
     * What is missing between {@code startMs} and {@code endMs}, in one line; null when the readings cover it.
     */
    public String problem(long startMs, long endMs) {
        Message problem = problemMessage(startMs, endMs);
        return problem == null ? null : problem.english();
    }

    /** {@link #problem} to be said in a page's language. */
    public Message problemMessage(long startMs, long endMs) {
        if (!exists) {
            return Message.of("coverage.noFile");
        }
        if (readings.isEmpty()) {
            return failed > 0 ? Message.of("coverage.everyFailed", String.valueOf(failed),
                    Message.verbatim(firstFailure)) : Message.of("coverage.nothing");
        }
        long first = readings.get(0);
        long last = readings.get(readings.size() - 1);
        long gapFrom = first;
        long gapTo = first;
        for (int i = 1; i < readings.size(); i++) {
            if (readings.get(i) - readings.get(i - 1) > gapTo - gapFrom) {
                gapFrom = readings.get(i - 1);
                gapTo = readings.get(i);
            }
        }
        long trailing = endMs - last;
        if (trailing > GAP_MS && trailing >= gapTo - gapFrom) {
            return Message.of("coverage.stopped", clock(last), String.valueOf(trailing / 1000));
        }
        if (gapTo - gapFrom > GAP_MS) {
            return Message.of("coverage.gap", clock(gapFrom), clock(gapTo), String.valueOf((gapTo - gapFrom) / 1000));
        }
        if (first - startMs > START_GRACE_MS) {
            return Message.of("coverage.late", String.valueOf((first - startMs) / 1000), clock(first));
        }
        if (failed > 0) {
            return Message.of("coverage.someFailed", String.valueOf(failed), Message.verbatim(firstFailure));
        }
        return null;
    }

    private static String clock(long epochMs) {
        return CLOCK.format(Instant.ofEpochMilli(epochMs));
    }
}
