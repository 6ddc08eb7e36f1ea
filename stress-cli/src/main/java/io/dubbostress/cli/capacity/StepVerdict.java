package io.dubbostress.cli.capacity;

import io.dubbostress.cli.options.Slo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * What one step of a capacity search says about the provider: it {@code held} the SLO, it {@code broke} it, or the
 * figures cannot tell ({@code not sure}: they describe the start, the load generator or the machine rather than the
 * provider), with what limited it and why. The rules, in order ({@link #of}):
 *
 * <ol>
 * <li>No call due in the window ended: <b>not sure</b>, and the step failed (it measured nothing). Every call failed:
 *     <b>broke</b>, the provider, and the step failed (whatever the error budget).</li>
 * <li>Fewer calls in the window than the SLO's highest percentile needs (a rate below the first step's): <b>not
 *     sure</b>, the step's length; the search ends (the same rate would be as short again).</li>
 * <li>The SLO held and the load generator started (nearly) every call due in the window: <b>held</b>. Held while it
 *     started fewer: <b>not sure</b>, the load generator did not drive the rate.</li>
 * <li>Broken by errors alone: <b>broke</b>, the provider.</li>
 * <li>A limit below every call's service time (the fastest call of the window took longer): <b>broke</b>, the SLO
 *     itself; no rate can hold it, so the search ends there.</li>
 * <li>The lag fell across the window (its first quarter's median over twice its last's, and over 5 ms): the start had
 *     not settled by the end of the window, <b>not sure</b>.</li>
 * <li>The SLO holds once the load generator's own delay is taken out (calls whose thread was free at the due time and
 *     still started late): the break is the load generator's, <b>not sure</b> (its CPU, or the machine's).</li>
 * <li>The threads were busy 90 % of the window or more while the machine's CPU was not saturated (without CPU figures:
 *     while the service time stayed within twice the search's first step's): {@code --threads} too low for the rate,
 *     <b>not sure</b>.</li>
 * <li>Otherwise <b>broke</b>, by the CPU of the window ({@link CpuShares}): the machine 90 % busy or more and other
 *     processes 20 % or more of it: the machine, <b>not sure</b> (the provider did not have it to itself: how much more
 *     it would do alone, the figures cannot say); JMeter more than the provider (and consumer): the
 *     load generator's CPU; else the provider. Not saturated: the service time alone over the limit with the threads
 *     under half busy is the SLO itself; else the provider (its latency grew).</li>
 * </ol>
 */
public record StepVerdict(Kind kind, Limiter limiter, List<String> reasons) {

    /** The three answers. */
    enum Kind {
        HELD("held"), BROKE("broke"), NOT_SURE("not sure");

        final String text;

        Kind(String text) {
            this.text = text;
        }
    }

    /** What limited a step (or the search). */
    public enum Limiter {
        NONE("nothing"),
        PROVIDER("the provider"),
        LOAD_GENERATOR_THREADS("the load generator's threads (--threads)"),
        LOAD_GENERATOR_CPU("the load generator's CPU"),
        MACHINE("the machine's other processes"),
        SLO("the SLO itself"),
        /** A limit below every call's service time: no rate can hold it, the search ends. */
        SLO_BELOW_SERVICE("the SLO itself"),
        START_UP("the start, whose lag had not settled"),
        STEP_LENGTH("the step's length (--duration)");

        final String text;

        Limiter(String text) {
            this.text = text;
        }

        /**
         * A step not sure for this reason would be not sure again at the same rate, or one broken for it would break at
         * any rate: the search ends.
         */
        boolean endsTheSearch() {
            return this == LOAD_GENERATOR_THREADS || this == STEP_LENGTH || this == SLO_BELOW_SERVICE;
        }
    }

    /** How the reason of a step that measured nothing begins (no call ended, or every call failed). */
    static final String FAILED = "failed: ";

    /** The machine counts as saturated from this CPU percent (all cores). */
    static final double SATURATED_PERCENT = 90;
    /**
     * Other processes taking this percent of a saturated machine or more: the machine was not the provider's. (Under
     * Linux's fair scheduler their share also depends on how many threads each side had runnable, so no comparison with
     * the provider's own share makes it the provider's.)
     */
    static final double OTHERS_PERCENT = 20;
    /** Threads busy this percent of the window or more: they were all busy. */
    static final double THREADS_BUSY_PERCENT = 90;
    /** A lag this high at the window's start (and falling) is a start that had not settled. */
    static final long UNSETTLED_LAG_US = 5_000;

