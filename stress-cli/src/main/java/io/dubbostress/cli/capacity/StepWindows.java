package io.dubbostress.cli.capacity;

import io.dubbostress.report.jtl.JtlRow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The windows of a capacity search's steps in one JMeter run, filled from its JTL rows: step {@code i} (0-based) runs
 * from the schedule's start (arrival 0's due time, after the opening call) plus {@code i} step lengths; its window is
 * the calls due from its start plus the settle time to its end. A row goes to the window its due time falls in; the
 * opening call (due before the schedule's start) and calls due in a settle time go to none. Rows come in the order
 * the calls ended, which per thread is the order they were made: a thread's previous end tells whether it was free at
 * a call's due time.
 *
 * <pre>{@code
 * StepWindows windows = new StepWindows(List.of(100.0, 200.0, 400.0), 8_000_000, 1_800_000);
 * windows.origin(startOfScheduleUs);
 * while (reader.next()) windows.accept(reader.row());
 * if (windows.complete(0, nowUs)) ... windows.get(0) ...
 * }</pre>
 */
final class StepWindows {

    /** A window whose calls have not all ended this long after its end is judged with the missing ones. */
    static final long LATE_LIMIT_US = 30_000_000;

    private final List<Double> rates;
    private final long stepUs;
    private final long settleUs;
    /** The first step runs this much longer, before its window: a lead-in for a start that did not settle. */
    private final long leadInUs;
    private final List<StepWindow> windows = new ArrayList<>();
    private final Map<String, Long> lastEndByThread = new HashMap<>();
    private long originUs = Long.MIN_VALUE;
    private long lastDueSeenUs = Long.MIN_VALUE;

    StepWindows(List<Double> rates, long stepUs, long settleUs) {
        this(rates, stepUs, settleUs, 0);
    }

    /** As above, the first step {@code leadInUs} longer (its window as long as the others', after the lead-in). */
    StepWindows(List<Double> rates, long stepUs, long settleUs, long leadInUs) {
        this.rates = List.copyOf(rates);
        this.stepUs = stepUs;
        this.settleUs = settleUs;
        this.leadInUs = leadInUs;
    }

    /** Microseconds from the schedule's start to the start of step {@code i}. */
    private long stepStartUs(int i) {
        return i == 0 ? 0 : leadInUs + i * stepUs;
    }

    /** The schedule's start, epoch microseconds: arrival 0's due time. */
    void origin(long epochUs) {
        originUs = epochUs;
        double before = 0;
        for (int i = 0; i < rates.size(); i++) {
            long lead = i == 0 ? leadInUs : 0;
            long from = epochUs + stepStartUs(i) + lead + settleUs;
            long to = epochUs + stepStartUs(i + 1);
            double rate = rates.get(i);
            // arrival k is due when the schedule's count reaches k: those due in [from, to) number
            // ceil(N(to)) - ceil(N(from)), N the arrivals due since the start
            double atFrom = before + rate * (lead + settleUs) / 1e6;
            double atTo = before + rate * (lead + stepUs) / 1e6;
            windows.add(new StepWindow(i + 1, rate, from, to, (long) (Math.ceil(atTo - 1e-9) - Math.ceil(atFrom - 1e-9))));
            before = atTo;
        }
    }

    boolean hasOrigin() {
        return originUs != Long.MIN_VALUE;
    }

    long originUs() {
        return originUs;
    }

    int size() {
        return windows.size();
    }

    StepWindow get(int i) {
        return windows.get(i);
    }

    double rate(int i) {
        return rates.get(i);
    }

    /** The end of the last step, epoch microseconds. */
    long endUs() {
        return originUs + stepStartUs(rates.size());
    }

    /** One JTL row (after {@link #origin}). */
    void accept(JtlRow row) {
        long due = row.dueUs();
        if (due < 0) {
            return; // not paced: not a call of the schedule
        }
        long lag = row.lagUs() >= 0 ? row.lagUs() : Math.max(0, row.timeStampMs() * 1000 - due);
        long response = row.responseUs() >= 0 ? row.responseUs()
                : Math.max(0, (row.timeStampMs() + row.elapsedMs()) * 1000 - due);
        long service = row.elapsedUs() >= 0 ? row.elapsedUs() : row.elapsedMs() * 1000;
        String thread = row.threadName();
        Long previousEnd = lastEndByThread.put(thread, due + response);
        boolean wasFree = previousEnd == null || previousEnd <= due;
        lastDueSeenUs = Math.max(lastDueSeenUs, due);
        if (due < originUs) {
            return; // the opening call
        }
        long offset = due - originUs;
        long i = offset < stepStartUs(1) ? 0 : 1 + (offset - stepStartUs(1)) / stepUs;
        if (i < windows.size()) {
            StepWindow w = windows.get((int) i);
            if (w.holds(due)) {
                w.accept(due, lag, response, service, row.success(), wasFree);
                if (!row.success()) {
                    w.failedWith(row.responseCode());
                }
            }
        }
    }

    /**
     * Whether window {@code i} has all it will get by {@code nowUs}: every call due in it ended (one may still be
     * missing: the schedule's count is exact only to one call), or {@link #LATE_LIMIT_US} has passed since its end.
     */
    boolean complete(int i, long nowUs) {
        StepWindow w = windows.get(i);
        return w.calls() >= w.expected - 1 && lastDueSeenUs >= w.toUs || nowUs > w.toUs + LATE_LIMIT_US;
    }
}
