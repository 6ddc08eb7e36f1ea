package io.dubbostress.cli.jmeter;

import java.time.Duration;
import java.util.Locale;

/**
 * Decides when a scenario's JMeter has gone on too long, so that a JMeter that makes no progress (threads blocked on
 * a provider that does not answer, a plan that never ends) cannot hang {@code stress run}. Two deadlines, both
 * generous, measured from what JMeter itself says:
 *
 * <ul>
 * <li>start-up: from the launch of its JVM to its "Starting ... test" line, at most {@link #START_UP} (loading the
 *     plan on a busy machine takes seconds to tens of seconds; this is not counted as the scenario's time);</li>
 * <li>the test: from that line, the ramp-up plus the duration plus {@link #grace} (the last samples of a legitimate
 *     run end up to a call timeout after the duration; JMeter then closes its files and exits, which on a loaded
 *     2-core machine takes seconds).</li>
 * </ul>
 *
 * <pre>
 * ScenarioWatchdog watchdog = new ScenarioWatchdog(Duration.ofMinutes(10), Duration.ofSeconds(1));
 * String why = watchdog.check(launchedNanos, testStartNanos, System.nanoTime());   // null while on time
 * </pre>
 */
public final class ScenarioWatchdog implements JMeterRun.Watch {

    /** How long JMeter may take from its launch to starting the test. */
    static final Duration START_UP = Duration.ofMinutes(5);
    /** The least grace after the duration: JMeter's own end (flush, close, exit) on a busy machine, with room. */
    static final Duration MIN_GRACE = Duration.ofSeconds(60);

    private final Duration duration;
    private final Duration rampup;
    private final boolean remote;

    ScenarioWatchdog(Duration duration, Duration rampup) {
        this(duration, rampup, false);
    }

    /**
     * {@code remote}: JMeter's servers run the plan. The client says "Starting distributed test" before the servers
     * load the plan (scanning their lib/ext, starting Dubbo: measured 25 s + 16 s on a saturated 2-core box), and
     * their threads' time starts only after that: the test's deadline then also has {@link #START_UP} for it.
     */
    public ScenarioWatchdog(Duration duration, Duration rampup, boolean remote) {
        this.duration = duration;
        this.rampup = rampup;
        this.remote = remote;
    }

    /** max(60 s, 20 % of the duration): long runs get more room, short ones a minute. */
    static Duration grace(Duration duration) {
        Duration fifth = duration.dividedBy(5);
        return fifth.compareTo(MIN_GRACE) > 0 ? fifth : MIN_GRACE;
    }

    /** How long after the test started JMeter may still run: ramp-up + duration + grace. */
    Duration testDeadline() {
        Duration deadline = rampup.plus(duration).plus(grace(duration));
        return remote ? deadline.plus(START_UP) : deadline;
    }

    @Override
    public String stopReason(JMeterRun run) {
        return check(run.launchedNanos(), run.testStartNanos(), System.nanoTime());
    }

    /**
     * Why JMeter must be stopped now, or null while it is on time. {@code testStartNanos} is 0 until JMeter said the
     * test started; all three are {@link System#nanoTime()} values.
     */
    String check(long launchedNanos, long testStartNanos, long nowNanos) {
        if (testStartNanos == 0) {
            if (nowNanos - launchedNanos > START_UP.toNanos()) {
                return "JMeter did not start the test within " + seconds(START_UP) + " of its launch (stopped by the"
                        + " watchdog)";
            }
            return null;
        }
        Duration deadline = testDeadline();
        if (nowNanos - testStartNanos > deadline.toNanos()) {
            return String.format(Locale.ROOT, "JMeter was still running %s after the test started (ramp-up %s +"
                    + " duration %s + grace %s%s): stopped by the watchdog", seconds(deadline), seconds(rampup),
                    seconds(duration), seconds(grace(duration)),
                    remote ? " + the servers' start-up " + seconds(START_UP) : "");
        }
        return null;
    }

    private static String seconds(Duration d) {
        return d.getSeconds() + " s";
    }
}
