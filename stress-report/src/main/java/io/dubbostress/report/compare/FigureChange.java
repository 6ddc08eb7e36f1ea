package io.dubbostress.report.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One figure of one scenario, NEW against BASE: both values, the change with its interval at the comparison's
 * confidence, the smallest change the data could have detected, and the verdict. A value that could not be measured
 * is null (compare.json) / {@code -} (tables), with the reason in {@link #reason}.
 *
 * @param figure     the figure ({@link Figure#key()})
 * @param title      its name for people
 * @param unit       the unit of the values: {@code us}, {@code /s} or {@code %}
 * @param base       BASE's value: the trial's, or over several trials their geometric mean (the error share: their
 *                   mean)
 * @param news       NEW's value, likewise
 * @param baseTrials each BASE trial's value
 * @param newTrials  each NEW trial's value
 * @param change     NEW against BASE: percent ({@code changeUnit} {@code %}, NEW / BASE - 1) or percentage points
 *                   ({@code pp}, the error share)
 * @param changeUnit {@code %} or {@code pp}
 * @param low        the interval's lower end, in {@code changeUnit}
 * @param high       its upper end
 * @param mde        the minimum detectable effect: the change this comparison would call a change four times in
 *                   five, in {@code changeUnit}
 * @param difference NEW - BASE in {@code unit}
 * @param differenceLow  its interval's lower end
 * @param differenceHigh its upper end
 * @param verdict    {@code slower}, {@code faster}, {@code more errors}, {@code fewer errors}, {@code no change},
 *                   {@code not detectable (<why>)} (the data could not have told a change: too few trials, too few
 *                   samples, a steady window too short, too noisy; {@link #reason} has the numbers), or
 *                   {@code not measured}
 * @param worse      whether the detected change is for the worse (false for no change)
 * @param method     how the interval was made ({@code block bootstrap within each run}, {@code between trials})
 * @param degreesOfFreedom the Student t degrees of freedom of the interval (null: normal)
 * @param reason     why a value is missing, or a caution; null when there is none
 */
public record FigureChange(String figure, String title, String unit, Double base, @JsonProperty("new") Double news,
                           List<Double> baseTrials, List<Double> newTrials, Double change, String changeUnit,
                           Double low, Double high, Double mde, Double difference, Double differenceLow,
                           Double differenceHigh, String verdict, boolean worse, String method,
                           Double degreesOfFreedom, String reason) {

    /** The verdict when a side has no value or too few samples for the figure. */
    public static final String NOT_MEASURED = "not measured";
    /** The verdict when the interval holds zero and the data could have seen a change. */
    public static final String NO_CHANGE = "no change";
    /** How the verdict starts when the data could not have told a change ({@code not detectable (too few trials)}). */
    public static final String NOT_DETECTABLE = "not detectable";

    /** {@code not detectable (why)}. */
    public static String notDetectable(String why) {
        return NOT_DETECTABLE + " (" + why + ")";
    }

    /** Whether a change was detected (either way). */
    public boolean detected() {
        return measured() && !NO_CHANGE.equals(verdict) && !notDetectable();
    }

    public boolean measured() {
        return !NOT_MEASURED.equals(verdict);
    }

    /** Whether the data could not have told a change ({@code not detectable (...)}). */
    public boolean notDetectable() {
        return verdict != null && verdict.startsWith(NOT_DETECTABLE);
    }

    /** Whether a verdict was reached: measured, and a change detected or one ruled out at this noise. */
    public boolean judged() {
        return measured() && !notDetectable();
    }
}
