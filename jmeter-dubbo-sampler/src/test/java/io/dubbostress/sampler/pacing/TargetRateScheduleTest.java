package io.dubbostress.sampler.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.sampler.jtl.JtlVariables;
import io.dubbostress.sampler.pacing.gui.TargetRateScheduleGui;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jorphan.util.JMeterStopThreadException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The element outside a test run: its GUI round trip (headless), its fields read as a schedule, and its timer shared
 * by threads: every arrival taken once, none released before it is due. The engine runs are in test-plans/plans-tests
 * ({@code TargetRateInStockJMeterIT}) and stress-cli ({@code TargetRateStallIT}).
 */
class TargetRateScheduleTest {

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeter() {
        io.dubbostress.sampler.EmbeddedJMeter.init(home);
    }

    @Test
    void guiKeepsEveryFieldAndClearGuiRestoresTheDefaults() {
        TargetRateSchedule element = new TargetRateSchedule();
        element.setName("pacing");
        element.setProperty(TargetRateSchedule.SCHEDULE, "0..1000:60s,${__P(rate,1000)}");
        element.setProperty(TargetRateSchedule.DURATION, "${__P(duration,600)}");
        element.setProperty(TargetRateSchedule.LOAD_GENERATORS, "3");
        TargetRateScheduleGui gui = new TargetRateScheduleGui();
        gui.configure(element);
        TestElement copy = gui.createTestElement();
        assertThat(copy).isInstanceOf(TargetRateSchedule.class);
        assertThat(copy.getName()).isEqualTo("pacing");
        for (String key : new String[] {TargetRateSchedule.SCHEDULE, TargetRateSchedule.DURATION,
            TargetRateSchedule.LOAD_GENERATORS}) {
            assertThat(copy.getPropertyAsString(key)).as(key).isEqualTo(element.getPropertyAsString(key));
        }
        assertThat(copy.getPropertyAsString(TestElement.GUI_CLASS)).isEqualTo(TargetRateScheduleGui.class.getName());
        assertThat(((TargetRateSchedule) copy).startMode()).isEqualTo(StartGate.Mode.OPENING_CALL);
        assertThat(copy.getProperty(TargetRateSchedule.START).getStringValue()).as("the default is not written")
                .isEmpty();
        element.setProperty(TargetRateSchedule.START, "each-thread");
        gui.configure(element);
        assertThat(((TargetRateSchedule) gui.createTestElement()).startMode()).isEqualTo(StartGate.Mode.EACH_THREAD);
        gui.clearGui();
        TestElement cleared = gui.createTestElement();
        assertThat(cleared.getPropertyAsString(TargetRateSchedule.SCHEDULE)).isEmpty();
        assertThat(cleared.getPropertyAsString(TargetRateSchedule.LOAD_GENERATORS)).isEqualTo("1");
        assertThat(((TargetRateSchedule) cleared).startMode()).isEqualTo(StartGate.Mode.OPENING_CALL);
        assertThat(gui.getStaticLabel()).isEqualTo("Target Rate Schedule");
    }

    @Test
    void fieldsAreReadAsTheScheduleAndBadOnesNamed() {
        TargetRateSchedule element = new TargetRateSchedule();
        element.setProperty(TargetRateSchedule.SCHEDULE, "100,300");
        element.setProperty(TargetRateSchedule.DURATION, "20");
        element.setProperty(TargetRateSchedule.LOAD_GENERATORS, "2");
        ArrivalSchedule schedule = element.schedule();
        assertThat(schedule.rateAt(5)).isEqualTo(50);
        assertThat(schedule.rateAt(15)).isEqualTo(150);
        element.setProperty(TargetRateSchedule.LOAD_GENERATORS, "two");
        assertThatThrownBy(element::schedule).hasMessage("load generators 'two' is not a whole number");
        element.setProperty(TargetRateSchedule.LOAD_GENERATORS, "1");
        element.setProperty(TargetRateSchedule.DURATION, "10m");
        assertThatThrownBy(element::schedule).hasMessage("duration '10m' is not a number of seconds");
    }

