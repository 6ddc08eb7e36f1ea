package io.dubbostress.sampler.pacing;

import static org.assertj.core.api.Assertions.assertThat;

import io.dubbostress.sampler.EmbeddedJMeter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Target Rate Schedule in a real JMeter 5.1 engine (in this JVM): the opening call ends by JMeter's own sample
 * event, and two schedules over one sampler stop the test before any call. The sampler here takes 400 ms for the first
 * call of the test (a connect) and 1 ms after. {@code bin/jmeter}'s exit code and console are in test-plans/plans-tests
 * ({@code TargetRateRefusalsInStockJMeterIT}).
 */
class TargetRateEngineIT {

    @TempDir
    Path dir;

    /** A sampler whose first call of the test takes 400 ms, the others 1 ms. */
    public static class ConnectingSampler extends AbstractSampler {
        private static final long serialVersionUID = 1L;
        static final AtomicBoolean FIRST = new AtomicBoolean(true);

        @Override
        public SampleResult sample(Entry e) {
            SampleResult result = new SampleResult();
            result.setSampleLabel(getName());
            result.sampleStart();
            LockSupport.parkNanos(FIRST.getAndSet(false) ? 400_000_000L : 1_000_000L);
            result.sampleEnd();
            result.setSuccessful(true);
            result.setResponseCodeOK();
            return result;
        }
    }

    /** A sampler whose first call in each thread takes 200 ms (the thread's own set-up), the others 1 ms. */
    public static class SettingUpSampler extends AbstractSampler {
        private static final long serialVersionUID = 1L;
        static final ThreadLocal<Boolean> FIRST = ThreadLocal.withInitial(() -> true);

        @Override
        public SampleResult sample(Entry e) {
            SampleResult result = new SampleResult();
            result.setSampleLabel(getName());
            result.sampleStart();
            boolean first = FIRST.get();
            FIRST.set(false);
            LockSupport.parkNanos(first ? 200_000_000L : 1_000_000L);
            result.sampleEnd();
            result.setSuccessful(true);
            result.setResponseCodeOK();
            return result;
        }
    }

    private static ConnectingSampler sampler() {
        ConnectingSampler sampler = new ConnectingSampler();
        sampler.setName("call");
        return sampler;
    }

    private static TargetRateSchedule schedule(String name, String rate) {
        TargetRateSchedule schedule = new TargetRateSchedule();
        schedule.setName(name);
        schedule.setProperty(TargetRateSchedule.SCHEDULE, rate);
        return schedule;
    }

    /** Each row's timeStamp, elapsed, due_us and lag_us, in the JTL's order (the order the calls ended). */
    private static List<long[]> rows(Path jtl) throws Exception {
        List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
        List<String> header = Arrays.asList(lines.get(0).replace("\"", "").split(","));
        List<long[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            rows.add(new long[] {Long.parseLong(cells[header.indexOf("timeStamp")]),
                Long.parseLong(cells[header.indexOf("elapsed")]), Long.parseLong(cells[header.indexOf("due_us")]),
                Long.parseLong(cells[header.indexOf("lag_us")])});
        }
        return rows;
    }

    @Test
    void theOpeningCallEndsBeforeAnyArrivalIsDue() throws Exception {
        ConnectingSampler.FIRST.set(true);
        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(4, 25, 30, schedule("pacing", "100"),
                sampler()).run();
        List<long[]> rows = rows(run.jtl());
        assertThat(rows).hasSize(100);
        long[] opening = rows.get(0);
        // the first row to end is the opening call: due when it started, not late, 400 ms long
        assertThat(opening[1]).isGreaterThanOrEqualTo(400);
        assertThat(opening[3]).isZero();
        // JMeter's timeStamp comes from its nanoTime-based clock (sampleresult.useNanoTime), the due time from
        // currentTimeMillis: the two may differ by a millisecond
        assertThat(opening[2] / 1000).isLessThanOrEqualTo(opening[0] + 1);
        long openingEndUs = (opening[0] + opening[1]) * 1000;
        List<Long> dues = new ArrayList<>();
        for (long[] row : rows.subList(1, rows.size())) {
            assertThat(row[2]).as("due after the opening call's end").isGreaterThanOrEqualTo(openingEndUs - 1000);
            dues.add(row[2]);
        }
        dues.sort(null);
        // the 99 others are the schedule's arrivals 0..98, 10 ms apart from the schedule's start
        for (int i = 1; i < dues.size(); i++) {
            assertThat(dues.get(i) - dues.get(i - 1)).as("arrival %d", i).isBetween(9_999L, 10_001L);
        }
    }

    @Test
    void twoSchedulesOverOneSamplerStopTheTestBeforeAnyCall() throws Exception {
        ConnectingSampler.FIRST.set(true);
        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(2, 10, 30, schedule("twenty", "20"),
                schedule("fifty", "50"), sampler()).run();
        assertThat(run.results()).as("no call made").isEmpty();
        assertThat(Files.readAllLines(run.jtl(), StandardCharsets.UTF_8)).as("the JTL has its header only")
                .hasSizeLessThanOrEqualTo(1);
    }

    /** each-thread: every thread's first call is an opening call; arrival 0 is due when the last of them ended. */
    @Test
    void eachThreadMakesItsOpeningCallBeforeTheScheduleStarts() throws Exception {
        TargetRateSchedule schedule = schedule("pacing", "100");
        schedule.setProperty(TargetRateSchedule.START, "each-thread");
        SettingUpSampler sampler = new SettingUpSampler();
        sampler.setName("call");
        EmbeddedJMeter.Run run = EmbeddedJMeter.plan(dir).threadGroup(4, 20, 30, schedule, sampler).run();
        List<long[]> rows = rows(run.jtl());
        assertThat(rows).hasSize(80);
        List<long[]> openings = new ArrayList<>();
        List<Long> arrivals = new ArrayList<>();
        for (long[] row : rows) {
            if (row[1] >= 200) {
                openings.add(row);
            } else {
                arrivals.add(row[2]);
            }
        }
        assertThat(openings).as("one opening call per thread, each at once").hasSize(4)
                .allSatisfy(o -> assertThat(o[3]).isZero());
        long lastOpeningEndUs = openings.stream().mapToLong(o -> (o[0] + o[1]) * 1000).max().getAsLong();
        arrivals.sort(null);
        assertThat(arrivals.get(0)).as("arrival 0 due after the last opening call ended")
                .isGreaterThanOrEqualTo(lastOpeningEndUs - 1000);
        for (int i = 1; i < arrivals.size(); i++) {
            assertThat(arrivals.get(i) - arrivals.get(i - 1)).as("arrival %d", i).isBetween(9_999L, 10_001L);
        }
    }
}
