package io.dubbostress.report.perfmon;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's JVMs over one scenario's steady window, from their PerfMon series ({@link JvmMetrics}): each JVM's
 * context switches per second (the mean rate over the window), threads and open files (average and maximum), its CPU
 * (percent of one CPU, average and maximum; the run reads it since the report's answer names what limited a run), and
 * the host's context switches per second.
 *
 * <pre>{@code
 * JvmWindow w = JvmWindow.of(jvms, scenario.steadyStartMs(), scenario.endMs());
 * for (JvmWindow.Figures f : w.jvms()) {
 *     f.switchesPerSecond();     // NaN when not measured
 * }
 * }</pre>
 */
public final class JvmWindow {

    /** One JVM's figures; a figure not measured is NaN (rates) or null (levels). */
    public record Figures(JvmMetrics.Jvm jvm, double switchesPerSecond, PerfMonSeries.WindowStats threads,
                          PerfMonSeries.WindowStats fds, PerfMonSeries.WindowStats cpuPercent) {
    }

    private final List<Figures> jvms;
    private final Map<String, Double> hostSwitchesPerSecond;

    private JvmWindow(List<Figures> jvms, Map<String, Double> hostSwitchesPerSecond) {
        this.jvms = jvms;
        this.hostSwitchesPerSecond = hostSwitchesPerSecond;
    }

    /** The figures over {@code [fromMs, toMs)}; a JVM without a reading in it is left out. */
    public static JvmWindow of(JvmMetrics data, long fromMs, long toMs) {
        List<Figures> jvms = new ArrayList<>();
        for (JvmMetrics.Jvm jvm : data.jvms()) {
            double switches = JvmMetrics.ratePerSecond(data.series(jvm, JvmMetricLabel.Kind.CSWITCH), fromMs, toMs);
            PerfMonSeries.WindowStats threads = window(data.series(jvm, JvmMetricLabel.Kind.THREADS), fromMs, toMs);
            PerfMonSeries.WindowStats fds = window(data.series(jvm, JvmMetricLabel.Kind.FDS), fromMs, toMs);
            PerfMonSeries.WindowStats cpu = window(data.series(jvm, JvmMetricLabel.Kind.CPU), fromMs, toMs);
            if (!Double.isNaN(switches) || threads != null || fds != null || cpu != null) {
                jvms.add(new Figures(jvm, switches, threads, fds, cpu));
            }
        }
        Map<String, Double> hosts = new LinkedHashMap<>();
        data.hostSwitches().forEach((host, series) -> {
            double rate = JvmMetrics.ratePerSecond(series, fromMs, toMs);
            if (!Double.isNaN(rate)) {
                hosts.put(host, rate);
            }
        });
        return new JvmWindow(Collections.unmodifiableList(jvms), Collections.unmodifiableMap(hosts));
    }

    /** Nothing at all: no series in the window. */
    public static JvmWindow none() {
        return new JvmWindow(List.of(), Map.of());
    }

    private static PerfMonSeries.WindowStats window(PerfMonSeries series, long fromMs, long toMs) {
        return series == null ? null : series.window(fromMs, toMs);
    }

    public List<Figures> jvms() {
        return jvms;
    }

    /** Per agent host, its context switches per second over the window. */
    public Map<String, Double> hostSwitchesPerSecond() {
        return hostSwitchesPerSecond;
    }

    public boolean isEmpty() {
        return jvms.isEmpty() && hostSwitchesPerSecond.isEmpty();
    }
}
