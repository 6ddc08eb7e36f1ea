package io.dubbostress.report.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Earlier figures to show beside a run's, payload by payload ({@code stress report --reference}): the built-in
 * {@code seed-003} (the reference report this harness reproduces) or a user's own file of the same shape. A figure
 * the reference does not give is null, and the report shows it as not given.
 *
 * <pre>{@code
 * Reference seed = ReferenceFile.builtIn("seed-003");
 * seed.payloads().get("1k").tps();   // 2164.0
 * }</pre>
 *
 * @param name     the column's label ({@code seed 003})
 * @param origin   where the figures come from, in one line
 * @param setting  what was run (threads, duration, machine), or null
 * @param payloads by payload name ({@code 1k}, {@code 100k}: the {@code <kind>-<payload>} rule's), in the file's order
 */
public record Reference(String name, String origin, String setting, Map<String, Figures> payloads) {

    /** The figure names a reference file may give, in the table's order. */
    public static final List<String> FIGURES = List.of("samples", "tps", "meanMs", "p90Ms", "p95Ms", "p99Ms",
            "cpuPercent", "memoryPercent", "networkReceivedKBps", "networkSentKBps", "diskReadKBps", "diskWriteKBps");

    public Reference {
        payloads = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(payloads));
    }

    /** One payload's figures, by {@link #FIGURES} name; a figure not given is absent. */
    public record Figures(Map<String, Double> values) {
        public Figures {
            values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }

        /** The figure, or null when not given. */
        public Double get(String figure) {
            return values.get(figure);
        }

        public Double tps() {
            return get("tps");
        }
    }
}
