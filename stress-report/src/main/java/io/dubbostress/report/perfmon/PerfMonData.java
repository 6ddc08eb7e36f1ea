package io.dubbostress.report.perfmon;

import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server metrics of a run: every PerfMon collector CSV read into one series per label. The collector
 * ({@code kg.apc:jmeter-plugins-perfmon}) writes a JTL-shaped CSV in which the label names the metric and the value is
 * kept in {@code elapsed} multiplied by 1000 ({@code PerfMonSampleResult.setValue}); a metric that is not available
 * comes as {@code -1000} or with {@code success=false}.
 *
 * <pre>{@code
 * PerfMonData server = new PerfMonData();
 * server.read(Paths.get("run/scenarios/direct-1k/perfmon.csv"));
 * List<ServerMetrics> figures = ServerMetrics.of(server, steadyStartMs, endMs);
 * }</pre>
 */
public final class PerfMonData {

    private final Map<String, PerfMonSeries> series = new LinkedHashMap<>();
    private final List<Path> files = new ArrayList<>();
    private long malformedRows;

    /** Adds a file's points (a run has one file per scenario; the same label in several files is one series). */
    public void read(Path file) {
        try (JtlReader reader = JtlReader.open(file, "PerfMon file").signedElapsed()) {
            JtlRow row = reader.row();
            while (reader.next()) {
                PerfMonSeries s = series.computeIfAbsent(row.label(), l -> new PerfMonSeries(PerfMonLabel.parse(l)));
                s.add(row.timeStampMs(), row.elapsedMs() / 1000.0, row.success());
            }
            malformedRows += reader.malformedRows();
        }
        files.add(file);
    }

    public Collection<PerfMonSeries> series() {
        return Collections.unmodifiableCollection(series.values());
    }

    public List<Path> files() {
        return Collections.unmodifiableList(files);
    }

    public boolean isEmpty() {
        return series.isEmpty();
    }

    public long malformedRows() {
        return malformedRows;
    }
}
