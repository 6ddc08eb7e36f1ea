package io.dubbostress.report.model;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * The answer the run was for, in figures: per payload what the hop adds at p50 and p99 (absolute and as a ratio) and
 * what it costs in throughput, each with its interval; per scenario what limited it (the machine, the threads, the
 * load generator, the target rate) with the machine's and each JVM's CPU and the GC pauses' share. Every figure is
 * rounded as the report's sentences show it ({@link #round}), so each number of a sentence is one of these fields
 * (report.json's {@code answer} block); a figure that was not measured is null and the sentence says so.
 *
 * <pre>{@code
 * Answer.Payload onek = report.answer().payloads().get(0);
 * onek.p99().addedMs();        // what the hop adds at p99, ms
 * onek.p99().addedLowMs();     // its interval's lower end (null: no interval, onek.p99().noInterval() says why)
 * }</pre>
 *
 * @param confidencePercent the intervals' confidence, percent
 * @param payloads          one per hop/direct pair of scenarios (their trials pooled), in the report's order
 * @param limits            one per scenario of those pairs (its trials pooled)
 */
public record Answer(int confidencePercent, List<Payload> payloads, List<Limit> limits) {

    /** How an interval was made. */
    public static final String BETWEEN_TRIALS = "between trials";
    /** One trial per side: from blocks of time within each run, as {@code stress compare} does. */
    public static final String WITHIN_RUN = "within-run blocks";

    /** Why a figure has no interval: one trial, and its figure is one the blocks cannot resample. */
    public static final String NO_INTERVAL_FEW_SAMPLES = "too few samples";
    /** A value of 0 (a millisecond JTL's 0 ms): no ratio. */
    public static final String NO_INTERVAL_ZERO = "a value of 0";
    /** The trials' rows could not be read again (a loose file gone, a steady state of no length). */
    public static final String NO_INTERVAL_NOT_READ = "not read";

    /** What limited a scenario. */
    public static final String LIMIT_MACHINE = "machine";
    public static final String LIMIT_THREADS = "threads";
    public static final String LIMIT_LOAD_GENERATOR = "load generator";
    public static final String LIMIT_RATE = "target rate";
    public static final String LIMIT_NOT_MEASURED = "not measured";

    /** Above this average CPU % the machine was saturated (the report's warning says the same). */
    public static final double SATURATED_CPU_PERCENT = 90;
    /** Below this share of the threads in flight, the load generator, not the threads, set the rate. */
    public static final double IN_FLIGHT_SHARE = 0.8;
    /** A GC pause share of the steady state this large is named as a limit of its own. */
    public static final double GC_LIMIT_PERCENT = 5;

    public Answer {
        payloads = List.copyOf(payloads);
        limits = List.copyOf(limits);
    }

    /** No pair to answer for. */
    public static Answer none() {
        return new Answer(95, List.of(), List.of());
    }

    public boolean isEmpty() {
        return payloads.isEmpty() && limits.isEmpty();
    }

    /**
     * One payload's hop against direct.
     *
     * @param payload        {@code 1k}, {@code 100k} (the hop scenario's), or "" for an explicit pair
     * @param hop            the hop scenario (without {@code -trial-N})
     * @param direct         the direct scenario
     * @param hopTrials      the hop's trials
     * @param directTrials   the direct's trials
     * @param method         {@link #BETWEEN_TRIALS} or {@link #WITHIN_RUN}
     * @param p50            the median
     * @param p99            the 99th percentile
     * @param tps            throughput
     * @param profileSummary {@code --profile}: the sentence of where the hop's time goes (its figures are the
     *                       {@code profiles} block's), else null
     */
    public record Payload(String payload, String hop, String direct, int hopTrials, int directTrials, String method,
                          Latency p50, Latency p99, Throughput tps, String profileSummary) {
    }

    /**
     * A latency percentile, hop against direct, in ms: over several trials each side's mean of its trials, the
     * difference between them, and the ratio of their geometric means.
     *
     * @param samplesNeeded with {@link #NO_INTERVAL_FEW_SAMPLES}: the steady samples a trial needs for an interval
     */
    public record Latency(Double directMs, Double hopMs, Double addedMs, Double addedLowMs, Double addedHighMs,
                          Double times, Double timesLow, Double timesHigh, String noInterval, Long samplesNeeded) {
    }

    /** Throughput, hop against direct: calls per second, and hop / direct with its interval. */
    public record Throughput(Double direct, Double hop, Double times, Double timesLow, Double timesHigh,
                             String noInterval) {
    }

    /**
     * What limited one scenario (its trials' steady states, averaged).
     *
     * @param scenario       the scenario (without {@code -trial-N})
     * @param trials         its trials
     * @param limitedBy      {@link #LIMIT_MACHINE}, {@link #LIMIT_THREADS}, {@link #LIMIT_LOAD_GENERATOR},
     *                       {@link #LIMIT_RATE} or {@link #LIMIT_NOT_MEASURED}
     * @param hostCpuPercent the machine's CPU, average over the steady state (first monitored host), or null
     * @param cpus           the machine's CPUs (run.json), or null
     * @param threads        the threads per scenario (run.json), or null
     * @param inFlight       calls in flight on average: TPS x mean latency (Little's law)
     * @param jvmCpuPercent  per JVM the run started ({@code provider}, {@code consumer}, {@code jmeter}) its CPU,
     *                       average, 100 = one CPU; empty when not read
     * @param gcService      the JVM whose GC pauses took the largest share of the steady state, or null
     * @param gcPausePercent that share, percent, or null without a GC log over the steady state
     */
    public record Limit(String scenario, int trials, String limitedBy, Double hostCpuPercent, Integer cpus,
                        Integer threads, Double inFlight, Map<String, Double> jvmCpuPercent, String gcService,
                        Double gcPausePercent) {
        public Limit {
            jvmCpuPercent = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(jvmCpuPercent));
        }
    }

    /**
     * A figure as the sentences show it: {@code significant} significant digits, but no decimal beyond
     * {@code maxDecimals} and every digit of the whole part kept; null for NaN or null.
     */
    public static Double round(Double value, int significant, int maxDecimals) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return null;
        }
        if (value == 0) {
            return 0.0;
        }
        int decimals = significant - 1 - (int) Math.floor(Math.log10(Math.abs(value)));
        decimals = Math.max(0, Math.min(maxDecimals, decimals));
        BigDecimal exact = BigDecimal.valueOf(value);
        return exact.setScale(decimals, RoundingMode.HALF_UP).doubleValue();
    }

    /** Milliseconds: three significant digits, at most three decimals (0.412, 12.3, 213, 1,235). */
    public static Double ms(Double value) {
        return round(value, 3, 3);
    }

    /** A ratio: three significant digits, at most three decimals (0.437, 2.28, 12.4). */
    public static Double ratio(Double value) {
        return round(value, 3, 3);
    }

    /** Calls per second: whole above 100, else three significant digits. */
    public static Double tps(Double value) {
        return round(value, 3, 2);
    }

    /** A percentage or a count of calls in flight: one decimal. */
    public static Double tenth(Double value) {
        return value == null || value.isNaN() || value.isInfinite() ? null : Math.round(value * 10) / 10.0;
    }
}
