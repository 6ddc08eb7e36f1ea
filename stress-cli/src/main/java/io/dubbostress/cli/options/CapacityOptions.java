package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;
import picocli.CommandLine.Option;

/**
 * The capacity search's options, which go together: {@code --find-max-rate} needs {@code --slo} and the other way
 * round ({@code @ArgGroup(exclusive = false)}: picocli refuses one without the other); {@code --search-trials} only
 * with them.
 *
 * <pre>{@code
 * @ArgGroup(exclusive = false) CapacityOptions capacity;    // null for an ordinary run
 * stress run --find-max-rate --slo p99=20ms --search-trials 6 --rate 200
 * }</pre>
 */
public final class CapacityOptions {

    @Option(names = "--find-max-rate", required = true, description = "Capacity search: per scenario, steps of "
            + "--duration at a constant rate, doubling from --rate while the --slo holds, then bisecting, up to "
            + "--search-trials; the steps run as steps of one JMeter run (after every thread's opening call), each "
            + "judged over its own window after --warmup: held, broke or not sure, and what limited it (the provider, "
            + "the load generator, the machine, the SLO). Reports the answer and the curve (capacity.md, capacity.json, "
            + "the console).")
    boolean findMaxRate;

    @Option(names = "--slo", paramLabel = "SLO", required = true, converter = Slo.Converter.class,
            description = "With --find-max-rate: limits on the response time from the due time and an error budget, "
                    + "e.g. p99=20ms or p50=2ms,p99=20ms,errors=0.5%% (default error budget 1%%).")
    Slo slo;

    @Option(names = "--search-trials", paramLabel = "N", defaultValue = "8",
            description = "With --find-max-rate: at most this many steps per scenario. Default: ${DEFAULT-VALUE}.")
    int searchTrials = 8;

    /** The search: held to {@code slo}, at most {@code searchTrials} trials, the first at {@code startRate}. */
    public record Capacity(Slo slo, int searchTrials, RateSchedule startRate) {
    }

    /**
     * The options' values; the load's rate (--rate) is the first trial's constant rate, 100 calls/s when not given (a
     * {@code --rate 0} given is refused: it used to become 100 without a word), and
     * that trial must make enough calls in its steady state for the SLO's highest percentile ({@link Slo#checkTrial});
     * the search makes its own trials, so --repeat is refused.
     */
    public Capacity value(LoadOptions.Load load, boolean rateGiven) {
        RateSchedule rate = load.rate();
        if (rateGiven && !rate.isOpen()) {
            throw new UserError("Invalid value for option '--rate': 0 is no rate (the closed model); with"
                    + " --find-max-rate --rate is the first trial's constant rate, e.g. 200 (leave it out for 100)");
        }
        if (rate.isOpen() && (rate.segments().size() != 1 || rate.segments().get(0).contains(":")
                || rate.segments().get(0).contains(".."))) {
            throw new UserError("Invalid value for option '--rate': with --find-max-rate it is the first trial's "
                    + "constant rate, e.g. 200, not '" + rate.asProperty() + "'");
        }
        if (load.repeat() > 1) {
            throw new UserError("Option '--repeat' is for ordinary runs, not the capacity search (--find-max-rate)");
        }
        if (searchTrials < 1) {
            throw new UserError("Invalid value for option '--search-trials': " + searchTrials + " (at least 1)");
        }
        RateSchedule start = rate.isOpen() ? rate : RateSchedule.constant(100);
        slo.checkTrial(Double.parseDouble(start.segments().get(0)), load.duration().minus(load.warmup()));
        return new Capacity(slo, searchTrials, start);
    }
}
