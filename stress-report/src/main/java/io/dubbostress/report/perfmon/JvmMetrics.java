package io.dubbostress.report.perfmon;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's JVMs read through the PerfMon agent: every scenario's {@code perfmon-jvms.csv} ({@link JvmMetricLabel})
 * read into one series per JVM and kind, and one per host of its context switches. A JVM that lives across scenarios
 * (the provider, the consumer) has one series over the whole run, its points from each scenario's file in time order.
 *
 * <pre>{@code
 * JvmMetrics jvms = new JvmMetrics();
 * jvms.read(Paths.get("run/scenarios/direct-1k/perfmon-jvms.csv"));
 * JvmWindow steady = JvmWindow.of(jvms, steadyStartMs, endMs);
 * List<JvmTrends.Trend> run = JvmTrends.of(jvms);
 * }</pre>
 */
public final class JvmMetrics {

    /** One JVM as the run named it, on the agent's host. */
    public record Jvm(String host, String service, long pid) {
    }

    private final Map<Jvm, Map<JvmMetricLabel.Kind, PerfMonSeries>> jvms = new LinkedHashMap<>();
    private final Map<String, PerfMonSeries> hostSwitches = new LinkedHashMap<>();
    private final List<Path> files = new ArrayList<>();
    private long malformedRows;
    private long otherRows;

    /** Adds a file's readings; a row whose label is not of {@link JvmMetricLabel}'s vocabulary is counted, not used. */
    public void read(Path file) {
        try (PerfMonCsv csv = PerfMonCsv.open(file)) {
            while (csv.next()) {
                JvmMetricLabel label = JvmMetricLabel.parse(csv.label());
                if (label == null) {
                    otherRows++;
                    continue;
                }
                PerfMonSeries series = label.isHost()
                        ? hostSwitches.computeIfAbsent(label.host(), h -> new PerfMonSeries(PerfMonLabel.parse(
                                csv.label())))
                        : jvms.computeIfAbsent(new Jvm(label.host(), label.service(), label.pid()),
                                j -> new EnumMap<>(JvmMetricLabel.Kind.class))
                        .computeIfAbsent(label.kind(), k -> new PerfMonSeries(PerfMonLabel.parse(csv.label())));
                series.add(csv.timeStampMs(), csv.value(), csv.success());
            }
            malformedRows += csv.malformedRows();
        }
        files.add(file);
    }

    /** The JVMs read, in the order they first appear. */
    public List<Jvm> jvms() {
        return Collections.unmodifiableList(new ArrayList<>(jvms.keySet()));
    }

    /** A JVM's readings of {@code kind}, or null when there are none. */
    public PerfMonSeries series(Jvm jvm, JvmMetricLabel.Kind kind) {
        Map<JvmMetricLabel.Kind, PerfMonSeries> kinds = jvms.get(jvm);
        return kinds == null ? null : kinds.get(kind);
    }

    /** Per agent host, its context switches since each previous reading. */
    public Map<String, PerfMonSeries> hostSwitches() {
        return Collections.unmodifiableMap(hostSwitches);
    }

    public boolean isEmpty() {
        return jvms.isEmpty() && hostSwitches.isEmpty();
    }

    public List<Path> files() {
        return Collections.unmodifiableList(files);
    }

    /** Rows that were not readings (see {@link PerfMonCsv}). */
    public long malformedRows() {
        return malformedRows;
    }

    /** Readings whose label is not a JVM's or the host's context switches. */
    public long otherRows() {
        return otherRows;
    }

    /**
     * The rate of a series of changes ({@link JvmMetricLabel.Kind#change()}) over {@code [fromMs, toMs)}, per second:
     * each reading is the change since the one before, so the readings after the window's first one add up to the
     * change from that first reading to the last: that sum over the time between them. NaN with fewer than two
     * readings in the window.
     */
    public static double ratePerSecond(PerfMonSeries series, long fromMs, long toMs) {
        if (series == null) {
            return Double.NaN;
        }
        long firstMs = -1;
        long lastMs = -1;
        double sum = 0;
        for (int i = 0; i < series.size(); i++) {
            long t = series.time(i);
            if (t < fromMs || t >= toMs) {
                continue;
            }
            if (firstMs < 0) {
                firstMs = t;
            } else {
                sum += series.value(i);
                lastMs = t;
            }
        }
        return lastMs <= firstMs ? Double.NaN : sum * 1000.0 / (lastMs - firstMs);
    }
}
