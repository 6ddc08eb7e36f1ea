package io.dubbostress.report.perfmon;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server metrics of a run: every PerfMon collector CSV ({@link PerfMonCsv}) read into one series per label.
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
        try (PerfMonCsv csv = PerfMonCsv.open(file)) {
            while (csv.next()) {
                PerfMonSeries s = series.computeIfAbsent(csv.label(), l -> new PerfMonSeries(PerfMonLabel.parse(l)));
                s.add(csv.timeStampMs(), csv.value(), csv.success());
            }
            malformedRows += csv.malformedRows();
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
