package io.dubbostress.cli.capacity;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * The figures of one step of a capacity search, over its window: the calls due from the step's start plus its settle
 * time to the step's end (due times, epoch microseconds). Fed row by row; constant memory (HdrHistograms, three
 * significant digits). Besides the SLO's figure (the time from the due time) it keeps what says whether the figure
 * describes the provider: the lag in each quarter of the window (falling: the start had not settled), the lag of
 * calls whose thread was free at the due time (the load generator's own delay), the service time (how busy the
 * threads were), how many of the calls due in the window started in it.
 *
 * <pre>{@code
 * StepWindow w = new StepWindow(2, 400, fromUs, toUs, 680);
 * w.accept(dueUs, lagUs, responseUs, serviceUs, success, threadWasFree);   // each call due in [fromUs, toUs)
 * w.missing(endOfRunUs);   // calls due in it that never ended: counted at their least possible time
 * long p99 = w.fromDue(99);
 * }</pre>
 */
final class StepWindow {

    private static final long HIGHEST_US = 3_600_000_000L;
    private static final int MOST_CODES = 8;

    final int step;
    final double rate;
    final long fromUs;
    final long toUs;
    /** Arrivals the schedule has due in the window. */
    final long expected;

    private final Histogram fromDue = new Histogram(HIGHEST_US, 3);
    private final Histogram withoutOwnDelay = new Histogram(HIGHEST_US, 3);
    private final Histogram service = new Histogram(HIGHEST_US, 3);
    private final Histogram[] lagByQuarter = new Histogram[4];
    private final Histogram idleLag = new Histogram(HIGHEST_US, 2);
    private long calls;
    private long errors;
    private long startedInWindow;
    /** The latest start of a call due in the window (due + lag), epoch microseconds; MIN_VALUE with none. */
    private long lastStartUs = Long.MIN_VALUE;
    private long serviceSumUs;
    private long missing;
    /** Failures by response code (the first {@value #MOST_CODES} codes seen; the rest under "other"). */
    private final Map<String, Long> failuresByCode = new TreeMap<>();

    StepWindow(int step, double rate, long fromUs, long toUs, long expected) {
        this.step = step;
        this.rate = rate;
        this.fromUs = fromUs;
        this.toUs = toUs;
        this.expected = expected;
        for (int i = 0; i < 4; i++) {
            lagByQuarter[i] = new Histogram(HIGHEST_US, 2);
        }
    }

    boolean holds(long dueUs) {
        return dueUs >= fromUs && dueUs < toUs;
    }

    /**
     * One call due in the window. {@code threadWasFree}: its thread had ended its previous call by the due time, so
     * any lag is the load generator's own (a late wake-up, a busy CPU), not a queue of calls.
     */
    void accept(long dueUs, long lagUs, long responseUs, long serviceUs, boolean success, boolean threadWasFree) {
        long response = clamp(responseUs);
        long lag = clamp(lagUs);
        calls++;
        if (!success) {
            errors++;
        }
        fromDue.recordValue(response);
        // what the figure would be had free threads started on time: the load generator's own delay taken out
        withoutOwnDelay.recordValue(threadWasFree ? Math.max(0, response - lag) : response);
        service.recordValue(clamp(serviceUs));
        serviceSumUs += clamp(serviceUs);
        int quarter = (int) Math.min(3, Math.max(0, (dueUs - fromUs) * 4 / Math.max(1, toUs - fromUs)));
        lagByQuarter[quarter].recordValue(lag);
        if (threadWasFree) {
            idleLag.recordValue(lag);
        }
        if (dueUs + lag < toUs) {
            startedInWindow++;
        }
        lastStartUs = Math.max(lastStartUs, dueUs + lag);
    }

    /**
     * Calls due in the window that never ended by {@code endUs} (JMeter stopped or ended first): each counted at the
     * least time it can have had, {@code endUs} minus the window's end (and as started late). Call once, at the end.
     */
    void missing(long endUs) {
        missing = Math.max(0, expected - calls);
        if (missing > 0) {
            long least = clamp(Math.max(0, endUs - toUs));
            fromDue.recordValueWithCount(least, missing);
            withoutOwnDelay.recordValueWithCount(least, missing);
            lagByQuarter[3].recordValueWithCount(least, missing);
        }
    }