    @Test
    void threadsShareOneScheduleAndNoneStartsBeforeItsDueTime() throws Exception {
        TargetRateSchedule element = new TargetRateSchedule();
        element.setName("shared");
        element.setProperty(TargetRateSchedule.SCHEDULE, "500");
        element.setProperty(TargetRateSchedule.START, "first-call"); // the schedule from the first call, as before
        element.testStarted();
        int threads = 4;
        int perThread = 50;
        List<long[]> taken = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                JMeterContextService.getContext().setVariables(new JMeterVariables());
                for (int i = 0; i < perThread; i++) {
                    element.delay();
                    long released = System.nanoTime();
                    JMeterVariables vars = JMeterContextService.getContext().getVariables();
                    long due = (Long) vars.getObject(TargetRateSchedule.DUE_NANOS_OBJECT);
                    taken.add(new long[] {due, released, Long.parseLong(vars.get(JtlVariables.DUE_US)),
                        Long.parseLong(vars.get(JtlVariables.LAG_US))});
                    assertThat(vars.get(JtlVariables.RESPONSE_US)).isNull();
                }
                done.countDown();
            });
            thread.start();
        }
        assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
        element.testEnded();
        assertThat(taken).hasSize(threads * perThread);
        List<Long> dues = new ArrayList<>();
        for (long[] t : taken) {
            assertThat(t[1]).as("released at or after its due time").isGreaterThanOrEqualTo(t[0]);
            assertThat(t[3]).as("the lag the timer saw").isBetween(0L, (t[1] - t[0]) / 1000);
            dues.add(t[2]);
        }
        Collections.sort(dues);
        // 500 calls/s: 2 ms apart, every arrival taken once (the epoch microseconds truncate: +-1 us)
        for (int i = 1; i < dues.size(); i++) {
            assertThat(dues.get(i) - dues.get(i - 1)).as("arrival %d", i).isBetween(1999L, 2001L);
        }
    }

    @Test
    void anInterruptedWaitStopsTheThreadInsteadOfSampling() {
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> TargetRateSchedule.waitUntil(System.nanoTime() + 5_000_000_000L, 0))
                    .isInstanceOf(JMeterStopThreadException.class).hasMessageContaining("interrupted");
        } finally {
            Thread.interrupted();
        }
        long end = System.currentTimeMillis() + 50;
        assertThatThrownBy(() -> TargetRateSchedule.waitUntil(Long.MAX_VALUE, end))
                .isInstanceOf(JMeterStopThreadException.class).hasMessageContaining("end came before");
    }

    @Test
    void aThreadParkedForALongWaitIsReleasedByStopAndByItsGroupsEnd() throws Exception {
        // the thread sleeps until its due time in one park: Stop (an interrupt from another thread) must still end it
        long due = System.nanoTime() + 60_000_000_000L;
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        CountDownLatch ended = new CountDownLatch(1);
        Thread waiter = new Thread(() -> {
            try {
                TargetRateSchedule.waitUntil(due, 0);
            } catch (Throwable t) {
                thrown.set(t);
            }
            ended.countDown();
        });
        waiter.start();
        while (waiter.isAlive() && waiter.getState() != Thread.State.TIMED_WAITING) {
            Thread.sleep(5);
        }
        waiter.interrupt();
        assertThat(ended.await(30, TimeUnit.SECONDS)).as("released long before its due time").isTrue();
        assertThat(thrown.get()).isInstanceOf(JMeterStopThreadException.class).hasMessageContaining("interrupted");

        // the group's end, 300 ms away, comes before a due time a minute away
        long end = System.currentTimeMillis() + 300;
        assertThatThrownBy(() -> TargetRateSchedule.waitUntil(System.nanoTime() + 60_000_000_000L, end))
                .isInstanceOf(JMeterStopThreadException.class).hasMessageContaining("end came before");
        assertThat(System.currentTimeMillis()).as("not before the group's end").isGreaterThanOrEqualTo(end);
    }

    /**
     * Four threads at 200 calls/s; the first call takes 300 ms (a connect). With the opening call, that first call is
     * made at once and no arrival is due before it ended; without it, the 60 arrivals due meanwhile all start late.
     */
    @Test
    void theScheduleStartsWhenTheOpeningCallHasEnded() throws Exception {
        List<long[]> opening = dues(true);
        long openingEnd = opening.get(0)[1];
        assertThat(opening.get(0)[2]).as("the opening call's lag").isZero();
        for (long[] arrival : opening.subList(1, opening.size())) {
            assertThat(arrival[0]).as("due after the opening call ended").isGreaterThanOrEqualTo(openingEnd);
        }
        List<long[]> cold = dues(false);
        long coldEnd = cold.get(0)[1];
        long dueDuringTheFirstCall = cold.stream().skip(1).filter(a -> a[0] < coldEnd).count();
        assertThat(dueDuringTheFirstCall).as("arrivals due while the first call connected").isGreaterThan(30);
    }

    /** Per call, sorted by due time: due nanos, the end of the call (nanos), the lag the timer recorded (us). */
    private static List<long[]> dues(boolean openingCall) throws Exception {
        TargetRateSchedule element = new TargetRateSchedule();
        element.setName("opening-" + openingCall);
        element.setProperty(TargetRateSchedule.SCHEDULE, "200");
        element.setProperty(TargetRateSchedule.START, openingCall ? "opening-call" : "first-call");
        element.testStarted();
        List<long[]> calls = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(4);
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        for (int t = 0; t < 4; t++) {
            new Thread(() -> {
                JMeterContextService.getContext().setVariables(new JMeterVariables());
                for (int i = 0; i < 30; i++) {
                    element.delay();
                    JMeterVariables vars = JMeterContextService.getContext().getVariables();
                    long due = (Long) vars.getObject(TargetRateSchedule.DUE_NANOS_OBJECT);
                    if (first.getAndSet(false)) {
                        LockSupport.parkNanos(300_000_000L); // the call that connects
                    }
                    calls.add(new long[] {due, System.nanoTime(),
                        Long.parseLong(vars.get(JtlVariables.LAG_US))});
                    element.sampleOccurred(null); // JMeter tells its sample listeners when the call ended
                }
                done.countDown();
            }).start();
        }
        assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
        element.testEnded();
        calls.sort((a, b) -> Long.compare(a[0], b[0]));
        return calls;
    }

    @Test
    void whatCannotBeHonouredIsRefusedWithOneLineNamingIt() {
        TargetRateSchedule element = new TargetRateSchedule();
        element.setName("pacing");
        element.setProperty(TargetRateSchedule.SCHEDULE, "1000000000");
        // 20 threads reach at most 2,000,000 calls/s: one call per 10 us each
        assertThatThrownBy(() -> element.checkedSchedule(20)).hasMessage("schedule '1000000000': 1000000000 calls/s "
                + "cannot be reached by the test's 20 threads: a thread makes at most one call per 10 us (100,000 "
                + "calls/s), so 2,000,000 calls/s at most; lower the rate or add threads");
        element.setProperty(TargetRateSchedule.SCHEDULE, "1e9");
        assertThatThrownBy(() -> element.checkedSchedule(20)).hasMessageContaining("cannot be reached");
        element.setProperty(TargetRateSchedule.SCHEDULE, "99999999999999999999999");
        assertThatThrownBy(() -> element.checkedSchedule(20)).hasMessageContaining("cannot be reached");
        element.setProperty(TargetRateSchedule.SCHEDULE, "100..2000001:10s");
        assertThatThrownBy(() -> element.checkedSchedule(20)).as("the peak of a ramp counts")
                .hasMessageContaining("cannot be reached");
        element.setProperty(TargetRateSchedule.SCHEDULE, "2000000");
        assertThat(element.checkedSchedule(20).peakRate()).isEqualTo(2_000_000);
        // __P without a default gives 1 when the property is not set
        element.setProperty(TargetRateSchedule.SCHEDULE, "${__P(dubbo_stress_unset_rate)}");
        assertThatThrownBy(() -> element.checkedSchedule(20)).hasMessage("schedule '${__P(dubbo_stress_unset_rate)}':"
                + " the JMeter property 'dubbo_stress_unset_rate' is not set and ${__P(dubbo_stress_unset_rate)} has "
                + "no default, so JMeter would give 1; set it (-Jdubbo_stress_unset_rate=...) or give a default, e.g. "
                + "${__P(dubbo_stress_unset_rate,500)}");
        element.setProperty(TargetRateSchedule.SCHEDULE, "500");
        element.setProperty(TargetRateSchedule.DURATION, "${__P( dubbo_stress_unset_duration )}");
        assertThatThrownBy(() -> element.checkedSchedule(20)).hasMessageStartingWith("duration '${__P(");
        element.setProperty(TargetRateSchedule.DURATION, "60");
        assertThat(element.checkedSchedule(20).peakRate()).isEqualTo(500);
        assertThat(element.checkedSchedule(0).peakRate()).as("threads not known outside a test: not checked")
                .isEqualTo(500);
    }

    /** Two schedules in the scope of one sampler: its calls would follow one and take their due times from the other. */
    @Test
    void twoSchedulesInTheScopeOfOneSamplerStopTheTest() {
        TargetRateSchedule a = new TargetRateSchedule();
        a.setName("twenty");
        a.setProperty(TargetRateSchedule.SCHEDULE, "20");
        TargetRateSchedule b = new TargetRateSchedule();
        b.setName("fifty");
        b.setProperty(TargetRateSchedule.SCHEDULE, "50");
        a.testStarted();
        b.testStarted();
        JMeterVariables vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
        List<org.apache.jmeter.timers.Timer> timers = new ArrayList<>(List.of(a, b));
        vars.putObject(org.apache.jmeter.threads.JMeterThread.PACKAGE_OBJECT, new org.apache.jmeter.threads.SamplePackage(
                new ArrayList<>(), new ArrayList<>(), timers, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>()));
        assertThatThrownBy(a::delay).isInstanceOf(org.apache.jorphan.util.JMeterStopTestException.class)
                .hasMessage("Target Rate Schedule 'twenty': a sampler is also in the scope of Target Rate Schedule "
                        + "'fifty': each call would wait for both schedules and take its due time from one of them; "
                        + "keep one schedule per sampler: the test is stopped");
        assertThat(vars.get(JtlVariables.DUE_US)).as("no due time given").isNull();
        vars.putObject(org.apache.jmeter.threads.JMeterThread.PACKAGE_OBJECT, new org.apache.jmeter.threads.SamplePackage(
                new ArrayList<>(), new ArrayList<>(), new ArrayList<>(List.of(a)), new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>(), new ArrayList<>()));
        a.delay(); // alone in its scope: the opening call
        assertThat(vars.get(JtlVariables.LAG_US)).isEqualTo("0");
        vars.remove(org.apache.jmeter.threads.JMeterThread.PACKAGE_OBJECT);
        a.testEnded();
        b.testEnded();
    }

    /** A schedule that ends at rate 0 has nothing more due: the thread stops instead of waiting for its group's end. */
    @Test
    void aScheduleEndingAtRateZeroStopsItsThreads() {
        TargetRateSchedule element = new TargetRateSchedule();
        element.setName("ending");
        element.setProperty(TargetRateSchedule.SCHEDULE, "1000:3ms,0");
        element.setProperty(TargetRateSchedule.START, "first-call");
        element.testStarted();
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        for (int i = 0; i < 3; i++) {
            element.delay(); // arrivals 0, 1, 2: due at 0, 1 and 2 ms
        }
        assertThatThrownBy(element::delay).isInstanceOf(JMeterStopThreadException.class)
                .hasMessageContaining("the schedule has ended (rate 0)");
        element.testEnded();
    }
}
