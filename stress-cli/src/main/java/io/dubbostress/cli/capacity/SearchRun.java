package io.dubbostress.cli.capacity;

import io.dubbostress.cli.UserError;
import io.dubbostress.cli.jmeter.JMeterRun;
import io.dubbostress.cli.jmeter.ScheduleStartLine;
import io.dubbostress.cli.options.RateSchedule;
import io.dubbostress.cli.options.Slo;
import io.dubbostress.report.jtl.JtlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One JMeter run of a capacity search: its rates as steps of one Target Rate Schedule ({@code 100:8000ms,200:8000ms,0}),
 * each judged over its own window ({@link StepWindows}) as the JTL grows, and the run ended at the first step that did
 * not hold, or once the last one is judged (rate 0 after the last step ends the threads by itself). The schedule starts
 * after every thread's opening call (the Target Rate Schedule says when in jmeter.log, {@link ScheduleStartLine}: every
 * window is counted from there); each window leaves out the step's settle time. When JMeter has ended, the whole JTL is
 * read again and every step judged on all of its rows ({@link #trials}).
 *
 * <pre>{@code
 * SearchRun steps = new SearchRun(List.of(100.0, 200.0), step, settle, Duration.ZERO, slo, threads, jtl, jmeterLog,
 *         cpu, Double.NaN);
 * runner.run(scenario, new ScenarioRunner.Shape(name, steps.schedule(), steps.runDuration(), steps), ...);
 * List<CapacitySearch.Trial> trials = steps.trials(name, jmeterEndMs);
 * }</pre>
 */
public final class SearchRun implements JMeterRun.Watch {

    /** After the last step the thread group goes on this much (at least): the opening call and the last calls. */
    static final Duration MARGIN = Duration.ofSeconds(30);

    private final List<Double> rates;
    private final Duration step;
    private final Duration settle;
    private final Duration leadIn;
    private final Slo slo;
    private final int threads;
    private final Path jtl;
    private final ScheduleStartLine started;
    private final CpuShares cpu;
    private final StepWindows live;
    /** The search's first step's mean service time, NaN when this run's first step is the search's first. */
    private final double firstServiceMeanUs;
    /** The live pass's baseline: {@link #firstServiceMeanUs}, or this run's first step's once judged. */
    private double liveBaselineUs;
    private JtlReader reader;
    private int judged;
    /** The steps as judged so far, for the live page (read from another thread). */
    private volatile List<LiveStep> liveSteps = List.of();

    /**
     * A step as the live page shows it while the run goes: its rate and window (epoch ms, -1 before the schedule
     * started), its verdict once judged live ({@code held}, {@code broke}, {@code not sure}; null before) and what
     * limited it, the window's achieved rate (NaN) and p99 from the due time (-1) once judged. The verdicts that count
     * are {@link #trials}', made on the whole JTL once JMeter ended.
     */
    public record LiveStep(int step, double rate, long fromMs, long toMs, String verdict, String limitedBy,
                           double achievedPerSec, long fromDueP99Us) {
    }

    /**
     * {@code rates} ascending, each {@code step} long with its first {@code settle} left out; {@code firstServiceMeanUs}
     * the search's first step's mean service time (NaN: this run's first step is the first).
     */
    public SearchRun(List<Double> rates, Duration step, Duration settle, Duration leadIn, Slo slo, int threads, Path jtl,
            Path jmeterLog, CpuShares cpu, double firstServiceMeanUs) {
        this.rates = List.copyOf(rates);
        this.step = step;
        this.settle = settle;
        this.leadIn = leadIn;
        this.slo = slo;
        this.threads = threads;
        this.jtl = jtl;
        this.started = new ScheduleStartLine(jmeterLog);
        this.cpu = cpu;
        this.firstServiceMeanUs = firstServiceMeanUs;
        this.liveBaselineUs = firstServiceMeanUs;
        this.live = windows();
    }

    private StepWindows windows() {
        return new StepWindows(rates, step.toNanos() / 1000, settle.toNanos() / 1000, leadIn.toNanos() / 1000);
    }

    /**
     * The schedule: every rate for one step, the first with the lead-in, then 0 (the threads stop when it is done):
     * {@code 100:8000ms,200:8000ms,0}.
     */
    public RateSchedule schedule() {
        List<String> segments = new ArrayList<>();
        for (double rate : rates) {
            long ms = step.toMillis() + (segments.isEmpty() ? leadIn.toMillis() : 0);
            segments.add(RateSchedule.format(rate) + ":" + ms + "ms");
        }
        return RateSchedule.parse(String.join(",", segments)).ending();
    }

    /** The thread group's duration: every step, and a margin for the opening calls and the last calls. */
    public Duration runDuration() {
        Duration steps = step.multipliedBy(rates.size()).plus(leadIn);
        return Duration.ofSeconds(steps.plus(MARGIN.compareTo(step) > 0 ? MARGIN : step).toMillis() / 1000 + 1);
    }

    @Override
    public String stopReason(JMeterRun run) {
        return null; // never a failure: the run's own watchdog and disk watch do that
    }

    /** Once a second while JMeter runs: the CPU read, new rows judged; true when the run has told what it can. */
    @Override
    public boolean finished(JMeterRun run) {
        cpu.follow(CapacityReport.JMETER, run.pid());
        cpu.read();
        if (!live.hasOrigin()) {
            long origin = started.read();
            if (origin < 0) {
                return false;
            }
            live.origin(origin);
        }
        if (reader == null) {
            reader = JtlReader.follow(jtl);
            if (reader == null) {
                return false;
            }
        }
        try {
            while (reader.next()) {
                live.accept(reader.row());
            }
        } catch (UserError | java.io.UncheckedIOException e) {
            return false; // read again at the end
        }
        long nowUs = System.currentTimeMillis() * 1000;
        while (judged < live.size() && live.complete(judged, nowUs)) {
            StepWindow w = live.get(judged);
            w.missing(Math.min(nowUs, w.toUs + StepWindows.LATE_LIMIT_US));
            StepVerdict verdict = StepVerdict.of(w, slo, threads, liveBaselineUs,
                    cpu.window(w.fromUs / 1000, w.toUs / 1000));
            if (judged == 0 && Double.isNaN(liveBaselineUs)) {
                liveBaselineUs = w.serviceMeanUs();
            }
            judged++;
            publish(verdict);
            if (!verdict.held()) {
                return true;
            }
        }
        if (liveSteps.isEmpty()) {
            publish(null);
        }
        return judged == live.size();
    }

    /** The steps of this run as judged so far ({@link LiveStep}); empty before the schedule started. */
    public List<LiveStep> liveSteps() {
        return liveSteps;
    }

    /** The live steps again, the last one judged ({@code judged - 1}) with {@code verdict} (null: none new). */
    private void publish(StepVerdict verdict) {
        List<LiveStep> steps = new ArrayList<>();
        List<LiveStep> before = liveSteps;
        for (int i = 0; i < live.size(); i++) {
            StepWindow w = live.get(i);
            if (i < before.size() && before.get(i).verdict() != null) {
                steps.add(before.get(i));
            } else if (verdict != null && i == judged - 1) {
                steps.add(new LiveStep(w.step, w.rate, w.fromUs / 1000, w.toUs / 1000, verdict.kindText(),
                        verdict.limiterText(), w.calls() > 0 ? w.achievedPerSec() : Double.NaN,
                        w.calls() > 0 ? w.fromDue(99) : -1));
            } else {
                steps.add(new LiveStep(w.step, w.rate, w.fromUs / 1000, w.toUs / 1000, null, null, Double.NaN, -1));
            }
        }
        liveSteps = List.copyOf(steps);
    }

    /**
     * Every step judged on the whole JTL, after JMeter ended at {@code endEpochMs}: in order, up to the first that did
     * not hold; a step JMeter ended before is not sure. Named {@code runName} (the run's folder). Empty when the run
     * made no call of the schedule.
     */
    public List<CapacitySearch.Trial> trials(String runName, long endEpochMs) {
        if (reader != null) {
            reader.close();
        }
        long endUs = endEpochMs * 1000;
        StepWindows all = windows();
        long origin = live.hasOrigin() ? live.originUs() : started.read();
        List<CapacitySearch.Trial> trials = new ArrayList<>();
        if (!Files.isRegularFile(jtl)) {
            return trials;
        }
        try (JtlReader whole = JtlReader.open(jtl)) {
            if (origin < 0) {
                origin = earliestDue(); // a sampler jar without the opening call: the schedule starts at the first
            }
            if (origin < 0) {
                return trials;
            }
            all.origin(origin);
            while (whole.next()) {
                all.accept(whole.row());
            }
        } catch (UserError e) {
            return trials;
        }
        double baseline = firstServiceMeanUs;
        for (int i = 0; i < all.size(); i++) {
            StepWindow w = all.get(i);
            if (w.fromUs >= endUs) {
                break; // JMeter ended before this step's window began
            }
            boolean cut = w.toUs > endUs && w.calls() < w.expected - 1;
            w.missing(endUs);
            CpuShares.Window window = cpu.window(w.fromUs / 1000, w.toUs / 1000);
            StepVerdict verdict = StepVerdict.of(w, slo, threads, baseline, window);
            if (i == 0 && Double.isNaN(baseline)) {
                baseline = w.serviceMeanUs();
            }
            if (cut) {
                List<String> reasons = new ArrayList<>(verdict.reasons());
                reasons.add(String.format(Locale.ROOT, "JMeter ended %.1f s before the step's window did",
                        (w.toUs - endUs) / 1e6));
                verdict = new StepVerdict(StepVerdict.Kind.NOT_SURE, StepVerdict.Limiter.NONE, reasons);
            }
            trials.add(trial(runName, w, verdict, threads, window));
            if (!verdict.held()) {
                break;
            }
        }
        return trials;
    }

    /**
     * Step {@code w} of run {@code runName} as a trial of the search; with no call of its window ended, its achieved
     * rate, percentiles and errors are not measured (NaN, -1), never zeros.
     */
    static CapacitySearch.Trial trial(String runName, StepWindow w, StepVerdict verdict, int threads,
            CpuShares.Window cpu) {
        boolean measured = w.calls() > 0;
        return new CapacitySearch.Trial(runName, w.step, w.rate, measured ? w.achievedPerSec() : Double.NaN,
                measured ? w.fromDue(50) : -1, measured ? w.fromDue(99) : -1, w.service(99), w.errorPercent(),
                verdict, new CapacitySearch.Evidence(w.fromUs, w.toUs, w.calls(), w.missingCalls(), w.medianLag(0),
                        w.medianLag(3), w.ownDelayP99(), w.threadsBusyPercent(threads), w.serviceMeanUs(), cpu));
    }

    private long earliestDue() {
        long earliest = Long.MAX_VALUE;
        try (JtlReader whole = JtlReader.open(jtl)) {
            while (whole.next()) {
                if (whole.row().dueUs() >= 0) {
                    earliest = Math.min(earliest, whole.row().dueUs());
                }
            }
        }
        return earliest == Long.MAX_VALUE ? -1 : earliest;
    }
}
