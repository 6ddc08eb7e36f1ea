package io.dubbostress.sampler.pacing;

import io.dubbostress.sampler.install.SamplerJar;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.timers.Timer;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jorphan.util.JMeterStopTestException;
import org.apache.jorphan.util.JMeterStopThreadException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Target Rate Schedule (a JMeter Timer): one arrival schedule ({@link ArrivalSchedule}) shared by every thread in
 * its scope. Before each sample the thread takes the next arrival, waits until it is due and starts at once when it
 * is already late: no arrival is skipped, so a stalled server shows as the time calls waited, not as calls never made.
 *
 * <p>The due time goes into the thread's variables for the sample that follows: {@value #DUE_US_VARIABLE} (epoch
 * microseconds) and {@value #LAG_US_VARIABLE} (how late the timer released the thread, microseconds); with
 * {@code sample_variables=elapsed_us,due_us,lag_us,response_us} any sampler's JTL rows carry them (JMeter's HTTP
 * Request too: the report takes its response time as end minus due). The Dubbo Sampler also reads the due time on
 * its own nanosecond clock ({@link #DUE_NANOS_OBJECT}) and writes {@code response_us} (from the due time) and an
 * exact {@code lag_us} (from the due time to the call's start).
 *
 * <p>One instance serves every thread (it is not cloned per thread: {@link NoThreadClone}); the schedule starts at
 * the first call of a test. In distributed mode each JMeter server runs its own copy: {@link #LOAD_GENERATORS} divides
 * every rate so that together they make the target.
 *
 * <pre>{@code
 * TargetRateSchedule pacing = new TargetRateSchedule();
 * pacing.setProperty(TargetRateSchedule.SCHEDULE, "0..1000:60s,1000");
 * threadGroupTree.add(pacing);
 * }</pre>
 */
public class TargetRateSchedule extends AbstractTestElement implements Timer, NoThreadClone, TestStateListener {

    static {
        SamplerJar.loaded(); // one line in jmeter.log, once per JVM, when JMeter loads the plugin
    }

    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(TargetRateSchedule.class);

    /** The schedule, calls/s over every thread in scope: {@code 500}, {@code 100,200,400}, {@code 0..1000:60s}. */
    public static final String SCHEDULE = "TargetRateSchedule.schedule";
    public static final String SCHEDULE_DEFAULT = "";
    /** Seconds that the segments without their own length split (the thread group's duration); empty: none. */
    public static final String DURATION = "TargetRateSchedule.duration";
    public static final String DURATION_DEFAULT = "";
    /** Load generators (JMeter servers) each running this plan: every rate is divided by it. */
    public static final String LOAD_GENERATORS = "TargetRateSchedule.loadGenerators";
    public static final String LOAD_GENERATORS_DEFAULT = "1";

    /** Variable: the due time of this sample, epoch microseconds. */
    public static final String DUE_US_VARIABLE = "due_us";
    /** Variable: how late the sample started after its due time, microseconds (0 when on time). */
    public static final String LAG_US_VARIABLE = "lag_us";
    /** Variable: the Dubbo Sampler's response time from the due time, microseconds; unset for other samplers. */
    public static final String RESPONSE_US_VARIABLE = "response_us";
    /** Object variable: the due time as {@link System#nanoTime()} (a {@link Long}); the sampler takes it away. */
    public static final String DUE_NANOS_OBJECT = "io.dubbostress.sampler.pacing.dueNanos";

    /**
     * The longest single park. A waiting thread sleeps until its due time or its group's end, whichever is first (an
     * interrupt, JMeter's Stop, unparks it at once); the cap only bounds how late a change of the wall clock is seen.
     * It was 50 ms: 1,000 threads waiting half a second each woke 20,000 times a second between them.
     */
    private static final long SLICE_NANOS = 1_000_000_000L;

    private transient volatile Pacer pacer;

    /** The schedule in use for one test: its origin on both clocks and the next arrival number. */
    private static final class Pacer {
        final ArrivalSchedule schedule;
        final long originNanos;
        final long originEpochMicros;
        final AtomicLong next = new AtomicLong();

        Pacer(ArrivalSchedule schedule) {
            this.schedule = schedule;
            this.originEpochMicros = System.currentTimeMillis() * 1000;
            this.originNanos = System.nanoTime();
        }
    }

    public TargetRateSchedule() {
        super();
    }

    /**
     * Takes the next arrival, waits until it is due and records it; returns 0 (the wait is done here, on the
     * nanosecond clock, not in JMeter's millisecond sleep).
     */
    @Override
    public long delay() {
        Pacer p = pacer();
        long offset = p.schedule.offsetNanos(p.next.getAndIncrement());
        JMeterContext context = JMeterContextService.getContext();
        JMeterThread thread = context.getThread();
        long endEpochMs = thread != null ? thread.getEndTime() : 0;
        if (offset == Long.MAX_VALUE) {
            waitUntil(Long.MAX_VALUE, endEpochMs); // the schedule ended at rate 0: wait for the group's end
        }
        long due = p.originNanos + offset;
        long now = waitUntil(due, endEpochMs);
        JMeterVariables variables = context.getVariables();
        if (variables != null) {
            variables.put(DUE_US_VARIABLE, Long.toString(p.originEpochMicros + offset / 1000));
            variables.put(LAG_US_VARIABLE, Long.toString((now - due) / 1000));
            variables.putObject(DUE_NANOS_OBJECT, due);
            // set by the Dubbo Sampler for its own sample; another sampler's row must not carry the last one's
            variables.remove(RESPONSE_US_VARIABLE);
        }
        return 0;
    }

    /**
     * Parks until {@code dueNanos}; returns the nanoTime when it was due or later. Throws {@link
     * JMeterStopThreadException} when the thread group's end time ({@code endEpochMs}, 0 = none) passes first, or the
     * thread is interrupted (Stop): the arrival would come after the test.
     */
    static long waitUntil(long dueNanos, long endEpochMs) {
        // the group's end is read from the wall clock again after every park
        while (true) {
            long now = System.nanoTime();
            long left = dueNanos - now;
            if (dueNanos != Long.MAX_VALUE && left <= 0) {
                return now;
            }
            long untilEndNanos = Long.MAX_VALUE;
            if (endEpochMs > 0) {
                long untilEndMs = endEpochMs - System.currentTimeMillis();
                if (untilEndMs <= 0) {
                    throw new JMeterStopThreadException("Target Rate Schedule: the thread group's end came before the "
                            + "next due time");
                }
                untilEndNanos = untilEndMs * 1_000_000L;
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new JMeterStopThreadException("Target Rate Schedule: interrupted while waiting for the next due "
                        + "time");
            }
            long park = Math.min(SLICE_NANOS, untilEndNanos);
            if (dueNanos != Long.MAX_VALUE) {
                park = Math.min(park, left);
            }
            LockSupport.parkNanos(park);
        }
    }

    private Pacer pacer() {
        Pacer p = pacer;
        if (p != null) {
            return p;
        }
        synchronized (this) {
            if (pacer == null) {
                ArrivalSchedule schedule;
                try {
                    schedule = schedule();
                } catch (IllegalArgumentException e) {
                    String message = "Target Rate Schedule '" + getName() + "': " + e.getMessage();
                    log.error(message);
                    throw new JMeterStopTestException(message);
                }
                log.info("Target Rate Schedule '{}': {}", getName(), schedule);
                pacer = new Pacer(schedule);
            }
            return pacer;
        }
    }

    /** The schedule these fields describe (also for the GUI's check); {@link IllegalArgumentException} if bad. */
    public ArrivalSchedule schedule() {
        String durationText = getPropertyAsString(DURATION, DURATION_DEFAULT).trim();
        double duration = 0;
        if (!durationText.isEmpty()) {
            try {
                duration = Double.parseDouble(durationText);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("duration '" + durationText + "' is not a number of seconds");
            }
        }
        String sharesText = getPropertyAsString(LOAD_GENERATORS, LOAD_GENERATORS_DEFAULT).trim();
        double share;
        try {
            share = sharesText.isEmpty() ? 1 : Integer.parseInt(sharesText);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("load generators '" + sharesText + "' is not a whole number");
        }
        return ArrivalSchedule.parse(getPropertyAsString(SCHEDULE, SCHEDULE_DEFAULT), duration, share);
    }

    // --- lifecycle: every test starts its schedule afresh at its first call -----------------------------------

    @Override
    public void testStarted() {
        pacer = null;
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    @Override
    public void testEnded() {
        pacer = null;
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }
}