    public StepVerdict {
        reasons = Collections.unmodifiableList(new ArrayList<>(reasons));
    }

    boolean held() {
        return kind == Kind.HELD;
    }

    /** The verdict in words: {@code held}, {@code broke}, {@code not sure}. */
    public String kindText() {
        return kind.text;
    }

    /** What limited the step, in words ({@code the provider}, {@code nothing}). */
    public String limiterText() {
        return limiter.text;
    }

    /**
     * The verdict of a complete window. {@code threads}: the load generator's; {@code firstServiceMeanUs}: the mean
     * service time of the search's first step (NaN: this is it); {@code cpu}: null when not measured.
     */
    static StepVerdict of(StepWindow w, Slo slo, int threads, double firstServiceMeanUs, CpuShares.Window cpu) {
        if (w.calls() == 0) { // JMeter or the provider stopped: the window measured nothing, so it cannot hold
            return new StepVerdict(Kind.NOT_SURE, Limiter.NONE, List.of(String.format(Locale.ROOT,
                    "%sno call due in the step's window ended (%,d due)", FAILED, w.expected)));
        }
        if (w.errors() == w.calls()) { // every call failed: never held, whatever the error budget
            return new StepVerdict(Kind.BROKE, Limiter.PROVIDER, List.of(String.format(Locale.ROOT,
                    "%severy call due in the step's window failed (%,d calls: %s)", FAILED, w.calls(),
                    w.failureCodes())));
        }
        if (w.samples() < slo.minimumCalls()) { // a rate below the first step's: its percentile would be the maximum
            return new StepVerdict(Kind.NOT_SURE, Limiter.STEP_LENGTH, List.of(String.format(Locale.ROOT,
                    "the window had %,d calls; the SLO's highest percentile needs at least %,d to be more than their"
                    + " maximum: raise --duration", w.samples(), slo.minimumCalls())));
        }
        List<String> broken = slo.broken(w::fromDue, w.samples(), w.errorPercent());
        if (broken.isEmpty()) {
            if (w.driven()) {
                return new StepVerdict(Kind.HELD, Limiter.NONE, List.of());
            }
            return new StepVerdict(Kind.NOT_SURE, generatorSide(cpu), List.of(String.format(Locale.ROOT,
                    "the load generator started %.0f calls/s of the %s due: it did not drive the rate%s",
                    w.achievedPerSec(), CapacityReport.rate(w.rate), w.startedLate() == 0 ? ""
                            : String.format(Locale.ROOT, " (%,d of the window's %,d calls started after its end, the"
                                    + " last %.1f s after)", w.startedLate(), w.calls(), w.lastStartAfterSeconds()))));
        }
        List<String> reasons = new ArrayList<>(broken);
        if (slo.broken(w::fromDue, w.samples(), 0).isEmpty()) {
            return new StepVerdict(Kind.BROKE, Limiter.PROVIDER, reasons); // the errors alone
        }
        List<String> belowEveryCall = new ArrayList<>();
        long fastest = w.serviceMin();
        for (Slo.Limit limit : slo.limits()) {
            if (fastest > limit.micros()) {
                belowEveryCall.add(limit.text());
            }
        }
        if (!belowEveryCall.isEmpty()) { // whatever the rate, the lag, the CPU: no call is that fast
            reasons.add(String.format(Locale.ROOT, "%s is below every call's service time (the fastest of %,d took"
                    + " %.3f ms): no rate can hold it", String.join(", ", belowEveryCall), w.calls(), fastest / 1000.0));
            return new StepVerdict(Kind.BROKE, Limiter.SLO_BELOW_SERVICE, reasons);
        }
        long first = w.medianLag(0);
        long last = w.medianLag(3);
        if (first > UNSETTLED_LAG_US && first > 2 * Math.max(0, last) + 1000) {
            reasons.add(String.format(Locale.ROOT, "the lag had not settled by the end of the window: the calls' "
                    + "median lag fell from %.1f ms in its first quarter to %.1f ms in its last", first / 1000.0,
                    Math.max(0, last) / 1000.0));
            return new StepVerdict(Kind.NOT_SURE, Limiter.START_UP, reasons);
        }
        if (slo.broken(w::withoutOwnDelay, w.samples(), w.errorPercent()).isEmpty()) {
            reasons.add(String.format(Locale.ROOT, "the break is the load generator's own delay: threads that were "
                    + "free at the due time started their calls up to %.1f ms late (p99 %.1f ms)%s",
                    w.ownDelayMax() / 1000.0, w.ownDelayP99() / 1000.0, cpuText(cpu)));
            return new StepVerdict(Kind.NOT_SURE, generatorSide(cpu), reasons);
        }
        double busy = w.threadsBusyPercent(threads);
        double serviceMs = w.serviceMeanUs() / 1000.0;
        double baseline = Double.isNaN(firstServiceMeanUs) ? w.serviceMeanUs() : firstServiceMeanUs;
        // all threads busy with CPU to spare: the threads were the limit; with the CPU saturated it is the CPU's (the
        // provider's calls slow down as they share it); without CPU figures, a service time that did not grow says so
        boolean spareCpu = cpu != null ? cpu.machine() < SATURATED_PERCENT : w.serviceMeanUs() <= 2 * baseline;
        if (busy >= THREADS_BUSY_PERCENT && spareCpu) {
            reasons.add(String.format(Locale.ROOT, "all %d threads were busy (%.0f %% of the window) at a mean service "
                    + "time of %.2f ms: --threads is too low for %s calls/s (it needs about %.0f)", threads, busy,
                    serviceMs, CapacityReport.rate(w.rate), Math.ceil(w.rate * serviceMs / 1000.0)));
            return new StepVerdict(Kind.NOT_SURE, Limiter.LOAD_GENERATOR_THREADS, reasons);
        }
        if (cpu != null && cpu.machine() >= SATURATED_PERCENT) {
            double provider = nan0(cpu.share(CapacityReport.PROVIDER)) + nan0(cpu.share(CapacityReport.CONSUMER));
            double jmeter = nan0(cpu.share(CapacityReport.JMETER));
            reasons.add(cpuText(cpu).substring(2));
            if (cpu.others() >= OTHERS_PERCENT) {
                return new StepVerdict(Kind.NOT_SURE, Limiter.MACHINE, reasons);
            }
            return new StepVerdict(Kind.BROKE, jmeter > provider ? Limiter.LOAD_GENERATOR_CPU : Limiter.PROVIDER,
                    reasons);
        }
        List<String> byServiceAlone = new ArrayList<>();
        for (Slo.Limit limit : slo.limits()) {
            long service = w.service(limit.percentile());
            if (service > limit.micros()) {
                byServiceAlone.add(String.format(Locale.ROOT, "p%s %.3f ms", Slo.strip(limit.percentile()),
                        service / 1000.0));
            }
        }
        if (!byServiceAlone.isEmpty() && busy < 50) {
            reasons.add("the service time alone is over the limit (" + String.join(", ", byServiceAlone) + ") with "
                    + "the threads " + Math.round(busy) + " % busy and the machine not saturated" + cpuText(cpu));
            return new StepVerdict(Kind.BROKE, Limiter.SLO, reasons);
        }
        reasons.add("the response time grew" + (cpu == null ? " (the CPU was not measured)"
                : String.format(Locale.ROOT, " with the machine's CPU %.0f %% busy", cpu.machine())) + cpuText(cpu));
        return new StepVerdict(Kind.BROKE, Limiter.PROVIDER, reasons);
    }

    /** The load generator's own delay: its CPU when JMeter took more than the others, else the machine's. */
    private static Limiter generatorSide(CpuShares.Window cpu) {
        if (cpu == null) {
            return Limiter.MACHINE;
        }
        return nan0(cpu.share(CapacityReport.JMETER)) >= cpu.others() ? Limiter.LOAD_GENERATOR_CPU : Limiter.MACHINE;
    }

    /** "; CPU: machine 97 %, provider 45 %, JMeter 30 %, other processes 22 %" or "". */
    static String cpuText(CpuShares.Window cpu) {
        if (cpu == null) {
            return "";
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "; CPU: machine %.0f %%", cpu.machine()));
        cpu.parties().forEach((name, share) -> s.append(String.format(Locale.ROOT, ", %s %.0f %%", name, share)));
        s.append(String.format(Locale.ROOT, ", other processes %.0f %%", cpu.others()));
        return s.toString();
    }

    private static double nan0(double d) {
        return Double.isNaN(d) ? 0 : d;
    }
}
