package io.dubbostress.report.model;

import io.dubbostress.report.profile.CallTree;
import io.dubbostress.report.profile.JfrProfile;
import io.dubbostress.report.profile.ProfileCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One JVM's profile over one scenario's steady state, in CPU per call: its {@link JfrProfile} kept to the part of the
 * recording inside the scenario's steady state, and the weight of one sample in CPU microseconds, so that frames of two
 * scenarios at different rates compare per call. The weight comes from the OS: the process's CPU time over the
 * recording ({@code /proc/<pid>/stat}, read by the run at both ends) divided by the recording's samples; so the samples
 * of a profile add up to what the OS counted, whatever samples the profiler lost. Without the OS's figure, an
 * async-profiler sample is its interval of CPU time; a JFR sample has no CPU weight (JFR samples threads running Java
 * code at a fixed period), and then only shares are given.
 *
 * <pre>
 * ServiceProfile p = ServiceProfile.of(scenario, capture, capture.target("provider"), profilesDir);
 * p.osCpuUsPerCall();                  // 84.2: what the OS counted, per call
 * p.usPerCall(p.cpu().weight());       // the profile's samples, per call (the same, by construction)
 * </pre>
 */
public final class ServiceProfile {

    private final String scenario;
    private final String service;
    private final String missing;
    private final JfrProfile profile;
    private final long fromMs;
    private final long toMs;
    private final double windowCalls;
    private final double osCpuUsPerCall;
    private final double usPerSample;
    private final double coverage;
    private final String note;
    private final ProfileCapture.Target target;

    public ServiceProfile(String scenario, String service, String missing, JfrProfile profile, long fromMs, long toMs,
                   double windowCalls, double osCpuUsPerCall, double usPerSample, double coverage, String note,
                   ProfileCapture.Target target) {
        this.scenario = scenario;
        this.service = service;
        this.missing = missing;
        this.profile = profile;
        this.fromMs = fromMs;
        this.toMs = toMs;
        this.windowCalls = windowCalls;
        this.osCpuUsPerCall = osCpuUsPerCall;
        this.usPerSample = usPerSample;
        this.coverage = coverage;
        this.note = note;
        this.target = target == null ? new ProfileCapture.Target(service, -1, "") : target;
    }

    /** A profile that is not there, and why. */
    public static ServiceProfile missing(String scenario, String service, String why) {
        return new ServiceProfile(scenario, service, why, null, 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                null, null);
    }

    /** Reads the profile of {@code target} (one JVM of {@code capture}) from {@code dir}, over the steady state. */
    public static ServiceProfile of(ScenarioResult scenario, ProfileCapture capture, ProfileCapture.Target target,
                                    Path dir) {
        String name = scenario.name();
        if (!ProfileCapture.RECORDED.equals(target.status)) {
            return missing(name, target.service, target.reason.isEmpty() ? "not recorded" : target.reason);
        }
        if (scenario.outcome().failed()) {
            return missing(name, target.service, "the scenario measured nothing (" + scenario.outcome().reason()
                    + ")");
        }
        Path file = dir.resolve(target.file);
        if (!Files.isRegularFile(file)) {
            return missing(name, target.service, dir.getFileName() + "/" + target.file + " is missing");
        }
        long from = Math.max(target.startedEpochMs, scenario.steadyStartMs());
        long to = Math.min(target.stoppedEpochMs, scenario.endMs());
        if (to <= from) {
            return missing(name, target.service, String.format(Locale.ROOT, "its recording (%d to %d) does not overlap"
                    + " the steady state (%d to %d)", target.startedEpochMs, target.stoppedEpochMs,
                    scenario.steadyStartMs(), scenario.endMs()));
        }
        JfrProfile profile;
        try {
            profile = JfrProfile.read(file, from, to);
        } catch (IOException e) {
            String why = "cannot read " + target.file + " (" + e.getMessage() + ")";
            if (!target.reason.isEmpty()) {
                why += "; " + target.reason;
            }
            return missing(name, target.service, why);
        }
        long allSamples = profile.cpu().stacks() + profile.samplesOutside();
        double captureCalls = calls(scenario, target.startedEpochMs, target.stoppedEpochMs);
        double windowCalls = calls(scenario, from, to);
        double osCpuUs = target.cpuMillisAtStart != null && target.cpuMillisAtStop != null
                ? (target.cpuMillisAtStop - target.cpuMillisAtStart) * 1000.0 : Double.NaN;
        double osCpuUsPerCall = captureCalls >= 1 ? osCpuUs / captureCalls : Double.NaN;
        long interval = profile.intervalNanos();
        boolean cpuTime = interval > 0 && !"jfr".equals(profile.cpuEngine());
        double usPerSample;
        if (osCpuUs >= 0 && allSamples > 0) {
            usPerSample = osCpuUs / allSamples;
        } else {
            usPerSample = cpuTime ? interval / 1000.0 : Double.NaN;
        }
        double coverage = cpuTime && osCpuUs > 0 ? allSamples * (interval / 1000.0) / osCpuUs : Double.NaN;
        String note = null;
        // a JVM that barely ran (the consumer of a direct scenario) has too few samples for the share to mean much
        if (coverage < 0.7 && osCpuUs >= 50 * (interval / 1000.0)) {
            note = String.format(Locale.ROOT, "the profile's samples account for %.0f %% of the CPU time the OS counted"
                    + " (samples lost, or threads the profiler could not see); frames are scaled to the OS's figure",
                    coverage * 100);
        }
        if (!target.reason.isEmpty()) {
            note = note == null ? target.reason : note + "; " + target.reason;
        }
        return new ServiceProfile(name, target.service, null, profile, from, to, windowCalls, osCpuUsPerCall,
                usPerSample, coverage, note, target);
    }

