package io.dubbostress.cli.capacity;

import java.util.ArrayList;
import java.util.List;

/**
 * The search of {@code stress run --find-max-rate}: for one scenario, trials at a constant target rate, doubling
 * from the start rate while the SLO holds, then bisecting between the highest rate that held and the lowest that
 * broke it, until they are within {@value #PRECISION_PERCENT} % of each other or the trials run out. A trial breaks
 * the SLO by its response time from the due time (coordinated omission corrected: a load generator that falls
 * behind sees its own queue) or by its errors.
 *
 * <pre>{@code
 * CapacitySearch.Outcome o = new CapacitySearch(100, 8).search(rate -> runTrialAt(rate));
 * o.highestHeld();   // calls/s, or 0 when even the lowest trial broke the SLO
 * }</pre>
 */
public final class CapacitySearch {

    /** Bisection stops when the rates that held and broke are this close (percent of the one that held). */
    static final double PRECISION_PERCENT = 10;

    /** One trial's outcome. */
    public record Trial(String name, double targetRate, double achievedRate, long p50Us, long p99Us, long serviceP99Us,
            double errorPercent, List<String> broken) {
        public boolean held() {
            return broken.isEmpty();
        }
    }

    /** Runs one trial at a rate; null when the run cannot go on (interrupted, a service died). */
    public interface Trials {
        Trial run(double rate);
    }

    /** What the search found: its trials in order, and the highest rate that held (0: none). */
    public record Outcome(List<Trial> trials, double highestHeld, double lowestBroken, boolean complete) {
    }

    private final double startRate;
    private final int maxTrials;

    public CapacitySearch(double startRate, int maxTrials) {
        this.startRate = startRate;
        this.maxTrials = maxTrials;
    }

    public Outcome search(Trials trials) {
        List<Trial> done = new ArrayList<>();
        double held = 0;
        double broken = Double.NaN;
        double rate = startRate;
        while (done.size() < maxTrials) {
            Trial t = trials.run(rate);
            if (t == null) {
                return new Outcome(done, held, broken, false);
            }
            done.add(t);
            if (t.held()) {
                held = Math.max(held, rate);
            } else {
                broken = Double.isNaN(broken) ? rate : Math.min(broken, rate);
            }
            if (Double.isNaN(broken)) {
                rate = rate * 2;
                continue;
            }
            if (held > 0 && (broken - held) * 100 <= held * PRECISION_PERCENT) {
                break;
            }
            double next = Math.rint((held + broken) / 2);
            if (next <= held || next >= broken || next < 1) {
                break; // whole calls/s: nothing left between them
            }
            rate = next;
        }
        return new Outcome(done, held, broken, true);
    }
}
