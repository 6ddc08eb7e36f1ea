package io.dubbostress.report.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * {@code stress compare BASE NEW}: everything compare.json holds. {@code schema} is {@value #SCHEMA}; it changes only
 * when a field changes meaning or goes away.
 *
 * @param schema      {@value #SCHEMA}
 * @param generatedAt ISO-8601
 * @param generator   {@code dubbo-stress <version>}
 * @param base        BASE's inputs (run folders or JTLs)
 * @param news        NEW's inputs
 * @param confidence  the intervals' confidence (0.95)
 * @param resamples   bootstrap resamples per trial
 * @param seed        the resampling's seed: the same inputs and seed give the same output
 * @param method      how intervals are made, in one line
 * @param scenarios   the scenarios both sides have, in BASE's order
 * @param onlyInBase  scenarios NEW does not have
 * @param onlyInNew   scenarios BASE does not have
 * @param gate        the --fail-on limits and what crossed them; null without --fail-on
 * @param warnings    what the reader should know
 */
@JsonPropertyOrder({"schema", "generatedAt", "generator", "base", "new", "confidence", "resamples", "seed", "method",
    "scenarios", "onlyInBase", "onlyInNew", "gate", "warnings"})
public record Comparison(String schema, String generatedAt, String generator, List<String> base,
                         @JsonProperty("new") List<String> news, double confidence,
                         int resamples, long seed, String method, List<ScenarioComparison> scenarios,
                         List<String> onlyInBase, List<String> onlyInNew, Gate gate, List<String> warnings) {

    public static final String SCHEMA = "dubbo-stress/compare/1";

    /**
     * The --fail-on gate.
     *
     * @param limits  as given ({@code p99=+10%,tps=-5%})
     * @param crossed one line per limit crossed (or that could not be judged) per scenario; empty: the gate holds
     */
    public record Gate(String limits, List<String> crossed) {
        public boolean holds() {
            return crossed.isEmpty();
        }
    }

    /** Scenarios that failed on a side (nothing measured): the comparison says so and exits 1. */
    public List<ScenarioComparison> failed() {
        return scenarios.stream().filter(ScenarioComparison::failed).toList();
    }
}
