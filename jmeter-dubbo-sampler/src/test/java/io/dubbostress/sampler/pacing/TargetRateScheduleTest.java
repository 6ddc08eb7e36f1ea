package io.dubbostress.sampler.pacing;

import io.dubbostress.sampler.jtl.JtlVariables;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dubbostress.sampler.pacing.gui.TargetRateScheduleGui;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
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
        gui.clearGui();
        TestElement cleared = gui.createTestElement();
        assertThat(cleared.getPropertyAsString(TargetRateSchedule.SCHEDULE)).isEmpty();
        assertThat(cleared.getPropertyAsString(TargetRateSchedule.LOAD_GENERATORS)).isEqualTo("1");
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
}
