package io.dubbostress.report.model;

import io.dubbostress.report.Format;
import java.util.Arrays;
import java.util.Locale;

/**
 * Whether a rate-driven scenario's steady-state figures still carry the lag of its start: calls due in the warm-up
 * that started in the steady state (the warm-up's backlog), or calls due in its first seconds that started far later
 * than the rest. Fed every steady row's due time and lag; keeps, per second of due time from the steady start, the
 * mean lag. The start's lag is in the figures when the leading seconds' mean lag is above max(10 ms, 10 x the
 * median second's) and falls below it later (a lag high to the end is the scenario's own state: an overload, not its
 * start), or when calls carried over from the warm-up started that late.
 *
 * <pre>{@code
 * StartupLag lag = new StartupLag(steadyStartMs);
 * lag.accept(dueUs, lagUs, 1);                  // each steady row with a due time
 * StartupLag.Finding f = lag.finding();         // null: the figures are free of the start's lag
 * }</pre>
 */
public final class StartupLag {

    /** Seconds of the steady state followed: a longer one is judged on its first hour. */
    static final int MAX_SECONDS = 3600;
    /** Below this mean lag a second is never "late" (the timer's and the machine's ordinary jitter). */
    static final long FLOOR_US = 10_000;

    /**
     * The start's lag in the steady state: {@code seconds} leading seconds of it whose calls started
     * {@code meanLagUs} late on average (after them {@code typicalLagUs}, the median second's), {@code carriedCalls}
     * calls due in the warm-up that started in the steady state that late (up to {@code carriedMaxLagUs}), and the
     * warm-up that would leave it out.
     */
    public record Finding(int seconds, double meanLagUs, double typicalLagUs, long carriedCalls, long carriedMaxLagUs,
            double warmupSeconds) {

        /** One line for the report's warnings. */
        public String text(String scenario) {
            StringBuilder s = new StringBuilder(scenario).append(": the steady-state figures include the start's lag:");
            if (seconds > 0) {
                s.append(String.format(Locale.ROOT, " calls due in its first %d s started %.1f ms late on average "
                        + "(after that %.2f ms)", seconds, meanLagUs / 1000, typicalLagUs / 1000));
            }
            if (carriedCalls > 0) {
                s.append(seconds > 0 ? ";" : "").append(String.format(Locale.ROOT, " %,d calls due in the warm-up "
                        + "started in the steady state, up to %.1f ms late", carriedCalls, carriedMaxLagUs / 1000.0));
            }
            return s.append(String.format(Locale.ROOT, "; a warm-up of %s s would leave it out (--warmup)",
                    Format.decimal(warmupSeconds, 1))).toString();
        }
    }

    private final long steadyStartUs;
    private long[] lagSum = new long[16];
    private long[] calls = new long[16];
    private int seconds;
    private long carried;
    private long carriedMaxLagUs;
    private final java.util.ArrayList<long[]> carriedLags = new java.util.ArrayList<>();

    public StartupLag(long steadyStartMs) {
        this.steadyStartUs = steadyStartMs * 1000;
    }

    /** A steady row (its start in the steady state): its due time and lag, microseconds. */
    public void accept(long dueUs, long lagUs, int count) {
        long offset = dueUs - steadyStartUs;
        if (offset < 0) {
            if (carriedLags.size() < 100_000) {
                carriedLags.add(new long[] {lagUs, count});
            }
            carried += count;
            carriedMaxLagUs = Math.max(carriedMaxLagUs, lagUs);
            return;
        }
        int second = (int) Math.min(MAX_SECONDS, offset / 1_000_000);
        if (second == MAX_SECONDS) {
            return;
        }
        if (second >= lagSum.length) {
            int size = Math.min(MAX_SECONDS, Math.max(second + 1, lagSum.length * 2));
            lagSum = Arrays.copyOf(lagSum, size);
            calls = Arrays.copyOf(calls, size);
        }
        lagSum[second] += lagUs * count;
        calls[second] += count;
        seconds = Math.max(seconds, second + 1);
    }

    /**
     * The start's lag in the steady state, or null when there is none to speak of. {@code warmupMs}: the warm-up the
     * figures had (the suggestion adds to it).
     */
    public Finding finding(long warmupMs) {
        double[] means = new double[seconds];
        int filled = 0;
        for (int i = 0; i < seconds; i++) {
            if (calls[i] > 0) {
                means[filled++] = (double) lagSum[i] / calls[i];
            }
        }
        if (filled < 2) {
            return null;
        }
        double[] sorted = Arrays.copyOf(means, filled);
        Arrays.sort(sorted);
        double typical = sorted[filled / 2];
        double threshold = Math.max(FLOOR_US, 10 * typical);
        int leading = 0;
        double sum = 0;
        long n = 0;
        for (int i = 0; i < seconds; i++) {
            if (calls[i] == 0) {
                continue;
            }
            if ((double) lagSum[i] / calls[i] <= threshold) {
                break;
            }
            leading = i + 1;
            sum += lagSum[i];
            n += calls[i];
        }
        if (leading == seconds) {
            return null; // late to the end: the scenario's own state (an overload), not its start
        }
        long carriedLate = 0;
        long carriedMax = 0;
        for (long[] c : carriedLags) {
            if (c[0] > threshold) {
                carriedLate += c[1];
                carriedMax = Math.max(carriedMax, c[0]);
            }
        }
        if (carried > carriedLags.size()) {
            carriedMax = Math.max(carriedMax, carriedMaxLagUs > threshold ? carriedMaxLagUs : 0);
        }
        if (leading == 0 && carriedLate == 0) {
            return null;
        }
        // the warm-up that leaves it out: past the late seconds, and past when the carried calls started
        long moreMs = Math.max(leading * 1000L, (carriedMax + 999) / 1000);
        return new Finding(leading, n == 0 ? 0 : sum / n, typical, carriedLate, carriedMax,
                Math.ceil((warmupMs + moreMs) / 100.0) / 10.0);
    }
}
