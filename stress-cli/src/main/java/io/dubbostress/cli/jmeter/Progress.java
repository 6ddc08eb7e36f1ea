package io.dubbostress.cli.jmeter;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * The live progress line of a scenario, on stderr: scenario k of n, elapsed and remaining time, the last interval's
 * throughput, errors so far. On a terminal it rewrites one line; otherwise it prints a line per update.
 */
public final class Progress {

    private final PrintStream out;
    private final boolean terminal;
    private final String scenario;
    private final int index;
    private final int count;
    private final Duration duration;
    private final long createdNanos = System.nanoTime();
    private volatile long startNanos;
    /** JMeter said "Starting ...": its clock runs from there, not from its JVM's start. */
    private volatile boolean started;
    /** A cumulative ("summary =") line came: until then the totals are the sum of the interval lines. */
    private volatile boolean cumulativeSeen;
    private volatile double currentRate;
    private volatile double averageRate;
    private volatile long samples;
    private volatile long errors;
    private long lastPrinted;
    private int lastLength;

    public Progress(PrintStream out, boolean terminal, String scenario, int index, int count, Duration duration) {
        this.out = out;
        this.terminal = terminal;
        this.scenario = scenario;
        this.index = index;
        this.count = count;
        this.duration = duration;
    }

    /** The test itself started (JVM start-up and plan loading are not counted as elapsed). */
    void testStarted() {
        startNanos = System.nanoTime();
        started = true;
    }

    void accept(SummaryLine line) {
        if (line.cumulative) {
            cumulativeSeen = true;
            samples = line.samples;
            errors = line.errors;
            averageRate = line.perSecond;
        } else {
            currentRate = line.perSecond;
            if (!cumulativeSeen) {
                // JMeter prints its first "summary =" only with its second interval: count the first one here
                samples += line.samples;
                errors += line.errors;
            }
        }
    }

    public long samples() {
        return samples;
    }

    public long errors() {
        return errors;
    }

    /** Prints an update: every call on a terminal, every 10 s otherwise. */
    void tick() {
        long now = System.nanoTime();
        if (!terminal && now - lastPrinted < 10_000_000_000L && lastPrinted != 0) {
            return;
        }
        lastPrinted = now;
        print(false);
    }

    /** The last line: the whole scenario's average rate rather than the last interval's. */
    void finish() {
        if (averageRate > 0) {
            currentRate = averageRate;
        }
        print(true);
    }

    private void print(boolean last) {
        String line;
        if (!started) {
            // JMeter's JVM is loading the plan: no test clock yet (it would run ahead, then jump back)
            line = String.format(Locale.ROOT, "[%d/%d] %-12s JMeter starting (%s) ...", index, count, scenario,
                    clock((System.nanoTime() - createdNanos) / 1_000_000_000L));
        } else {
            long elapsed = (System.nanoTime() - startNanos) / 1_000_000_000L;
            long remaining = last ? 0 : Math.max(0, duration.getSeconds() - elapsed);
            // no sample yet: no error share to give (not "0.00 %")
            String errorPct = samples == 0 ? "-" : String.format(Locale.ROOT, "%.2f%%", 100.0 * errors / samples);
            line = String.format(Locale.ROOT, "[%d/%d] %-12s %s / %s elapsed, %s left, %,.0f calls/s%s, %,d samples, "
                            + "%,d errors (%s)", index, count, scenario, clock(elapsed),
                    clock(duration.getSeconds()), clock(remaining), currentRate,
                    last ? " on average over every sample (the report's TPS is over the steady state only)" : "",
                    samples, errors, errorPct);
        }
        if (terminal) {
            StringBuilder padded = new StringBuilder("\r").append(line);
            for (int i = line.length(); i < lastLength; i++) {
                padded.append(' ');
            }
            lastLength = line.length();
            out.print(padded);
            if (last) {
                out.println();
            }
        } else {
            out.println(line);
        }
        out.flush();
    }

    private static String clock(long seconds) {
        return String.format(Locale.ROOT, "%02d:%02d", seconds / 60, seconds % 60);
    }
}
