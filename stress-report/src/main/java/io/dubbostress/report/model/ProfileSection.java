package io.dubbostress.report.model;

import io.dubbostress.report.profile.ProfileCapture;
import io.dubbostress.report.run.RunLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The profiles of a run folder ({@code stress run --profile}): per scenario and JVM a {@link ServiceProfile} over the
 * steady state, and per hop/direct pair a {@link ProfileDiff} of each JVM, with the sentence that names where the hop's
 * CPU per call goes. A profile that is missing is listed with the reason (the capture's, or why it cannot be read), and
 * said once in the warnings.
 *
 * <pre>
 * ProfileSection profiles = ProfileSection.read(runFolder, true, scenarios, hopOverhead, warnings);
 * profiles.sentence(hopOverhead.get(0));   // "hop-1k: the biggest contributors are the consumer's ..."
 * </pre>
 */
public final class ProfileSection {

    /** The JVMs in the order the report lists them. */
    static final List<String> SERVICES = List.of("provider", "consumer", "jmeter");

    private final Map<String, List<ServiceProfile>> byScenario;
    private final Map<HopOverhead, Map<String, ProfileDiff>> diffs;
    private final Map<HopOverhead, String> sentences;
    private final Map<String, Double> hostSwitches;

    private ProfileSection(Map<String, List<ServiceProfile>> byScenario,
                           Map<HopOverhead, Map<String, ProfileDiff>> diffs, Map<HopOverhead, String> sentences,
                           Map<String, Double> hostSwitches) {
        this.byScenario = byScenario;
        this.diffs = diffs;
        this.sentences = sentences;
        this.hostSwitches = hostSwitches;
    }

    /**
     * Whether the recording asked for perf_events: async-profiler's {@code event=cpu} (--profile-kernel, and every
     * --profile before it sampled with a CPU timer); --profile's own timer ({@code event=ctimer}) is no fallback.
     */
    static boolean askedPerfEvents(String options) {
        return options != null && List.of(options.split(",")).contains("event=cpu");
    }

    /** No profiles (a run without --profile, loose files). */
    public static ProfileSection none() {
        return new ProfileSection(Map.of(), Map.of(), Map.of(), Map.of());
    }

    /**
     * The profiles of the run folder {@code root}. {@code profiled}: whether the run was asked to profile (run.json's
     * {@code settings.profile}); then a scenario without a capture.json is said, else such a run has no section.
     */
    public static ProfileSection read(Path root, boolean profiled, List<ScenarioResult> scenarios,
                                      List<HopOverhead> hops, List<String> warnings) {
        RunLayout layout = new RunLayout(root);
        Map<String, List<ServiceProfile>> byScenario = new LinkedHashMap<>();
        Map<String, Double> hostSwitches = new LinkedHashMap<>();
        List<String> timers = new ArrayList<>();
        for (ScenarioResult scenario : scenarios) {
            Path file = layout.profileCapture(scenario.name());
            if (!Files.isRegularFile(file)) {
                if (profiled && !scenario.outcome().failed()) {
                    warnings.add("scenario " + scenario.name() + ": no profile: " + root.relativize(file)
                            + " is missing (the run ended before its steady window, or could not write it)");
                }
                continue;
            }
            ProfileCapture capture;
            try {
                capture = ProfileCapture.read(file);
            } catch (IOException e) {
                warnings.add("scenario " + scenario.name() + ": no profile: " + root.relativize(file)
                        + " cannot be read (" + e.getMessage() + ")");
                continue;
            }
            long ms = capture.hostStoppedEpochMs - capture.hostStartedEpochMs;
            if (capture.hostContextSwitchesAtStart != null && capture.hostContextSwitchesAtStop != null && ms > 0) {
                hostSwitches.put(scenario.name(), Math.max(0, capture.hostContextSwitchesAtStop
                        - capture.hostContextSwitchesAtStart) * 1000.0 / ms);
            }
            List<ServiceProfile> profiles = new ArrayList<>();
            for (ProfileCapture.Target target : ordered(capture.services)) {
                ServiceProfile profile = ServiceProfile.of(scenario, capture, target, file.getParent());
                profiles.add(profile);
                if (!profile.present()) {
                    warnings.add("scenario " + scenario.name() + ": no profile of the " + target.service + ": "
                            + profile.missing());
                } else if (profile.note() != null) {
                    warnings.add("scenario " + scenario.name() + ": the " + target.service + "'s profile: "
                            + profile.note());
                }
            }
            byScenario.put(scenario.name(), profiles);
            if (askedPerfEvents(capture.options)) {
                profiles.stream().filter(ServiceProfile::present)
                        .filter(p -> List.of("ctimer", "itimer").contains(p.profile().cpuEngine()))
                        .forEach(p -> timers.add(p.scenario() + "/" + p.service()));
            }
        }
        if (!timers.isEmpty()) {
            warnings.add("--profile-kernel's profiles sampled with a CPU timer, not perf_events (not allowed here: not"
                    + " root with kernel.perf_event_paranoid above 1, or a container's seccomp profile): CPU time as"
                    + " usual, but no kernel frames (" + String.join(", ", timers) + ")");
        }
        Map<HopOverhead, Map<String, ProfileDiff>> diffs = new LinkedHashMap<>();
        Map<HopOverhead, String> sentences = new LinkedHashMap<>();
        for (HopOverhead hop : hops) {
            List<ServiceProfile> hopSide = byScenario.get(hop.hop().name());
            List<ServiceProfile> directSide = byScenario.get(hop.direct().name());
            if (hopSide == null || directSide == null) {
                continue;
            }
            Map<String, ProfileDiff> perService = new LinkedHashMap<>();
            List<String> notCompared = new ArrayList<>();
            for (String service : services(hopSide, directSide)) {
                ServiceProfile h = find(hopSide, service);
                ServiceProfile d = find(directSide, service);
                if (ProfileDiff.comparable(h, d)) {
                    perService.put(service, ProfileDiff.of(h, d));
                } else {
                    notCompared.add(whyNot(service, h, d, hop));
                }
            }
            diffs.put(hop, perService);
            sentences.put(hop, HopSentence.of(hop, perService, notCompared));
        }
        return new ProfileSection(byScenario, diffs, sentences, hostSwitches);
    }

    private static List<ProfileCapture.Target> ordered(List<ProfileCapture.Target> targets) {
        List<ProfileCapture.Target> list = new ArrayList<>(targets);
        list.sort((a, b) -> Integer.compare(rank(a.service), rank(b.service)));
        return list;
    }

    private static int rank(String service) {
        int i = SERVICES.indexOf(service);
        return i < 0 ? SERVICES.size() : i;
    }

    private static List<String> services(List<ServiceProfile> a, List<ServiceProfile> b) {
        List<String> names = new ArrayList<>();
        for (List<ServiceProfile> side : List.of(a, b)) {
            for (ServiceProfile p : side) {
                if (!names.contains(p.service())) {
                    names.add(p.service());
                }
            }
        }
        names.sort((x, y) -> Integer.compare(rank(x), rank(y)));
        return names;
    }

    private static ServiceProfile find(List<ServiceProfile> profiles, String service) {
        for (ServiceProfile p : profiles) {
            if (p.service().equals(service)) {
                return p;
            }
        }
        return null;
    }

    private static String whyNot(String service, ServiceProfile hop, ServiceProfile direct, HopOverhead pair) {
        String why = absent(service, hop, pair.hop().name());
        if (why == null) {
            why = absent(service, direct, pair.direct().name());
        }
        return why != null ? why : "the " + service + "'s profiles carry no CPU time per call (a JFR profile without"
                + " the OS's CPU time, or no call in the window)";
    }

    private static String absent(String service, ServiceProfile profile, String scenario) {
        if (profile == null) {
            return String.format(Locale.ROOT, "the %s was not profiled in %s", service, scenario);
        }
        return profile.present() ? null : String.format(Locale.ROOT, "the %s's profile of %s is missing (%s)", service,
                scenario, profile.missing());
    }

    public boolean isEmpty() {
        return byScenario.isEmpty();
    }

    /** Per scenario (report order), its JVMs' profiles. */
    public Map<String, List<ServiceProfile>> scenarios() {
        return Collections.unmodifiableMap(byScenario);
    }

    /** Per hop/direct pair with profiles on both sides, the difference of each JVM compared. */
    public Map<HopOverhead, Map<String, ProfileDiff>> diffs() {
        return Collections.unmodifiableMap(diffs);
    }

    /** The machine's context switches per second over {@code scenario}'s recordings; NaN when unknown. */
    public double hostContextSwitchesPerSecond(String scenario) {
        return hostSwitches.getOrDefault(scenario, Double.NaN);
    }

    /** The sentence naming where {@code pair}'s extra CPU per call goes, or null without profiles of both sides. */
    public String sentence(HopOverhead pair) {
        return sentences.get(pair);
    }
}
