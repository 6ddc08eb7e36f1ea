package io.dubbostress.cli.live;

import io.dubbostress.cli.options.RateSchedule;
import io.dubbostress.report.model.FromDueLatency;
import io.dubbostress.report.model.ScenarioStats;
import io.dubbostress.report.ReportException;
import io.dubbostress.report.jtl.JtlRow;
import io.dubbostress.report.jtl.JtlTail;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario as the live page shows it, from its JTL as JMeter writes it: the calls of each second (by the second
 * they ended in), the last ten seconds, and the steady state so far, in constant memory: a ring of per-second
 * histograms ({@link Calls}), never the rows. A second is shown once it is over and its calls are in: when the JTL
 * holds a call that ended {@code graceMs} after the second (JMeter writes a row when its call ends, so rows come in
 * the order calls ended, give or take a thread's wait for a core), or {@code wallGraceMs} after it on this machine's
 * clock (no call ended since: a stall, or rows held in JMeter's 8 KiB write buffer at a low rate), or when the
 * scenario has ended. A row that comes after its second was shown is {@link #late()}: in the totals and the steady
 * state, not in that second. The steady state's figures count up to the last second shown (each second's calls are
 * added when it is shown, its warm-up calls taken away), so that a row costs one second's histograms.
 *
 * <pre>{@code
 * ScenarioLive s = new ScenarioLive("direct-1k", jtl, 2_000, 10_000);
 * s.warmup(startEpochMs, 6_000);
 * s.readRows(100_000);              // once a second: the rows JMeter wrote since
 * s.close(System.currentTimeMillis(), false);
 * s.seconds();                      // the seconds shown so far, oldest first
 * }</pre>
 */
public final class ScenarioLive {

    /** Seconds the page's "last 10 s" covers. */
    public static final int WINDOW_SECONDS = 10;
    /** Seconds kept for the charts (an hour); the steady state's figures cover the whole scenario. */
    public static final int MAX_POINTS = 3600;
    /** Per-second histograms kept: the last {@link #WINDOW_SECONDS} shown and the seconds still open. */
    static final int RING = 32;

    /** One second shown: the calls that ended in it. {@code target} is the rate asked for then, NaN without one. */
    public record Second(long epochSecond, long calls, long errors, Map<String, Long> codes, Latency service,
                         Latency fromDue, double target) {
    }

    private final String name;
    private final Path jtl;
    private final long graceMs;
    private final long wallGraceMs;
    private final Calls[] ring = new Calls[RING];
    /** The warm-up calls of each second in the ring (allocated for a second that has any): left out of the steady state. */
    private final Calls[] warmRing = new Calls[RING];
    private final long[] ringSecond = new long[RING];
    private final Deque<Second> series = new ArrayDeque<>();
    private final Calls window = Calls.cumulative();
    /** The steady state's calls: each second's added when it is shown (its warm-up calls taken away), late ones as read. */
    private final Calls steady = Calls.cumulative();
    private final Calls total = Calls.countsOnly();
    private long steadyServiceMax = -1;
    private long steadyFromDueMax = -1;
    private long steadyLastEndMs = Long.MIN_VALUE;
    private JtlTail reader;
    private String unreadable;
    private long openFrom = Long.MIN_VALUE;
    private long maxEndMs = Long.MIN_VALUE;
    private long maxSecond = Long.MIN_VALUE;
    private long late;
    private long warmupRows;
    private long firstStartMs = Long.MAX_VALUE;
    private long notBeforeMs = Long.MIN_VALUE;
    private long warmupMs = -1;
    private long scheduleOriginUs = -1;
    private RateSchedule target = RateSchedule.NONE;
    private boolean finished;
    private long finishedAtMs = -1;
    private boolean stopped;

    /** The scenario {@code name}, read from {@code jtl}; a second is shown {@code graceMs} / {@code wallGraceMs} after. */
    public ScenarioLive(String name, Path jtl, long graceMs, long wallGraceMs) {
        this.name = name;
        this.jtl = jtl;
        this.graceMs = graceMs;
        this.wallGraceMs = wallGraceMs;
        java.util.Arrays.fill(ringSecond, Long.MIN_VALUE);
    }

    public String name() {
        return name;
    }

    /**
     * The warm-up as the report counts it: {@code warmupMs} from the first call's start, and not before
     * {@code notBeforeMs} (run.json's start of the scenario); -1 for none known (nothing is steady).
     */
    public void warmup(long notBeforeMs, long warmupMs) {
        this.notBeforeMs = notBeforeMs;
        this.warmupMs = warmupMs;
    }

    /**
     * The rate asked for ({@code schedule}, sized to the scenario) from {@code originUs} (the Target Rate Schedule's
     * start, epoch µs; its calls are due from there; -1 while not known): each second shown carries its target, and
     * the steady state is counted from the schedule's start, as the report does once the run has ended.
     */
    public void target(RateSchedule schedule, long originUs) {
        this.target = schedule;
        this.scheduleOriginUs = originUs;
    }

    /** Reads up to {@code maxRows} rows JMeter wrote since the last call; false when there may be more. */
    public boolean readRows(int maxRows) {
        if (unreadable != null || stopped) {
            return true;
        }
        try {
            if (reader == null) {
                reader = JtlTail.follow(jtl);
                if (reader == null) {
                    return true; // no header yet
                }
            }
            JtlRow row = reader.row();
            for (int i = 0; i < maxRows; i++) {
                if (!reader.next()) {
                    return true;
                }
                accept(row);
            }
            return false;
        } catch (ReportException | java.io.UncheckedIOException e) {
            unreadable = e.getMessage();
            return true;
        }
    }

    /** Why the JTL cannot be followed (not a CSV JTL, unreadable), or null. */
    public String unreadable() {
        return unreadable;
    }

    /** Rows the JTL had that could not be read (malformed), as the report counts them. */
    public long malformedRows() {
        return reader == null ? 0 : reader.malformedRows();
    }

    /**
     * One row: in its second's histograms (and, for a warm-up call, in its second's warm-up part, which the steady
     * state leaves out when the second is shown); each call is recorded once more only in the warm-up, so that the
     * cost per row of the steady state is one second's histograms.
     */
    void accept(JtlRow row) {
        long start = row.timeStampMs();
        long end = start + row.elapsedMs();
        firstStartMs = Math.min(firstStartMs, start);
        total.add(row);
        long steadyFrom = steadyStartMs();
        boolean isSteady = steadyFrom != Long.MIN_VALUE && start >= steadyFrom;
        if (isSteady) {
            steadyServiceMax = Math.max(steadyServiceMax, ScenarioStats.latencyMicros(row));
            steadyFromDueMax = Math.max(steadyFromDueMax, FromDueLatency.fromDueMicros(row));
            steadyLastEndMs = Math.max(steadyLastEndMs, end);
        } else {
            warmupRows += row.sampleCount();
        }
        long second = Math.floorDiv(end, 1000);
        if (openFrom == Long.MIN_VALUE) {
            openFrom = second;
        }
        if (second < openFrom) {
            late += row.sampleCount();
            if (isSteady) {
                steady.add(row); // its second is shown: straight into the steady state
            }
            return;
        }
        maxEndMs = Math.max(maxEndMs, end);
        maxSecond = Math.max(maxSecond, second);
        // the open seconds must not wrap onto the ten shown last: a call far ahead closes the oldest open ones
        long room = RING - WINDOW_SECONDS - 1;
        if (second - openFrom >= room) {
            closeBefore(second - room + 1);
        }
        slot(second).add(row);
        if (!isSteady) {
            warmSlot(second).add(row);
        }
    }

    /** {@link #close(long, boolean, boolean)} with the JTL read to its end. */
    public void close(long nowMs, boolean ended) {
        close(nowMs, ended, true);
    }

    /**
     * Shows the seconds that are over: those {@code graceMs} before the latest call end read, those
     * {@code wallGraceMs} before {@code nowMs} when the JTL is read to its end ({@code drained}: else rows are still to
     * be read, a page that came late catching up), or, when {@code ended} (JMeter has exited: its JTL is whole) and
     * the JTL is read to its end, all of them.
     */
    public void close(long nowMs, boolean ended, boolean drained) {
        if (openFrom == Long.MIN_VALUE) {
            return;
        }
        if (ended) {
            closeBefore(maxSecond + 1);
            finished = true;
            finishedAtMs = nowMs;
            java.util.Arrays.fill(ring, null); // no second opens again: the histograms go
            java.util.Arrays.fill(warmRing, null);
            return;
        }
        long byData = maxEndMs == Long.MIN_VALUE ? Long.MIN_VALUE : Math.floorDiv(maxEndMs - graceMs, 1000);
        long byClock = drained ? Math.floorDiv(nowMs - wallGraceMs, 1000) : Long.MIN_VALUE;
        closeBefore(Math.max(byData, byClock));
    }

    private void closeBefore(long limit) {
        if (finished || limit <= openFrom) {
            return;
        }
        // the ring holds no second past openFrom + RING: a clock far ahead of the rows (a stall of minutes) shows
        // the rest as seconds without calls, at most the chart's length of them
        long heldEnd = Math.min(limit, openFrom + RING);
        for (long s = openFrom; s < heldEnd; s++) {
            Calls c = heldSlot(s);
            show(s, c);
            if (c != null && c.calls() > 0) {
                Calls warm = heldWarmSlot(s);
                if (warm == null || warm.calls() < c.calls()) { // a second of warm-up calls only adds nothing
                    steady.add(c);
                    if (warm != null && warm.calls() > 0) {
                        steady.subtract(warm);
                    }
                }
            }
        }
        for (long s = Math.max(heldEnd, limit - MAX_POINTS); s < limit; s++) {
            show(s, null);
        }
        openFrom = limit;
        window.reset();
        for (long s = openFrom - WINDOW_SECONDS; s < openFrom; s++) {
            Calls c = heldSlot(s);
            if (c != null) {
                window.add(c);
            }
        }
    }

    /** Second {@code s} shown; a second with no call before the first that had one is not shown. */
    private void show(long s, Calls c) {
        if ((c == null || c.calls() == 0) && series.isEmpty()) {
            return;
        }
        Second second = c == null
                ? new Second(s, 0, 0, Map.of(), Latency.NONE, Latency.NONE, targetAt(s))
                : new Second(s, c.calls(), c.errors(), c.errors() == 0 ? Map.of() : new LinkedHashMap<>(c.codes()),
                        c.service(), c.fromDue(), targetAt(s));
        series.addLast(second);
        while (series.size() > MAX_POINTS) {
            series.removeFirst();
        }
    }

    /** The target rate over second {@code s}: the schedule's rate at its middle; NaN before its start or without one. */
    private double targetAt(long s) {
        if (!target.isOpen() || scheduleOriginUs < 0) {
            return Double.NaN;
        }
        double fromStart = (s * 1_000_000.0 + 500_000 - scheduleOriginUs) / 1e6;
        return fromStart < 0 ? Double.NaN : target.rateAt(fromStart);
    }

    private Calls slot(long second) {
        int i = (int) Math.floorMod(second, (long) RING);
        if (ring[i] == null) {
            ring[i] = Calls.perSecond();
        }
        if (ringSecond[i] != second) {
            ring[i].reset();
            if (warmRing[i] != null) {
                warmRing[i].reset();
            }
            ringSecond[i] = second;
        }
        return ring[i];
    }

    /** The warm-up part of second {@code second} (whose slot is taken already). */
    private Calls warmSlot(long second) {
        int i = (int) Math.floorMod(second, (long) RING);
        if (warmRing[i] == null) {
            warmRing[i] = Calls.perSecond();
        }
        return warmRing[i];
    }

    private Calls heldWarmSlot(long s) {
        int i = (int) Math.floorMod(s, (long) RING);
        return ringSecond[i] == s ? warmRing[i] : null;
    }

    /** The calls of second {@code s} if the ring still holds them, else null. */
    private Calls heldSlot(long s) {
        int i = (int) Math.floorMod(s, (long) RING);
        return ring[i] != null && ringSecond[i] == s ? ring[i] : null;
    }

    /**
     * Epoch ms the steady state starts: the first call's start (not before run.json's start of the scenario) plus the
     * warm-up; with a Target Rate Schedule whose start is known, the schedule's start plus the warm-up (the report's
     * rule once the run has ended: the opening calls are warm-up too). Long.MIN_VALUE while not known.
     */
    public long steadyStartMs() {
        if (warmupMs < 0) {
            return Long.MIN_VALUE;
        }
        if (scheduleOriginUs >= 0) {
            long from = Math.max(firstStartMs == Long.MAX_VALUE ? Long.MIN_VALUE : firstStartMs, notBeforeMs);
            // run.json's warm-up is then the opening plus the warm-up, in whole tenths of a second, rounded up
            double opening = (scheduleOriginUs / 1000 - from) / 1000.0;
            return from + (long) (Math.ceil((opening + warmupMs / 1000.0) * 10 - 1e-9) * 100);
        }
        if (firstStartMs == Long.MAX_VALUE) {
            return Long.MIN_VALUE;
        }
        return Math.max(firstStartMs, notBeforeMs) + warmupMs;
    }

    /** Epoch ms of the first call's start, or -1 before any. */
    public long firstStartMs() {
        return firstStartMs == Long.MAX_VALUE ? -1 : firstStartMs;
    }

    /** The seconds shown, oldest first (at most the last {@link #MAX_POINTS}). */
    public List<Second> seconds() {
        return new ArrayList<>(series);
    }

    /** The last {@code n} seconds shown, oldest first. */
    public List<Second> recentSeconds(int n) {
        List<Second> out = new ArrayList<>();
        var it = series.descendingIterator();
        while (it.hasNext() && out.size() < n) {
            out.add(it.next());
        }
        java.util.Collections.reverse(out);
        return out;
    }

    /** The last {@link #WINDOW_SECONDS} seconds shown, together. */
    public Calls lastSeconds() {
        return window;
    }

    /** How many of the last {@link #WINDOW_SECONDS} seconds were shown (fewer at the start). */
    public int lastSecondsCount() {
        int n = 0;
        var it = series.descendingIterator();
        while (it.hasNext() && n < WINDOW_SECONDS) {
            if (it.next().epochSecond() < openFrom - WINDOW_SECONDS) {
                break;
            }
            n++;
        }
        return n;
    }

    /**
     * The steady state's calls so far (those started after the warm-up), up to the last second shown: calls,
     * errors, codes; its latencies are {@link #steadyService()} and {@link #steadyFromDue()}.
     */
    public Calls steady() {
        return steady;
    }

    /** The steady state's service time so far, its exact maximum included. */
    public Latency steadyService() {
        return steady.service(steadyServiceMax);
    }

    /** The steady state's latency from the due time so far. */
    public Latency steadyFromDue() {
        return steady.fromDue(steadyFromDueMax);
    }

    /** The latest end of a steady call read, epoch ms; Long.MIN_VALUE before any. */
    public long steadyLastEndMs() {
        return steadyLastEndMs;
    }

    /** Epoch ms the seconds shown reach to (the end of the last one); Long.MIN_VALUE before any row. */
    public long shownUntilMs() {
        return openFrom == Long.MIN_VALUE ? Long.MIN_VALUE : openFrom * 1000;
    }

    /** Every call read so far: calls, errors, codes (no latencies). */
    public Calls total() {
        return total;
    }

    /** Calls read after their second had been shown: in the totals and the steady state only. */
    public long late() {
        return late;
    }

    /** Calls that started in the warm-up (or before its end was known). */
    public long warmupRows() {
        return warmupRows;
    }

    /** This machine's time (epoch ms) the scenario was found ended, -1 while it runs. */
    public long finishedAtMs() {
        return finishedAtMs;
    }

    /** Whether the scenario has ended and every second is shown. */
    public boolean finished() {
        return finished;
    }

    /** The rate asked for now, NaN for none (the closed model, or before the schedule started). */
    public double targetNow(long nowMs) {
        return targetAt(Math.floorDiv(nowMs, 1000));
    }

    /** The schedule's start, epoch µs, -1 when not known (or none). */
    public long scheduleOriginUs() {
        return scheduleOriginUs;
    }

    public RateSchedule schedule() {
        return target;
    }

    /** Stops following the JTL (the file is closed). */
    public void stop() {
        stopped = true;
        if (reader != null) {
            reader.close();
            reader = null;
        }
    }
}
