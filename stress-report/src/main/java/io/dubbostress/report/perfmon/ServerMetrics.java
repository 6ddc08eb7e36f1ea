package io.dubbostress.report.perfmon;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One monitored host's figures over a scenario's window: average and maximum of CPU %, memory %, network and disk
 * bytes per second, plus every other metric the collector recorded, under its label.
 *
 * <pre>{@code
 * for (ServerMetrics host : ServerMetrics.of(perfMonData, steadyStartMs, endMs)) {
 *     PerfMonSeries.WindowStats cpu = host.get(PerfMonLabel.Kind.CPU_PERCENT); // null when not monitored
 * }
 * }</pre>
 */
public final class ServerMetrics {

    private final String host;
    private final Map<PerfMonLabel.Kind, PerfMonSeries.WindowStats> named = new EnumMap<>(PerfMonLabel.Kind.class);
    private final Map<String, PerfMonSeries.WindowStats> others = new LinkedHashMap<>();

    private ServerMetrics(String host) {
        this.host = host;
    }

    /** The figures per host over {@code [fromMs, toMs)}; hosts without a point in the window are left out. */
    public static List<ServerMetrics> of(PerfMonData data, long fromMs, long toMs) {
        Map<String, ServerMetrics> hosts = new LinkedHashMap<>();
        for (PerfMonSeries series : data.series()) {
            PerfMonSeries.WindowStats stats = series.window(fromMs, toMs);
            if (stats == null) {
                continue;
            }
            PerfMonLabel label = series.label();
            ServerMetrics host = hosts.computeIfAbsent(label.host(), ServerMetrics::new);
            if (label.kind() == PerfMonLabel.Kind.OTHER || host.named.containsKey(label.kind())) {
                host.others.put(label.label(), stats);
            } else {
                host.named.put(label.kind(), stats);
            }
        }
        return new ArrayList<>(hosts.values());
    }

    public String host() {
        return host;
    }

    /** A named figure, or null when the collector did not record it. */
    public PerfMonSeries.WindowStats get(PerfMonLabel.Kind kind) {
        return named.get(kind);
    }

    /** Every other metric, by its collector label. */
    public Map<String, PerfMonSeries.WindowStats> others() {
        return Collections.unmodifiableMap(others);
    }
}
