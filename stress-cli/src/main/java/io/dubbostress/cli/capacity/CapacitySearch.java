package io.dubbostress.cli.capacity;

import java.util.ArrayList;
import java.util.List;

/**
 * The search of {@code stress run --find-max-rate}: for one scenario, steps at a constant target rate, doubling from
 * the start rate while the SLO holds, then bisecting between the highest rate that held and the lowest that broke it,
 * until they are within {@value #PRECISION_PERCENT} % of each other or the trials run out. A step breaks the SLO by
 * its response time from the due time (coordinated omission corrected: a load generator that falls behind sees its
 * own queue) or by its errors; a step whose figures describe something else than the provider is not sure
 * ({@link StepVerdict}).
 *
 * <p>The rates run as steps of one JMeter run, as many as the rule would try if each held ({@link #nextSteps}): the
 * doubling in one run, each bisection and the ones above it in one more; a run ends at its first step that did not
 * hold. A step that is not sure is tried once more, in a run of its own; not sure twice, or not sure because the load
 * generator's threads were all busy, ends the search: what held is sure, what lies above it is not.
 *
 * <pre>{@code
 * CapacitySearch.Outcome o = new CapacitySearch(100, 8).search(rates -> runAsStepsOfOneJMeter(rates));
 * o.highestHeld();   // calls/s, or 0 when no step held
 * }</pre>
 */
public final class CapacitySearch {

    /** Bisection stops when the rates that held and broke are this close (percent of the one that held). */
    static final double PRECISION_PERCENT = 10;

    /** One step's outcome: the rate asked, its figures over its window, the verdict. */
    public record Trial(String run, int step, double targetRate, double achievedRate, long p50Us, long p99Us,
            long serviceP99Us, double errorPercent, StepVerdict verdict, Evidence evidence) {
        public boolean held() {
            return verdict.held();
        }

        public List<String> broken() {
            return verdict.reasons();
        }

        /** Whether the step measured nothing: no call due in its window ended, or every one failed. */
        public boolean failed() {
            return verdict.reasons().stream().anyMatch(r -> r.startsWith(StepVerdict.FAILED));
        }
    }

    /**
     * What the verdict was drawn from: the window (due times, epoch microseconds), its calls and those that never ended, the lag at its
     * start and end, the load generator's own delay, how busy the threads were, the CPU shares (null: not measured).
     */
    public record Evidence(long fromUs, long toUs, long calls, long missing, long lagFirstQuarterUs, long lagLastQuarterUs,
            long ownDelayP99Us, double threadsBusyPercent, double serviceMeanUs, CpuShares.Window cpu) {
    }

    /**
     * Runs {@code rates} (ascending) as steps of one JMeter run; returns the trials judged, in order, ending at the
     * first that did not hold (or with all of them); null when the run cannot go on (interrupted, a service died).
     */
    public interface Steps {
        List<Trial> run(List<Double> rates);
    }

    /**
     * What the search found: its trials in order, the highest rate that held (0: none), the lowest that broke (NaN:
     * none), the rate it was not sure at (NaN: none), and whether it ran to its end.
     */
    public record Outcome(List<Trial> trials, double highestHeld, double lowestBroken, double notSureAt, boolean complete) {
        /**
         * The trial that limited the search: the lowest rate above the highest that held that did not hold (of two
         * tries at one rate, the later); null when none did not hold.
         */
        Trial limit() {
            Trial lowest = null;
            for (Trial t : trials) {
                if (!t.held() && t.targetRate() > highestHeld
                        && (lowest == null || t.targetRate() <= lowest.targetRate())) {
                    lowest = t;
                }
            }
            return lowest;
        }
    }

    private final double startRate;
    private final int maxTrials;
    private final List<Trial> done = new ArrayList<>();
    private double held;
    private double broken = Double.NaN;
    private double notSureAt = Double.NaN;
    private int notSureTries;
    private boolean stopped;

    public CapacitySearch(double startRate, int maxTrials) {
        this.startRate = startRate;
        this.maxTrials = maxTrials;
    }

    public Outcome search(Steps steps) {
        while (!stopped && done.size() < maxTrials) {
            List<Double> rates = nextSteps();
            if (rates.isEmpty()) {
                break;
            }
            List<Trial> trials = steps.run(rates);
            if (trials == null) {
                return outcome(false);
            }
            if (trials.isEmpty()) {
                stopped = true; // the run made no step: nothing to learn by trying again
                break;
            }
            for (Trial t : trials) {
                record(t);
            }
        }
        return outcome(true);
    }

    private Outcome outcome(boolean complete) {
        return new Outcome(List.copyOf(done), held, broken, notSureAt, complete);
    }

    /**
     * The rates of the next run, ascending: the rule's next rate and those it would try after it if each held. A
     * retry of a step that was not sure runs alone.
     */
    List<Double> nextSteps() {
        List<Double> rates = new ArrayList<>();
        int left = maxTrials - done.size();
        if (!Double.isNaN(notSureAt)) {
            rates.add(notSureAt);
            return rates;
        }
        double h = held;
        double rate = done.isEmpty() ? startRate : Double.isNaN(broken) ? h * 2 : Math.rint((h + broken) / 2);
        while (rates.size() < left) {
            if (!Double.isNaN(broken)) {
                if (h > 0 && (broken - h) * 100 <= h * PRECISION_PERCENT) {
                    break;
                }
                if (rate <= h || rate >= broken || rate < 1) {
                    break; // whole calls/s: nothing left between them
                }
            }
            rates.add(rate);
            h = rate; // as if it held
            rate = Double.isNaN(broken) ? rate * 2 : Math.rint((h + broken) / 2);
        }
        return rates;
    }

    private void record(Trial t) {
        if (stopped || done.size() >= maxTrials) {
            return;
        }
        done.add(t);
        switch (t.verdict().kind()) {
            case HELD -> {
                held = Math.max(held, t.targetRate());
                notSureAt = Double.NaN;
                notSureTries = 0;
            }
            case BROKE -> {
                broken = Double.isNaN(broken) ? t.targetRate() : Math.min(broken, t.targetRate());
                notSureAt = Double.NaN;
                notSureTries = 0;
                if (t.verdict().limiter().endsTheSearch()) {
                    stopped = true; // an SLO below every call's service time: no rate can hold it
                }
            }
            case NOT_SURE -> {
                notSureTries = t.targetRate() == notSureAt ? notSureTries + 1 : 1;
                notSureAt = t.targetRate();
                if (notSureTries >= 2 || t.verdict().limiter().endsTheSearch()) {
                    stopped = true; // again not sure, or a load generator that cannot drive more: nothing above is sure
                }
            }
        }
    }
}