    private static long clamp(long us) {
        return Math.min(HIGHEST_US, Math.max(0, us));
    }

    long calls() {
        return calls;
    }

    long missingCalls() {
        return missing;
    }

    /** Calls the SLO is judged on: those that ended, and those that never did (at their least time). */
    long samples() {
        return calls + missing;
    }

    /** The response code of a failed call {@link #accept}ed just before. */
    void failedWith(String code) {
        String key = code == null || code.isBlank() ? "(no code)" : code;
        if (!failuresByCode.containsKey(key) && failuresByCode.size() >= MOST_CODES) {
            key = "other";
        }
        failuresByCode.merge(key, 1L, Long::sum);
    }

    /** {@code NETWORK 1,200, TIMEOUT 3}: the failures by response code, most first; empty with none. */
    String failureCodes() {
        return failuresByCode.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(e -> String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
    }

    long errors() {
        return errors;
    }

    /** Percent of the calls that ended that failed; NaN when none ended (not measured). */
    double errorPercent() {
        return calls == 0 ? Double.NaN : 100.0 * errors / calls;
    }

    /** A percentile of the time from the due time, microseconds; -1 with no call (not measured). */
    long fromDue(double percentile) {
        return fromDue.getTotalCount() == 0 ? -1 : fromDue.getValueAtPercentile(percentile);
    }

    long withoutOwnDelay(double percentile) {
        return withoutOwnDelay.getTotalCount() == 0 ? 0 : withoutOwnDelay.getValueAtPercentile(percentile);
    }

    /** A percentile of the service time, microseconds; -1 with no call (not measured). */
    long service(double percentile) {
        return service.getTotalCount() == 0 ? -1 : service.getValueAtPercentile(percentile);
    }

    double serviceMeanUs() {
        return calls == 0 ? Double.NaN : (double) serviceSumUs / calls;
    }

    /** Median lag of the calls due in quarter {@code q} (0-3) of the window, microseconds; -1 with none. */
    long medianLag(int q) {
        return lagByQuarter[q].getTotalCount() == 0 ? -1 : lagByQuarter[q].getValueAtPercentile(50);
    }

    /** The 99th percentile of the lag of calls whose thread was free at their due time, microseconds. */
    long ownDelayP99() {
        return idleLag.getTotalCount() == 0 ? 0 : idleLag.getValueAtPercentile(99);
    }

    long ownDelayMax() {
        return idleLag.getTotalCount() == 0 ? 0 : idleLag.getMaxValue();
    }

    double seconds() {
        return (toUs - fromUs) / 1e6;
    }

    /**
     * The rate the load generator drove the window's calls at: those that ended, over the time from the window's start
     * to the last one's start (the window, when they all started in it). Calls that started late count, over the
     * longer time they took: 170 calls due in a window that all started after it are 170 calls, not 0.0/s.
     */
    double achievedPerSec() {
        double span = Math.max(toUs, lastStartUs) - fromUs;
        return calls == 0 ? 0 : calls / (span / 1e6);
    }

    /** Calls due in the window that started after its end. */
    long startedLate() {
        return calls - startedInWindow;
    }

    /** How long after the window's end its last call started, seconds; 0 when all started in it. */
    double lastStartAfterSeconds() {
        return Math.max(0, lastStartUs - toUs) / 1e6;
    }

    /** The fastest call's service time, microseconds; -1 with no call. */
    long serviceMin() {
        return service.getTotalCount() == 0 ? -1 : service.getMinValue();
    }

    /** Whether the load generator started (nearly) every call due in the window within it: 90 %, less one call. */
    boolean driven() {
        return startedInWindow >= expected * 0.9 - 1;
    }

    /** Percent of the time {@code threads} threads spent in calls due in the window. */
    double threadsBusyPercent(int threads) {
        return threads <= 0 ? Double.NaN : 100.0 * serviceSumUs / (threads * (double) (toUs - fromUs));
    }
}