    /**
     * The scenario's calls that started in {@code [fromMs, toMs)}, from its time line (samples per bucket by start
     * time; a bucket cut by the window counts in proportion).
     */
    static double calls(ScenarioResult scenario, long fromMs, long toMs) {
        Timeline timeline = scenario.stats().timeline();
        long width = timeline.bucketMs();
        double calls = 0;
        for (int i = 0; i < timeline.buckets(); i++) {
            long start = timeline.originMs() + i * width;
            long end = start + width;
            long overlap = Math.min(end, toMs) - Math.max(start, fromMs);
            if (overlap > 0) {
                calls += timeline.samples(i) * (double) overlap / width;
            }
        }
        return calls;
    }

    public String scenario() {
        return scenario;
    }

    public String service() {
        return service;
    }

    /** Why there is no profile, or null when there is one. */
    public String missing() {
        return missing;
    }

    public boolean present() {
        return missing == null;
    }

    /** The profile over the steady state; null when {@link #missing()}. */
    public JfrProfile profile() {
        return profile;
    }

    public CallTree cpu() {
        return profile.cpu();
    }

    /** The part of the recording inside the steady state, epoch ms. */
    public long fromMs() {
        return fromMs;
    }

    public long toMs() {
        return toMs;
    }

    /** The scenario's calls in that part. */
    public double calls() {
        return windowCalls;
    }

    /**
     * Allocation samples a figure needs: each stands for some 16 MiB, so the figure from n of them is uncertain by
     * about 1 / sqrt(n) (20 samples: about 22 %; 6: 40 %).
     */
    public static final int MIN_ALLOCATION_SAMPLES = 20;

    /**
     * Bytes allocated per call, estimated from the allocation samples (each weighted by what it stands for); NaN
     * with fewer than {@link #MIN_ALLOCATION_SAMPLES} of them: they come every few MiB, so a JVM that allocated less in
     * the window has none or a handful, and 0, or a figure from 6 samples, would be a wrong or an unsure one (the
     * count, {@link #allocationSamples()}, is shown instead). NaN too without calls.
     */
    public double allocatedBytesPerCall() {
        return allocationSamples() < MIN_ALLOCATION_SAMPLES ? Double.NaN : perCall(profile.allocations().weight());
    }

    /** The allocation samples in the window. */
    public long allocationSamples() {
        return profile.allocations().stacks();
    }

    /** µs per call that threads waited for a lock another thread held (waits over the threshold); NaN without calls. */
    public double lockWaitUsPerCall() {
        return perCall(profile.locks().weight()) / 1000;
    }

    private double perCall(long weight) {
        return windowCalls >= 1 ? weight / windowCalls : Double.NaN;
    }

    /** The process's CPU time per call over its recording, µs, from the OS; NaN when unknown. */
    public double osCpuUsPerCall() {
        return osCpuUsPerCall;
    }

    /** CPU µs one sample stands for; NaN when the profile carries no CPU time (JFR without the OS's figure). */
    public double usPerSample() {
        return usPerSample;
    }

    /** async-profiler's samples x interval over the OS's CPU time (about 1 when nothing was lost); NaN if unknown. */
    public double coverage() {
        return coverage;
    }

    /** What the run recorded of this JVM (its counters at the recording's start and stop). */
    public ProfileCapture.Target target() {
        return target;
    }

    /** The context switches of the JVM's threads per second over its recording; NaN when unknown. */
    public double contextSwitchesPerSecond() {
        Long a = target.contextSwitchesAtStart;
        Long b = target.contextSwitchesAtStop;
        long ms = target.stoppedEpochMs - target.startedEpochMs;
        return a == null || b == null || ms <= 0 ? Double.NaN : Math.max(0, b - a) * 1000.0 / ms;
    }

    /** What to know about this profile (lost samples, a problem at its stop), or null. */
    public String note() {
        return note;
    }

    /** {@code weight} CPU samples of this profile, in µs per call; NaN when there is no CPU weight or no call. */
    public double usPerCall(long weight) {
        return windowCalls >= 1 ? weight * usPerSample / windowCalls : Double.NaN;
    }

    /** {@code weight} as a percentage of the profile's CPU samples. */
    public double percent(long weight) {
        long all = profile.cpu().weight();
        return all == 0 ? Double.NaN : 100.0 * weight / all;
    }
}
