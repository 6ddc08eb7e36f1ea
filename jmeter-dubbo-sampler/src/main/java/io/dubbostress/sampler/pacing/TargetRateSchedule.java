package io.dubbostress.sampler.pacing;

import io.dubbostress.sampler.install.SamplerJar;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.testelement.ThreadListener;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.SamplePackage;
import org.apache.jmeter.timers.Timer;
import org.apache.jorphan.util.JMeterStopThreadException;
import io.dubbostress.sampler.jtl.JtlVariables;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Target Rate Schedule (a JMeter Timer): one arrival schedule ({@link ArrivalSchedule}) shared by every thread in
 * its scope. Before each sample the thread takes the next arrival, waits until it is due and starts at once when it
 * is already late: no arrival is skipped, so a stalled server shows as the time calls waited, not as calls never made.
 *
 * <p><b>The opening call.</b> The schedule starts when the load generator can call ({@link StartGate}, {@link #START}):
 * by default the first call in scope is made at once (its due time is its start), every other thread waits for it to
 * end, and arrival 0 is due at that end. The first call is the one that connects (a Dubbo reference is created, on a
 * loaded machine in seconds); timed from a schedule already running, the calls due meanwhile would all start late and
 * their lag would be the start's, not the server's. {@code each-thread}: every thread makes its opening call first;
 * {@code first-call}: the schedule starts at the first call, as it did before.
 *
 * <p>The due time goes into the thread's variables for the sample that follows: {@value JtlVariables#DUE_US} (epoch
 * microseconds) and {@value JtlVariables#LAG_US} (how late the timer released the thread, microseconds); with
 * {@code sample_variables=}{@value JtlVariables#SAMPLE_VARIABLES} any sampler's JTL rows carry them (JMeter's HTTP
 * Request too: the report takes its response time as end minus due). The Dubbo Sampler also reads the due time on
 * its own nanosecond clock ({@link #DUE_NANOS_OBJECT}) and writes {@code response_us} (from the due time) and an
 * exact {@code lag_us} (from the due time to the call's start).
 *
 * <p><b>What it refuses</b>, at the first call, with one line on the console and in jmeter.log, the test stopped and a
 * non-GUI JMeter's exit code 1 ({@link TestRefusal}): a field it cannot read; a field written {@code ${__P(name)}}
 * without a default while the property is unset (JMeter would give 1); a rate no thread count in the test can reach
 * (more than {@value #MAX_CALLS_PER_SECOND_PER_THREAD} calls/s per thread); two schedules in the scope of one sampler.
 * A schedule longer than its thread group is said on the console and in the log, once; the test runs.
 *
 * <p>One instance serves every thread (it is not cloned per thread: {@link NoThreadClone}); each test starts its
 * schedule afresh. In distributed mode each JMeter server runs its own copy: {@link #LOAD_GENERATORS} divides every
 * rate so that together they make the target.
 *
 * <pre>{@code
 * TargetRateSchedule pacing = new TargetRateSchedule();
 * pacing.setProperty(TargetRateSchedule.SCHEDULE, "0..1000:60s,1000");
 * threadGroupTree.add(pacing);
 * }</pre>
 */
public class TargetRateSchedule extends AbstractTestElement
        implements Timer, NoThreadClone, TestStateListener, SampleListener, ThreadListener {

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
    /**
     * When the schedule starts ({@link StartGate}): {@code opening-call} (the default: after the first call in scope,
     * made at once), {@code each-thread} (after every thread's first call), {@code first-call} (at the first call).
     */
    public static final String START = "TargetRateSchedule.start";
    public static final String START_DEFAULT = "opening-call";

    /**
     * The most calls per second one thread can make: one per 10 us. JMeter's own work per sample is about 13 us (the
     * sampler's benchmarks, docs/BENCHMARKS.md), so a schedule asking more of its threads can never be followed: its
     * calls would all start late, and the "from due" times would be the time since the start. Refused.
     */
    public static final int MAX_CALLS_PER_SECOND_PER_THREAD = 100_000;

    /** jmeter.log says when the schedule started: {@code Target Rate Schedule 'x': the schedule started at N us}. */
    public static final String STARTED_AT = "the schedule started at";

    /** Object variable: the due time as {@link System#nanoTime()} (a {@link Long}); the sampler takes it away. */
    public static final String DUE_NANOS_OBJECT = "io.dubbostress.sampler.pacing.dueNanos";

    /**
     * The longest single park. A waiting thread sleeps until its due time or its group's end, whichever is first (an
     * interrupt, JMeter's Stop, unparks it at once); the cap only bounds how late a change of the wall clock is seen.
     * It was 50 ms: 1,000 threads waiting half a second each woke 20,000 times a second between them.
     */
    private static final long SLICE_NANOS = 1_000_000_000L;

    private transient volatile Pacer pacer;
    /** This JMeter is a server of a distributed test (testStarted(host) was called): it must not exit. */
    private transient volatile boolean remoteEngine;

    /** The schedule in use for one test: its origin on both clocks, the next arrival number, the opening call. */
    private static final class Pacer {
        final ArrivalSchedule schedule;
        final String name;
        /** The thread group's end (epoch ms) as the first thread saw it; 0 without a scheduled end. */
        final long groupEndEpochMs;
        final AtomicLong next = new AtomicLong();
        final StartGate gate;
        final CountDownLatch started = new CountDownLatch(1);
        final AtomicBoolean startOnce = new AtomicBoolean();
        volatile long originNanos;
        volatile long originEpochMicros;

        Pacer(ArrivalSchedule schedule, String name, long groupEndEpochMs, StartGate gate) {
            this.gate = gate;
            this.schedule = schedule;
            this.name = name;
            this.groupEndEpochMs = groupEndEpochMs;
        }

        boolean isStarted() {
            return started.getCount() == 0;
        }

        /** Arrival 0 is due now; said once when the schedule outlasts its thread group. */
        void start() {
            if (!startOnce.compareAndSet(false, true)) {
                return;
            }
            long nowMs = System.currentTimeMillis();
            originEpochMicros = nowMs * 1000;
            originNanos = System.nanoTime();
            started.countDown();
            // the due time of arrival 0, exactly as the JTL's due_us of the calls counts (stress run reads it)
            log.info("Target Rate Schedule '{}': {} {} us (epoch){}", name, STARTED_AT, originEpochMicros,
                    gate.open() ? ", at its first call" : gate.mode() == StartGate.Mode.EACH_THREAD
                            ? ", after every thread's opening call" : ", after the opening call");
            double length = schedule.lengthSeconds();
            if (groupEndEpochMs > 0 && length > 0) {
                double left = (groupEndEpochMs - nowMs) / 1000.0;
                if (length > left + 1) {
                    String line = String.format(Locale.ROOT, "Target Rate Schedule '%s': the schedule lasts %s s but "
                            + "its thread group ends %.1f s after the schedule's start: the last %.1f s of it (at %s "
                            + "calls/s) will not run", name, format(length), left, length - left,
                            format(schedule.rateAt(Math.max(0, left))));
                    log.warn(line);
                    System.err.println(line); // NOSONAR: a schedule cut short is said where the user looks
                }
            }
        }
    }

    public TargetRateSchedule() {
        super();
    }

    /**
     * Takes the next arrival, waits until it is due and records it; returns 0 (the wait is done here, on the
     * nanosecond clock, not in JMeter's millisecond sleep). The first call of a test is the opening call, at once.
     */
    @Override
    public long delay() {
        JMeterContext context = JMeterContextService.getContext();
        JMeterVariables variables = context.getVariables();
        refuseASecondScheduleInScope(variables);
        Pacer p = pacer(context);
        JMeterThread thread = context.getThread();
        long endEpochMs = thread != null ? thread.getEndTime() : 0;
        if (!p.isStarted()) {
            Thread self = Thread.currentThread();
            if (p.gate.opens(self, context.getThreadGroup())) {
                long now = System.nanoTime();
                record(variables, System.currentTimeMillis() * 1000, 0, now);
                return 0; // an opening call: at once; the schedule starts when the last one ended
            }
            if (p.gate.ended(self)) {
                p.start(); // its opening call ended without a sample event (ignored): it was the last
            }
            awaitStart(p, endEpochMs);
        }
        long offset = p.schedule.offsetNanos(p.next.getAndIncrement());
        if (offset == Long.MAX_VALUE) {
            // the schedule ended at rate 0: nothing more is due, so the thread is done (the test ends with them)
            throw new JMeterStopThreadException("Target Rate Schedule: the schedule has ended (rate 0): nothing more "
                    + "is due");
        }
        long due = p.originNanos + offset;
        long now = waitUntil(due, endEpochMs);
        record(variables, p.originEpochMicros + offset / 1000, (now - due) / 1000, due);
        return 0;
    }

    private static void record(JMeterVariables variables, long dueEpochMicros, long lagMicros, long dueNanos) {
        if (variables != null) {
            variables.put(JtlVariables.DUE_US, Long.toString(dueEpochMicros));
            variables.put(JtlVariables.LAG_US, Long.toString(lagMicros));
            variables.putObject(DUE_NANOS_OBJECT, dueNanos);
            // set by the Dubbo Sampler for its own sample; another sampler's row must not carry the last one's
            variables.remove(JtlVariables.RESPONSE_US);
        }
    }

    /**
     * Two schedules in the scope of one sampler: the sample would wait for both and take its due time from whichever
     * ran last, so its "from due" time would belong to a schedule it did not follow. JMeter keeps the sample's timers
     * in the thread's variables ({@link JMeterThread#PACKAGE_OBJECT}) while they run.
     */
    private void refuseASecondScheduleInScope(JMeterVariables variables) {
        Object pack = variables == null ? null : variables.getObject(JMeterThread.PACKAGE_OBJECT);
        if (!(pack instanceof SamplePackage)) {
            return;
        }
        String others = null;
        int count = 0;
        for (Timer timer : ((SamplePackage) pack).getTimers()) {
            if (timer instanceof TargetRateSchedule) {
                count++;
                if (timer != this) {
                    String name = "'" + ((TargetRateSchedule) timer).getName() + "'";
                    others = others == null ? name : others + ", " + name;
                }
            }
        }
        if (count > 1) {
            String sampler = JMeterContextService.getContext().getCurrentSampler() == null ? "a sampler"
                    : "sampler '" + JMeterContextService.getContext().getCurrentSampler().getName() + "'";
            throw TestRefusal.refuse("Target Rate Schedule '" + getName() + "': " + sampler + " is also in the scope of "
                    + "Target Rate Schedule " + others + ": each call would wait for both schedules and take its due "
                    + "time from one of them; keep one schedule per sampler", remoteEngine);
        }
    }

    /** Waits for the opening call's end (the schedule's start), or stops the thread at its group's end or a Stop. */
    private static void awaitStart(Pacer p, long endEpochMs) {
        while (!p.isStarted()) {
            long park = SLICE_NANOS;
            if (endEpochMs > 0) {
                long untilEndMs = endEpochMs - System.currentTimeMillis();
                if (untilEndMs <= 0) {
                    throw new JMeterStopThreadException("Target Rate Schedule: the thread group's end came before the "
                            + "opening call ended");
                }
                park = Math.min(park, untilEndMs * 1_000_000L);
            }
            try {
                p.started.await(park, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new JMeterStopThreadException("Target Rate Schedule: interrupted while waiting for the opening "
                        + "call");
            }
        }
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

    /** The test's schedule, made and checked at its first call; a schedule that cannot be honoured stops the test. */
    private Pacer pacer(JMeterContext context) {
        Pacer p = pacer;
        if (p != null) {
            return p;
        }
        synchronized (this) {
            if (pacer == null) {
                ArrivalSchedule schedule;
                try {
                    schedule = checkedSchedule(threadsOfTheTest(context));
                } catch (IllegalArgumentException e) {
                    throw TestRefusal.refuse("Target Rate Schedule '" + getName() + "': " + e.getMessage(),
                            remoteEngine);
                }
                StartGate gate = new StartGate(startMode());
                log.info("Target Rate Schedule '{}': {}, start: {}", getName(), schedule, gate.mode().text);
                JMeterThread thread = context.getThread();
                Pacer made = new Pacer(schedule, getName(), thread != null ? thread.getEndTime() : 0, gate);
                if (gate.open()) {
                    made.start();
                }
                pacer = made;
            }
            return pacer;
        }
    }

    /**
     * The threads that may share this schedule: the test's threads JMeter has counted so far (every thread group
     * started, not serialised), at least the caller's own group; 0 outside a test.
     */
    private static int threadsOfTheTest(JMeterContext context) {
        AbstractThreadGroup group = context.getThreadGroup();
        int own = group != null ? group.getNumThreads() : 0;
        return Math.max(own, JMeterContextService.getTotalThreads());
    }

    /**
     * {@link #schedule()} with the checks that need a test: no field taken from an unset {@code __P} without a
     * default, and a peak rate that {@code threads} threads can reach (0: not known, not checked).
     */
    ArrivalSchedule checkedSchedule(int threads) {
        for (String key : new String[] {SCHEDULE, DURATION, LOAD_GENERATORS}) {
            String unset = UnsetPropertyDefault.in(getProperty(key));
            if (unset != null) {
                throw new IllegalArgumentException(fieldName(key) + " " + unset);
            }
        }
        startMode();
        ArrivalSchedule schedule = schedule();
        double reachable = (double) MAX_CALLS_PER_SECOND_PER_THREAD * threads;
        if (threads > 0 && schedule.peakRate() > reachable) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "schedule '%s': %s calls/s cannot be "
                    + "reached by the test's %d threads: a thread makes at most one call per 10 us (%,d calls/s), so "
                    + "%,.0f calls/s at most; lower the rate or add threads", getPropertyAsString(SCHEDULE).trim(),
                    format(schedule.peakRate()), threads, MAX_CALLS_PER_SECOND_PER_THREAD, reachable));
        }
        return schedule;
    }

    private static String fieldName(String key) {
        return SCHEDULE.equals(key) ? "schedule" : DURATION.equals(key) ? "duration" : "load generators";
    }

    /** The schedule these fields describe (also for the GUI's check); {@link IllegalArgumentException} if bad. */
    public ArrivalSchedule schedule() {
        String durationText = getPropertyAsString(DURATION, DURATION_DEFAULT).trim();
        double duration = 0;
        if (!durationText.isEmpty()) {
            if (!ArrivalSchedule.NUMBER.matcher(durationText).matches()) {
                throw new IllegalArgumentException("duration '" + durationText + "' is not a number of seconds");
            }
            duration = Double.parseDouble(durationText);
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

    /** When the schedule starts ({@link #START}); {@link IllegalArgumentException} naming a value it does not know. */
    StartGate.Mode startMode() {
        return StartGate.Mode.parse(getPropertyAsString(START, START_DEFAULT));
    }

    private static String format(double d) {
        return d == Math.rint(d) && !Double.isInfinite(d) ? String.valueOf((long) d)
                : String.format(Locale.ROOT, "%.1f", d);
    }

    // --- the opening call's end: the sample event of the thread that made it ----------------------------------

    @Override
    public void sampleOccurred(SampleEvent event) {
        Pacer p = pacer;
        if (p != null && !p.isStarted() && p.gate.ended(Thread.currentThread())) {
            p.start();
        }
    }

    @Override
    public void sampleStarted(SampleEvent event) {
        // nothing: the due time was set before the sample
    }

    @Override
    public void sampleStopped(SampleEvent event) {
        // nothing
    }

    @Override
    public void threadStarted() {
        // nothing: the schedule is made at the first call
    }

    /** A thread that made an opening call and ended without a sample event must not keep the others waiting. */
    @Override
    public void threadFinished() {
        sampleOccurred(null);
    }

    // --- lifecycle: every test starts its schedule afresh ------------------------------------------------------

    @Override
    public void testStarted() {
        pacer = null;
        remoteEngine = false;
        TestRefusal.forget();
    }

    @Override
    public void testStarted(String host) {
        testStarted();
        remoteEngine = true;
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
