package io.dubbostress.cli.run;

import io.dubbostress.cli.UserError;
import io.dubbostress.cli.jmeter.ScheduleStartLine;
import io.dubbostress.cli.options.DurationConverter;
import io.dubbostress.cli.options.RateSchedule;
import io.dubbostress.report.jtl.JtlReader;
import io.dubbostress.report.jtl.JtlRow;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * Whether a rate-driven scenario's threads can make the calls its Target Rate Schedule has due, told as soon as the
 * first calls of the schedule measure the service time, and again when the scenario has ended. A thread makes one
 * call at a time: {@code --threads} threads at a mean service time of S make at most {@code threads / S} calls/s.
 * The schedule skips no call that is due: calls the threads cannot make in time start late, one after another, the
 * scenario runs on after its {@code --duration} until they are made or the thread group ends ({@code --duration}
 * plus {@link ScenarioRunner#OPENING_ALLOWANCE}), and the calls still due then are never made. ({@code --rate 50000
 * --threads 1 --duration 5s} ran 48 s at 11 % of its target, and said nothing.)
 *
 * <pre>{@code
 * RateReach reach = new RateReach(threads, schedule, duration, jtl, jmeterLog);
 * String early = reach.follow();          // once a second while JMeter runs: a warning, once, or null
 * String late = reach.after(jmeterEndMs); // when it has ended: what was made of what was due, or null
 * }</pre>
 */
final class RateReach {

    /** Reachable below this share of the peak rate: said. */
    static final double SHORT_OF = 0.9;
    /**
     * The service time is measured on the calls due after the schedule's first {@value #COLD_US} us (the first calls
     * of a JVM are slow: class loading, the JIT; 32 ms against 3 ms later, measured), and judged once this many of them
     * ended.
     */
    static final long COLD_US = 1_000_000;
    static final int FIRST_CALLS = 100;

    private final int threads;
    private final RateSchedule schedule;
    private final Duration duration;
    private final Path jtl;
    private final ScheduleStartLine started;
    private JtlReader reader;
    private long originUs = -1;
    /** Calls of the schedule that ended; those due after its cold start, and their service time. */
    private long calls;
    private long warmCalls;
    private long warmServiceSumUs;
    private long serviceSumUs;
    private long lastStartUs = Long.MIN_VALUE;
    private boolean warned;

    /** {@code schedule}: the run's, every segment sized ({@link RateSchedule#sized}); {@code duration}: its length. */
    RateReach(int threads, RateSchedule schedule, Duration duration, Path jtl, Path jmeterLog) {
        this.threads = threads;
        this.schedule = schedule;
        this.duration = duration;
        this.jtl = jtl;
        this.started = new ScheduleStartLine(jmeterLog);
    }

    /** Reads the rows written since the last call; the warning, the first time the threads measure short, else null. */
    String follow() {
        read();
        if (warned || warmCalls < FIRST_CALLS) {
            return null;
        }
        warned = true;
        double reachable = reachable();
        if (reachable >= SHORT_OF * schedule.peakRate()) {
            return null;
        }
        return String.format(Locale.ROOT, "warning: %s; the calls due fall behind, start late one after another, and"
                + " the scenario runs on after its %s until they are made or its thread group ends (%s)", shortOf(),
                DurationConverter.format(duration), DurationConverter.format(duration
                        .plus(ScenarioRunner.OPENING_ALLOWANCE)));
    }

    /**
     * When JMeter has ended (at {@code endEpochMs}): what the schedule had due and what was made, when the threads
     * could not make it in time; null when they could (every call made, the last started within a second of the
     * schedule's end).
     */
    String after(long endEpochMs) {
        read();
        if (reader != null) {
            reader.close();
            reader = null;
        }
        long due = Math.round(schedule.arrivals());
        if (originUs < 0 || calls == 0 || due <= 0) {
            return null;
        }
        double lateSeconds = (lastStartUs - (originUs + duration.toNanos() / 1000)) / 1e6;
        if (calls >= due - 1 && lateSeconds <= 1) {
            return null;
        }
        String made = calls >= due - 1 ? String.format(Locale.ROOT, "all %,d calls due in its %s were made, the last"
                + " %.0f s after the schedule's end", due, DurationConverter.format(duration), lateSeconds)
                : String.format(Locale.ROOT, "%,d of the %,d calls due in its %s were made (%.0f %%), %,d never (its"
                + " thread group ended %s after the schedule's start)", calls, due, DurationConverter.format(duration),
                100.0 * calls / due, due - calls, DurationConverter.format(Duration.ofSeconds(Math.max(0,
                        Math.round((endEpochMs - originUs / 1000) / 1000.0)))));
        return made + ": " + shortOf() + "; the response times from the due times carry the wait";
    }

    /** "1 thread at a mean service time of 0.537 ms makes at most 1,862 calls/s, 4 % of the 50,000 asked ...". */
    private String shortOf() {
        double meanUs = meanServiceUs();
        double reachable = reachable();
        double peak = schedule.peakRate();
        return String.format(Locale.ROOT, "%,d thread%s at a mean service time of %.3f ms make%s at most %,.0f calls/s,"
                + " %.0f %% of the %s calls/s asked: --threads %,d or more would reach it", threads,
                threads == 1 ? "" : "s", meanUs / 1000.0, threads == 1 ? "s" : "", reachable,
                100.0 * reachable / peak, RateSchedule.rateText(peak), (long) Math.ceil(peak * meanUs / 1e6 * 1.1));
    }

    private double reachable() {
        double meanUs = meanServiceUs();
        return meanUs > 0 ? threads * 1e6 / meanUs : Double.POSITIVE_INFINITY;
    }

    /** The mean service time of the calls after the cold start, else of all; microseconds. */
    private double meanServiceUs() {
        return warmCalls > 0 ? (double) warmServiceSumUs / warmCalls : calls > 0 ? (double) serviceSumUs / calls : 0;
    }

    private void read() {
        if (originUs < 0) {
            originUs = started.read();
            if (originUs < 0) {
                return;
            }
        }
        if (reader == null) {
            reader = JtlReader.follow(jtl);
            if (reader == null) {
                return;
            }
        }
        try {
            while (reader.next()) {
                JtlRow row = reader.row();
                if (row.dueUs() < originUs) {
                    continue; // an opening call, or not paced
                }
                long serviceUs = row.elapsedUs() >= 0 ? row.elapsedUs() : row.elapsedMs() * 1000;
                calls++;
                serviceSumUs += serviceUs;
                if (row.dueUs() >= originUs + COLD_US) {
                    warmCalls++;
                    warmServiceSumUs += serviceUs;
                }
                lastStartUs = Math.max(lastStartUs, row.dueUs() + Math.max(0, row.lagUs()));
            }
        } catch (UserError | UncheckedIOException e) {
            // a row cut by the writer: read again next time
        }
    }
}
