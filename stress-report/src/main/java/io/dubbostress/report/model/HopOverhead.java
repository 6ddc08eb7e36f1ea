package io.dubbostress.report.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the consumer hop adds to a call: for a hop scenario and its direct twin (same payload), hop minus direct for the
 * mean, each reported percentile and the max, and hop divided by direct. Both sides in the finer unit they share:
 * microseconds when both JTLs have them, else milliseconds (a side in ms is converted when the other is in µs, and
 * {@link #resolution()} says {@code mixed}).
 *
 * <pre>{@code
 * for (HopOverhead hop : HopOverhead.pairs(scenarios, explicitPairs)) {
 *     System.out.println(hop.payload() + ": p99 +" + hop.delta("p99") + " " + hop.unit().symbol());
 * }
 * }</pre>
 */
public final class HopOverhead {

    /** The figures compared, by their report.json names, in order. */
    public static final List<String> FIGURES = Collections.unmodifiableList(
            Arrays.asList("mean", "p50", "p90", "p95", "p99", "p999", "max"));

    private final ScenarioResult hop;
    private final ScenarioResult direct;
    private final LatencyUnit unit;
    private final Map<String, Double> hopValues = new LinkedHashMap<>();
    private final Map<String, Double> directValues = new LinkedHashMap<>();

    private HopOverhead(ScenarioResult hop, ScenarioResult direct) {
        this.hop = hop;
        this.direct = direct;
        LatencyUnit hopUnit = hop.stats().unit();
        LatencyUnit directUnit = direct.stats().unit();
        this.unit = hopUnit == directUnit ? hopUnit : LatencyUnit.MICROSECONDS;
        for (String figure : FIGURES) {
            hopValues.put(figure, value(hop.stats(), figure) * hopUnit.micros() / unit.micros());
            directValues.put(figure, value(direct.stats(), figure) * directUnit.micros() / unit.micros());
        }
    }

    /**
     * The pairs among {@code scenarios}: each {@code hop-X} / {@code hop-http-X} with {@code direct-X}, and the
     * explicit {@code hop=direct} pairs (which replace the rule's pair for that hop scenario). Failed scenarios
     * ({@link ScenarioOutcome}) are not paired.
     */
    public static List<HopOverhead> pairs(List<ScenarioResult> scenarios, Map<String, String> explicitPairs) {
        return pairs(scenarios, explicitPairs, new ArrayList<>());
    }

    /**
     * As above; a pair left out because one side failed ({@link ScenarioOutcome}: nothing measured, or only failures)
     * is said in {@code warnings}: a difference against failures would be a figure about nothing.
     */
    public static List<HopOverhead> pairs(List<ScenarioResult> scenarios, Map<String, String> explicitPairs,
                                          List<String> warnings) {
        Map<String, ScenarioResult> byName = new LinkedHashMap<>();
        scenarios.forEach(s -> byName.put(s.name(), s));
        List<HopOverhead> result = new ArrayList<>();
        for (ScenarioResult scenario : scenarios) {
            String directName = explicitPairs.containsKey(scenario.name()) ? explicitPairs.get(scenario.name())
                    : scenario.parsedName().directName();
            ScenarioResult twin = directName == null ? null : byName.get(directName);
            if (twin == null || twin == scenario) {
                continue;
            }
            ScenarioResult failed = scenario.outcome().failed() ? scenario : twin.outcome().failed() ? twin : null;
            if (failed != null) {
                warnings.add("hop overhead " + scenario.name() + " vs " + twin.name() + " not computed: "
                        + failed.name() + " failed");
                continue;
            }
            result.add(new HopOverhead(scenario, twin));
        }
        return result;
    }

    static double value(ScenarioStats stats, String figure) {
        switch (figure) {
            case "mean":
                return stats.mean();
            case "p50":
                return stats.percentile(50);
            case "p90":
                return stats.percentile(90);
            case "p95":
                return stats.percentile(95);
            case "p99":
                return stats.percentile(99);
            case "p999":
                return stats.percentile(99.9);
            case "max":
                return stats.max();
            default:
                throw new IllegalArgumentException("no figure " + figure);
        }
    }

    public ScenarioResult hop() {
        return hop;
    }

    public ScenarioResult direct() {
        return direct;
    }

    /** The payload both sides share (from the hop scenario's name), or "" for an explicit pair outside the rule. */
    public String payload() {
        return hop.parsedName().payload();
    }

    public LatencyUnit unit() {
        return unit;
    }

    /** {@code us}, {@code ms}, or {@code mixed} when a millisecond side was compared in microseconds. */
    public String resolution() {
        if (hop.stats().unit() != direct.stats().unit()) {
            return "mixed";
        }
        String a = hop.stats().resolution();
        String b = direct.stats().resolution();
        return a.equals(b) ? a : "mixed";
    }

    public double hopValue(String figure) {
        return hopValues.get(figure);
    }

    public double directValue(String figure) {
        return directValues.get(figure);
    }

    /** Hop minus direct, in {@link #unit()}. */
    public double delta(String figure) {
        return hopValues.get(figure) - directValues.get(figure);
    }

    /** Hop divided by direct; NaN when direct is 0. */
    public double ratio(String figure) {
        double d = directValues.get(figure);
        return d == 0 ? Double.NaN : hopValues.get(figure) / d;
    }

    /** Hop TPS divided by direct TPS. */
    public double tpsRatio() {
        double d = direct.stats().tps();
        return d == 0 ? Double.NaN : hop.stats().tps() / d;
    }
}
