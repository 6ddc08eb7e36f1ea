package io.dubbostress.report.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dubbostress.report.change.Figure;
import io.dubbostress.report.change.FigureChange;
import java.util.List;

/**
 * One scenario of a comparison: the trials on each side and every figure's change ({@link FigureChange}).
 *
 * @param name      the scenario ({@code direct-1k}; {@code a / b} when two single-scenario inputs of other names
 *                  were paired)
 * @param status    {@code compared}, or {@code failed} when a side measured nothing (then {@code reason} says why and
 *                  every figure is not measured)
 * @param reason    why it failed, or null
 * @param unit      the unit its latencies are shown in: {@code us} when both sides have microseconds, else {@code ms}
 * @param base      BASE's trials
 * @param news      NEW's trials
 * @param figures   the figures, in {@link Figure} order
 */
public record ScenarioComparison(String name, String status, String reason, String unit, List<Trial> base,
                                 @JsonProperty("new") List<Trial> news, List<FigureChange> figures) {

    /**
     * One trial as compared: where it came from, its steady samples and failures, and how its time was resampled.
     *
     * @param source       the run folder and scenario folder, or the JTL (and label)
     * @param samples      steady-state samples
     * @param errors       failed steady-state samples
     * @param steadySeconds the steady state's length
     * @param segments     time segments the steady state was cut into
     * @param segmentMs    their length
     * @param blockSegments segments per bootstrap block
     * @param resolution   {@code us}, {@code ms} or {@code mixed}: as the report's
     */
    public record Trial(String source, long samples, long errors, double steadySeconds, int segments, long segmentMs,
                        int blockSegments, String resolution) {
    }

    /** The figure's change, or null when the scenario has none. */
    public FigureChange figure(Figure figure) {
        for (FigureChange change : figures) {
            if (change.figure().equals(figure.key())) {
                return change;
            }
        }
        return null;
    }

    public boolean failed() {
        return "failed".equals(status);
    }
}
