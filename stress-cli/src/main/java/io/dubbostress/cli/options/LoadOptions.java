package io.dubbostress.cli.options;

import io.dubbostress.cli.UserError;
import io.dubbostress.report.model.Warmup;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * What {@code stress run} runs and for how long: the scenarios, each one's duration, warm-up and ramp-up, the
 * target rate, and how many trials of each. A picocli mixin: {@code @Mixin LoadOptions load;}, then {@link #value()}.
 *
 * <pre>{@code
 * stress run --scenarios direct-1k,hop-1k --duration 2m --warmup 20s --rate 0..1000:60s,1000
 * stress run --scenarios direct-1k,hop-1k --duration 1m --repeat 3
 * }</pre>
 */
public final class LoadOptions {

    @Option(names = "--scenarios", paramLabel = "LIST", defaultValue = Scenario.DEFAULT_MATRIX,
            description = "Comma-separated scenarios, run in this order. Default: ${DEFAULT-VALUE}.")
    String scenarios;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "10m",
            converter = OptionValues.ScenarioLength.class,
            description = "Length of each scenario (30s, 10m, 1h). Default: ${DEFAULT-VALUE}.")
    Duration duration;

    @Option(names = "--warmup", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Start of each scenario left out of the report's steady-state figures. Default: the "
                    + "ramp-up plus 10%% of --duration (at most 60s), never more than half the duration: every "
                    + "thread's first call (its connect) starts inside it.")
    Duration warmup;

    @Option(names = "--rampup", paramLabel = "TIME", defaultValue = "1s", converter = OptionValues.WholeSeconds.class,
            description = "Time to start all threads. Default: ${DEFAULT-VALUE}.")
    Duration rampup;

    @Option(names = "--rate", paramLabel = "RATE", converter = RateSchedule.Converter.class,
            description = "Target calls/s for all threads together, paced by the plans' Target Rate Schedule (response "
                    + "times counted from each call's due time): 0 = none (closed model, default), 500 = constant, "
                    + "100,200,400 = steps splitting the duration evenly, 100:30s,200:1m = steps with lengths, "
                    + "0..1000:60s,1000 = a linear ramp. With --find-max-rate: the first trial's rate (default 100).")
    RateSchedule rate;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", converter = OptionValues.Trials.class,
            description = "Trials of each scenario, run alternately (direct-1k, hop-1k, direct-1k, hop-1k, ...: drift "
                    + "hits all alike), each in scenarios/<name>-trial-<i>; stress compare measures run-to-run noise "
                    + "from them. Default: ${DEFAULT-VALUE}.")
    int repeat;

    /**
     * The scenarios, their timing and the rate, checked against each other.
     *
     * @param repeat trials of each scenario (--repeat), run alternately; 1: each scenario once
     */
    public record Load(List<Scenario> scenarios, Duration duration, Duration warmup, Duration rampup,
                       RateSchedule rate, int repeat) {

        /** Whether a scenario calls through the consumer (the hop). */
        public boolean needsConsumer() {
            return scenarios.stream().anyMatch(s -> s.kind().needsConsumer());
        }

        /** The same load at another rate (a capacity search's first trial: {@link CapacityOptions.Capacity#startRate}). */
        public Load atRate(RateSchedule other) {
            return new Load(scenarios, duration, warmup, rampup, other, repeat);
        }
    }

    /** The options' values: the warm-up shorter than the duration, the ramp-up not longer. */
    public Load value() {
        List<Scenario> parsed = Scenario.parseList(scenarios);
        Duration warm = warmup != null ? warmup : defaultWarmup(duration, rampup);
        if (warm.compareTo(duration) >= 0) {
            throw new UserError("Invalid value for option '--warmup': " + DurationConverter.format(warm)
                    + " is not shorter than --duration " + DurationConverter.format(duration));
        }
        if (rampup.compareTo(duration) > 0) {
            throw new UserError("Invalid value for option '--rampup': " + DurationConverter.format(rampup)
                    + " is longer than --duration " + DurationConverter.format(duration));
        }
        return new Load(parsed, duration, warm, rampup, rate == null ? RateSchedule.NONE : rate, repeat);
    }

    /** Whether --rate was given (its absence and {@code --rate 0} both mean the closed model of an ordinary run). */
    public boolean rateGiven() {
        return rate != null;
    }

    /**
     * The ramp-up (every thread's first call, connect included, starts inside it: samples are placed by their start)
     * plus the report's own default ({@link Warmup#defaultMs}: 10 % of the duration, at most 60 s), never more than
     * half the duration; in tenths of a second. A 5 s run with the default 1 s ramp-up: 1.5 s.
     */
    public static Duration defaultWarmup(Duration duration, Duration rampup) {
        long ms = Math.min(rampup.toMillis() + Warmup.defaultMs(duration.toMillis()), duration.toMillis() / 2);
        return Duration.ofMillis(ms / 100 * 100);
    }
}
